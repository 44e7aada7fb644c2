import { seedAdoption } from '../datasets/adoption';
import { seedBase } from '../datasets/base/seed';
import { seedCosts } from '../datasets/costs';
import { seedEstate } from '../datasets/estate';
import { seedM365 } from '../datasets/m365';
import { seedOperations } from '../datasets/operations';
import type { Database } from '../db/database';
import { periodMonthsAgo, FULL_MONTH_FACTORS, MONTH_FACTORS, seedChatData } from './chat';
import { seedCommitmentTail } from './commitments';
import { seedInventory } from './inventory';
import { seedPortal } from './portal';
import { seedReports } from './reports';
import { checkDemoScale, demoScale } from './scale';
import type { SeedData } from './seedData';
import { seedSettings } from './settings';
import { seedSites } from './sites';
import { demoTenants, demoUsers, userId } from './tenants';

export type { SeedData } from './seedData';

/** How the demo data is seeded. */
export interface SeedOptions {
  /**
   * `anchors`: the hand-written rows only, which the server tests assert exactly; `full`: the
   * anchors plus the generated long tail at realistic scale (what `npm start` serves).
   * @default 'anchors'
   */
  data?: SeedData;
  /** The moment of the first start: months and days are counted back from it. @default now */
  now?: Date;
  /**
   * How many times larger the `full` seed makes Contoso (1–100; `anchors` ignores it).
   * @default `DEMO_SCALE` from the environment, else 1
   */
  scale?: number;
}

/** A demo tenant's row (kept when it is there). */
export async function insertDemoTenant(tx: Database, t: (typeof demoTenants)[number]): Promise<void> {
  await tx.query(
    'insert into tenants (id, display_name, onboarded, account_types, demo, settings) values ($1, $2, $3, $4, $5, $6) on conflict (id) do nothing',
    [t.id, t.displayName, t.onboarded, t.accountTypes, t.demo, JSON.stringify(t.settings)],
  );
}

/**
 * Seeds the feature pages' data, domain by domain (datasets/: the base datasets first, whose rows
 * the others read). Idempotent: each domain writes a tenant's rows once.
 */
async function seedFeatureData(tx: Database, data: SeedData, now: Date, scale: number): Promise<void> {
  // DEMO_SCALE applies to the full seed only: the anchors stay what the server tests assert.
  const copies = data === 'full' ? scale : 1;
  const wrote = await seedBase(tx, data, now, copies);
  await seedCosts(tx, data, now);
  await seedEstate(tx, data, now);
  await seedM365(tx, data, now);
  await seedAdoption(tx, data, now);
  await seedOperations(tx, data, now);
  // The resources page's costs as of the seed's last complete month (migration 020), so a first read
  // of a large tenant does not bring 60,000 rows up to date itself.
  await tx.query('select azure_resource_costs_as_of(t.id, $1) from tenants t', [periodMonthsAgo(now, 1)]);
  // Fresh statistics, so the planner walks the primary key for a page or an export batch instead of
  // sorting every row it guesses to be few.
  if (wrote)
    await tx.exec(
      'analyze azure_daily_costs; analyze azure_daily_cost_rollup; analyze azure_daily_cost_service_rollup; analyze azure_daily_cost_category_rollup; analyze azure_daily_cost_terms; analyze azure_resources; analyze assistant_azure_costs; analyze m365_users',
    );
}

/**
 * Seeds the demo tenant set on first start; later starts leave existing rows (and what users did
 * with them) alone. Idempotent: every insert is `on conflict do nothing`, and generated data is
 * written once per tenant.
 */
export async function seedDemo(db: Database, options: SeedOptions = {}): Promise<void> {
  const data = options.data ?? 'anchors';
  const now = options.now ?? new Date();
  const scale = data === 'full' ? (options.scale === undefined ? demoScale() : checkDemoScale(options.scale)) : 1;
  await db.transaction(async (tx) => {
    for (const t of demoTenants) {
      await insertDemoTenant(tx, t);
      for (const l of t.licenses) {
        await tx.query(
          'insert into tenant_licenses (tenant_id, license_key, license_module, license_sku, active, activated_at) values ($1, $2, $3, $4, $5, case when $5 then now() end) on conflict do nothing',
          [t.id, l.key, l.module, l.sku, l.active],
        );
      }
    }
    for (const u of demoUsers) {
      for (const m of u.memberships) {
        await tx.query(
          `insert into users (id, tenant_id, upn, role, oid, display_name, personas, features, can_manage_settings, force_eula, can_accept_eula)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) on conflict do nothing`,
          [
            userId(u.oid, m.tenantId),
            m.tenantId,
            u.email,
            m.role,
            u.oid,
            u.displayName,
            m.personas,
            m.features,
            m.canManageSettings,
            m.forceEula,
            m.canAcceptEula,
          ],
        );
      }
    }
    await seedSettings(tx);
    await seedInventory(tx, now);
    await seedReports(tx);
    await seedPortal(tx);
    await seedSites(tx);
    await seedChatData(tx, now, data === 'full' ? FULL_MONTH_FACTORS : MONTH_FACTORS, scale);
    await seedFeatureData(tx, data, now, scale);
    if (data === 'full') await seedCommitmentTail(tx, now);
  });
}
