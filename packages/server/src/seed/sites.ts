import type { SitePieces } from '@cloudportal/core/rules';
import type { Database } from '../db/database';
import { TENANT } from './tenants';

/**
 * The demo connected site of `npm start` (issue 38 §4): Contoso's partner website, served on its own
 * origin by host-example/connected-site/server.mjs, whose back end signs its visitors' tokens with
 * the secret below. Demo data like the demo accounts: a deployment registers its own sites in
 * Settings, Connected sites, and a secret is shown once, never fixed in code.
 */
export const DEMO_SITE = {
  id: 'site_contoso_demo',
  name: 'Contoso partner site (demo)',
  origins: ['http://127.0.0.1:4180'],
  secretId: 'key_contoso_demo',
  // The demo partner's back end signs with the same value (host-example/connected-site/server.mjs).
  secret: 'demo-partner-secret-do-not-use-in-production',
  pieces: {
    assistant: true,
    search: true,
    feedback: true,
    savedViews: true,
    pages: 'all',
    reports: 'all',
  } satisfies SitePieces,
} as const;

/** Seeds the demo connected site. */
export async function seedSites(tx: Database): Promise<void> {
  await tx.query(
    `insert into connected_sites (id, tenant_id, name, origins, pieces) values ($1, $2, $3, $4, $5) on conflict do nothing`,
    [DEMO_SITE.id, TENANT.contoso, DEMO_SITE.name, [...DEMO_SITE.origins], JSON.stringify(DEMO_SITE.pieces)],
  );
  await tx.query(
    'insert into connected_site_secrets (site_id, id, secret) values ($1, $2, $3) on conflict do nothing',
    [DEMO_SITE.id, DEMO_SITE.secretId, DEMO_SITE.secret],
  );
}
