/**
 * The `enrollmentAccounts` dataset (core's `ESTATE_DATASETS.enrollmentAccounts`, shown by
 * `ESTATE_PAGES`): where its rows come from (the SQL the query builder reads) and its demo rows (the
 * seed), side by side.
 */

import { currencyOf } from '../../data/sqlParts';
import type { DatasetSql } from '../../data/types';
import type { Database } from '../../db/database';
import { DAY, hasRows, insertJson, isoDay } from '../../seed/bulk';
import { random } from '../../seed/random';
import { TENANT } from '../../seed/tenants';

/**
 * Where the rows of core's `ESTATE_DATASETS.enrollmentAccounts` come from (see `data/registry.ts` for
 * the contract).
 */
export const ENROLLMENT_ACCOUNTS_SQL: DatasetSql = {
  from: (s) => {
    const tenant = s.bind(s.tenantId);
    return `estate_ea_accounts a
      left join azure_subscriptions s on s.tenant_id = a.tenant_id and s.subscription_id = a.subscription_id
      left join (select subscription_id, sum(amount) as lm from assistant_azure_costs
                  where tenant_id = ${tenant} and period = ${s.bind(s.lastPeriod)} group by subscription_id) c on c.subscription_id = a.subscription_id
      where a.tenant_id = ${tenant}`;
  },
  id: 'a.account_id',
  idType: 'text',
  columns: {
    enrollmentNumber: { sql: 'a.enrollment_number' },
    department: { sql: 'a.department' },
    accountName: { sql: 'a.account_name' },
    owner: { sql: 'a.owner' },
    status: { sql: 'a.status' },
    subscription: { sql: 'coalesce(s.name, a.subscription_id)', nullable: true },
    startDate: { sql: 'a.start_date' },
    endDate: { sql: 'a.end_date' },
    balance: { sql: 'a.commitment_balance' },
    spendLastMonth: { sql: 'coalesce(c.lm, 0)' },
  },
  kpis: {
    accounts: 'count(*)',
    active: `count(*) filter (where t."status" = 'Active')`,
    spendLastMonth: 'coalesce(sum(t."spendLastMonth"), 0)',
    balance: 'coalesce(sum(t."balance"), 0)',
  },
  currency: currencyOf('estate_ea_accounts'),
};

/** An EA account: the subscription it owns by name (null: none yet), its department and owner. */
interface EaAccountDef {
  subscription: string | null;
  department: string;
  account: string;
  owner: string;
  status: 'Active' | 'Pending' | 'Disabled';
}

const EA_ENROLMENTS: Readonly<
  Record<string, { number: string; startedDaysAgo: number; accounts: readonly EaAccountDef[] }>
