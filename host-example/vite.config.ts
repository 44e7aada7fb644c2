import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { earlyScriptPlugin } from './earlyScript.mjs';
import { ECHARTS_SHARED } from './echartsChunk.mjs';
import { precompressPlugin } from './precompress.mjs';

// React Router 7's exports map names only its development build, whatever the mode
// (remix-run/react-router#14102), so a production bundle shipped its development warnings. The
// production build beside it is the same code with them off: the portal's build takes that one.
const reactRouterProduction = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

const apiPort = process.env.API_PORT ?? '4174';
const api = `http://127.0.0.1:${apiPort}`;

export default defineConfig(({ command }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The brotli and gzip copies the server sends in place of each built file (precompress.mjs).
  plugins: [react(), earlyScriptPlugin(), { ...precompressPlugin(), apply: 'build' }],
  // The host builds the SDK from source, like the tests and Storybook.
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // ECharts' shared modules in one chunk beside the chart parts (echartsChunk.mjs).
        codeSplitting: { groups: [{ name: 'echarts', test: ECHARTS_SHARED }] },
      },
    },
  },
  server: {
    port: Number(process.env.DEV_PORT ?? 5173),
    // `npm run dev`: the reference server answers the API, the partner page and the SDK bundle.
    proxy: Object.fromEntries(
      ['/api', '/services', '/healthz', '/partner', '/sdk'].map((p) => [p, { target: api, changeOrigin: false }]),
    ),
  },
}));
