import type { Database } from '../db/database';
import { FULL_MONTH_FACTORS, MONTH_FACTORS, seedChatData } from './chat';
import { seedCommitmentTail } from './commitments';
import { seedFeatureData, type SeedData } from './featureData';
import { seedInventory } from './inventory';
import { seedPortal } from './portal';
import { seedReports } from './reports';
import { checkDemoScale, demoScale } from './scale';
import { seedSettings } from './settings';
import { demoTenants, demoUsers, userId } from './tenants';

export type { SeedData } from './featureData';

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
    await seedChatData(tx, now, data === 'full' ? FULL_MONTH_FACTORS : MONTH_FACTORS, scale);
    await seedFeatureData(tx, data, now, scale);
    if (data === 'full') await seedCommitmentTail(tx, now);
  });
}
