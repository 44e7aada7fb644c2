import {
  DATA_COUNT_CAP,
  DATA_SEARCH_COUNT_CAP,
  DATASETS,
  parseDataQuery,
  parseSeriesQuery,
  type ParsedDataQuery,
} from '@cloudportal/core/rules';
import { beforeAll, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { TENANT } from '../seed/tenants';
import { decodeCursor, readPage, readSeries, readSummary, type DataScope } from './query';

/**
 * The FOCUS cost rows' reads through indexes, keyset pages and the maintained roll-ups (migration
 * 018) give the answers plain SQL over the raw rows gives: the reference here is written over
 * azure_daily_costs directly, sharing nothing with the query builder. Registered inside a
 * `describe` whose database holds Contoso's full demo costs: at DEMO_SCALE 1 (reads.test.ts) and
 * at 3 (seed/scale.test.ts). The last test writes rows.
 */
export function focusReadTests(database: () => Database): void {
  const scope: DataScope = { tenantId: TENANT.contoso, modules: ['azure', 'm365'], now: new Date() };
  const focus = DATASETS.focus;
  let db: Database;
  let total: number;

  function query(raw: Record<string, string>): ParsedDataQuery {
    const parsed = parseDataQuery(focus, raw);
    if ('error' in parsed) throw new Error(parsed.error);
    return parsed.query;
  }

  const cents = (n: number) => Math.round(n * 100) / 100;

  // After the caller's own beforeAll, which opens the database.
  beforeAll(async () => {
    db = database();
    const { rows } = await db.query<{ n: number }>(
      'select count(*)::int as n from azure_daily_costs where tenant_id = $1',
      [TENANT.contoso],
    );
    total = rows[0]!.n;
  });

  /** The ids of the tenant's rows in an order, written here over the table. */
  async function plainIds(
    order: string,
    offset: number,
    limit: number,
    where = 'true',
    params: unknown[] = [],
  ): Promise<string[]> {
    const { rows } = await db.query<{ id: string }>(
      `select id::text as id from azure_daily_costs where tenant_id = $1 and ${where} order by ${order} offset ${offset} limit ${limit}`,
      [TENANT.contoso, ...params],
    );
    return rows.map((r) => r.id);
  }

  it('given no filter, then the page counts every row exactly (from the roll-up) and its first rows are the newest by id', async () => {
    const page = await readPage(db, 'focus', scope, query({}));
    expect(total).toBeGreaterThan(100_000);
    expect(page).toMatchObject({ total, capped: false });
    expect(page.rows.map((r) => r.id)).toEqual(await plainIds('id desc', 0, 100));
  });

  it('given a sort on a number and on a text column, then a first, a middle and a last page are the plain order’s rows', async () => {
    const cases = [
      { sort: 'billedCost:desc', order: 'billed_cost desc, id desc' },
      { sort: 'serviceName:asc', order: 'service collate "C" asc, id asc' },
    ];
    for (const c of cases) {
      for (const offset of [0, Math.floor(total / 2) - 50, total - 100, total - 30]) {
        const page = await readPage(db, 'focus', scope, query({ sort: c.sort, offset: String(offset), limit: '100' }));
        expect(
          page.rows.map((r) => r.id),
          `${c.sort} at ${offset}`,
        ).toEqual(await plainIds(c.order, offset, 100));
      }
    }
  });

  it('given the day sort either way, with no filter or a category filter, then a page at any offset is the plain order’s rows (the roll-up finds the day, only that day is walked)', async () => {
    const compute = await db.query<{ n: number }>(
      "select count(*)::int as n from azure_daily_costs where tenant_id = $1 and service_category = 'Compute'",
      [TENANT.contoso],
    );
    const cases = [
      { raw: {} as Record<string, string>, where: 'true', params: [] as string[], n: total },
      {
        raw: { f: 'serviceCategory:eq:Compute' },
        where: 'service_category = $2',
        params: ['Compute'],
        n: compute.rows[0]!.n,
      },
    ];
    for (const c of cases) {
      for (const desc of [true, false]) {
        for (const offset of [1, 99, 1234, Math.floor(c.n / 2) - 7, c.n - 150, c.n - 1]) {
          const raw = {
            ...c.raw,
            sort: `chargePeriodStart:${desc ? 'desc' : 'asc'}`,
            offset: String(offset),
            limit: '100',
          };
          const page = await readPage(db, 'focus', scope, query(raw));
          expect(
            page.rows.map((r) => r.id),
            JSON.stringify(raw),
          ).toEqual(await plainIds(`id ${desc ? 'desc' : 'asc'}`, offset, 100, c.where, c.params));
        }
      }
    }
  });

  it('given each page’s next cursor, then the following page read after it is the plain order’s next rows, to the end', async () => {
    const sorted = query({ sort: 'billedCost:asc', limit: '100' });
    const first = await readPage(db, 'focus', scope, sorted);
    const keys = decodeCursor(sorted, 'focus', first.next!);
    expect(keys).toHaveLength(2);
    const second = await readPage(db, 'focus', scope, { ...sorted, offset: 100, after: first.next! }, keys!);
    expect(second.rows.map((r) => r.id)).toEqual(await plainIds('billed_cost asc, id asc', 100, 100));
    const lastButOne = await readPage(db, 'focus', scope, query({ offset: String(total - 150), limit: '100' }));
    const last = await readPage(
      db,
      'focus',
      scope,
      query({ offset: String(total - 50), limit: '100' }),
      decodeCursor(query({}), 'focus', lastButOne.next!)!,
    );
    expect(last.rows.map((r) => r.id)).toEqual(await plainIds('id desc', total - 50, 100));
    expect(last.next).toBeUndefined();
  });

  it('given a cursor of another sort or not ours, then it is refused', async () => {
    const first = await readPage(db, 'focus', scope, query({ sort: 'billedCost:asc' }));
    expect(decodeCursor(query({ sort: 'billedCost:desc' }), 'focus', first.next!)).toBeNull();
    expect(decodeCursor(query({}), 'focus', 'bm90LWpzb24')).toBeNull();
    expect(
      decodeCursor(
        query({}),
        'focus',
        Buffer.from(JSON.stringify({ s: 'chargePeriodStart:desc', k: [1] })).toString('base64url'),
      ),
    ).toBeNull();
  });

  it('given a page past the end, then it is empty and the count stays', async () => {
    const page = await readPage(db, 'focus', scope, query({ offset: String(total + 10) }));
    expect(page).toEqual({ rows: [], total, capped: false });
  });

  it('given a search text, then the rows are those whose some text column contains it, any case, all of them counted', async () => {
    const page = await readPage(db, 'focus', scope, query({ q: 'SqL', limit: '50', offset: '20' }));
    const text = [
      'currency',
      'service',
      'service_category',
      'resource_name',
      'resource_id',
      'region',
      'subscription_name',
      'unit',
    ];
    const where = `(${text.map((c) => `${c} ilike $2`).join(' or ')})`;
    expect(page.rows.map((r) => r.id)).toEqual(await plainIds('id desc', 20, 50, where, ['%SqL%']));
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from azure_daily_costs where tenant_id = $1 and ${where}`,
      [TENANT.contoso, '%SqL%'],
    );
    // A search alone is counted exactly, from the search terms' row counts, however many rows match.
    expect(page).toMatchObject({ total: rows[0]!.n, capped: false });
  });

  it('given a filter that matches more rows than the server counts, or a search with a filter, then the count stops at its cap and says so', async () => {
    const cases: [Record<string, string>, number][] = [
      [{ f: 'billedCost:gte:0' }, DATA_COUNT_CAP],
      [{ f: 'billedCost:gte:0', q: 'a' }, DATA_SEARCH_COUNT_CAP],
    ];
    for (const [raw, cap] of cases) {
      const page = await readPage(db, 'focus', scope, query(raw));
      expect(page.total).toBe(cap);
      expect(page.capped).toBe(true);
      expect(page.rows).toHaveLength(100);
      // The cursor after the page's last row: the default sort's one key is the row id.
      expect(decodeCursor(query(raw), 'focus', page.next!)).toEqual([page.rows.at(-1)!.id]);
    }
  });

  it('given a capped count, when pages past the cap are read, then the count grows past each full page, and the last page makes it exact', async () => {
    const raw = { f: 'billedCost:gte:0' };
    const { rows } = await db.query<{ n: number }>(
      'select count(*)::int as n from azure_daily_costs where tenant_id = $1 and billed_cost >= 0',
      [TENANT.contoso],
    );
    const exact = rows[0]!.n;
    expect(exact).toBeGreaterThan(DATA_COUNT_CAP + 200);
    const past = await readPage(db, 'focus', scope, query({ ...raw, offset: String(DATA_COUNT_CAP), limit: '100' }));
    expect(past).toMatchObject({ total: DATA_COUNT_CAP + 101, capped: true });
    expect(past.rows).toHaveLength(100);
    const tail = await readPage(db, 'focus', scope, query({ ...raw, offset: String(exact - 30), limit: '100' }));
    expect(tail).toMatchObject({ total: exact, capped: false });
    expect(tail.rows).toHaveLength(30);
    expect(tail.next).toBeUndefined();
  });

  it('given a filter on a roll-up dimension, then the count is exact; given a narrow one, exact by counting', async () => {
    const compute = await readPage(db, 'focus', scope, query({ f: 'serviceCategory:eq:Compute' }));
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from azure_daily_costs where tenant_id = $1 and service_category = 'Compute'`,
      [TENANT.contoso],
    );
    expect(compute).toMatchObject({ total: rows[0]!.n, capped: false });
    const big = await readPage(db, 'focus', scope, query({ f: 'billedCost:gt:5000' }));
    const bigCount = await db.query<{ n: number }>(
      'select count(*)::int as n from azure_daily_costs where tenant_id = $1 and billed_cost > 5000',
      [TENANT.contoso],
    );
    expect(bigCount.rows[0]!.n).toBeLessThan(DATA_COUNT_CAP);
    expect(big).toMatchObject({ total: bigCount.rows[0]!.n, capped: false });
  });

  it('given no filter, a dimension filter, a day filter and a cost filter, then the key figures are the raw rows’ count and sums', async () => {
    const cases: [Record<string, string>, string][] = [
      [{}, 'true'],
      [{ f: 'serviceCategory:eq:Compute' }, `service_category = 'Compute'`],
      [{ f: 'serviceName:eq:Virtual Machines' }, `service = 'Virtual Machines'`],
      [{ f: 'chargePeriodStart:gte:2026-06-01' }, `usage_date >= date '2026-06-01'`],
      [{ f: 'billedCost:gt:100' }, 'billed_cost > 100'],
    ];
    for (const [raw, where] of cases) {
      const kpis = await readSummary(db, 'focus', scope, query(raw));
      const { rows } = await db.query<{ n: number; billed: number; effective: number }>(
        `select count(*)::int as n, coalesce(sum(billed_cost), 0)::float8 as billed, coalesce(sum(effective_cost), 0)::float8 as effective from azure_daily_costs where tenant_id = $1 and ${where}`,
        [TENANT.contoso],
      );
      expect(kpis.rows, where).toBe(rows[0]!.n);
      expect(cents(kpis.billedCost!), where).toBe(cents(rows[0]!.billed));
      expect(cents(kpis.effectiveCost!), where).toBe(cents(rows[0]!.effective));
    }
  });

  it('given a chart by service over a period, then the services are ordered by their cost and each value is the raw rows’ sum', async () => {
    // The last 60 days of the tenant's rows (the seeds lay them relative to their day).
    const since = await db.query<{ d: string }>(
      `select to_char(max(usage_date) - 60, 'YYYY-MM-DD') as d from azure_daily_costs where tenant_id = $1`,
      [TENANT.contoso],
    );
    const from = since.rows[0]!.d;
    const parsed = parseSeriesQuery(focus, { x: 'serviceName', y: 'billedCost', f: `chargePeriodStart:gte:${from}` });
    if ('error' in parsed) throw new Error(parsed.error);
    const byService = await readSeries(db, 'focus', scope, parsed.query);
    const { rows } = await db.query<{ s: string; v: number }>(
      `select service as s, round(sum(billed_cost), 2)::float8 as v from azure_daily_costs
        where tenant_id = $1 and usage_date >= $2::date group by 1 order by sum(billed_cost) desc, service collate "C"`,
      [TENANT.contoso, from],
    );
    expect(rows.length).toBeGreaterThan(2);
    expect(byService.categories).toEqual(rows.map((r) => r.s));
    expect(byService.series[0]!.values).toEqual(rows.map((r) => Number(r.v)));
  });

  it('given the page’s two charts, then each value is the raw rows’ sum for its day or month and category', async () => {
    const parse = (raw: Record<string, string>) => {
      const parsed = parseSeriesQuery(focus, raw);
      if ('error' in parsed) throw new Error(parsed.error);
      return parsed.query;
    };
    const daily = await readSeries(
      db,
      'focus',
      scope,
      parse({ x: 'chargePeriodStart', y: 'billedCost', grain: 'day' }),
    );
    const byDay = await db.query<{ d: string; v: number }>(
      `select to_char(usage_date, 'YYYY-MM-DD') as d, round(sum(billed_cost), 2)::float8 as v from azure_daily_costs where tenant_id = $1 group by 1`,
      [TENANT.contoso],
    );
    const days = new Map(byDay.rows.map((r) => [r.d, Number(r.v)]));
    daily.categories.forEach((d, i) => expect(daily.series[0]!.values[i], d).toBe(days.get(d)));

    const monthly = await readSeries(
      db,
      'focus',
      scope,
      parse({ x: 'chargePeriodStart', y: 'billedCost', grain: 'month', split: 'serviceCategory' }),
    );
    const byMonth = await db.query<{ m: string; c: string; v: number }>(
      `select to_char(usage_date, 'YYYY-MM') as m, service_category as c, round(sum(billed_cost), 2)::float8 as v from azure_daily_costs where tenant_id = $1 group by 1, 2`,
      [TENANT.contoso],
    );
    const cells = new Map(byMonth.rows.map((r) => [`${r.m}|${r.c}`, Number(r.v)]));
    for (const s of monthly.series.filter((x) => x.name !== 'Other')) {
      monthly.categories.forEach((m, i) =>
        expect(s.values[i], `${m} ${s.name}`).toBe(cells.get(`${m}|${s.name}`) ?? null),
      );
    }
  });

  it('given rows added, changed and removed, then every roll-up and the search terms follow in the same transaction, and the key figures with them', async () => {
    const before = await readSummary(db, 'focus', scope, query({}));
    await db.transaction(async (tx) => {
      await tx.query(
        `insert into azure_daily_costs (tenant_id, id, usage_date, subscription_id, subscription_name, resource_group, resource_id, resource_name, service, service_category, meter, region, quantity, unit, billed_cost, effective_cost)
         select tenant_id, id + 99000, usage_date, subscription_id, subscription_name, resource_group, resource_id, resource_name, service, service_category, meter, region, quantity, unit, 10, 8
           from azure_daily_costs where tenant_id = $1 and id % 100000 < 3 order by id desc limit 3`,
        [TENANT.contoso],
      );
      await tx.query(
        'update azure_daily_costs set billed_cost = billed_cost + 1 where tenant_id = $1 and id in (select id from azure_daily_costs where tenant_id = $1 order by id limit 2)',
        [TENANT.contoso],
      );
    });
    const added = await readSummary(db, 'focus', scope, query({}));
    expect(added.rows).toBe(before.rows! + 3);
    expect(cents(added.billedCost!)).toBe(cents(before.billedCost! + 30 + 2));
    await db.query('delete from azure_daily_costs where tenant_id = $1 and id % 100000 >= 99000', [TENANT.contoso]);
    // Each roll-up holds exactly its source's groups: count and billed cost per key.
    const rollups = [
      [
        'azure_daily_cost_rollup',
        'tenant_id, usage_date, service, service_category, region, charge_category, pricing_category, currency',
      ],
      ['azure_daily_cost_service_rollup', 'tenant_id, usage_date, service, service_category'],
      ['azure_daily_cost_category_rollup', 'tenant_id, usage_date, service_category'],
    ] as const;
    for (const [table, key] of rollups) {
      const { rows } = await db.query<{ stray: number }>(
        `select count(*)::int as stray from ${table} r
          full join (select ${key}, count(*) as n, sum(billed_cost) as b from azure_daily_costs group by ${key}) x
            using (${key})
          where r.row_count is distinct from x.n or r.billed_cost is distinct from x.b`,
      );
      expect({ table, stray: rows[0]!.stray }).toEqual({ table, stray: 0 });
    }
    const terms = await db.query<{ stray: number }>(
      `select count(*)::int as stray from azure_daily_cost_terms t
        full join (select tenant_id, currency || E'\\x1f' || service || E'\\x1f' || service_category || E'\\x1f' || resource_name || E'\\x1f' || resource_id
                          || E'\\x1f' || region || E'\\x1f' || subscription_name || E'\\x1f' || unit as haystack, count(*) as n from azure_daily_costs group by 1, 2) x
          using (tenant_id, haystack)
        where t.row_count is distinct from x.n`,
    );
    expect(terms.rows[0]!.stray).toBe(0);
  });
}
