import type { Server } from 'node:http';
import type { APIRequestContext } from '@playwright/test';
// @ts-expect-error: the demo connected site is a plain ES module without types
import { startConnectedSite } from '../../../host-example/connected-site/server.mjs';
import { E2E_PORT } from './servers';
import { appToken } from './session';
import { expect, test } from './test';

/** Where an administrator registers connected sites (Settings, Connected sites). */
export const SITES = '/services/api-portal-customer/api/connected-sites';
/** The demo tenant the sites are registered for. */
export const CONTOSO = '5f0a7e32-8d2c-4c47-9a55-1b3f6c1d0a01';
/** Every piece a site may show. */
export const ALL_PIECES = {
  assistant: true,
  search: true,
  feedback: true,
  savedViews: true,
  pages: 'all',
  reports: 'all',
};

/** A registered site's credentials, as the partner's back end keeps them. */
export interface RegisteredSite {
  id: string;
  secretId: string;
  secret: string;
  tenantId: string;
}

/**
 * Each worker's partner sites listen on ports of their own, clear of the run's servers (support/servers.ts):
 * `n` from 0 to 19, each spec its own (connected-site 0–5, connected-site-strict 6–8, pinned-sdk 9,
 * partner-drives 10–12).
 */
export const partnerPort = (worker: number, n: number): number => E2E_PORT + 50 + worker * 20 + n;

/**
 * The demo connected site (host-example/connected-site/) of a spec, on real second origins
 * (http://127.0.0.1:<port>, the portal being on http://localhost:<port>): each site is registered
 * through the administrators' API, as Settings, Connected sites does, and its back end started;
 * `close()` stops every back end and removes every registration.
 */
export async function partnerSites(api: APIRequestContext) {
  const token = await appToken(api, 'ada@contoso.example');
  const servers: Server[] = [];
  const registered: string[] = [];
  return {
    token,
    /** Registers a site of Contoso for `origin` (its own by default) and starts its back end on `port`. */
    async start(
      port: number,
      portal: string,
      options: { pieces?: object; origin?: string; site?: RegisteredSite } = {},
    ): Promise<{ url: string; site: RegisteredSite }> {
      let site = options.site;
      if (!site) {
        const res = await api.post(SITES, {
          headers: { authorization: `Bearer ${token}` },
          data: {
            name: `E2E site ${port}`,
            origins: [options.origin ?? `http://127.0.0.1:${port}`],
            pieces: options.pieces ?? ALL_PIECES,
          },
        });
        expect(res.status(), await res.text()).toBe(201);
        const created = (await res.json()) as { site: { id: string }; secret: { id: string; value: string } };
        registered.push(created.site.id);
        site = { id: created.site.id, secretId: created.secret.id, secret: created.secret.value, tenantId: CONTOSO };
      }
      servers.push((await startConnectedSite({ port, portal, site })) as Server);
      return { url: `http://127.0.0.1:${port}/`, site };
    },
    /** Stops the back ends and removes the registrations. */
    async close(): Promise<void> {
      for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
      for (const id of registered.splice(0))
        await api.delete(`${SITES}/${id}`, { headers: { authorization: `Bearer ${token}` } });
    },
  };
}

/** What {@link partnerSites} answers. */
export type PartnerSites = Awaited<ReturnType<typeof partnerSites>>;

/**
 * A spec file's demo partner sites: ready before its first test, each registration and back end gone
 * after its last. Call once inside the file's `test.describe`; the returned function gives them.
 */
export function partnerSitesOfFile(): () => PartnerSites {
  let api: APIRequestContext | undefined;
  let sites: PartnerSites | undefined;
  test.beforeAll(async ({ playwright, workerPortalUrl }) => {
    api = await playwright.request.newContext({ baseURL: workerPortalUrl });
    sites = await partnerSites(api);
  });
  test.afterAll(async () => {
    await sites?.close();
    await api?.dispose();
  });
  return () => sites!;
}
