// `npm run docs:elements`: writes the table of every cp-* element (attributes, events, CSS parts) into
// packages/elements/README.md between its markers, from the Custom Elements Manifest — not written twice.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { elementsTable, generateManifest } from './elements-manifest.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const readme = `${root}packages/elements/README.md`;
const text = readFileSync(readme, 'utf8');
const next = text.replace(
  /(<!-- elements-table:start[^>]*-->\n)[\s\S]*?(\n<!-- elements-table:end -->)/,
  `$1${elementsTable(generateManifest(`${root}packages/elements/src`))}$2`,
);
writeFileSync(readme, next);
console.log(
  next === text
    ? 'packages/elements/README.md: the elements table is up to date'
    : 'packages/elements/README.md: the elements table was rewritten',
);
