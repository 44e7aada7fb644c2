import {
  DATA_SEARCH_COUNT_CAP,
  DATASETS,
  parseDataQuery,
  parseSeriesQuery,
  type DatasetId,
  type ParsedDataQuery,
} from '@cloudportal/core/rules';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { TENANT } from '../seed/tenants';
import { periodOf } from '../chatbot/time';
import { seededDatabaseForSuite } from '../test-support';
import { RowJumps } from './jumps';
import { decodeCursor, readPage, readSeries, readSummary, type DataScope } from './query';

// Migration 020: the resources and users datasets read columns kept on their rows, indexes and
// roll-ups. The references here are plain SQL over the source tables (the joins the pages used to
// make on every read), sharing nothing with the kept columns.

const CONTOSO = TENANT.contoso;
const scope: DataScope = { tenantId: CONTOSO, modules: ['azure', 'm365'], now: new Date() };
const lastPeriod = (now: Date) => periodOf(now, -1);

function query(ds: DatasetId, raw: Record<string, string>): ParsedDataQuery {
  const parsed = parseDataQuery(DATASETS[ds], raw);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed.query;
}

/** Each Contoso resource as the page showed it by joining on every read, for month `period`. */
const PLAIN_RESOURCES = `
  select r.resource_id as id, coalesce(s.name, r.subscription_id) as subscription, r.location as region, r.type,
         coalesce((select string_agg(e.key || '=' || e.value, '; ' order by e.key) from jsonb_each_text(r.tags) e), '') as tags,
         coalesce(c.amount, 0)::float8 as cost
    from azure_resources r
    left join azure_subscriptions s on s.tenant_id = r.tenant_id and s.subscription_id = r.subscription_id
    left join assistant_azure_costs c on c.tenant_id = r.tenant_id and c.period = $2 and c.subscription_id = r.subscription_id
          and c.resource_group = r.resource_group and c.resource_name = r.name
   where r.tenant_id = $1`;

/** Each Contoso user's licences and their cost as the page computed them on every read. */
const PLAIN_USERS = `
  select u.id, u.department, u.as_of - u.last_sign_in as days, coalesce(x.names, '') as licences, coalesce(x.cost, 0)::float8 as cost
    from m365_users u
    left join (select ul.user_id, string_agg(ul.sku, ', ' order by coalesce(l.position, 1000), ul.sku) as names, sum(coalesce(l.unit_price, 0)) as cost
                 from m365_user_licenses ul left join assistant_m365_licenses l on l.tenant_id = ul.tenant_id and l.sku = ul.sku
                where ul.tenant_id = $1 group by ul.user_id) x on x.user_id = u.id
   where u.tenant_id = $1`;

const cents = (n: number) => Math.round(n * 100) / 100;

