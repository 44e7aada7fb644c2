/**
 * What the Azure estate datasets' SQL and seeds share: the tenants with estate pages, and each
 * resource's cost of last month in SQL.
 */

import type { SourceScope } from '../../data/types';
import { TENANT } from '../../seed/tenants';

/**
 * Each resource's cost of the last complete month, keyed as the resources page keys it
 * (subscription, resource group, resource name over the monthly roll-up), so the estate pages and
 * the resources page give one figure for a resource.
 */
export const lastMonthByResource = (s: SourceScope, tenant: string) =>
  `(select subscription_id, resource_group, resource_name, sum(amount) as lm from assistant_azure_costs
     where tenant_id = ${tenant} and period = ${s.bind(s.lastPeriod)} group by subscription_id, resource_group, resource_name)`;

/** The Azure tenants whose estate pages have rows. */
export const AZURE_TENANTS = [TENANT.contoso, TENANT.northwind, TENANT.litware, TENANT.wingtip] as const;
