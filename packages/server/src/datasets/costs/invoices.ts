/**
 * The `invoices` dataset (core's `COST_DATASETS.invoices`, shown by `COST_PAGES`): where its rows come
 * from (the SQL the query builder reads) and its demo rows (the seed), side by side.
 */

import { currencyOf } from '../../data/sqlParts';
import type { DatasetSql } from '../../data/types';
import type { Database } from '../../db/database';
import { hasRows, insertJson, isoDay, monthStart } from '../../seed/bulk';
import { random } from '../../seed/random';
import { LAST_MONTH } from './shared';

/**
 * Where the rows of core's `COST_DATASETS.invoices` come from (see `data/registry.ts` for the
 * contract).
 */
export const INVOICES_SQL: DatasetSql = {
  from: (s) => `cost_invoices i where i.tenant_id = ${s.bind(s.tenantId)}`,
  id: 'i.invoice_number',
  idType: 'text',
  columns: {
    invoiceNumber: { sql: 'i.invoice_number' },
    period: { sql: 'i.period' },
    provider: { sql: 'i.provider' },
    amount: { sql: 'i.amount' },
    status: { sql: 'i.status' },
    dueDate: { sql: 'i.due_date' },
  },
  kpis: {
    // The invoices of the last complete month; those of the billing periods of this calendar year.
    billedLastMonth: `coalesce(sum(t."amount") filter (where t."period" = ${LAST_MONTH}), 0)`,
    unpaid: `coalesce(sum(t."amount") filter (where t."status" in ('Due', 'Overdue')), 0)`,
    yearToDate: `coalesce(sum(t."amount") filter (where t."period" >= date_trunc('year', current_date)), 0)`,
  },
  currency: currencyOf('cost_invoices'),
};

/**
 * Invoices of the complete months of cost rows: Azure is the month's roll-up, Microsoft 365 the
 * licences' cost a month (tenants with licences), Marketplace the month's third-party purchases.
 * Issued on the 10th of the next month, due 30 days later; the last month's are due, one older
 * Marketplace invoice is overdue.
 */
export async function seedInvoices(tx: Database, tenantId: string, now: Date): Promise<void> {
  if (await hasRows(tx, 'cost_invoices', tenantId)) return;
  const rnd = random(`${tenantId}:cost_invoices`);
  const { rows: azure } = await tx.query<{ period: string; amount: string; currency: string }>(
    `select period, sum(amount)::text as amount, max(currency) as currency from assistant_azure_costs where tenant_id = $1 and period < $2 group by period order by period`,
    [tenantId, monthStart(now, 0).slice(0, 7)],
  );
  const { rows: m365 } = await tx.query<{ amount: string | null }>(
    `select sum(available * unit_price)::text as amount from assistant_m365_licenses where tenant_id = $1`,
    [tenantId],
  );
  const licenses = Number(m365[0]?.amount ?? 0);
  const today = isoDay(now);
  const out: object[] = [];
  const marketplaceBase = rnd.int(800, 4000);
  azure.forEach((a, i) => {
    const period = `${a.period}-01`;
    const [y, m] = a.period.split('-').map(Number) as [number, number];
    const issued = new Date(Date.UTC(y, m, 10));
    const due = isoDay(issued, 30);
    const months = azure.length - i;
    const status = (provider: string) =>
      due >= today ? 'Due' : provider === 'Marketplace' && months === 2 ? 'Overdue' : 'Paid';
    const number = (prefix: string) =>
      `${prefix}${String(y).slice(2)}${String(m).padStart(2, '0')}${String(rnd.int(100000, 999999))}`;
    const row = (provider: string, prefix: string, amount: number) => ({
      tenant_id: tenantId,
      invoice_number: number(prefix),
      period,
      provider,
      amount: Math.round(amount * 100) / 100,
      status: status(provider),
      due_date: due,
      currency: a.currency,
    });
    out.push(row('Azure', 'E0', Number(a.amount)));
    if (licenses > 0) out.push(row('Microsoft 365', 'G0', licenses));
    out.push(
      row(
        'Marketplace',
        'M0',
        marketplaceBase * (0.8 + rnd.next() * 0.5) + (rnd.chance(0.2) ? rnd.int(1000, 6000) : 0),
      ),
    );
  });
  await insertJson(
    tx,
    'cost_invoices',
    'tenant_id, invoice_number, period, provider, amount, status, due_date, currency',
    'tenant_id text, invoice_number text, period date, provider text, amount numeric, status text, due_date date, currency text',
    out,
  );
}
