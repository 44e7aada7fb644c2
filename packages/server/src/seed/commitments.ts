import type { Database } from '../db/database';
import { reservationPricing } from './azurePrices';
import { DAY, isoDay } from './bulk';
import { random } from './random';

/**
 * The long tail of budgets and reservations (full seed only): the assistant's hand-written budgets
 * and reservations stay as they are, and every other subscription with cost gets a monthly budget,
 * and the most common virtual-machine sizes of its inventory a reservation (budgets from the tenant's
 * own cost rows), in the assistant's tables, so the budgets and reservations pages and the assistant
 * read one data set. Written on the
 * first start; a later start adds nothing (`on conflict do nothing`, and only tenants without tail
 * rows).
 */
export async function seedCommitmentTail(tx: Database, now: Date): Promise<void> {
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
  const { rows: tenants } = await tx.query<{ tenant_id: string }>(
    'select distinct tenant_id from azure_subscriptions order by tenant_id',
  );
  for (const { tenant_id: tenantId } of tenants) {
    await budgets(tx, tenantId, lastMonth);
    await reservations(tx, tenantId, now);
  }
}

/** A monthly budget for each subscription with cost last month and no budget yet: 80–150 % of that month, in hundreds. */
async function budgets(tx: Database, tenantId: string, lastMonth: string): Promise<void> {
  const { rows } = await tx.query<{ subscription_id: string; name: string; cost: number }>(
    `select s.subscription_id, s.name, sum(c.amount)::float8 as cost
       from azure_subscriptions s join assistant_azure_costs c on c.tenant_id = s.tenant_id and c.subscription_id = s.subscription_id and c.period = $2
      where s.tenant_id = $1 and not exists (select 1 from assistant_azure_budgets b where b.tenant_id = s.tenant_id and b.subscription_id = s.subscription_id)
      group by s.subscription_id, s.name having sum(c.amount) > 0 order by s.subscription_id`,
    [tenantId, lastMonth],
  );
  const rnd = random(`${tenantId}:budgets`);
  for (const r of rows) {
    const amount = Math.max(100, Math.round((r.cost * (0.8 + rnd.next() * 0.7)) / 100) * 100);
    await tx.query(
      'insert into assistant_azure_budgets (tenant_id, name, subscription_id, amount) values ($1, $2, $3, $4) on conflict do nothing',
      [tenantId, `${r.name} monthly`, r.subscription_id, amount],
    );
  }
}

/**
 * A reservation for each virtual-machine size and region with at least three machines of the
 * tenant's inventory, covering 60 % of them, priced from the list prices the bill of materials uses
 * (`azurePrices.ts`): it saves the pay-as-you-go price of the hours it is used less its cost.
 */
async function reservations(tx: Database, tenantId: string, now: Date): Promise<void> {
  const { rows: existing } = await tx.query(
    'select 1 from assistant_azure_reservations where tenant_id = $1 and name like $2 limit 1',
    [tenantId, 'Reserved VM %'],
  );
  if (existing.length > 0) return;
  const { rows } = await tx.query<{ sku: string; location: string; machines: number }>(
    `select sku, location, count(*)::int as machines from azure_resources
      where tenant_id = $1 and type = 'Microsoft.Compute/virtualMachines' and sku <> ''
      group by sku, location having count(*) >= 3 order by count(*) desc, sku, location limit 24`,
    [tenantId],
  );
  const rnd = random(`${tenantId}:reservations`);
  for (const r of rows) {
    const pricing = reservationPricing('Microsoft.Compute/virtualMachines', r.sku, r.location);
    if (!pricing) continue;
    const quantity = Math.max(1, Math.round(r.machines * 0.6));
    const threeYears = rnd.chance(0.5);
    const payAsYouGo = pricing.payAsYouGo * quantity;
    const monthlyCost = Math.round(payAsYouGo * (threeYears ? pricing.threeYears : pricing.oneYear) * 100) / 100;
    const utilisation = Math.round((55 + rnd.next() * 45) * 10) / 10;
    const monthlySavings = Math.max(0, Math.round((payAsYouGo * (utilisation / 100) - monthlyCost) * 100) / 100);
    await tx.query(
      `insert into assistant_azure_reservations (tenant_id, name, sku, quantity, term, utilisation, monthly_cost, monthly_savings, expires_on)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict do nothing`,
      [
        tenantId,
        `Reserved VM ${r.sku.replace('Standard_', '')} (${r.location})`,
        r.sku,
        quantity,
        threeYears ? '3 years' : '1 year',
        utilisation,
        monthlyCost,
        monthlySavings,
        isoDay(new Date(now.getTime() + rnd.int(10, threeYears ? 1090 : 360) * DAY)),
      ],
    );
  }
}
