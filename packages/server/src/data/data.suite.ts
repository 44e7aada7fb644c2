import { columnLabel, createTranslator, loadLocale, type FeatureDataApi } from '@cloudportal/core';
import {
  csvLine,
  csvLines,
  DATA_EXPORT_MAX,
  DATA_PAGE_MAX,
  DATASETS,
  filterOpsFor,
  parseDataQuery,
  type DataCell,
  type DataColumn,
  type DataFilter,
  type DataPage,
  type DatasetId,
  type DataRow,
} from '@cloudportal/core/rules';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  azureBudgets,
  azureCosts,
  azureReservations,
  m365InactiveUsers,
  m365Usage,
  recommendations,
  secureScore,
  type ToolContext,
} from '../chatbot/tools';
import { csvLineSql, readAll, type ExportRow } from './query';
import { periodOf } from '../chatbot/time';
import { TENANT } from '../seed/tenants';
import { expectStatus, fullDemoAs, SEED_HOOK_TIMEOUT, signInAs, type TestServer } from '../test-support';

/**
 * The feature pages' data calls (server README "Feature data") over the full demo seed, through the
 * typed core client: every dataset pages, sorts by each column, filters with each op, searches,
 * refuses bad input readably, exports CSV, and agrees with what the assistant answers.
 */

const IDS = Object.keys(DATASETS) as DatasetId[];
/** Contoso as ada reads its data, for the reads called without a request. */
const CONTOSO = { tenantId: TENANT.contoso, modules: ['azure', 'm365'], now: new Date() };
/**
 * The fewest rows each dataset has for Contoso, less one: the FOCUS rows are 13 months of daily
 * cost; the Secure Score actions are the assistant's hand-written few.
 */
const MORE_THAN: Partial<Record<DatasetId, number>> = { focus: 100_000, securityControls: 4 };

/** Nulls last; text in code-unit order (the server sorts text with the "C" collation). */
function compare(a: DataCell, b: DataCell): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return Buffer.compare(Buffer.from(String(a)), Buffer.from(String(b)));
}

function inOrder(rows: readonly DataRow[], id: string, desc: boolean): boolean {
  return rows.every((row, i) => {
    if (i === 0) return true;
    const c = compare(rows[i - 1]![id] ?? null, row[id] ?? null);
    // Nulls stay last in both directions.
    if (row[id] === null || rows[i - 1]![id] === null) return c <= 0;
    return desc ? c >= 0 : c <= 0;
  });
}

/** Whether a cell passes a filter, as the server must decide it. */
function passes(cell: DataCell, f: DataFilter, column: DataColumn): boolean {
  const value = f.value;
  if (f.op === 'in') return (value as readonly string[]).includes(String(cell));
  if (f.op === 'contains') return cell !== null && String(cell).toLowerCase().includes(String(value).toLowerCase());
  if (cell === null) return f.op === 'ne';
  const numeric = ['number', 'currency', 'percent'].includes(column.type);
  const c = numeric
    ? Number(cell) - Number(value)
    : column.type === 'datetime'
      ? Date.parse(String(cell)) - Date.parse(String(value))
      : compare(cell, String(value));
  return { eq: c === 0, ne: c !== 0, lt: c < 0, lte: c <= 0, gt: c > 0, gte: c >= 0 }[f.op];
}

/** A filter value of `column` taken from a row (so every op has rows on both sides). */
function sample(column: DataColumn, rows: readonly DataRow[]): string | null {
  const cells = rows.map((r) => r[column.id] ?? null).filter((v) => v !== null && v !== '');
  const v = cells[Math.floor(cells.length / 2)];
  return v === undefined ? null : String(v);
}

/** The records of an RFC 4180 text (CRLF line ends, quoted fields with doubled quotes). */
function csvRows(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      out.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return out;
}