describe('the resources and users pages read kept columns and roll-ups that agree with their source tables (full demo seed)', () => {
  const database = seededDatabaseForSuite({ data: 'full' });
  let db: Database;
  beforeAll(() => {
    db = database();
  });

  async function plainResources(period = lastPeriod(scope.now), on = db) {
    return (
      await on.query<{ id: string; subscription: string; region: string; type: string; tags: string; cost: number }>(
        PLAIN_RESOURCES,
        [CONTOSO, period],
      )
    ).rows;
  }
  async function plainUsers(on = db) {
    return (
      await on.query<{ id: string; department: string; days: number | null; licences: string; cost: number }>(
        PLAIN_USERS,
        [CONTOSO],
      )
    ).rows;
  }
  /** Every row of a dataset through the page reads, 1,000 at a time by cursor. */
  async function allRows(ds: DatasetId, raw: Record<string, string> = {}, at: DataScope = scope, on = db) {
    const rows: Record<string, unknown>[] = [];
    const q = query(ds, { ...raw, limit: '1000' });
    let page = await readPage(on, ds, at, q);
    rows.push(...page.rows);
    while (page.next) {
      page = await readPage(on, ds, at, q, decodeCursor(q, ds, page.next)!);
      rows.push(...page.rows);
    }
    return rows;
  }
  const resourceKpis = (rows: Awaited<ReturnType<typeof plainResources>>) => ({
    resources: rows.length,
    untaggedShare: rows.filter((r) => r.tags === '').length / rows.length,
    regions: new Set(rows.map((r) => r.region)).size,
    costLastMonth: cents(rows.reduce((a, r) => a + r.cost, 0)),
  });
  const inactive = (u: { licences: string; days: number | null }) =>
    u.licences !== '' && (u.days === null || u.days >= 30);
  const userKpis = (rows: Awaited<ReturnType<typeof plainUsers>>) => ({
    users: rows.length,
    inactive: rows.filter(inactive).length,
    reclaimable: cents(rows.filter(inactive).reduce((a, u) => a + u.cost, 0)),
  });
  const rounded = (k: Record<string, number>) =>
    Object.fromEntries(
      Object.entries(k).map(([id, v]) => [id, id === 'untaggedShare' ? Math.round(v * 1e6) / 1e6 : cents(v)]),
    );

  it('given the seed, then every resource row shows its subscription, tags and last month’s cost as the joins do', async () => {
    const plain = new Map((await plainResources()).map((r) => [r.id, r]));
    const read = await allRows('resources');
    expect(read).toHaveLength(plain.size);
    expect(plain.size).toBeGreaterThan(2000);
    for (const r of read) {
      const p = plain.get(r.id as string)!;
      expect({ id: r.id, subscription: r.subscription, tags: r.tags, cost: r.costLastMonth }).toEqual({
        id: p.id,
        subscription: p.subscription,
        tags: p.tags,
        cost: p.cost,
      });
    }
    // The default sort, cost descending, is the plain order.
    const first = (await readPage(db, 'resources', scope, query('resources', {}))).rows.map((r) => r.costLastMonth);
    expect(first).toEqual(
      [...plain.values()]
        .map((r) => r.cost)
        .sort((a, b) => b - a)
        .slice(0, 100),
    );
  });

  it('given no filter, a region and a type, then the key figures, the count and the chart come from the roll-up and equal the rows’', async () => {
    const rows = await plainResources();
    const region = rows[0]!.region;
    const type = rows[0]!.type;
    for (const [raw, subset] of [
      [{}, rows],
      [{ f: `region:eq:${region}` }, rows.filter((r) => r.region === region)],
      [{ f: `type:eq:${type}` }, rows.filter((r) => r.type === type)],
    ] as const) {
      expect(rounded(await readSummary(db, 'resources', scope, query('resources', raw))), JSON.stringify(raw)).toEqual(
        rounded(resourceKpis([...subset])),
      );
      expect(await readPage(db, 'resources', scope, query('resources', raw))).toMatchObject({
        total: subset.length,
        capped: false,
      });
    }
    const series = await readSeries(
      db,
      'resources',
      scope,
      parseOk(parseSeriesQuery(DATASETS.resources, { x: 'region', y: 'costLastMonth' })),
    );
    const byRegion = new Map<string, number>();
    for (const r of rows) byRegion.set(r.region, (byRegion.get(r.region) ?? 0) + r.cost);
    series.categories.forEach((c, i) =>
      expect({ c, v: series.series[0]!.values[i] }).toEqual({ c, v: cents(byRegion.get(c)!) }),
    );
  });

  it('given a search text, then the resources and users found are those with some text column containing it, any case', async () => {
    const resources = await db.query<{ id: string }>(
      `select r.resource_id as id from azure_resources r left join azure_subscriptions s on s.tenant_id = r.tenant_id and s.subscription_id = r.subscription_id
        where r.tenant_id = $1 and (r.name ilike $2 or r.type ilike $2 or r.resource_group ilike $2 or coalesce(s.name, r.subscription_id) ilike $2
              or r.location ilike $2 or r.sku ilike $2 or coalesce((select string_agg(e.key || '=' || e.value, '; ' order by e.key) from jsonb_each_text(r.tags) e), '') ilike $2)`,
      [CONTOSO, '%SQL%'],
    );
    const found = await allRows('resources', { q: 'SQL' });
    expect(found.map((r) => r.id).sort()).toEqual(resources.rows.map((r) => r.id).sort());
    expect(found.length).toBeGreaterThan(10);
    const users = await db.query<{ id: string }>(
      `select id from (${PLAIN_USERS}) p join m365_users u using (id)
        where u.tenant_id = $1 and (u.display_name ilike $2 or u.upn ilike $2 or u.department ilike $2 or u.job_title ilike $2 or p.licences ilike $2)`,
      [CONTOSO, '%e3%'],
    );
    const foundUsers = await allRows('users', { q: 'E3' });
    expect(foundUsers.map((r) => r.id).sort()).toEqual(users.rows.map((r) => r.id).sort());
    expect(foundUsers.length).toBeGreaterThan(10);
  });

  it('given a one-letter search that matches more resources than a search is counted to, then the count stops at that cap and says so, and the rows past it are all there', async () => {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from azure_resources r where r.tenant_id = $1 and (r.name || E'\\x1f' || r.type || E'\\x1f' || r.resource_group || E'\\x1f' || r.location) ilike '%e%'`,
      [CONTOSO],
    );
    expect(rows[0]!.n).toBeGreaterThan(DATA_SEARCH_COUNT_CAP);
    const page = await readPage(db, 'resources', scope, query('resources', { q: 'e' }));
    expect(page).toMatchObject({ total: DATA_SEARCH_COUNT_CAP, capped: true });
    expect(page.rows).toHaveLength(100);
    expect((await allRows('resources', { q: 'e' })).length).toBeGreaterThanOrEqual(rows[0]!.n);
  });

  it('given pages at offsets between, on and past the jump samples, sorted several ways, then they are the rows a plain OFFSET reads, before and after a write', async () => {
    const plainIds = async (table: string, order: string, offset: number) =>
      (
        await db.query<{ id: string }>(
          `select x.${table === 'm365_users' ? 'id' : 'resource_id'} as id from ${table} x where x.tenant_id = $1 order by ${order} offset $2 limit 100`,
          [CONTOSO, offset],
        )
      ).rows.map((r) => r.id);
    const cases: { ds: DatasetId; table: string; raw: Record<string, string>; order: string; every: number }[] = [
      {
        ds: 'resources',
        table: 'azure_resources',
        raw: {},
        order: 'x.cost_last_month desc, x.resource_id collate "C" desc',
        every: 1000,
      },
      {
        ds: 'resources',
        table: 'azure_resources',
        raw: { sort: 'name:asc' },
        order: 'x.name collate "C" asc, x.resource_id collate "C" asc',
        every: 1000,
      },
      {
        ds: 'users',
        table: 'm365_users',
        raw: { sort: 'daysInactive:desc' },
        order: 'x.days_inactive desc nulls last, x.id collate "C" desc',
        every: 50,
      },
      {
        ds: 'users',
        table: 'm365_users',
        raw: {},
        order: 'x.display_name collate "C" asc, x.id collate "C" asc',
        every: 50,
      },
    ];
    const check = async (jumps: RowJumps, c: (typeof cases)[number]) => {
      const total = (
        await db.query<{ n: number }>(`select count(*)::int as n from ${c.table} where tenant_id = $1`, [CONTOSO])
      ).rows[0]!.n;
      expect(total).toBeGreaterThan(2 * c.every + 200);
      const e = c.every;
      for (const offset of [
        e - 1,
        e,
        e + 1,
        Math.floor(total / 2),
        2 * e + 1,
        total - e - 150,
        total - 100,
        total - 1,
      ]) {
        const page = await readPage(
          db,
          c.ds,
          scope,
          query(c.ds, { ...c.raw, offset: String(offset), limit: '100' }),
          undefined,
          jumps,
        );
        expect({ ...c.raw, offset, ids: page.rows.map((r) => r.id) }).toEqual({
          ...c.raw,
          offset,
          ids: await plainIds(c.table, c.order, offset),
        });
      }
    };
    const jumps = new Map(cases.map((c) => [c.every, new RowJumps(db, c.every)]));
    for (const c of cases) await check(jumps.get(c.every)!, c);
    // One sample per sort, read once while the rows stay.
    expect([...jumps.values()].map((j) => j.builds)).toEqual([2, 2]);
    for (const c of cases) await check(jumps.get(c.every)!, c);
    expect([...jumps.values()].map((j) => j.builds)).toEqual([2, 2]);

    // A resource that sorts first by name, then gone again: each write moves the resources' samples, not the users'.
    const [sub] = (
      await db.query<{ id: string }>(
        'select subscription_id as id from azure_subscriptions where tenant_id = $1 limit 1',
        [CONTOSO],
      )
    ).rows;
    await db.query(
      `insert into azure_resources (tenant_id, resource_id, name, type, resource_group, subscription_id, location, tags)
       values ($1, '/subscriptions/x/resourceGroups/rg-jump/providers/Microsoft.Sql/servers/0-jump', '0-jump', 'Microsoft.Sql/servers', 'rg-jump', $2, 'westeurope', '{}')`,
      [CONTOSO, sub!.id],
    );
    try {
      for (const c of cases) await check(jumps.get(c.every)!, c);
      expect([...jumps.values()].map((j) => j.builds)).toEqual([4, 2]);
    } finally {
      await db.query("delete from azure_resources where tenant_id = $1 and name = '0-jump'", [CONTOSO]);
    }
    for (const c of cases) await check(jumps.get(c.every)!, c);
    expect([...jumps.values()].map((j) => j.builds)).toEqual([6, 2]);
  });

  it('given the seed, then every user row shows its licences and their cost as the joins do, and the key figures and chart agree', async () => {
    const plain = await plainUsers();
    const byId = new Map(plain.map((u) => [u.id, u]));
    const read = await allRows('users');
    expect(read).toHaveLength(plain.length);
    for (const u of read) {
      const p = byId.get(u.id as string)!;
      expect({ id: u.id, licences: u.licences, cost: u.licenceCost, days: u.daysInactive }).toEqual({
        id: p.id,
        licences: p.licences,
        cost: p.cost,
        days: p.days,
      });
    }
    expect(rounded(await readSummary(db, 'users', scope, query('users', {})))).toEqual(userKpis(plain));
    const department = plain[0]!.department;
    expect(
      rounded(await readSummary(db, 'users', scope, query('users', { f: `department:eq:${department}` }))),
    ).toEqual(userKpis(plain.filter((u) => u.department === department)));
    const series = await readSeries(
      db,
      'users',
      scope,
      parseOk(parseSeriesQuery(DATASETS.users, { x: 'department', y: 'licenceCost' })),
    );
    const byDepartment = new Map<string, number>();
    for (const u of plain) byDepartment.set(u.department, (byDepartment.get(u.department) ?? 0) + u.cost);
    series.categories.forEach((c, i) =>
      expect({ c, v: series.series[0]!.values[i] }).toEqual({ c, v: cents(byDepartment.get(c)!) }),
    );
  });

  it('given a read as of another month, then the resources’ costs are that month’s, and the current month’s again after', async () => {
    const earlier = new Date(Date.UTC(scope.now.getUTCFullYear(), scope.now.getUTCMonth() - 2, 15));
    const then = { ...scope, now: earlier };
    const plainThen = await plainResources(lastPeriod(earlier));
    expect(plainThen.some((r) => r.cost > 0)).toBe(true);
    expect(rounded(await readSummary(db, 'resources', then, query('resources', {})))).toEqual(
      rounded(resourceKpis(plainThen)),
    );
    const top = (await readPage(db, 'resources', then, query('resources', {}))).rows.map((r) => r.costLastMonth);
    expect(top).toEqual(
      plainThen
        .map((r) => r.cost)
        .sort((a, b) => b - a)
        .slice(0, 100),
    );
    expect(rounded(await readSummary(db, 'resources', scope, query('resources', {})))).toEqual(
      rounded(resourceKpis(await plainResources())),
    );
  });

  it('given a subscription renamed, tags changed, a cost row changed and a resource added and removed, then rows, search and key figures follow in the same transaction', async () => {
    const [resource] = (
      await db.query<{ resource_id: string; subscription_id: string; resource_group: string; name: string }>(
        `select r.resource_id, r.subscription_id, r.resource_group, r.name from azure_resources r
         join assistant_azure_costs c on c.tenant_id = r.tenant_id and c.period = $2 and c.subscription_id = r.subscription_id and c.resource_group = r.resource_group and c.resource_name = r.name
        where r.tenant_id = $1 order by r.resource_id limit 1`,
        [CONTOSO, lastPeriod(scope.now)],
      )
    ).rows;
    await db.transaction(async (tx) => {
      await tx.query(
        "update azure_subscriptions set name = 'Renamed Zebra Subscription' where tenant_id = $1 and subscription_id = $2",
        [CONTOSO, resource!.subscription_id],
      );
      await tx.query(`update azure_resources set tags = '{}'::jsonb where tenant_id = $1 and resource_id = $2`, [
        CONTOSO,
        resource!.resource_id,
      ]);
      await tx.query(
        'update assistant_azure_costs set amount = amount + 1000 where tenant_id = $1 and period = $2 and subscription_id = $3 and resource_group = $4 and resource_name = $5',
        [CONTOSO, lastPeriod(scope.now), resource!.subscription_id, resource!.resource_group, resource!.name],
      );
      await tx.query(
        `insert into azure_resources (tenant_id, resource_id, name, type, resource_group, subscription_id, location, tags)
         values ($1, '/subscriptions/x/resourceGroups/rg-new/providers/Microsoft.Sql/servers/zebra-new', 'zebra-new', 'Microsoft.Sql/servers', 'rg-new', $2, 'westeurope', '{"env":"test"}')`,
        [CONTOSO, resource!.subscription_id],
      );
    });
    const plain = await plainResources();
    const mine = plain.find((r) => r.id === resource!.resource_id)!;
    const row = (
      await readPage(db, 'resources', scope, query('resources', { q: 'Zebra Subscription', limit: '1000' }))
    ).rows.find((r) => r.id === resource!.resource_id);
    expect(row).toMatchObject({ subscription: 'Renamed Zebra Subscription', tags: '', costLastMonth: mine.cost });
    expect(
      (await readPage(db, 'resources', scope, query('resources', { q: 'zebra-new' }))).rows.map((r) => r.subscription),
    ).toEqual(['Renamed Zebra Subscription']);
    expect(rounded(await readSummary(db, 'resources', scope, query('resources', {})))).toEqual(
      rounded(resourceKpis(plain)),
    );
    await db.query("delete from azure_resources where tenant_id = $1 and name = 'zebra-new'", [CONTOSO]);
    await db
      .query('delete from azure_subscriptions where tenant_id = $1 and subscription_id = $2', [
        CONTOSO,
        resource!.subscription_id,
      ])
      .catch(() => undefined);
    expect(rounded(await readSummary(db, 'resources', scope, query('resources', {})))).toEqual(
      rounded(resourceKpis(await plainResources())),
    );
    const stray = await db.query<{ n: number }>(
      `select count(*)::int as n from azure_resource_rollup r
        full join (select tenant_id, location, type, count(*) as n, sum(cost_last_month) as c from azure_resources group by 1, 2, 3) x
          on x.tenant_id = r.tenant_id and x.location = r.region and x.type = r.type
        where r.row_count is distinct from x.n or r.cost_last_month is distinct from x.c`,
    );
    expect(stray.rows[0]!.n).toBe(0);
  });

  it('given the seed, resources added and removed and a cost row changed, then each subscription shows its resource count and month costs as the joins do', async () => {
    const plainSubscriptions = async () =>
      (
        await db.query<{ id: string; resources: number; mtd: number; lm: number }>(
          `select s.subscription_id as id, (select count(*)::int from azure_resources r where r.tenant_id = s.tenant_id and r.subscription_id = s.subscription_id) as resources,
                  coalesce((select sum(amount) from assistant_azure_costs c where c.tenant_id = s.tenant_id and c.subscription_id = s.subscription_id and c.period = $2), 0)::float8 as mtd,
                  coalesce((select sum(amount) from assistant_azure_costs c where c.tenant_id = s.tenant_id and c.subscription_id = s.subscription_id and c.period = $3), 0)::float8 as lm
             from azure_subscriptions s where s.tenant_id = $1 order by 1`,
          [CONTOSO, periodOf(scope.now), lastPeriod(scope.now)],
        )
      ).rows;
    const shown = async () =>
      (await allRows('subscriptions'))
        .map((r) => ({ id: r.id, resources: r.resources, mtd: r.costMonthToDate, lm: r.costLastMonth }))
        .sort((a, b) => (String(a.id) < String(b.id) ? -1 : 1));
    const before = await plainSubscriptions();
    expect(before.some((s) => s.resources > 0 && s.lm > 0)).toBe(true);
    expect(await shown()).toEqual(before);
    const sub = before.find((s) => s.lm > 0)!.id;
    await db.query(
      `insert into azure_resources (tenant_id, resource_id, name, type, resource_group, subscription_id, location) values ($1, 'counted-1', 'counted-1', 'Microsoft.Web/sites', 'rg-c', $2, 'westeurope'), ($1, 'counted-2', 'counted-2', 'Microsoft.Web/sites', 'rg-c', $2, 'westeurope')`,
      [CONTOSO, sub],
    );
    await db.query("delete from azure_resources where tenant_id = $1 and resource_id = 'counted-1'", [CONTOSO]);
    await db.query(
      'update assistant_azure_costs set amount = amount + 7 where tenant_id = $1 and subscription_id = $2 and period = $3 and resource_name = (select min(resource_name) from assistant_azure_costs where tenant_id = $1 and subscription_id = $2 and period = $3)',
      [CONTOSO, sub, lastPeriod(scope.now)],
    );
    const after = await plainSubscriptions();
    expect(after.find((s) => s.id === sub)).toMatchObject({
      resources: before.find((s) => s.id === sub)!.resources + 1,
      lm: cents(before.find((s) => s.id === sub)!.lm + 7),
    });
    expect(await shown()).toEqual(after);
    await db.query("delete from azure_resources where tenant_id = $1 and resource_id = 'counted-2'", [CONTOSO]);
  });

  it('given licences assigned and removed and a licence’s price changed, then the users’ licences, cost and key figures follow', async () => {
    const [user] = (
      await db.query<{ id: string }>(
        'select id from m365_users where tenant_id = $1 and not exists (select 1 from m365_user_licenses l where l.tenant_id = $1 and l.user_id = id) order by id limit 1',
        [CONTOSO],
      )
    ).rows;
    const [sku] = (
      await db.query<{ sku: string }>(
        'select sku from assistant_m365_licenses where tenant_id = $1 order by position limit 1',
        [CONTOSO],
      )
    ).rows;
    await db.query('insert into m365_user_licenses (tenant_id, user_id, sku) values ($1, $2, $3)', [
      CONTOSO,
      user!.id,
      sku!.sku,
    ]);
    await db.query('update assistant_m365_licenses set unit_price = unit_price + 5 where tenant_id = $1 and sku = $2', [
      CONTOSO,
      sku!.sku,
    ]);
    let plain = await plainUsers();
    const upn = (
      await db.query<{ upn: string }>('select upn from m365_users where tenant_id = $1 and id = $2', [
        CONTOSO,
        user!.id,
      ])
    ).rows[0]!.upn;
    const byUpn = (await readPage(db, 'users', scope, query('users', { q: upn }))).rows.find((r) => r.id === user!.id);
    expect(byUpn).toMatchObject({ licences: sku!.sku, licenceCost: plain.find((u) => u.id === user!.id)!.cost });
    expect(rounded(await readSummary(db, 'users', scope, query('users', {})))).toEqual(userKpis(plain));
    await db.query('delete from m365_user_licenses where tenant_id = $1 and user_id = $2', [CONTOSO, user!.id]);
    await db.query('update assistant_m365_licenses set unit_price = unit_price - 5 where tenant_id = $1 and sku = $2', [
      CONTOSO,
      sku!.sku,
    ]);
    plain = await plainUsers();
    expect(
      (await readPage(db, 'users', scope, query('users', { q: upn }))).rows.find((r) => r.id === user!.id),
    ).toMatchObject({ licences: '', licenceCost: 0 });
    expect(rounded(await readSummary(db, 'users', scope, query('users', {})))).toEqual(userKpis(plain));
  });

  it('given each source table truncated in turn (an operator reloading it), then the kept columns and roll-ups follow as the joins do', async () => {
    const rolledBack = new Error('rolled back: the seed stays for the other tests');
    const users = async (tx: Database) =>
      (await allRows('users', {}, scope, tx))
        .map((r) => ({ id: r.id, licences: r.licences, cost: r.licenceCost }))
        .sort((a, b) => (String(a.id) < String(b.id) ? -1 : 1));
    const plainUserRows = async (tx: Database) =>
      (await plainUsers(tx))
        .map((u) => ({ id: u.id, licences: u.licences, cost: u.cost }))
        .sort((a, b) => (a.id < b.id ? -1 : 1));
    const resources = async (tx: Database) =>
      (await allRows('resources', {}, scope, tx))
        .map((r) => ({ id: r.id, subscription: r.subscription, cost: r.costLastMonth }))
        .sort((a, b) => (String(a.id) < String(b.id) ? -1 : 1));
    const plainResourceRows = async (tx: Database) =>
      (await plainResources(lastPeriod(scope.now), tx))
        .map((r) => ({ id: r.id, subscription: r.subscription, cost: r.cost }))
        .sort((a, b) => (a.id < b.id ? -1 : 1));
    const truncated = db.transaction(async (tx) => {
      // The licence prices and order: each holder's licences by name, costing nothing.
      await tx.query('truncate assistant_m365_licenses');
      expect(await users(tx)).toEqual(await plainUserRows(tx));
      expect((await plainUserRows(tx)).some((u) => u.licences !== '')).toBe(true);
      expect(rounded(await readSummary(tx, 'users', scope, query('users', {})))).toEqual(
        userKpis(await plainUsers(tx)),
      );
      // The assignments: nobody holds a licence.
      await tx.query('truncate m365_user_licenses');
      expect((await users(tx)).filter((u) => u.licences !== '' || u.cost !== 0)).toEqual([]);
      expect(rounded(await readSummary(tx, 'users', scope, query('users', {})))).toEqual(
        userKpis(await plainUsers(tx)),
      );
      // The monthly cost rows: no resource cost anything, no subscription either.
      await tx.query('truncate assistant_azure_costs');
      expect(await resources(tx)).toEqual(await plainResourceRows(tx));
      expect(rounded(await readSummary(tx, 'resources', scope, query('resources', {})))).toEqual(
        resourceKpis(await plainResources(lastPeriod(scope.now), tx)),
      );
      expect(
        (await allRows('subscriptions', {}, scope, tx)).filter((r) => r.costMonthToDate !== 0 || r.costLastMonth !== 0),
      ).toEqual([]);
      // The subscriptions: each resource shows its subscription's id.
      await tx.query('truncate azure_subscriptions');
      const plain = await plainResourceRows(tx);
      expect(plain.every((r) => !r.subscription.startsWith('Contoso'))).toBe(true);
      expect(await resources(tx)).toEqual(plain);
      throw rolledBack;
    });
    await expect(truncated).rejects.toBe(rolledBack);
    // The resources: no subscription counts any (a transaction of its own, the subscriptions still there).
    const counted = db.transaction(async (tx) => {
      await tx.query('truncate azure_resources');
      expect((await allRows('subscriptions', {}, scope, tx)).filter((r) => r.resources !== 0)).toEqual([]);
      throw rolledBack;
    });
    await expect(counted).rejects.toBe(rolledBack);
    expect((await allRows('subscriptions')).some((r) => Number(r.resources) > 0)).toBe(true);
  });
});

function parseOk<T>(parsed: { query: T } | { error: string }): T {
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed.query;
}
