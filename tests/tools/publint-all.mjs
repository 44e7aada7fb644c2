// publint on each published package; fails on errors and warnings alike.
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { readFileSync } from 'node:fs';

let problems = 0;
for (const dir of ['packages/core', 'packages/react', 'packages/elements', 'packages/testing']) {
  const pkg = JSON.parse(readFileSync(`${dir}/package.json`, 'utf8'));
  const { messages } = await publint({ pkgDir: dir, level: 'warning', strict: true });
  for (const m of messages) {
    problems++;
    console.log(`${pkg.name}: [${m.type}] ${formatMessage(m, pkg)}`);
  }
  if (messages.length === 0) console.log(`${pkg.name}: publint clean`);
}
process.exit(problems ? 1 : 0);
