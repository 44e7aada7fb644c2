// `npm run docs:config`: writes the tables of docs/configuration.md (between its config-table markers)
// from the server's list of environment variables, packages/server/src/configVariables.ts — not
// written twice. The module is TypeScript, so it is bundled here with esbuild (Node runs no
// TypeScript), from source. packages/server/src/configVariables.test.ts fails when the page is not
// what this writes.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../..', import.meta.url));
const page = `${root}docs/configuration.md`;

const bundled = await build({
  entryPoints: [`${root}packages/server/src/configVariables.ts`],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  conditions: ['source'],
  write: false,
  logLevel: 'error',
});
const { configurationDoc } = await import(
  `data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0].text).toString('base64')}`
);

const text = readFileSync(page, 'utf8');
const next = configurationDoc(text);
writeFileSync(page, next);
console.log(
  next === text
    ? 'docs/configuration.md: the configuration tables are up to date'
    : 'docs/configuration.md: the configuration tables were rewritten',
);
