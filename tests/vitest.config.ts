import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';
import { elementsManifest } from '../.storybook/elementsManifest';
import { viteAliases } from './aliases';

const root = fileURLToPath(new URL('..', import.meta.url));

// Every layer runs against source: the `source` export condition points workspace packages at src/.
// `#test/…`, `#react/…` and the other test-only aliases across package borders (tests/aliases.ts).
const alias = viteAliases(root);
const browserResolve = { conditions: ['source', ...defaultClientConditions], alias };
const nodeConditions = ['source', ...defaultServerConditions];
// In Node projects Vite resolves through its SSR settings; workspace packages are inlined so the
// `source` condition reaches them instead of Node loading their dist/.
const nodeResolve = { conditions: nodeConditions, alias };
const nodeSsr = { resolve: { conditions: nodeConditions, externalConditions: ['source'] } };
const inlineWorkspace = { deps: { inline: [/@cloudportal\//] } };

/**
 * Server test files whose outcome does not depend on the database engine: no SQL of their own
 * beyond signing in (headers, configuration, fakes of the outside world, pure rules), or, for the
 * durability test, embedded PGlite by design. `npm test`'s second pass on PostgreSQL
 * (CP_SERVER_DB=postgres) leaves them out; the first pass runs every file.
 */
const ENGINE_AGNOSTIC_SERVER_TESTS = [
  'app',
  'config',
  'configVariables',
  'durability',
  'faults',
  'guard',
  'http/compression',
  'auth/appToken',
  'chatbot/openai',
  'chatbot/rules',
  'reports/live',
  'reports/powerbi',
  'settings/svgCheck',
  'settings/uploadRefusals',
].map((name) => `packages/server/src/${name}.test.ts`);

/**
 * Server test files that run once per `npm test`: on PostgreSQL when its pass follows
 * (CP_POSTGRES_PASS_FOLLOWS, set by tests/tools/run-all.mjs), otherwise on PGlite. Each needs a seed
 * far larger than the anchors: `scale` a 3× Contoso (376,000 cost rows: 100+ s on PGlite, about half
 * that on PostgreSQL), `data/fullDemo`, `data/resourceUserRows` and `data/reads` the full demo seed
 * (a template of ~56 s on PGlite, ~30 s on PostgreSQL, then the reads: together ~260 s of a core on
 * PGlite). Their rows come from the same generators on either engine; `data/generator` still seeds the full demo on
 * PGlite in every pass and pins each table's digest there, and the e2e demo servers serve it from
 * PGlite, so what these add on PGlite is the same SQL run a second time.
 */
const SERVER_TESTS_ONCE_ON_POSTGRES = ['seed/scale', 'data/fullDemo', 'data/resourceUserRows', 'data/reads'].map(
  (name) => `packages/server/src/${name}.test.ts`,
);
const serverExcluded =
  process.env.CP_SERVER_DB === 'postgres'
    ? ENGINE_AGNOSTIC_SERVER_TESTS
    : process.env.CP_POSTGRES_PASS_FOLLOWS
      ? SERVER_TESTS_ONCE_ON_POSTGRES
      : [];

const COMPONENT_TESTS = ['packages/react/src/**/*.test.tsx', 'packages/elements/src/**/*.test.{ts,tsx}'];
const COMPONENT_EXCLUDE = [...configDefaults.exclude, '**/*.ssr.test.tsx'];

/** The test files under `dir` whose name matches `name` that mock a module (`vi.mock`, `vi.doMock`). */
function filesMockingModules(dir: string, name: RegExp): string[] {
  return readdirSync(`${root}/${dir}`, { recursive: true, encoding: 'utf8' })
    .filter((file) => name.test(file))
    .map((file) => `${dir}/${file}`)
    .filter((file) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(`${root}/${file}`, 'utf8')));
}

/**
 * The component test files that mock a module. The others share their worker's modules
 * (`isolate: false`: a module is evaluated once per worker, not once per file — the 43 files in 45 s
 * instead of 75 s alone on a quiet machine, CPU 62 s instead of 127 s), and each starts on a fresh
 * page (tests/setup/dom.ts clears what an earlier file left page-wide). A module mock needs the
 * module graph fresh, so these run isolated, one graph per file. Found by reading the files: a new
 * test that mocks a module lands on the isolated side by itself. Shared modules mean shared module
 * state: a test that registers something page-wide (a locale, a feature page) takes it back
 * (`onTestFinished`).
 */
const COMPONENT_TESTS_MOCKING = [
  ...filesMockingModules('packages/react/src', /(?<!\.ssr)\.test\.tsx$/),
  ...filesMockingModules('packages/elements/src', /\.test\.tsx?$/),
];

// The unit and server files share their worker's modules too, with no isolated twin: a module mock
// there would reach every later file of its worker, so it is refused here rather than found by a
// file order.
const SHARED_FILES_MOCKING = [
  ...['packages/core/src', 'packages/testing/src', 'packages/server/src'].flatMap((dir) =>
    filesMockingModules(dir, /\.test\.tsx?$/),
  ),
  ...filesMockingModules('packages/react/src', /\.ssr\.test\.tsx$/),
];
if (SHARED_FILES_MOCKING.length)
  throw new Error(
    `These unit or server test files mock a module, which their projects (isolate: false) would carry into later files: ${SHARED_FILES_MOCKING.join(', ')}. Test them without the mock, or give them an isolated project as component-mocking is.`,
  );

export default defineConfig({
  root,
  test: {
    // Vitest's default leaves a core free (one worker on this 2-core machine); the test files wait on
    // PGlite, jsdom and child processes as much as they compute, so two at once finish far sooner.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The timing reporter feeds `npm test`'s report of the slowest tests (tests/tools/timing.mjs).
    reporters: [
      'default',
      ...(process.env.CP_VITEST_JSON ? ['json'] : []),
      ...(process.env.CP_TIMING_JSON ? ['tests/tools/timing-reporter.mjs'] : []),
    ],
    outputFile: process.env.CP_VITEST_JSON ? { json: process.env.CP_VITEST_JSON } : undefined,
    projects: [
      {
        resolve: nodeResolve,
        ssr: nodeSsr,
        test: {
          name: 'unit',
          server: inlineWorkspace,
          environment: 'node',
          // The files share their worker's modules (25 s → 10 s alone): no file mocks a module, and a
          // test that registers something page-wide takes it back (docs/development.md).
          isolate: false,
          // Most take milliseconds; the lint rule's test runs ESLint (~1.5 s quiet, over 5 s at load 12).
          testTimeout: 20_000,
          // tests/bench: the benches' own helpers (report.mjs), not the benches, which are not tests.
          include: [
            'packages/core/src/**/*.test.ts',
            'packages/testing/src/**/*.test.ts',
            'tests/bench/**/*.test.mjs',
            'tests/aliases.test.ts',
            'tests/lint-i18n.test.ts',
            // What npm publishes (READMEs, shipped sources, the elements' manifest) names no work item.
            'tests/published-text.test.ts',
            // The API reports' rules (tests/tools/api-report.mjs); `npm run api:check` compares the build.
            'tests/api-report.test.ts',
            // Storybook's Foundations pages: the tokens read from the stylesheet, and their contrast.
            'tests/foundations.test.ts',
            // Storybook's Docs pages: every component's props table, as react-docgen reads it.
            'tests/docgen.test.ts',
            // A React server render (react-dom/server in Node, no DOM): the React pieces as Next.js renders them.
            'packages/react/src/**/*.ssr.test.tsx',
          ],
          setupFiles: ['tests/setup/timers.ts'],
        },
      },
      ...[false, true].map((mocking) => ({
        resolve: browserResolve,
        test: {
          name: mocking ? 'component-mocking' : 'component',
          environment: 'jsdom',
          // The components adopt their own CSS text; vitest must hand it over instead of ''.
          css: true,
          include: mocking ? COMPONENT_TESTS_MOCKING : COMPONENT_TESTS,
          exclude: mocking ? COMPONENT_EXCLUDE : [...COMPONENT_EXCLUDE, ...COMPONENT_TESTS_MOCKING],
          isolate: mocking,
          // A whole page in jsdom with axe takes up to ~2 s on a quiet 2-core machine and over 10 s on
          // one at load 12 (a fresh `npm test` beside a CPU burner): a timeout catches a hang, not a
          // slow machine, so 30 s.
          testTimeout: 30_000,
          setupFiles: ['tests/setup/timers.ts', 'tests/setup/dom.ts'],
        },
      })),
      {
        resolve: browserResolve,
        // The preview's Docs page reads the elements' manifest (.storybook/docs/ElementReference.tsx).
        plugins: [elementsManifest()],
        test: {
          name: 'stories',
          environment: 'jsdom',
          css: true,
          include: ['tests/stories/**/*.test.tsx'],
          // A story renders, plays and is checked by axe: up to ~2 s on a quiet 2-core machine with
          // one file, ~4 s beside another (a chart's ECharts in jsdom), several times that at load 12:
          // a timeout catches a hang, not a slow machine, so 30 s.
          testTimeout: 30_000,
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
          exclude: [...configDefaults.exclude, ...serverExcluded],
          // The files share their worker's modules (alone on a quiet machine 232 → 197 s, CPU 427 →
          // 372 s: the server's modules load once per worker, not once per file). No server file
          // mocks a module; each test builds its own app over its own database, and a file closes
          // the servers it shares among its suites (closeSharedTestServers).
          isolate: false,
          setupFiles: ['tests/setup/timers.ts'],
          // The Power BI embed emulator frame the server serves, built when its sources changed.
          globalSetup: ['tests/setup/emulator-frame.mjs', 'tests/setup/server-templates.mjs'],
          // A test that opens a database of its own loads a seeded template (~5 s alone, up to ~15 s
          // beside another file, and over 60 s for a suite's set-up at load 11: a fresh `npm test`
          // beside five CPU burners). A timeout catches a hang, not a slow machine: 3 minutes a
          // test, 10 a set-up (a seed's, as SEED_HOOK_TIMEOUT).
          testTimeout: 180_000,
          hookTimeout: 600_000,
        },
      },
    ],
  },
});