> = {
  [TENANT.contoso]: {
    number: '61846203',
    startedDaysAgo: 940,
    accounts: [
      {
        subscription: 'Contoso Production',
        department: 'IT Operations',
        account: 'Contoso IT Production',
        owner: 'ada@contoso.example',
        status: 'Active',
      },
      {
        subscription: 'Contoso Identity',
        department: 'IT Operations',
        account: 'Contoso Identity Services',
        owner: 'mona.patel@contoso.example',
        status: 'Active',
      },
      {
        subscription: 'Contoso Connectivity',
        department: 'IT Operations',
        account: 'Contoso Network Hub',
        owner: 'mona.patel@contoso.example',
        status: 'Active',
      },
      {
        subscription: 'Contoso Backup',
        department: 'IT Operations',
        account: 'Contoso Backup and Recovery',
        owner: 'farid.khan@contoso.example',
        status: 'Active',
      },
      {
        subscription: 'Contoso Dev/Test',
        department: 'Engineering',
        account: 'Contoso Engineering Dev/Test',
        owner: 'farid.khan@contoso.example',
        status: 'Active',
      },
      {
        subscription: 'Contoso Sandbox',
        department: 'Engineering',
        account: 'Contoso Engineering Sandbox',
        owner: 'grace.liu@contoso.example',
        status: 'Active',
      },
      {
        subscription: 'Contoso Data Platform',
        department: 'Data and Analytics',
        account: 'Contoso Data Platform',
        owner: 'jonas.weber@contoso.example',
        status: 'Active',
      },
      {
        subscription: 'Contoso Analytics',
        department: 'Data and Analytics',
        account: 'Contoso BI and Reporting',
        owner: 'jonas.weber@contoso.example',
        status: 'Active',
      },
      {
        subscription: 'Contoso Web EU',
        department: 'Digital',
        account: 'Contoso Digital Channels',
        owner: 'liam.walsh@contoso.example',
        status: 'Active',
      },
      {
        subscription: 'Contoso Marketing Sites',
        department: 'Marketing',
        account: 'Contoso Marketing Web',
        owner: 'liam.walsh@contoso.example',
        status: 'Active',
      },
      {
        subscription: 'Contoso Research',
        department: 'Research and Development',
        account: 'Contoso Research Lab',
        owner: 'grace.liu@contoso.example',
        status: 'Active',
      },
      {
        subscription: 'Contoso Legacy',
        department: 'Finance',
        account: 'Contoso Legacy ERP',
        owner: 'ada@contoso.example',
        status: 'Disabled',
      },
      {
        subscription: null,
        department: 'Human Resources',
        account: 'Contoso HR Systems',
        owner: 'mona.patel@contoso.example',
        status: 'Pending',
      },
      {
        subscription: null,
        department: 'Sales',
        account: 'Contoso Sales Platform',
        owner: 'liam.walsh@contoso.example',
        status: 'Pending',
      },
    ],
  },
  [TENANT.litware]: {
    number: '58210937',
    startedDaysAgo: 610,
    accounts: [
      {
        subscription: 'Litware Build',
        department: 'Engineering',
        account: 'Litware Build Services',
        owner: 'sam@litware.example',
        status: 'Active',
      },
      {
        subscription: 'Litware Engineering',
        department: 'Engineering',
        account: 'Litware Product Engineering',
        owner: 'sam@litware.example',
        status: 'Active',
      },
      {
        subscription: 'Litware Test',
        department: 'Quality Assurance',
        account: 'Litware Test Labs',
        owner: 'sam@litware.example',
        status: 'Active',
      },
      {
        subscription: null,
        department: 'Operations',
        account: 'Litware Operations',
        owner: 'sam@litware.example',
        status: 'Pending',
      },
    ],
  },
};

/** Seeds the tenant's Enterprise Agreement enrolment accounts (`estate_ea_accounts`), which own its subscriptions. */
export async function seedEaAccounts(tx: Database, tenantId: string, now: Date): Promise<void> {
  const enrolment = EA_ENROLMENTS[tenantId];
  if (!enrolment || (await hasRows(tx, 'estate_ea_accounts', tenantId))) return;
  const { rows: subs } = await tx.query<{ subscription_id: string; name: string }>(
    `select subscription_id, name from azure_subscriptions where tenant_id = $1`,
    [tenantId],
  );
  const rnd = random(`${tenantId}:estate_ea_accounts`);
  // An EA enrolment runs three years; accounts join it over its first year, pending ones lately.
  const start = now.getTime() - enrolment.startedDaysAgo * DAY;
  const end = isoDay(new Date(start), 3 * 365);
  await insertJson(
    tx,
    'estate_ea_accounts',
    'tenant_id, account_id, enrollment_number, department, account_name, owner, status, start_date, end_date, commitment_balance, subscription_id',
    'tenant_id text, account_id text, enrollment_number text, department text, account_name text, owner text, status text, start_date date, end_date date, commitment_balance numeric, subscription_id text',
    enrolment.accounts.map((a, i) => ({
      tenant_id: tenantId,
      account_id: `${enrolment.number}-${String(i + 1).padStart(3, '0')}`,
      enrollment_number: enrolment.number,
      department: a.department,
      account_name: a.account,
      owner: a.owner,
      status: a.status,
      start_date:
        a.status === 'Pending' ? isoDay(now, -rnd.int(3, 20)) : isoDay(new Date(start), i === 0 ? 0 : rnd.int(0, 365)),
      end_date: end,
      commitment_balance: a.status === 'Disabled' ? 0 : rnd.int(40, 900) * 100,
      subscription_id: a.subscription ? (subs.find((s) => s.name === a.subscription)?.subscription_id ?? null) : null,
    })),
  );
}
