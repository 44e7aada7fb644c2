import type { SourceScope } from './types';

/** Fragments the dataset sources share. */

/** The currency of the tenant's rows of `table` (its `currency` column). */
export const currencyOf = (table: string) => (s: SourceScope) =>
  // max() as one entry of a (tenant_id, currency collate "C") index where the table grows with the
  // tenant (migration 020): codes are A–Z, so "C" order is max()'s.
  `select currency from ${table} where tenant_id = ${s.bind(s.tenantId)} order by currency collate "C" desc limit 1`;

/** A source whose amounts are all in US dollars (a table without a currency column). */
export const usd = () => `select 'USD' as currency`;

/** The tenant's licence module as a row filter: rows of an unlicensed module are left out. */
export const licensed = (s: SourceScope, column: string) => `${column} = any(${s.bind([...s.modules])}::text[])`;

/** A filtered row `t` (KPI aggregates) is open. */
export const open = (t: string) => `${t}."status" = 'open'`;
