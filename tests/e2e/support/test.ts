import { test as base } from '@playwright/test';
import { demoPortalUrl } from './servers';

export { expect } from '@playwright/test';
export type { APIRequestContext, BrowserContext, Frame, FrameLocator, Locator, Page, Request, Response, Route, TestInfo } from '@playwright/test';

/** How long a worker waits for its demo server's first start (migrations and the full demo seed). */
const BOOT_TIMEOUT_MS = 150_000;

async function healthy(url: string): Promise<boolean> {
  const res = await fetch(`${url}/healthz`).catch(() => undefined);
  return res?.status === 200;
}

/**
 * Playwright's `test`, with each worker on its own demo server (support/servers.ts): `baseURL` is the
 * worker's server, so `page.goto('/…')` and the `request` fixture reach it. The config starts every
 * server; a worker waits here until its own has booted. A file may still set its own `baseURL`.
 */
export const test = base.extend<object, { workerPortalUrl: string }>({
  workerPortalUrl: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => {
      const url = demoPortalUrl(workerInfo.parallelIndex);
      const deadline = Date.now() + BOOT_TIMEOUT_MS;
      while (!(await healthy(url))) {
        if (Date.now() > deadline) throw new Error(`The demo server of worker ${workerInfo.parallelIndex} (${url}) did not start within ${BOOT_TIMEOUT_MS / 1000} s.`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      await use(url);
    },
    { scope: 'worker', timeout: BOOT_TIMEOUT_MS + 10_000 },
  ],
  baseURL: async ({ baseURL, workerPortalUrl }, provide) => {
    await provide(baseURL ?? workerPortalUrl);
  },
});
