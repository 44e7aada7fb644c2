// Imports the repository's TypeScript modules into a Node script (Node runs no TypeScript): the
// `exports` lines given are bundled with esbuild and the bundle imported. The e2e run's fake Power BI
// and model (tests/e2e/support/fake-powerbi-server.mjs) and bench:stream use it for the test fakes.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Bundles `exportLines` (e.g. "export { x } from './packages/…/y.ts';", paths from the repository's root) and imports them. */
export async function importTs(exportLines, name = 'entry') {
  const bundled = await build({
    stdin: { contents: exportLines.join('\n'), resolveDir: root, loader: 'ts', sourcefile: `${name}.ts` },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'error',
  });
  return import(`data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0].text).toString('base64')}`);
}
