import type { Database } from '../db/database';
import { seedChatData } from './chat';
import { seedInventory } from './inventory';
import { seedPortal } from './portal';
import { seedReports } from './reports';
import { seedSettings } from './settings';
import { demoTenants, demoUsers, userId } from './tenants';

/**
 * Seeds the demo tenant set on first start; later starts leave existing rows (and what users did
 * with them) alone. Idempotent: every insert is `on conflict do nothing`.
 */
export async function seedDemo(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    for (const t of demoTenants) {
      await tx.query(
        'insert into tenants (id, display_name, onboarded, account_types, demo, settings) values ($1, $2, $3, $4, $5, $6) on conflict (id) do nothing',
        [t.id, t.displayName, t.onboarded, t.accountTypes, t.demo, JSON.stringify(t.settings)],
      );
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
          [userId(u.oid, m.tenantId), m.tenantId, u.email, m.role, u.oid, u.displayName, m.personas, m.features, m.canManageSettings, m.forceEula, m.canAcceptEula],
        );
      }
    }
    await seedSettings(tx);
    await seedInventory(tx);
    await seedReports(tx);
    await seedPortal(tx);
    await seedChatData(tx);
  });
}
