import type { FeatureDataApi } from '@cloudportal/core';
import { SERIES_CATEGORIES_MAX, SERIES_OTHER, SERIES_SPLIT_MAX, type DataSeries } from '@cloudportal/core/rules';
import { beforeAll, describe, expect, it } from 'vitest';
import { TENANT } from '../seed/tenants';
import { expectStatus, fullDemoAs, SEED_HOOK_TIMEOUT, signInAs, type TestServer } from '../test-support';

/**
 * The chart series (`GET …/api/data/{dataset}/series`, server README "Feature data") over the full
 * demo seed, through the typed core client. The sums are checked against sources that do not share
 * the series SQL: the assistant's monthly roll-up table, one day's rows summed here from the page
 * route, the subscriptions page grouped here.
 */

const cents = (n: number) => Math.round(n * 100) / 100;
const total = (values: readonly (number | null)[]) => values.reduce<number>((sum, v) => sum + (v ?? 0), 0);

describe('chart series (GET /services/api-portal-customer/api/data/{dataset}/series) over the full demo seed', () => {
  let server: TestServer;
  let ada: FeatureDataApi;
  let max: FeatureDataApi;
  let eve: FeatureDataApi;
  let monthly: DataSeries;

  /** The assistant's roll-up `assistant_azure_costs` per month of a tenant. */
  async function rollUp(tenantId: string): Promise<Map<string, number>> {
    const { rows } = await server.db.query<{ period: string; amount: number }>(
      'select period, sum(amount)::float8 as amount from assistant_azure_costs where tenant_id = $1 group by period',
      [tenantId],
    );
    return new Map(rows.map((r) => [r.period, Number(r.amount)]));
  }

  beforeAll(async () => {
    ({ server, ada, max, eve } = await fullDemoAs('ada', 'max', 'eve'));
    monthly = await ada.series('focus', { x: 'chargePeriodStart', y: 'billedCost', grain: 'month' });
  }, SEED_HOOK_TIMEOUT);

  describe('a date x', () => {
    it('sums FOCUS billed cost per day: ascending days with rows, each the sum of that day’s rows on the page route', async () => {
      const daily = await ada.series('focus', { x: 'chargePeriodStart', y: 'billedCost' });
      expect(daily.currency).toBe('USD');
      expect(daily.series.map((s) => s.name)).toEqual(['BilledCost']);
      const days = daily.categories;
      // Thirteen months ending yesterday: every day has rows.
      expect(days.length).toBeGreaterThan(365);
      expect(days.length).toBeLessThanOrEqual(SERIES_CATEGORIES_MAX);
      expect(days.every((d, i) => /^\d{4}-\d{2}-\d{2}$/.test(d) && (i === 0 || days[i - 1]! < d))).toBe(true);
      // The last day is the newest row's, the day before the seed's moment: yesterday, or the day
      // before when this run crossed midnight after the test database was seeded. Seeded on a month's
      // first day, the new month's amount lies on that day itself (a month's days add up to its
      // amount, and it has no earlier day yet).
      const newest = (await ada.page('focus', { sort: [{ id: 'chargePeriodStart', desc: true }], limit: 1 })).rows[0]!
        .chargePeriodStart;
      expect(days[days.length - 1]).toBe(newest);
      const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
      const today = daysAgo(0);
      expect([daysAgo(1), daysAgo(2), ...(today.endsWith('-01') ? [today] : [])]).toContain(newest);
      const values = daily.series[0]!.values;
      expect(values).toHaveLength(days.length);
      expect(values.every((v) => typeof v === 'number' && v > 0 && v === cents(v))).toBe(true);
      // Three days, summed here from the rows themselves (a day has a few hundred rows: one page).
      for (const i of [0, Math.floor(days.length / 2), days.length - 1]) {
        const page = await ada.page('focus', {
          filters: [{ id: 'chargePeriodStart', op: 'eq', value: days[i]! }],
          limit: 1000,
        });
        expect(page.total).toBeGreaterThan(0);
        expect(page.total).toBe(page.rows.length);
        expect({ day: days[i], sum: values[i] }).toEqual({
          day: days[i],
          sum: expect.closeTo(total(page.rows.map((r) => Number(r.billedCost))), 2),
        });
      }
      // The months are the days added up.
      for (const [m, month] of monthly.categories.entries()) {
        const sum = total(values.filter((_v, i) => days[i]!.startsWith(`${month}-`)));
        expect(monthly.series[0]!.values[m]).toBeCloseTo(sum, 1);
      }
    });

    it("sums per month: each month equals the assistant's monthly roll-up (assistant_azure_costs)", async () => {
      expect(monthly.series.map((s) => s.name)).toEqual(['BilledCost']);
      expect(monthly.categories.length).toBeGreaterThanOrEqual(13);
      expect(
        monthly.categories.every((m, i) => /^\d{4}-\d{2}$/.test(m) && (i === 0 || monthly.categories[i - 1]! < m)),
      ).toBe(true);
      const assistant = await rollUp(TENANT.contoso);
      expect([...assistant.keys()].sort()).toEqual(monthly.categories);
      for (const [i, month] of monthly.categories.entries()) {
        expect({ month, amount: monthly.series[0]!.values[i] }).toEqual({
          month,
          amount: expect.closeTo(assistant.get(month)!, 2),
        });
      }
    });

    it('keeps the latest SERIES_CATEGORIES_MAX buckets of a longer range, and leaves out rows without a date', async () => {
      const created = await ada.series('resources', { x: 'createdOn', y: 'costLastMonth' });
      const { rows } = await server.db.query<{ days: number; last: string }>(
        `select count(distinct created_on)::int as days, to_char(max(created_on), 'YYYY-MM-DD') as last from azure_resources where tenant_id = $1`,
        [TENANT.contoso],
      );
      expect(rows[0]!.days).toBeGreaterThan(SERIES_CATEGORIES_MAX);
      expect(created.categories).toHaveLength(SERIES_CATEGORIES_MAX);
      expect(created.categories[created.categories.length - 1]).toBe(rows[0]!.last);
      expect(created.categories.every((d, i) => i === 0 || created.categories[i - 1]! < d)).toBe(true);
      expect(created.categories).not.toContain('(none)');
    });
  });

  describe('split', () => {
    it('splits by service category: one series per category, the largest first, adding up to the unsplit months', async () => {
      const split = await ada.series('focus', {
        x: 'chargePeriodStart',
        y: 'billedCost',
        grain: 'month',
        split: 'serviceCategory',
      });
      const { rows } = await server.db.query<{ name: string }>(
        'select service_category as name from azure_daily_costs where tenant_id = $1 group by service_category order by sum(billed_cost) desc',
        [TENANT.contoso],
      );
      const names = rows.map((r) => r.name);
      expect(split.categories).toEqual(monthly.categories);
      expect(split.series.length).toBeLessThanOrEqual(SERIES_SPLIT_MAX + 1);
      expect(split.series.map((s) => s.name)).toEqual(
        names.length > SERIES_SPLIT_MAX ? [...names.slice(0, SERIES_SPLIT_MAX), SERIES_OTHER] : names,
      );
      for (const [i] of split.categories.entries()) {
        expect(total(split.series.map((s) => s.values[i] ?? null))).toBeCloseTo(monthly.series[0]!.values[i]!, 1);
      }
    });

    it("keeps the 8 largest services and sums the rest as 'Other'; a series without rows on a day is null there", async () => {
      const split = await ada.series('focus', {
        x: 'chargePeriodStart',
        y: 'billedCost',
        split: 'serviceName',
        filters: [{ id: 'chargePeriodStart', op: 'gte', value: monthly.categories.at(-2)! + '-01' }],
      });
      const { rows } = await server.db.query<{ name: string; amount: number }>(
        `select service_name as name, sum(billed_cost)::float8 as amount from focus_costs where tenant_id = $1 and charge_period_start >= $2::date
          group by service_name order by sum(billed_cost) desc, service_name`,
        [TENANT.contoso, monthly.categories.at(-2)! + '-01'],
      );
      expect(rows.length).toBeGreaterThan(SERIES_SPLIT_MAX);
      expect(split.series.map((s) => s.name)).toEqual([
        ...rows.slice(0, SERIES_SPLIT_MAX).map((r) => r.name),
        SERIES_OTHER,
      ]);
      const others = rows.slice(SERIES_SPLIT_MAX).reduce((sum, r) => sum + Number(r.amount), 0);
      expect(total(split.series.at(-1)!.values)).toBeCloseTo(others, 0);
      for (const [i, s] of split.series.slice(0, SERIES_SPLIT_MAX).entries())
        expect(total(s.values)).toBeCloseTo(Number(rows[i]!.amount), 0);
      for (const s of split.series) expect(s.values).toHaveLength(split.categories.length);
      // A resource that started mid-range, beside one there from the first day: its days before are null, not 0.
      const { rows: ends } = await server.db.query<{ late: string; first: string; early: string }>(
        `with r as (select resource_name as name, min(charge_period_start) as first from focus_costs where tenant_id = $1 group by resource_name)
         select (select name from r order by first desc, name limit 1) as late, (select to_char(max(first), 'YYYY-MM-DD') from r) as first,
                (select name from r order by first, name limit 1) as early`,
        [TENANT.contoso],
      );
      const { late, first, early } = ends[0]!;
      const pair = await ada.series('focus', {
        x: 'chargePeriodStart',
        y: 'billedCost',
        split: 'resourceName',
        filters: [{ id: 'resourceName', op: 'in', value: [late, early] }],
      });
      expect(pair.series.map((s) => s.name).sort()).toEqual([late, early].sort());
      const lateValues = pair.series.find((s) => s.name === late)!.values;
      const from = pair.categories.indexOf(first);
      expect(from).toBeGreaterThan(0);
      expect(lateValues.slice(0, from).every((v) => v === null)).toBe(true);
      expect(typeof lateValues[from]).toBe('number');
      expect(pair.series.find((s) => s.name === early)!.values.every((v) => typeof v === 'number')).toBe(true);
    });
  });

  describe('a text x', () => {
    it('orders the categories by their total: subscriptions’ last-month cost by offer, as the page rows add up', async () => {
      const byOffer = await ada.series('subscriptions', { x: 'offer', y: 'costLastMonth' });
      const page = await ada.page('subscriptions', { limit: 1000 });
      const sums = new Map<string, number>();
      for (const r of page.rows) sums.set(String(r.offer), (sums.get(String(r.offer)) ?? 0) + Number(r.costLastMonth));
      const expected = [...sums.entries()].sort((a, b) => b[1] - a[1]);
      expect(byOffer.categories).toEqual(expected.map(([offer]) => offer));
      expect(byOffer.series).toEqual([
        { name: 'Cost last month', values: expected.map(([, v]) => expect.closeTo(v, 2)) },
      ]);
      expect(byOffer.series[0]!.values.every((v, i, all) => i === 0 || all[i - 1]! >= v!)).toBe(true);
    });

    it("groups a boolean x and names empty values '(none)'", async () => {
      const enabled = await ada.series('users', { x: 'enabled', y: 'licenceCost' });
      expect(enabled.categories.every((c) => c === 'true' || c === 'false')).toBe(true);
      const page = await ada.page('users', { limit: 1000 });
      expect(total(enabled.series[0]!.values)).toBeCloseTo(total(page.rows.map((r) => Number(r.licenceCost))), 2);
      await server.db.query(`update m365_users set department = '' where tenant_id = $1 and id = $2`, [
        TENANT.contoso,
        page.rows[0]!.id,
      ]);
      const byDepartment = await ada.series('users', { x: 'department', y: 'licenceCost' });
      expect(byDepartment.categories).toContain('(none)');
    });
  });

  describe('filters, licences and tenants', () => {
    it('applies the filters: Azure recommendations only, against all of them', async () => {
      const all = await ada.series('recommendations', { x: 'provider', y: 'monthlySavings' });
      const azure = await ada.series('recommendations', {
        x: 'category',
        y: 'monthlySavings',
        filters: [{ id: 'provider', op: 'eq', value: 'azure' }],
      });
      const azureByProvider = await ada.series('recommendations', {
        x: 'provider',
        y: 'monthlySavings',
        filters: [{ id: 'provider', op: 'eq', value: 'azure' }],
      });
      expect([...all.categories].sort()).toEqual(['aws', 'azure', 'm365']);
      expect(azureByProvider.categories).toEqual(['azure']);
      const rows = (
        await ada.page('recommendations', { filters: [{ id: 'provider', op: 'eq', value: 'azure' }], limit: 1000 })
      ).rows;
      const azureTotal = total(rows.map((r) => Number(r.monthlySavings)));
      expect(total(azure.series[0]!.values)).toBeCloseTo(azureTotal, 2);
      expect(azureByProvider.series[0]!.values[0]).toBeCloseTo(azureTotal, 2);
      expect(all.series[0]!.values[all.categories.indexOf('azure')]).toBeCloseTo(azureTotal, 2);
      expect(total(all.series[0]!.values)).toBeGreaterThan(azureTotal + 1);
      // Fabrikam holds no Azure licence: its Azure and AWS recommendations are left out, as on the page.
      const fabrikam = await max.series('recommendations', { x: 'provider', y: 'monthlySavings' });
      expect(fabrikam.categories).toEqual(['m365']);
    });

    it('refuses a bad x, y, grain, split or filter with parseSeriesQuery’s 400', async () => {
      await expectStatus(
        ada.series('focus', { x: 'billedCost', y: 'billedCost' }),
        400,
        "x must be a date, text or enum column of the dataset, not 'billedCost'.",
      );
      await expectStatus(
        ada.series('focus', { x: 'nope', y: 'billedCost' }),
        400,
        "x must be a date, text or enum column of the dataset, not 'nope'.",
      );
      await expectStatus(
        ada.series('focus', { x: 'chargePeriodStart', y: 'serviceName' }),
        400,
        "y must be a numeric column of the dataset, not 'serviceName'.",
      );
      await expectStatus(
        ada.series('focus', { x: 'chargePeriodStart', y: 'billedCost', grain: 'week' as 'day' }),
        400,
        "grain must be day or month, not 'week'.",
      );
      await expectStatus(
        ada.series('focus', { x: 'chargePeriodStart', y: 'billedCost', split: 'billedCost' }),
        400,
        "split must be a text or enum column of the dataset, not 'billedCost'.",
      );
      await expectStatus(
        ada.series('focus', {
          x: 'chargePeriodStart',
          y: 'billedCost',
          filters: [{ id: 'billedCost', op: 'gt', value: 'lots' }],
        }),
        400,
        "Filter on 'billedCost' needs a number, not 'lots'.",
      );
      const res = await fetch(
        `${server.baseUrl}/services/api-portal-customer/api/data/focus/series?x=chargePeriodStart&y=billedCost&sort=x`,
        {
          headers: { authorization: `Bearer ${(await signInAs(server, 'ada@contoso.example')).getToken()}` },
        },
      );
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: "Unknown query parameter 'sort'." });
    });

    it('answers 403 for an unlicensed dataset, 404 for an unknown one and 401 without a token', async () => {
      await expectStatus(
        max.series('focus', { x: 'chargePeriodStart', y: 'billedCost' }),
        403,
        'The focus data needs an active Azure licence, and your tenant has none.',
      );
      await expectStatus(
        eve.series('users', { x: 'department', y: 'licenceCost' }),
        403,
        'The users data needs an active Microsoft 365 licence, and your tenant has none.',
      );
      await expectStatus(
        ada.series('nope' as 'focus', { x: 'chargePeriodStart', y: 'billedCost' }),
        404,
        /^There is no dataset 'nope'/,
      );
      const res = await fetch(
        `${server.baseUrl}/services/api-portal-customer/api/data/focus/series?x=chargePeriodStart&y=billedCost`,
      );
      expect(res.status).toBe(401);
    });

    it("sums the caller's tenant only: Northwind's months are its own roll-up and never hold Contoso rows", async () => {
      const northwind = await eve.series('focus', { x: 'chargePeriodStart', y: 'billedCost', grain: 'month' });
      const own = await rollUp(TENANT.northwind);
      expect(northwind.categories).toEqual([...own.keys()].sort());
      for (const [i, month] of northwind.categories.entries()) {
        expect({ month, amount: northwind.series[0]!.values[i] }).toEqual({
          month,
          amount: expect.closeTo(own.get(month)!, 2),
        });
        const contoso = monthly.series[0]!.values[monthly.categories.indexOf(month)];
        expect(northwind.series[0]!.values[i]).not.toBeCloseTo(contoso ?? 0, 0);
      }
      const bySubscription = await eve.series('focus', { x: 'subAccountName', y: 'billedCost' });
      expect(bySubscription.categories.length).toBeGreaterThan(0);
      expect(bySubscription.categories.every((n) => n.startsWith('Northwind'))).toBe(true);
      const contosoSubs = await ada.series('focus', { x: 'subAccountName', y: 'billedCost' });
      expect(contosoSubs.categories.every((n) => n.startsWith('Contoso'))).toBe(true);
    });
  });
});
