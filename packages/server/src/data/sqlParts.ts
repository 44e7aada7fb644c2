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

/**
 * Each user's licences (names in the licences page's order) and what they cost a month, as a
 * subquery `(user_id, names, cost)` over the tenant bound as `tenant`: the users, joiners and
 * leavers pages read licences through it, so their figures agree.
 */
export const userLicences = (tenant: string) => `(select ul.user_id, string_agg(ul.sku, ', ' order by coalesce(l.position, 1000), ul.sku) as names, sum(coalesce(l.unit_price, 0)) as cost
                     from m365_user_licenses ul left join assistant_m365_licenses l on l.tenant_id = ul.tenant_id and l.sku = ul.sku
                    where ul.tenant_id = ${tenant} group by ul.user_id)`;
