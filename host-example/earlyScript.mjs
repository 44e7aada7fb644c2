// The portal's first script (issue 42 §5): `src/early.ts` — a few hundred bytes that ask the resuming
// refresh, the menu and the route's page — built as an entry of its own and put first in index.html's
// <head>. It runs as soon as the page has parsed and it has arrived (long before the portal's code, a
// hundred KB, has downloaded), so the refresh is on the wire while that code downloads. Its one
// import, core's early refresh, is a chunk the portal's code imports too: one module, whose answer
// the session takes when it resumes.
import { fileURLToPath } from 'node:url';

const EARLY = fileURLToPath(new URL('./src/early.ts', import.meta.url));
const ROOT_HTML = fileURLToPath(new URL('./index.html', import.meta.url));

/** The Vite plugin: the early entry in the build, and its script tag first in the page (the source itself under `vite dev`). */
export function earlyScriptPlugin() {
  return {
    name: 'cloudportal-early-script',
    config: (_config, { command }) =>
      command === 'build' ? { build: { rolldownOptions: { input: { index: ROOT_HTML, early: EARLY } } } } : {},
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = ctx.bundle
          ? Object.values(ctx.bundle).find((c) => c.type === 'chunk' && c.isEntry && c.facadeModuleId === EARLY)
          : undefined;
        if (ctx.bundle && !chunk) throw new Error('The early script was not built (host-example/src/early.ts).');
        const src = chunk ? `/${chunk.fileName}` : '/src/early.ts';
        return [
          {
            tag: 'script',
            attrs: { type: 'module', src, ...(chunk ? { crossorigin: true } : {}) },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}