describe('feature data (GET/POST /services/api-portal-customer/api/data/…) over the full demo seed', () => {
  let server: TestServer;
  let ada: FeatureDataApi;
  let max: FeatureDataApi;
  let eve: FeatureDataApi;
  let sam: FeatureDataApi;
  const tool = (tenantId: string): ToolContext => ({ db: server.db, tenantId, now: new Date() });

  beforeAll(
    async () => ({ server, ada, max, eve, sam } = await fullDemoAs('ada', 'max', 'eve', 'sam')),
    SEED_HOOK_TIMEOUT,
  );

  describe.each(IDS)('dataset %s (as ada, Contoso)', (ds) => {
    const def = DATASETS[ds];
    // The FOCUS rows' column-by-column checks run over the last month (about 10,000 rows) to keep the
    // suite quick; paging and the export below read all of them.
    const scope: DataFilter[] =
      ds === 'focus' ? [{ id: 'chargePeriodStart', op: 'gte', value: `${periodOf(new Date(), -1)}-01` }] : [];

    it('pages with a stable order and a total; offset and limit cut the same sequence', async () => {
      const all = await ada.page(ds, { limit: 40 });
      expect(all.total).toBeGreaterThan(MORE_THAN[ds] ?? 5);
      expect(all).toMatchObject({ offset: 0, limit: 40, sort: def.defaultSort, currency: 'USD' });
      expect(all.rows).toHaveLength(Math.min(40, all.total));
      const second = await ada.page(ds, { offset: 20, limit: 20 });
      expect(second.total).toBe(all.total);
      expect(second.rows.map((r) => r.id)).toEqual(all.rows.slice(20, 40).map((r) => r.id));
      expect(new Set(all.rows.map((r) => r.id)).size).toBe(all.rows.length);
      for (const row of all.rows)
        expect(Object.keys(row).sort()).toEqual(['id', ...def.columns.map((c) => c.id)].sort());
      expect(inOrder(all.rows, def.defaultSort[0]!.id, def.defaultSort[0]!.desc)).toBe(true);
    });

    // A test per column: the whole dataset's sorts, or filters, took up to 17 s on PostgreSQL.
    const columns = def.columns.map((c) => [c.id, c] as const);

    it.each(columns)('sorts by %s, ascending and descending', async (_id, column) => {
      for (const desc of [false, true]) {
        const page = await ada.page(ds, { limit: 60, sort: [{ id: column.id, desc }], filters: scope });
        expect(page.sort).toEqual([{ id: column.id, desc }]);
        expect({ column: column.id, desc, ordered: inOrder(page.rows, column.id, desc) }).toEqual({
          column: column.id,
          desc,
          ordered: true,
        });
      }
    });

    describe('filters with every op each column takes', () => {
      let base: DataPage;
      beforeAll(async () => {
        base = await ada.page(ds, { limit: 200, filters: scope });
      });

      it.each(columns)('%s', async (_id, column) => {
        const value = sample(column, base.rows);
        if (value === null) return;
        for (const op of filterOpsFor(column.type)) {
          const other = base.rows.map((r) => r[column.id]).find((v) => v !== null && String(v) !== value);
          const filter: DataFilter =
            op === 'in'
              ? { id: column.id, op, value: [value, String(other ?? value)] }
              : { id: column.id, op, value: op === 'contains' ? value.slice(1, 4) || value : value };
          const page = await ada.page(ds, { limit: 100, filters: [...scope, filter] });
          expect(page.total, `${column.id} ${op} ${JSON.stringify(filter.value)}`).toBeLessThanOrEqual(base.total);
          const wrong = page.rows.filter((r) => !passes(r[column.id] ?? null, filter, column));
          expect(
            wrong.map((r) => `${column.id} ${op} ${JSON.stringify(filter.value)}: ${JSON.stringify(r[column.id])}`),
          ).toEqual([]);
          if (op === 'eq' || op === 'contains' || op === 'in' || op === 'lte' || op === 'gte')
            expect(page.total, `${column.id} ${op}`).toBeGreaterThan(0);
        }
      });
    });

    it('searches the text columns with q, case-insensitively, and takes % and _ literally', async () => {
      const text = def.columns.filter((c) => c.type === 'text');
      const first = (await ada.page(ds, { limit: 1, sort: [{ id: text[0]!.id, desc: true }], filters: scope }))
        .rows[0]!;
      const q = String(first[text[0]!.id]).slice(0, 5).toUpperCase();
      const page = await ada.page(ds, { q, limit: 100, filters: scope });
      expect(page.total).toBeGreaterThan(0);
      for (const row of page.rows)
        expect(
          text.some((c) =>
            String(row[c.id] ?? '')
              .toLowerCase()
              .includes(q.toLowerCase()),
          ),
        ).toBe(true);
      // A % or _ in the text is that character, not a wildcard: every row found holds it.
      for (const literal of ['%', '_', '0%0']) {
        const found = await ada.page(ds, { q: literal, limit: 200, filters: scope });
        for (const row of found.rows) expect(text.some((c) => String(row[c.id] ?? '').includes(literal))).toBe(true);
      }
    });

    it('answers its key figures, over the rows the filters keep', async () => {
      const summary = await ada.summary(ds);
      expect(summary.currency).toBe('USD');
      expect(summary.kpis.map((k) => k.id)).toEqual(def.kpis.map((k) => k.id));
      for (const k of summary.kpis) expect(Number.isFinite(k.value)).toBe(true);
      const column = def.columns.find((c) => c.type === 'text')!;
      const narrowed = await ada.summary(ds, [{ id: column.id, op: 'eq', value: 'no such value' }]);
      for (const k of narrowed.kpis) expect(k.value).toBe(0);
    });

    it('refuses bad queries with a readable 400', async () => {
      await expectStatus(
        ada.page(ds, { sort: [{ id: 'nope', desc: false }] }),
        400,
        "Cannot sort by 'nope': the dataset has no such column.",
      );
      await expectStatus(
        ada.page(ds, { filters: [{ id: 'nope', op: 'eq', value: 'x' }] }),
        400,
        "Cannot filter by 'nope': the dataset has no such column.",
      );
      await expectStatus(
        ada.page(ds, { limit: DATA_PAGE_MAX + 1 }),
        400,
        `limit must be a whole number from 1 to ${DATA_PAGE_MAX}, not '${DATA_PAGE_MAX + 1}'.`,
      );
      const numeric = def.columns.find((c) => c.type === 'number' || c.type === 'currency');
      if (numeric) {
        await expectStatus(
          ada.page(ds, { filters: [{ id: numeric.id, op: 'contains', value: '1' }] }),
          400,
          new RegExp(`^Filter on '${numeric.id}' cannot use 'contains'`),
        );
        await expectStatus(
          ada.page(ds, { filters: [{ id: numeric.id, op: 'gt', value: 'lots' }] }),
          400,
          `Filter on '${numeric.id}' needs a number, not 'lots'.`,
        );
      }
      await expectStatus(
        ada.exportCsv(ds, { columns: ['nope'] }),
        400,
        "Cannot export 'nope': the dataset has no such column.",
      );
    });

    it('exports the matching rows as CSV: a header of labels, then one line per row in the page order', async () => {
      const filters = scope;
      const page = await ada.page(ds, { filters, limit: 5 });
      const blob = await ada.exportCsv(ds, { filters });
      const lines = csvRows(await blob.text());
      expect(lines[0]).toEqual(def.columns.map((c) => c.label));
      expect(lines.length - 1).toBe(page.total);
      const labelled = def.columns.map((c) => c.id);
      expect(lines[1]![labelled.indexOf(def.columns[0]!.id)]).toBe(
        page.rows[0]![def.columns[0]!.id] === null ? '' : String(page.rows[0]![def.columns[0]!.id]),
      );
    });

    it("writes every line as core's csvLines writes the rows (the database writes the lines)", async () => {
      const parsed = parseDataQuery(
        def,
        Object.fromEntries(scope.map((f) => ['f', `${f.id}:${f.op}:${String(f.value)}`])),
      );
      if ('error' in parsed) throw new Error(parsed.error);
      const rows: ExportRow[] = [];
      for await (const batch of readAll(server.db, ds, CONTOSO, parsed.query, { batch: 5000, max: DATA_EXPORT_MAX }))
        rows.push(...batch);
      const written = (await (await ada.exportCsv(ds, { filters: scope })).text()).split('\r\n');
      const expected = (
        csvLine(def.columns.map((c) => c.label)) +
        csvLines(
          rows,
          def.columns.map((c) => c.id),
        )
      ).split('\r\n');
      const differing = expected
        .flatMap((line, i) => (line === written[i] ? [] : [{ line: i, expected: line, written: written[i] }]))
        .slice(0, 3);
      expect(differing).toEqual([]);
      expect(written.length).toBe(expected.length);
    });
  });

  describe('CSV export', () => {
    it('streams every FOCUS row (over 100,000), newest first, with the right headers and the chosen columns in order', async () => {
      const res = await fetch(
        `${server.baseUrl}/services/api-portal-customer/api/data/focus/export.csv?columns=chargePeriodStart,billedCost,resourceName`,
        {
          headers: { authorization: `Bearer ${(await signInAs(server, 'ada@contoso.example')).getToken()}` },
        },
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="focus-${new Date().toISOString().slice(0, 10)}.csv"`,
      );
      const lines = csvRows(await res.text());
      expect(lines[0]).toEqual(['ChargePeriodStart', 'BilledCost', 'ResourceName']);
      const page = await ada.page('focus', { limit: 3 });
      expect(lines.length - 1).toBe(page.total);
      expect(page.total).toBeGreaterThan(100_000);
      expect(lines.slice(1, 4)).toEqual(
        page.rows.map((r) => [r.chargePeriodStart, String(r.billedCost), r.resourceName]),
      );
      const days = lines.slice(1).map((l) => l[0]!);
      expect(days.every((d, i) => /^\d{4}-\d{2}-\d{2}$/.test(d) && (i === 0 || days[i - 1]! >= d))).toBe(true);
      expect(new Set(lines.slice(1).map((l) => l.join())).size).toBe(page.total);
    });

    it("given the client's locale in Accept-Language, then the header's labels are in that language (issue 24 §2)", async () => {
      const token = (await signInAs(server, 'ada@contoso.example')).getToken();
      const exportIn = (language?: string) =>
        fetch(`${server.baseUrl}/services/api-portal-customer/api/data/budgets/export.csv?columns=name,amount`, {
          headers: { authorization: `Bearer ${token}`, ...(language ? { 'accept-language': language } : {}) },
        });
      const german = await exportIn('de-DE,de;q=0.9,en;q=0.5');
      expect(german.headers.get('vary')).toContain('Accept-Language');
      const t = createTranslator(await loadLocale('de'));
      const columns = DATASETS.budgets.columns.filter((c) => c.id === 'name' || c.id === 'amount');
      const header = csvRows(await german.text())[0];
      expect(header).toEqual(columns.map((c) => columnLabel(t, 'budgets', c)));
      expect(header).not.toEqual(columns.map((c) => c.label));
      // A language without messages, or none asked for: English.
      for (const language of ['fr-FR', undefined])
        expect(csvRows(await (await exportIn(language)).text())[0]).toEqual(columns.map((c) => c.label));
    });

    it('reads in keyset batches that join up to exactly the sorted rows, nulls and ties included', async () => {
      const cases: [DatasetId, string][] = [
        ['recommendations', 'statusBy:asc,impact:desc'],
        ['recommendations', 'statusAt:desc'],
        ['users', 'lastSignIn:desc'],
        ['users', 'department:asc,enabled:desc'],
        ['alerts', 'severity:asc'],
        ['resources', 'createdOn:asc,costLastMonth:desc'],
        ['focus', 'chargePeriodStart:asc'],
      ];
      for (const [ds, sort] of cases) {
        const raw: Record<string, unknown> = {
          sort,
          limit: '1000',
          ...(ds === 'focus'
            ? { f: 'chargePeriodStart:gte:' + new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10) }
            : {}),
        };
        const parsed = parseDataQuery(DATASETS[ds], raw);
        if ('error' in parsed) throw new Error(parsed.error);
        const batches: string[] = [];
        for await (const batch of readAll(server.db, ds, CONTOSO, parsed.query, { batch: 7, max: 1000 }))
          batches.push(...batch.map((r) => r['row:id']));
        const page = await ada.page(ds, { sort: parsed.query.sort, limit: 1000, filters: parsed.query.filters });
        expect({ ds, sort, ids: batches }).toEqual({ ds, sort, ids: page.rows.map((r) => r.id) });
      }
    });

    it("writes each field in the database as core's csvField writes it: formulas defused, quotes, line ends, numbers, nulls", async () => {
      const columns: DataColumn[] = [
        { id: 'text', label: 'Text', type: 'text' },
        { id: 'amount', label: 'Amount', type: 'currency' },
        { id: 'day', label: 'Day', type: 'date' },
        { id: 'on', label: 'On', type: 'boolean' },
        { id: 'kind', label: 'Kind', type: 'enum' },
      ];
      const texts = [
        null,
        '',
        'plain',
        'a,b',
        'say "hi"',
        'two\r\nlines',
        'line\nend',
        '=SUM(A1)',
        '+1',
        '-x',
        '@here',
        '\tlead',
        '\rlead',
        "it's",
        'ünïcødé',
        '\x1fsep',
        'a\x1f=b',
        '"=quoted"',
      ];
      const amounts = [
        null,
        '0',
        '0.000',
        '1',
        '-12.50',
        '0.1',
        '1234567.891',
        '0.00005',
        '0.000001',
        '100000000000000000000',
        '123456789012345',
      ];
      const line = csvLineSql(columns);
      for (const [i, text] of texts.entries()) {
        const amount = amounts[i % amounts.length]!;
        const values = [
          text,
          amount,
          i % 3 ? '2026-02-0' + String(1 + (i % 9)) : null,
          i % 4 ? i % 2 === 0 : null,
          texts[(i + 7) % texts.length]!,
        ];
        const { rows } = await server.db.query<{ line: string }>(
          `select ${line} as line from (select $1::text as "text", $2::numeric as "amount", $3::date as "day", $4::boolean as "on", $5::text as "kind") t`,
          values,
        );
        const cells: DataCell[] = [
          text,
          amount === null ? null : Number(amount),
          values[2] as string | null,
          values[3] as boolean | null,
          values[4] as string | null,
        ];
        expect({ values, line: `${rows[0]!.line}\r\n` }).toEqual({ values, line: csvLine(cells) });
      }
    });

    it('writes a cell a spreadsheet would run as a formula as text', async () => {
      const id = (await ada.page('subscriptions', { limit: 1 })).rows[0]!.id;
      await server.db.query(
        `update azure_subscriptions set owner = '=HYPERLINK("http://evil.example","x")' where tenant_id = $1 and subscription_id = $2`,
        [TENANT.contoso, id],
      );
      const text = await (
        await ada.exportCsv('subscriptions', {
          columns: ['subscriptionId', 'owner'],
          filters: [{ id: 'subscriptionId', op: 'eq', value: id }],
        })
      ).text();
      expect(text).toBe(`Subscription ID,Owner\r\n${id},"'=HYPERLINK(""http://evil.example"",""x"")"\r\n`);
    });
  });

  describe('actions', () => {
    it('dismisses a recommendation with a reason; the assistant stops counting it; restore brings it back', async () => {
      const before = await recommendations(tool(TENANT.contoso), { dataset: 'azure' });
      const top = before.recommendations[0]!;
      const row = (await ada.page('recommendations', { filters: [{ id: 'title', op: 'eq', value: top.title }] }))
        .rows[0]!;
      expect(row.status).toBe('open');
      await expectStatus(ada.act('recommendations', row.id, 'dismiss'), 400, "Say why: 'dismiss' needs a reason.");
      await expectStatus(ada.act('recommendations', row.id, 'dismiss', { reason: 'x'.repeat(501) }), 400);
      const dismissed = await ada.act('recommendations', row.id, 'dismiss', { reason: 'Needed for the audit' });
      expect(dismissed).toMatchObject({
        id: row.id,
        status: 'dismissed',
        statusReason: 'Needed for the audit',
        statusBy: 'Ada Lovelace',
      });
      expect(Date.now() - Date.parse(String(dismissed.statusAt))).toBeLessThan(60_000);
      // Idempotent: the same action again changes nothing.
      expect(await ada.act('recommendations', row.id, 'dismiss', { reason: 'Another reason' })).toEqual(dismissed);
      const after = await recommendations(tool(TENANT.contoso), { dataset: 'azure' });
      expect(after.recommendations.map((r) => r.title)).not.toContain(top.title);
      expect(after.totalMonthlySavings).toBeCloseTo(before.totalMonthlySavings - top.monthlySavings, 2);
      const kpis = async () =>
        Object.fromEntries(
          (await ada.summary('recommendations', [{ id: 'provider', op: 'eq', value: 'azure' }])).kpis.map((k) => [
            k.id,
            k.value,
          ]),
        );
      expect((await kpis()).monthlySavings).toBeCloseTo(after.totalMonthlySavings, 2);
      const restored = await ada.act('recommendations', row.id, 'restore');
      expect(restored).toMatchObject({ status: 'open', statusReason: null, statusBy: 'Ada Lovelace' });
      expect(
        (await recommendations(tool(TENANT.contoso), { dataset: 'azure' })).recommendations.map((r) => r.title),
      ).toContain(top.title);
      expect((await kpis()).monthlySavings).toBeCloseTo(before.totalMonthlySavings, 2);
      const done = await ada.act('recommendations', row.id, 'done');
      expect(done).toMatchObject({ status: 'done', statusReason: null });
      expect(
        (await recommendations(tool(TENANT.contoso), { dataset: 'all' })).recommendations.map((r) => r.title),
      ).not.toContain(top.title);
      await ada.act('recommendations', row.id, 'restore');
    });

    it('acknowledges a fired alert once, keeps its history, and refuses a resolved one', async () => {
      const fired = (await ada.page('alerts', { filters: [{ id: 'status', op: 'eq', value: 'Fired' }], limit: 1 }))
        .rows[0]!;
      const acknowledged = await ada.act('alerts', fired.id, 'acknowledge');
      expect(acknowledged).toMatchObject({ id: fired.id, status: 'Acknowledged', statusBy: 'Ada Lovelace' });
      expect(await ada.act('alerts', fired.id, 'acknowledge')).toEqual(acknowledged);
      const { rows: history } = await server.db.query<{ status: string; by_name: string | null }>(
        'select status, by_name from alert_history where tenant_id = $1 and alert_id = $2 order by seq',
        [TENANT.contoso, fired.id],
      );
      expect(history).toEqual([
        { status: 'Fired', by_name: null },
        { status: 'Acknowledged', by_name: 'Ada Lovelace' },
      ]);
      const resolved = (
        await ada.page('alerts', { filters: [{ id: 'status', op: 'eq', value: 'Resolved' }], limit: 1 })
      ).rows[0]!;
      await expectStatus(
        ada.act('alerts', resolved.id, 'acknowledge'),
        409,
        "This row is resolved: 'acknowledge' does not apply to it.",
      );
    });

    it('refuses a verb the dataset lacks (400), an unknown id (404) and a dataset without actions (400)', async () => {
      const rec = (await ada.page('recommendations', { limit: 1 })).rows[0]!;
      await expectStatus(
        ada.act('recommendations', rec.id, 'acknowledge'),
        400,
        "The recommendations data has no action 'acknowledge'; it has dismiss, done, restore.",
      );
      await expectStatus(
        ada.act('recommendations', 'no-such-id', 'done'),
        404,
        "There is no recommendations row 'no-such-id' in your tenant.",
      );
      await expectStatus(
        ada.act('licenses', 'Microsoft 365 E3', 'dismiss', { reason: 'x' }),
        400,
        'The licenses data has no actions.',
      );
      await expectStatus(ada.page('nope' as DatasetId), 404, /^There is no dataset 'nope'/);
    });
  });

  describe('licences and tenant isolation', () => {
    it('answers 403 for a dataset of a module the tenant is not licensed for', async () => {
      for (const ds of ['subscriptions', 'resources', 'focus'] as const)
        await expectStatus(
          max.page(ds),
          403,
          `The ${ds} data needs an active Azure licence, and your tenant has none.`,
        );
      await expectStatus(max.exportCsv('focus'), 403);
      await expectStatus(max.summary('resources'), 403);
      for (const ds of ['users', 'licenses'] as const)
        await expectStatus(
          eve.page(ds),
          403,
          `The ${ds} data needs an active Microsoft 365 licence, and your tenant has none.`,
        );
      await expectStatus(sam.page('subscriptions'), 403);
      await expectStatus(sam.page('users'), 403);
      // Litware has Azure recommendations in store but no active licence: none are shown.
      expect((await sam.page('recommendations')).total).toBe(0);
    });

    it("each tenant reads its own rows only, and another tenant's id is unknown", async () => {
      const contosoRec = (
        await ada.page('recommendations', { limit: 1, filters: [{ id: 'provider', op: 'eq', value: 'azure' }] })
      ).rows[0]!;
      await expectStatus(max.act('recommendations', contosoRec.id, 'done'), 404);
      await expectStatus(eve.act('recommendations', contosoRec.id, 'done'), 404);
      // Alert ids are numbered per tenant: Fabrikam's own al-… of the same id is the one max may act on.
      const contosoAlert = (
        await ada.page('alerts', { limit: 1, filters: [{ id: 'status', op: 'eq', value: 'Fired' }] })
      ).rows[0]!;
      await max.act('alerts', contosoAlert.id, 'acknowledge').catch(() => undefined);
      const again = (
        await ada.page('alerts', {
          filters: [
            { id: 'name', op: 'eq', value: String(contosoAlert.name) },
            { id: 'status', op: 'eq', value: 'Fired' },
          ],
          limit: 1000,
        })
      ).rows;
      expect(again.map((r) => r.id)).toContain(contosoAlert.id);

      const fabrikam = await max.page('recommendations', { limit: 100 });
      expect(fabrikam.rows.every((r) => r.provider === 'm365')).toBe(true);
      const { rows: own } = await server.db.query<{ id: string }>(
        'select id from assistant_recommendations where tenant_id = $1',
        [TENANT.fabrikam],
      );
      expect(fabrikam.rows.map((r) => r.id).sort()).toEqual(own.map((r) => r.id).sort());
      const northwind = await eve.page('subscriptions');
      expect(northwind.rows.map((r) => r.name).every((n) => String(n).startsWith('Northwind'))).toBe(true);
      const northwindResources = await eve.page('resources', { limit: 1000 });
      expect(northwindResources.total).toBe(400);
      expect(northwindResources.rows.some((r) => r.name === 'vm-finance-01')).toBe(false);
      expect(
        (await max.page('users', { limit: 1000 })).rows.every((r) => String(r.upn).endsWith('@fabrikam.example')),
      ).toBe(true);
    });
  });

  describe('one data set: the pages agree with the assistant', () => {
    it("last month's FOCUS cost per subscription equals the assistant's monthly roll-up and the subscriptions page", async () => {
      const last = periodOf(new Date(), -1);
      const [y, m] = last.split('-').map(Number) as [number, number];
      const end = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
      const assistant = await azureCosts(tool(TENANT.contoso), { groupBy: 'subscription' });
      expect(assistant.rows.length).toBeGreaterThanOrEqual(10);
      const subscriptions = await ada.page('subscriptions', { limit: 100 });
      for (const row of assistant.rows) {
        const summary = await ada.summary('focus', [
          { id: 'subAccountName', op: 'eq', value: row.name },
          { id: 'chargePeriodStart', op: 'gte', value: `${last}-01` },
          { id: 'chargePeriodStart', op: 'lte', value: end },
        ]);
        expect({ sub: row.name, focus: summary.kpis.find((k) => k.id === 'billedCost')!.value }).toEqual({
          sub: row.name,
          focus: expect.closeTo(row.amount, 2),
        });
        expect(subscriptions.rows.find((s) => s.name === row.name)?.costLastMonth).toBeCloseTo(row.amount, 2);
      }
      const resources = await ada.summary('resources');
      expect(resources.kpis.find((k) => k.id === 'costLastMonth')!.value).toBeCloseTo(assistant.total, 2);
    });

    it("each budget's actual month to date is the assistant's azure_budgets actual for the current month", async () => {
      const assistant = await azureBudgets(tool(TENANT.contoso), { month: periodOf(new Date(), 0) });
      const page = await ada.page('budgets', { limit: 100 });
      expect(page.rows).toHaveLength(assistant.budgets.length);
      expect(assistant.budgets.length).toBeGreaterThan(0);
      for (const b of assistant.budgets) {
        const row = page.rows.find((r) => r.name === b.name)!;
        expect({ name: b.name, scope: row.scope, amount: row.amount, actual: row.actual }).toEqual({
          name: b.name,
          scope: b.scope,
          amount: b.amount,
          actual: expect.closeTo(b.actual, 2),
        });
        expect(row.status === 'Over budget').toBe(b.status === 'over');
      }
      const kpis = Object.fromEntries((await ada.summary('budgets')).kpis.map((k) => [k.id, k.value]));
      expect(kpis).toMatchObject({
        budgets: assistant.budgets.length,
        overBudget: assistant.budgets.filter((b) => b.status === 'over').length,
      });
    });

    it("the reservations and savings plans are the assistant's, with its savings and mean utilisation", async () => {
      const assistant = await azureReservations(tool(TENANT.contoso));
      const page = await ada.page('reservations', { limit: 100 });
      expect(page.rows.map((r) => r.name).sort()).toEqual(assistant.reservations.map((r) => r.name).sort());
      for (const r of assistant.reservations)
        expect(page.rows.find((row) => row.name === r.name)?.utilisation).toBeCloseTo(r.utilisation / 100, 6);
      const kpis = Object.fromEntries((await ada.summary('reservations')).kpis.map((k) => [k.id, k.value]));
      expect(kpis.monthlySavings).toBeCloseTo(assistant.totalMonthlySavings, 2);
      expect(kpis.utilisation).toBeCloseTo(assistant.averageUtilisation! / 100, 3);
      expect(page.rows.filter((r) => r.kind === 'Savings plan').map((r) => r.name)).toEqual(['Compute savings plan']);
    });

    it("the Secure Score page's actions and score are the assistant's", async () => {
      const assistant = await secureScore(tool(TENANT.contoso));
      const page = await ada.page('securityControls', { limit: 100 });
      expect(page.rows.map((r) => ({ title: r.control, category: r.category, points: r.points }))).toEqual(
        assistant.actions,
      );
      const kpis = Object.fromEntries((await ada.summary('securityControls')).kpis.map((k) => [k.id, k.value]));
      expect(kpis).toMatchObject({ currentScore: assistant.current, maxScore: assistant.max });
      expect(kpis.percent).toBeCloseTo(assistant.current! / assistant.max!, 6);
    });

    it("each workload's usage metrics are the assistant's", async () => {
      const assistant = await m365Usage(tool(TENANT.contoso), {});
      const label = { teams: 'Teams', mail: 'Mail', sharepoint: 'SharePoint' } as const;
      for (const w of assistant.workloads) {
        const filters: DataFilter[] = [{ id: 'workload', op: 'eq', value: label[w.workload] }];
        const page = await ada.page('usage', { filters, limit: 100 });
        expect(Object.fromEntries(page.rows.map((r) => [r.metric, r.value]))).toEqual(
          Object.fromEntries(w.metrics.map((m) => [m.name, m.value])),
        );
        const kpis = Object.fromEntries((await ada.summary('usage', filters)).kpis.map((k) => [k.id, k.value]));
        expect(kpis).toMatchObject({ enabledUsers: w.enabledUsers, activeUsers: w.activeUsers });
      }
    });

    it('each licence is assigned to exactly as many users as hold it, and the inactive users are the assistant’s', async () => {
      for (const api of [ada, max]) {
        const licenses = await api.page('licenses');
        for (const l of licenses.rows) {
          const holders = await api.page('users', {
            filters: [{ id: 'licences', op: 'contains', value: String(l.sku) }],
            limit: 1000,
          });
          const exact = holders.rows.filter((u) => String(u.licences).split(', ').includes(String(l.sku)));
          expect({ sku: l.sku, holders: exact.length }).toEqual({ sku: l.sku, holders: l.assigned });
        }
      }
      const inactive = await m365InactiveUsers(tool(TENANT.contoso), {});
      const kpis = Object.fromEntries((await ada.summary('users')).kpis.map((k) => [k.id, k.value]));
      expect(kpis).toMatchObject({ inactive: inactive.count, reclaimable: inactive.licenseMonthlyCost });
      expect(inactive.count).toBe(12);
    });
  });
});
