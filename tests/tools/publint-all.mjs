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

// The Custom Elements Manifest the elements package publishes ("customElements"): built, and the one
// its source describes (tests/tools/elements-manifest.mjs).
const { generateManifest } = await import('./elements-manifest.mjs');
const manifestPath = 'packages/elements/dist/custom-elements.json';
const built = (() => {
  try {
    return readFileSync(manifestPath, 'utf8');
  } catch {
    return null;
  }
})();
if (built === null || JSON.stringify(JSON.parse(built)) !== JSON.stringify(generateManifest('packages/elements/src'))) {
  problems++;
  console.log(
    `@cloudportal/elements: ${manifestPath} is ${built === null ? 'missing' : 'not the manifest of the source'}`,
  );
} else console.log(`@cloudportal/elements: ${manifestPath} matches the source`);

process.exit(problems ? 1 : 0);
