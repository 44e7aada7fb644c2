import { join } from 'node:path';
import type { Plugin } from 'vite';
import { generateManifest } from '../tests/tools/elements-manifest.mjs';

/**
 * A Vite plugin for `virtual:cp-elements-manifest`: the Custom Elements Manifest of
 * @cloudportal/elements, generated from the elements' source as the build generates it, for the
 * elements' Docs pages (docs/ElementReference.tsx). Storybook and the stories' test layer use it.
 */
export function elementsManifest(): Plugin {
  const id = 'virtual:cp-elements-manifest';
  const src = join(import.meta.dirname, '../packages/elements/src');
  return {
    name: 'cp-elements-manifest',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load: (resolved) =>
      resolved === `\0${id}` ? `export default ${JSON.stringify(generateManifest(src))};` : undefined,
  };
}
