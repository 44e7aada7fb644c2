/**
 * The `bomLines` dataset (core's `ESTATE_DATASETS.bomLines`, shown by `ESTATE_PAGES`): where its rows
 * come from (the SQL the query builder reads) and its demo rows (the seed), side by side.
 */

import { currencyOf } from '../../data/sqlParts';
import type { DatasetSql } from '../../data/types';
import type { Database } from '../../db/database';
import { AZURE_PRICES, AZURE_REGIONS } from '../../seed/azurePrices';
import { hasRows, insertJson } from '../../seed/bulk';

/**
 * Where the rows of core's `ESTATE_DATASETS.bomLines` come from (see `data/registry.ts` for the
 * contract).
 */
export const BOM_LINES_SQL: DatasetSql = {
  from: (s) => `estate_bom_lines b where b.tenant_id = ${s.bind(s.tenantId)}`,
  id: `b.line_id || ':' || b.model`,
  idType: 'text',
  columns: {
    line: { sql: 'b.line' },
    category: { sql: 'b.category' },
    model: { sql: 'b.model' },
    modelName: { sql: 'b.model_name' },
    quantity: { sql: 'b.quantity' },
    unitPrice: { sql: 'b.unit_price' },
    monthlyCost: { sql: 'round(b.quantity * b.unit_price, 2)' },
  },
  kpis: {
    currentCost: `coalesce(sum(t."monthlyCost") filter (where t."model" = 'Current'), 0)`,
    alternativeCost: `coalesce(sum(t."monthlyCost") filter (where t."model" = 'Alternative'), 0)`,
    saving: `coalesce(sum(t."monthlyCost") filter (where t."model" = 'Current'), 0) - coalesce(sum(t."monthlyCost") filter (where t."model" = 'Alternative'), 0)`,
  },
  currency: currencyOf('estate_bom_lines'),
};

const cents = (n: number) => Math.round(n * 100) / 100;

/**
 * Seeds the tenant's bill of materials (`estate_bom_lines`): the inventory's resources counted by
 * SKU and region, priced for the current and an alternative model.
 */
export async function seedBomLines(tx: Database, tenantId: string): Promise<void> {
  if (await hasRows(tx, 'estate_bom_lines', tenantId)) return;
  // Web apps only: function apps run on a consumption or elastic plan, not an App Service plan.
  const { rows: counts } = await tx.query<{ type: string; sku: string; location: string; n: number }>(
    `select type, sku, location, count(*)::int as n from azure_resources
      where tenant_id = $1 and (type in ('Microsoft.Compute/virtualMachines', 'Microsoft.Sql/servers/databases') or (type = 'Microsoft.Web/sites' and kind = 'app'))
      group by type, sku, location order by type, sku, location`,
    [tenantId],
  );
  const rows: object[] = [];
  for (const c of counts) {
    const price = AZURE_PRICES[`${c.type}|${c.sku}`];
    const region = AZURE_REGIONS[c.location];
    if (!price || !region) continue;
    const lineId = `${c.type.split('/').pop()}:${c.sku}:${c.location}`;
    const line = `${price.line} (${region.name})`;
    const unit = cents(price.monthly * region.factor);
    const base = { tenant_id: tenantId, line_id: lineId, line, category: price.category, quantity: c.n };
    rows.push({ ...base, model: 'Current', model_name: 'Pay-As-You-Go', unit_price: unit });
    rows.push({
      ...base,
      model: 'Alternative',
      model_name: price.alternativeName,
      unit_price: cents(unit * price.alternative),
    });
  }
  // Microsoft 365 on a monthly term costs a fifth more than on an annual one (New Commerce Experience).
  const { rows: licenses } = await tx.query<{
    sku: string;
    sku_part_number: string;
    available: number;
    unit_price: string;
  }>(
    `select sku, sku_part_number, available, unit_price from assistant_m365_licenses where tenant_id = $1 and available > 0 order by position`,
    [tenantId],
  );
  for (const l of licenses) {
    const base = {
      tenant_id: tenantId,
      line_id: `licence:${l.sku_part_number}`,
      line: l.sku,
      category: 'Microsoft 365',
      quantity: l.available,
    };
    rows.push({ ...base, model: 'Current', model_name: 'CSP monthly term', unit_price: Number(l.unit_price) });
    rows.push({
      ...base,
      model: 'Alternative',
      model_name: 'CSP annual term',
      unit_price: cents(Number(l.unit_price) / 1.2),
    });
  }
  await insertJson(
    tx,
    'estate_bom_lines',
    'tenant_id, line_id, model, line, category, model_name, quantity, unit_price',
    'tenant_id text, line_id text, model text, line text, category text, model_name text, quantity integer, unit_price numeric',
    rows,
  );
}
