/** What the cost management datasets' SQL and seeds share: the tenants with cost pages, and "last month" in SQL. */

import { TENANT } from '../../seed/tenants';

/** The first day of the last complete month (UTC), for key figures of "last month". */
export const LAST_MONTH = `(date_trunc('month', current_date) - interval '1 month')::date`;

/** The Azure tenants whose cost pages have data, with what their commitment and rules are called. */
export const COST_TENANTS: readonly { tenantId: string; company: string; domain: string }[] = [
  { tenantId: TENANT.contoso, company: 'Contoso', domain: 'contoso.example' },
  { tenantId: TENANT.northwind, company: 'Northwind', domain: 'northwind.example' },
  { tenantId: TENANT.litware, company: 'Litware', domain: 'litware.example' },
  { tenantId: TENANT.wingtip, company: 'Wingtip', domain: 'wingtip.example' },
];
