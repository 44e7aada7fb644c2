import type { Database } from '../db/database';

/** Helpers the demo seed's generators share. */

/** A day in milliseconds. */
export const DAY = 86_400_000;

/** `YYYY-MM-DD` (UTC) of `date` shifted by `days`. */
export const isoDay = (date: Date, days = 0) =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()) + days * DAY)
    .toISOString()
    .slice(0, 10);
/** The first day of the month `monthsAgo` before `now`'s. */
export const monthStart = (now: Date, monthsAgo: number) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, 1)).toISOString().slice(0, 10);

/** Inserts many rows in one statement, read from a JSON array (the same SQL on PGlite and PostgreSQL). */
export async function insertJson(
  tx: Database,
  table: string,
  columns: string,
  types: string,
  rows: readonly object[],
  conflict = 'on conflict do nothing',
): Promise<void> {
  for (let i = 0; i < rows.length; i += 5000) {
    await tx.query(
      `insert into ${table} (${columns}) select ${columns} from jsonb_to_recordset($1::jsonb) as x(${types}) ${conflict}`,
      [JSON.stringify(rows.slice(i, i + 5000))],
    );
  }
}

/** Whether the tenant has rows in `table` already (generated data is written once per tenant). */
export async function hasRows(tx: Database, table: string, tenantId: string): Promise<boolean> {
  const { rows } = await tx.query(`select 1 from ${table} where tenant_id = $1 limit 1`, [tenantId]);
  return rows.length > 0;
}

/**
 * Runs `load` with `table`'s secondary indexes dropped, and builds them again after
 * it, when the table is empty (the first start): building an index over the loaded rows is many times faster than
 * keeping every index up to date row by row (azure_daily_costs has fourteen, one a trigram GIN). The
 * definitions are read back from the catalogue, so the migrations stay their only source. The primary
 * key and unique indexes stay (`on conflict` needs them). All in the seed's transaction: nothing else
 * sees the table without its indexes.
 */
export async function withIndexesDeferred<T>(tx: Database, table: string, load: () => Promise<T>): Promise<T> {
  const { rows: some } = await tx.query(`select 1 from ${table} limit 1`);
  if (some.length) return load();
  const { rows: indexes } = await tx.query<{ name: string; def: string }>(
    `select c.relname as name, pg_get_indexdef(x.indexrelid) as def
       from pg_index x join pg_class c on c.oid = x.indexrelid
      where x.indrelid = $1::regclass and not x.indisprimary and not x.indisunique
      order by c.relname`,
    [table],
  );
  for (const i of indexes) await tx.exec(`drop index "${i.name}"`);
  const result = await load();
  await tx.exec(`set local maintenance_work_mem = '${tx.kind === 'postgres' ? 256 : 64}MB'`);
  for (const i of indexes) await tx.exec(i.def);
  return result;
}
