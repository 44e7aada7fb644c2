import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('..', import.meta.url));

// Every layer runs against source: the `source` export condition points workspace packages at src/.
const browserResolve = { conditions: ['source', ...defaultClientConditions] };
const nodeConditions = ['source', ...defaultServerConditions];
// In Node projects Vite resolves through its SSR settings; workspace packages are inlined so the
// `source` condition reaches them instead of Node loading their dist/.
const nodeResolve = { conditions: nodeConditions };
const nodeSsr = { resolve: { conditions: nodeConditions, externalConditions: ['source'] } };
const inlineWorkspace = { deps: { inline: [/@cloudportal\//] } };

export default defineConfig({
  root,
  test: {
    // The timing reporter feeds `npm test`'s check that no test passes half its timeout.
    reporters: ['default', ...(process.env.CP_VITEST_JSON ? ['json'] : []), ...(process.env.CP_TIMING_JSON ? ['tests/tools/timing-reporter.mjs'] : [])],
    outputFile: process.env.CP_VITEST_JSON ? { json: process.env.CP_VITEST_JSON } : undefined,
    projects: [
      {
        resolve: nodeResolve,
        ssr: nodeSsr,
        test: {
          name: 'unit',
          server: inlineWorkspace,
          environment: 'node',
          include: ['packages/core/src/**/*.test.ts', 'packages/testing/src/**/*.test.ts'],
          setupFiles: ['tests/setup/timers.ts'],
        },
      },
      {
        resolve: browserResolve,
        test: {
          name: 'component',
          environment: 'jsdom',
          // The components adopt their own CSS text; vitest must hand it over instead of ''.
          css: true,
          include: ['packages/react/src/**/*.test.tsx', 'packages/elements/src/**/*.test.{ts,tsx}'],
          // A whole page in jsdom with axe takes up to ~2 s on a quiet 2-core machine: 5× headroom.
          testTimeout: 10_000,
          setupFiles: ['tests/setup/timers.ts', 'tests/setup/dom.ts'],
        },
      },
      {
        resolve: browserResolve,
        test: {
          name: 'stories',
          environment: 'jsdom',
          css: true,
          include: ['tests/stories/**/*.test.tsx'],
          // A story renders, plays and is checked by axe: up to ~2 s on a quiet 2-core machine.
          testTimeout: 10_000,
          setupFiles: ['tests/setup/timers.ts', 'tests/setup/dom.ts', 'tests/setup/storybook.ts'],
        },
      },
      {
        resolve: nodeResolve,
        ssr: nodeSsr,
        test: {
          name: 'server',
          server: inlineWorkspace,
          environment: 'node',
          include: ['packages/server/src/**/*.test.ts'],
          setupFiles: ['tests/setup/timers.ts'],
          // The Power BI embed emulator frame the server serves, built when its sources changed.
          globalSetup: ['tests/setup/emulator-frame.mjs', 'tests/setup/server-templates.mjs'],
          // A test that opens a database of its own pays PGlite's initdb (~5 s): 5× headroom.
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
