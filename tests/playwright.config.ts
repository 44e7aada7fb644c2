import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 4179);
// A fresh database per run, so e2e never depends on, or dirties, the developer's .data/.
const dataDir = process.env.E2E_DATA_DIR ?? join(tmpdir(), `cloudportal-e2e-${process.pid}`);

export default defineConfig({
  testDir: './e2e',
  outputDir: join(root, 'test-results'),
  fullyParallel: true,
  workers: process.env.CI ? 1 : 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env.CP_PLAYWRIGHT_JSON ? [['list'], ['json', { outputFile: process.env.CP_PLAYWRIGHT_JSON }]] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH || undefined,
          // Without these, Chromium's background connections are refused on a closed network.
          args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-gpu', '--disable-quic'],
        },
      },
    },
  ],
  // The server `npm start` runs, on its own port and database.
  webServer: {
    command: 'node packages/server/dist/main.js',
    cwd: root,
    url: `http://localhost:${port}/healthz`,
    // FAULTS=on: e2e tests reach the error catalogue (spec §8) through /api/test/faults; `npm start` keeps it off.
    // Short app tokens, so a refresh happens within a test (30 s before expiry: at 10 s).
    env: { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', FAULTS: 'on', APP_TOKEN_TTL: '40' },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
