import type { SourceScope } from './registry';

/** Fragments the dataset sources share. */

/** The currency of the tenant's rows of `table` (its `currency` column). */
export const currencyOf = (table: string) => (s: SourceScope) => `select max(currency) as currency from ${table} where tenant_id = ${s.bind(s.tenantId)}`;

/** A source whose amounts are all in US dollars (a table without a currency column). */
export const usd = () => `select 'USD' as currency`;

/** The tenant's licence module as a row filter: rows of an unlicensed module are left out. */
export const licensed = (s: SourceScope, column: string) => `${column} = any(${s.bind([...s.modules])}::text[])`;

/** A filtered row `t` (KPI aggregates) is open. */
export const open = (t: string) => `${t}."status" = 'open'`;
