import { test as base } from '@playwright/test';
import { demoPortalUrl, waitForReady } from './servers';

export { expect } from '@playwright/test';
export type {
  APIRequestContext,
  BrowserContext,
  Frame,
  FrameLocator,
  Locator,
  Page,
  Request,
  Response,
  Route,
  TestInfo,
} from '@playwright/test';

/** How long a worker waits for its demo server's first start (migrations and the full demo seed). */
const BOOT_TIMEOUT_MS = 150_000;

/**
 * Playwright's `test`, with each worker on its own demo server (support/servers.ts): `baseURL` is the
 * worker's server, so `page.goto('/…')` and the `request` fixture reach it. The config starts every
 * server; a worker waits here until its own is ready (/readyz: migrated and seeded). A file may still
 * set its own `baseURL`.
 */
export const test = base.extend<object, { workerPortalUrl: string }>({
  workerPortalUrl: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => {
      const url = demoPortalUrl(workerInfo.parallelIndex);
      await waitForReady(url, BOOT_TIMEOUT_MS, `The demo server of worker ${workerInfo.parallelIndex}`);
      await use(url);
    },
    { scope: 'worker', timeout: BOOT_TIMEOUT_MS + 10_000 },
  ],
  baseURL: async ({ baseURL, workerPortalUrl }, provide) => {
    await provide(baseURL ?? workerPortalUrl);
  },
});
