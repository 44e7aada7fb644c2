import { availableParallelism } from 'node:os';

/**
 * The e2e run's servers and their ports. Each Playwright worker has a demo portal server (and so a
 * database) of its own, so no test sees another worker's writes, faults (`FAULTS=on`) or rate limits:
 * worker 0 uses E2E_PORT, the fake Entra ID's keys take E2E_PORT+1, the live Power BI mode's portal
 * and its fake Power BI E2E_PORT+2 and +3 (support/powerbiLive.ts), and worker n ≥ 1 E2E_PORT+3+n.
 */

/** The demo servers' METRICS_TOKEN: `GET /metrics` with it shows what a server counted. */
export const E2E_METRICS_TOKEN = 'e2e-metrics-token-not-secret';

/** The first demo server's port (worker 0's). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4179);

/**
 * How many workers, and so demo servers, the run has (E2E_WORKERS). A worker keeps about two cores
 * busy (its browser and its server), so the default is one per two cores: on a 2-core machine two
 * workers took longer in all (26.9 min against 25.5) and doubled every test's time.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? Math.floor(availableParallelism() / 2)));

/** The demo server of worker `index` (its `parallelIndex`). */
export function demoPortalPort(index: number): number {
  return index === 0 ? E2E_PORT : E2E_PORT + 3 + index;
}

export const demoPortalUrl = (index: number): string => `http://localhost:${demoPortalPort(index)}`;

/**
 * The folder of SDK releases worker `index`'s demo server serves (SDK_RELEASES_DIR): the build's own
 * release joins it when the server starts, as in a deployment, and a test may add an earlier one.
 * The run's folders are named once by the runner (CP_E2E_SDK_RELEASES, set by the config), whose
 * workers inherit the name.
 */
export function sdkReleasesDir(index: number): string {
  const base = process.env.CP_E2E_SDK_RELEASES;
  if (!base) throw new Error('CP_E2E_SDK_RELEASES is not set: the Playwright config names it');
  return `${base}-${index}`;
}

/**
 * Waits until the server at `url` is ready: `/readyz` answers 200 once migrations and the demo seed
 * are done (`/healthz` is only liveness, 200 while a first start is still seeding). Throws, naming
 * the server, when it is not ready within `timeoutMs`.
 */
export async function waitForReady(url: string, timeoutMs: number, name = url): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${url}/readyz`).catch(() => undefined);
    if (res?.status === 200) return;
    if (Date.now() > deadline)
      throw new Error(`${name} (${url}) was not ready within ${Math.round(timeoutMs / 1000)} s.`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
