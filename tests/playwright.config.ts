import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { fakePowerBiEnv, FAKE_POWERBI_URL, livePortalEnv } from './e2e/support/powerbiLive';
import { demoPortalPort, E2E_METRICS_TOKEN, E2E_PORT, E2E_WORKERS, sdkReleasesDir } from './e2e/support/servers';
import { CHROMIUM_FLAGS } from './tools/chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = E2E_PORT;
const jwksPort = port + 1;
// A fresh database per run and per worker, so e2e never depends on, or dirties, the developer's
// .data/, and no worker sees another's writes.
const dataDir = process.env.E2E_DATA_DIR ?? join(tmpdir(), `cloudportal-e2e-${process.pid}`);
const workerDataDir = (index: number) => (index === 0 ? dataDir : `${dataDir}-worker-${index}`);
// The SDK's folders of releases (support/servers.ts, sdkReleasesDir): named here, in the runner, once.
process.env.CP_E2E_SDK_RELEASES ??= join(tmpdir(), `cloudportal-e2e-sdk-${process.pid}`);

/** The server `npm start` runs, on worker `index`'s port and database. */
const demoServerEnv = (index: number): Record<string, string> => ({
  PORT: String(demoPortalPort(index)),
  DATA_DIR: workerDataDir(index),
  SDK_RELEASES_DIR: sdkReleasesDir(index),
  // /metrics answers with it (support/servers.ts, E2E_METRICS_TOKEN): a test reads what the server counted.
  METRICS_TOKEN: E2E_METRICS_TOKEN,
  LOG_LEVEL: 'warn',
  // FAULTS=on: e2e tests reach the error catalogue (spec §8) through /api/test/faults; `npm start` keeps it off.
  FAULTS: 'on',
  // Short app tokens, so a refresh happens within a test (30 s before expiry: at 10 s).
  APP_TOKEN_TTL: '40',
  // Entra ID sign-in against the fake, beside the demo accounts.
  DEV_SIGN_IN: 'on',
  ENTRA_CLIENT_ID: '3f4e5d6c-7b8a-4c9d-8e1f-2a3b4c5d6e7f',
  ENTRA_AUTHORITY: 'https://login.microsoftonline.com/5f0a7e32-8d2c-4c47-9a55-1b3f6c1d0a01',
  ENTRA_JWKS_URL: `http://127.0.0.1:${jwksPort}/discovery/v2.0/keys`,
});
// The live Power BI mode's server has a database of its own.
const liveDataDir = process.env.E2E_DATA_DIR
  ? `${process.env.E2E_DATA_DIR}-powerbi-live`
  : join(tmpdir(), `cloudportal-e2e-powerbi-live-${process.pid}`);

/** Desktop Chromium, from CHROMIUM_PATH when set. */
const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: { executablePath: process.env.CHROMIUM_PATH || undefined, args: CHROMIUM_FLAGS },
};

// Its own folder per port, so two runs side by side (a developer's and CI's) never clean up each other's traces.
const outputDir = process.env.E2E_PORT ? join(root, 'test-results', `port-${port}`) : join(root, 'test-results');

export default defineConfig({
  testDir: './e2e',
  outputDir,
  fullyParallel: true,
  // One worker per demo server (support/servers.ts): workers share no server, database or fault.
  workers: E2E_WORKERS,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // A whole flow (sign in, navigate, act, axe) takes up to ~25 s on a busy 2-core machine; the run's
  // timing report lists any test past half this. Each step still fails fast on its own expect timeout.
  timeout: 90_000,
  // Each step 10 s: two workers share the two cores with their servers and browsers, and a page's
  // first load (its lazy chunk, its first rows) can take most of 5 s there.
  expect: { timeout: 10_000 },
  // The HTML report keeps each failure's screenshot, and a story's expected, actual and diff images
  // (the visual test); it is written in playwright-report/, never opened.
  reporter: [
    ['list'],
    // `npm test` runs the stories' sweep in a Playwright run of its own beside the portal's, with its
    // report in a folder of its own (CP_PLAYWRIGHT_HTML): each run's HTML reporter empties its folder.
    ['html', { outputFolder: process.env.CP_PLAYWRIGHT_HTML ?? join(root, 'playwright-report'), open: 'never' }],
    ...(process.env.CP_PLAYWRIGHT_JSON ? [['json', { outputFile: process.env.CP_PLAYWRIGHT_JSON }] as const] : []),
  ],
  // baseURL: each worker's own demo server (support/test.ts).
  use: {
    // Recording a trace costs every test about a third of its time (measured: 51 grid-page tests took
    // 280 s with 'retain-on-failure', 189 s without), and the run keeps a failure's screenshot and its
    // page snapshot (error-context.md) anyway. E2E_TRACE=retain-on-failure (or on) records them again.
    trace: (process.env.E2E_TRACE as 'on' | 'off' | 'retain-on-failure' | undefined) ?? 'off',
    screenshot: 'only-on-failure',
  },
  // The stories' axe sweep in a project of its own: it needs no portal server. In one run with the
  // portal's tests (`npm run test:e2e`) it runs first, while the demo server seeds (a minute of one
  // core); `npm test` runs it in a Playwright run of its own beside the portal's (tests/tools/run-all.mjs).
  projects: [
    // Its screenshots' baselines (support/storyScreenshots.ts) by story and theme, whatever chunk of the
    // sweep a story falls in.
    {
      name: 'stories',
      testMatch: /stories-axe\.spec\.ts$/,
      use: chromium,
      snapshotPathTemplate: '{testDir}/__screenshots__/stories/{arg}{ext}',
      // A folder of its own: a Playwright run empties the folders of the projects it runs, and `npm test`
      // runs this project beside the portal's tests.
      outputDir: join(outputDir, 'stories'),
    },
    { name: 'chromium', testIgnore: /stories-axe\.spec\.ts$/, use: chromium },
  ],
  // `npm run test:visual` (CP_STORIES_ONLY=1) runs the stories' sweep alone, which needs no server.
  webServer: process.env.CP_STORIES_ONLY
    ? []
    : [
        // The other workers' demo servers first and with no url: they boot while the rest start, and
        // each worker waits for its own (support/test.ts) instead of Playwright waiting for one after another.
        ...Array.from({ length: E2E_WORKERS - 1 }, (_, i) => ({
          command: 'node packages/server/dist/main.js',
          cwd: root,
          env: demoServerEnv(i + 1),
          reuseExistingServer: false,
          stdout: 'ignore' as const,
          stderr: 'pipe' as const,
        })),
        // The public keys of the fake Entra ID the MSAL tests sign in with (tests/e2e/support/fakeEntra.ts).
        {
          command: 'node tests/e2e/support/entra-jwks-server.mjs',
          cwd: root,
          url: `http://127.0.0.1:${jwksPort}/discovery/v2.0/keys`,
          env: { E2E_JWKS_PORT: String(jwksPort) },
          reuseExistingServer: false,
          timeout: 90_000,
        },
        // Worker 0's demo server, with no url either: the stories' sweep runs while it seeds, and the
        // first test that needs it waits for its /readyz (support/test.ts).
        {
          command: 'node packages/server/dist/main.js',
          cwd: root,
          env: demoServerEnv(0),
          reuseExistingServer: false,
          stdout: 'pipe',
          stderr: 'pipe',
        },
        // A fake Power BI REST API and Entra ID token endpoint (tests/fixtures/fakePowerBi.ts) on E2E_PORT+3,
        // for the live-mode server below (tests/e2e/support/powerbiLive.ts).
        {
          command: 'node tests/e2e/support/fake-powerbi-server.mjs',
          cwd: root,
          url: `${FAKE_POWERBI_URL}/__e2e/health`,
          env: fakePowerBiEnv(),
          reuseExistingServer: false,
          timeout: 90_000,
        },
        // The same server in live Power BI mode (POWERBI_* set, pointed at the fake) on E2E_PORT+2, with its
        // own database, for powerbi-live.spec.ts. Last and with no url on purpose: Playwright starts web
        // servers one after another and waits for each, so the tests start without waiting for this one
        // to boot (nor does it compete with the demo server's boot); the spec waits for its /readyz.
        {
          command: 'node packages/server/dist/main.js',
          cwd: root,
          env: livePortalEnv(liveDataDir),
          reuseExistingServer: false,
          stdout: 'ignore',
          stderr: 'pipe',
        },
      ],
});
