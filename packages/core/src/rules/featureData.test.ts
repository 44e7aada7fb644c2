import { describe, expect, it } from 'vitest';
import {
  csvField,
  csvLine,
  csvLines,
  DATA_PAGE_MAX,
  DATA_PAGE_SIZE,
  dataQueryParams,
  DATASETS,
  exportFileName,
  filterOpsFor,
  isDatasetId,
  isCalendarDate,
  isCalendarDateTime,
  parseDataQuery,
  DATA_CURSOR_ERROR,
  parseSeriesQuery,
  seriesQueryParams,
  DATASET_PAGES,
  type DatasetDef,
  type DatasetId,
  type DatasetPageDefinition,
} from './featureData';
import { FEATURE_COMPONENTS } from './menu';

const subscriptions: DatasetDef = DATASETS.subscriptions;

function parsed(raw: Record<string, unknown>) {
  const result = parseDataQuery(subscriptions, raw);
  if ('error' in result) throw new Error(result.error);
  return result.query;
}

function error(raw: Record<string, unknown>) {
  const result = parseDataQuery(subscriptions, raw);
  return 'error' in result ? result.error : null;
}

describe('feature-page datasets (spec §2 feature pages, §7 cost-management calls)', () => {
  it('every dataset has unique column ids, its default sort and kpis on its own columns, and options on every enum', () => {
    for (const [name, def] of Object.entries(DATASETS) as [string, DatasetDef][]) {
      const ids = def.columns.map((c) => c.id);
      expect(new Set(ids).size, name).toBe(ids.length);
      expect(ids, name).not.toContain('id');
      for (const s of def.defaultSort) expect(ids, name).toContain(s.id);
      for (const c of def.columns)
        if (c.type === 'enum') expect(c.options?.length, `${name}.${c.id}`).toBeGreaterThan(0);
      expect(def.kpis.length, name).toBeGreaterThan(0);
    }
  });

  it('names datasets only by their own keys', () => {
    expect(isDatasetId('focus')).toBe(true);
    expect(isDatasetId('toString')).toBe(false);
    expect(isDatasetId('settings-dashboard')).toBe(false);
  });

  it('gives each column type the comparisons that make sense for it', () => {
    expect(filterOpsFor('text')).toContain('contains');
    expect(filterOpsFor('currency')).toEqual(['eq', 'ne', 'lt', 'lte', 'gt', 'gte']);
    expect(filterOpsFor('boolean')).toEqual(['eq']);
    expect(filterOpsFor('enum')).not.toContain('contains');
  });
});

describe('the dataset pages, written with their datasets (spec §2 "A loader opens feature pages by component name")', () => {
  it('names a component of the list, and only columns of its dataset in its charts and fixed filters', () => {
    for (const [name, page] of Object.entries(DATASET_PAGES) as [string, DatasetPageDefinition<DatasetId>][]) {
      expect(FEATURE_COMPONENTS as readonly string[], name).toContain(name);
      const ids = DATASETS[page.dataset].columns.map((c): string => c.id);
      for (const chart of page.charts ?? [])
        for (const column of [chart.x, chart.y, chart.split])
          if (column) expect(ids, `${name}: ${chart.title}`).toContain(column);
      for (const filter of page.fixedFilters ?? []) expect(ids, name).toContain(filter.id);
    }
  });
});

describe('a grid query as query-string parameters', () => {
  it('writes sort keys, filters, search text and columns, and reads them back', () => {
    const params = dataQueryParams({
      offset: 200,
      limit: 100,
      sort: [
        { id: 'costLastMonth', desc: true },
        { id: 'name', desc: false },
      ],
      q: '  prod ',
      filters: [
        { id: 'state', op: 'in', value: ['Enabled', 'Warned'] },
        { id: 'costLastMonth', op: 'gte', value: '100' },
      ],
    });
    expect(params).toEqual({
      offset: 200,
      limit: 100,
      sort: 'costLastMonth:desc,name:asc',
      q: 'prod',
      f: ['state:in:Enabled|Warned', 'costLastMonth:gte:100'],
    });
    expect(parsed({ ...params, offset: '200', limit: '100' })).toEqual({
      offset: 200,
      limit: 100,
      sort: [
        { id: 'costLastMonth', desc: true },
        { id: 'name', desc: false },
      ],
      q: 'prod',
      filters: [
        { id: 'state', op: 'in', value: ['Enabled', 'Warned'] },
        { id: 'costLastMonth', op: 'gte', value: '100' },
      ],
      columns: subscriptions.columns.map((c) => c.id),
    });
  });

  it('leaves out what is not set, so an empty query is an empty query string', () => {
    expect(dataQueryParams({})).toEqual({});
    expect(dataQueryParams({ q: '   ', sort: [], filters: [] })).toEqual({});
  });

  it('applies the defaults: first page, DATA_PAGE_SIZE rows, the dataset default sort, every column', () => {
    expect(parsed({})).toEqual({
      offset: 0,
      limit: DATA_PAGE_SIZE,
      sort: [{ id: 'costLastMonth', desc: true }],
      q: '',
      filters: [],
      columns: subscriptions.columns.map((c) => c.id),
    });
  });

  it('keeps a colon inside a filter value', () => {
    expect(parsed({ f: 'owner:contains:a:b' }).filters).toEqual([{ id: 'owner', op: 'contains', value: 'a:b' }]);
  });

  it('takes a single filter as a string and several as an array', () => {
    expect(parsed({ f: 'offer:eq:CSP' }).filters).toHaveLength(1);
    expect(parsed({ f: ['offer:eq:CSP', 'resources:gt:3'] }).filters).toHaveLength(2);
  });

  it('carries the previous page’s cursor as it is, and refuses one that is not base64url', () => {
    expect(dataQueryParams({ after: 'eyJzIjoiIn0' })).toEqual({ after: 'eyJzIjoiIn0' });
    expect(parsed({ after: 'eyJzIjoiIn0' }).after).toBe('eyJzIjoiIn0');
    expect(parsed({}).after).toBeUndefined();
    expect(parseDataQuery(subscriptions, { after: 'a b' })).toEqual({ error: DATA_CURSOR_ERROR });
    expect(parseDataQuery(subscriptions, { after: 'x'.repeat(2049) })).toEqual({ error: DATA_CURSOR_ERROR });
  });

  it('chooses export columns in the order given', () => {
    expect(parsed({ columns: 'owner,name' }).columns).toEqual(['owner', 'name']);
  });
});

describe('a bad grid query is refused with a sentence that says what to change', () => {
  it.each([
    [{ page: '2' }, "Unknown query parameter 'page'."],
    [{ offset: '-1' }, "offset must be a whole number of 0 or more, not '-1'."],
    [{ offset: 'x' }, "offset must be a whole number of 0 or more, not 'x'."],
    [{ limit: '0' }, `limit must be a whole number from 1 to ${DATA_PAGE_MAX}, not '0'.`],
    [
      { limit: String(DATA_PAGE_MAX + 1) },
      `limit must be a whole number from 1 to ${DATA_PAGE_MAX}, not '${DATA_PAGE_MAX + 1}'.`,
    ],
    [{ sort: 'colour:asc' }, "Cannot sort by 'colour': the dataset has no such column."],
    [{ sort: 'name:up' }, "Sort 'name:up' must be column:asc or column:desc."],
    [{ sort: 'name:asc,name:desc' }, "Sort names 'name' twice."],
    [{ q: 'x'.repeat(201) }, 'The search text is longer than 200 characters.'],
    [{ f: 'name' }, "Filter 'name' must be column:op:value."],
    [{ f: 'colour:eq:red' }, "Cannot filter by 'colour': the dataset has no such column."],
    [{ f: 'offer:contains:CS' }, "Filter on 'offer' cannot use 'contains'; it takes eq, ne, in."],
    [{ f: 'resources:gt:many' }, "Filter on 'resources' needs a number, not 'many'."],
    [{ f: 'resources:gt:' }, "Filter on 'resources' needs a number, not ''."],
    [{ f: 'createdOn:gt:2025-13-45' }, "Filter on 'createdOn' needs a date (YYYY-MM-DD), not '2025-13-45'."],
    // Days JavaScript's parser rolls over and PostgreSQL refuses (issue 39 §7).
    [{ f: 'createdOn:gt:2024-02-30' }, "Filter on 'createdOn' needs a date (YYYY-MM-DD), not '2024-02-30'."],
    [{ f: 'createdOn:gt:2023-02-29' }, "Filter on 'createdOn' needs a date (YYYY-MM-DD), not '2023-02-29'."],
    [{ f: 'createdOn:gt:0000-01-01' }, "Filter on 'createdOn' needs a date (YYYY-MM-DD), not '0000-01-01'."],
    [{ f: 'state:in:Enabled|Gone' }, "Filter on 'state' must be one of Enabled, Warned, Disabled; 'Gone' is not."],
    [{ columns: 'name,colour' }, "Cannot export 'colour': the dataset has no such column."],
  ])('%j → %s', (raw, message) => {
    expect(error(raw)).toBe(message);
  });

  it('checks boolean and date-time filters too', () => {
    expect(parseDataQuery(DATASETS.users, { f: 'enabled:eq:yes' })).toEqual({
      error: "Filter on 'enabled' needs true or false, not 'yes'.",
    });
    expect(parseDataQuery(DATASETS.users, { f: 'enabled:eq:false' })).not.toHaveProperty('error');
    expect(parseDataQuery(DATASETS.alerts, { f: 'firedAt:gte:yesterday' })).toEqual({
      error: "Filter on 'firedAt' needs a date and time, not 'yesterday'.",
    });
    expect(parseDataQuery(DATASETS.alerts, { f: 'firedAt:gte:2025-07-01T00:00:00Z' })).not.toHaveProperty('error');
  });
});

describe('calendar dates and times a filter may name (issue 39 §7)', () => {
  it.each(['2024-02-29', '2000-02-29', '0001-01-01', '9999-12-31', '2025-04-30'])('takes %s', (day) => {
    expect(isCalendarDate(day)).toBe(true);
  });
  it.each([
    '2024-02-30',
    '2023-02-29',
    '1900-02-29',
    '0000-01-01',
    '2025-04-31',
    '2025-00-10',
    '2025-13-01',
    '2025-1-1',
  ])('refuses %s', (day) => expect(isCalendarDate(day)).toBe(false));
  it('takes a date and time of day with an offset, or a date alone; refuses hours, minutes, seconds and offsets out of range', () => {
    for (const ok of ['2025-07-01', '2025-07-01T23:59', '2025-07-01T23:59:59.999Z', '2025-07-01T00:00:00+15:59'])
      expect(isCalendarDateTime(ok)).toBe(true);
    for (const bad of [
      '2024-02-30T00:00:00Z',
      '2025-07-01T24:00',
      '2025-07-01T12:60',
      '2025-07-01T12:00:60',
      '2025-07-01T00:00+16:00',
    ])
      expect(isCalendarDateTime(bad)).toBe(false);
  });
});

describe('CSV export cells (RFC 4180, safe in a spreadsheet)', () => {
  it('writes plain values as they are and nothing for a missing one', () => {
    expect(csvField('Storage')).toBe('Storage');
    expect(csvField(-12.5)).toBe('-12.5');
    expect(csvField(true)).toBe('true');
    expect(csvField(null)).toBe('');
  });

  it('quotes a value with a comma, quote or line break and doubles its quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-cmd')).toBe("'-cmd");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
  });

  it('ends each line with CRLF', () => {
    expect(csvLine(['a', 1, null])).toBe('a,1,\r\n');
  });

  it('writes rows as the lines of their chosen columns, in that order: a missing cell is empty, each field as csvLine writes it', () => {
    const rows = [
      { id: 'r1', name: 'a, b', cost: 12.5, owner: '=cmd', ok: true },
      { id: 'r2', name: 'plain', cost: null },
    ];
    expect(csvLines(rows, ['cost', 'name', 'owner'])).toBe('12.5,"a, b",\'=cmd\r\n,plain,\r\n');
    expect(csvLines(rows, ['name', 'ok'])).toBe(rows.map((r) => csvLine([r.name, 'ok' in r ? r.ok! : null])).join(''));
    expect(csvLines([], ['name'])).toBe('');
  });

  it('names the file after the dataset and the day', () => {
    expect(exportFileName('focus', new Date('2025-07-15T10:00:00Z'))).toBe('focus-2025-07-15.csv');
  });
});

describe('a chart series query (GET /api/data/{dataset}/series)', () => {
  const focus: DatasetDef = DATASETS.focus;
  it('writes and reads x, y, grain, split and filters', () => {
    const params = seriesQueryParams({
      x: 'chargePeriodStart',
      y: 'billedCost',
      grain: 'month',
      split: 'serviceCategory',
      filters: [{ id: 'regionName', op: 'eq', value: 'westeurope' }],
    });
    expect(params).toEqual({
      x: 'chargePeriodStart',
      y: 'billedCost',
      grain: 'month',
      split: 'serviceCategory',
      f: ['regionName:eq:westeurope'],
    });
    const result = parseSeriesQuery(focus, params);
    expect(
      'query' in result && {
        x: result.query.x.id,
        y: result.query.y?.id,
        grain: result.query.grain,
        split: result.query.split?.id,
        filters: result.query.filters,
      },
    ).toEqual({
      x: 'chargePeriodStart',
      y: 'billedCost',
      grain: 'month',
      split: 'serviceCategory',
      filters: [{ id: 'regionName', op: 'eq', value: 'westeurope' }],
    });
  });

  it('defaults to days and no split', () => {
    const result = parseSeriesQuery(focus, { x: 'chargePeriodStart', y: 'billedCost' });
    expect('query' in result && [result.query.grain, result.query.split]).toEqual(['day', null]);
  });

  it('counts rows when y is not given, and leaves y out of the query string', () => {
    const result = parseSeriesQuery(focus, { x: 'serviceName' });
    expect('query' in result && result.query.y).toBeNull();
    expect(seriesQueryParams({ x: 'serviceName' }).y).toBeUndefined();
  });

  it.each([
    [{ x: 'chargePeriodStart', y: 'billedCost', n: '1' }, "Unknown query parameter 'n'."],
    [{ x: 'billedCost', y: 'billedCost' }, "x must be a date, text or enum column of the dataset, not 'billedCost'."],
    [{ x: 'chargePeriodStart', y: 'serviceName' }, "y must be a numeric column of the dataset, not 'serviceName'."],
    [{ x: 'chargePeriodStart', y: 'billedCost', grain: 'week' }, "grain must be day or month, not 'week'."],
    [
      { x: 'chargePeriodStart', y: 'billedCost', split: 'billedCost' },
      "split must be a text or enum column of the dataset, not 'billedCost'.",
    ],
    [
      { x: 'chargePeriodStart', y: 'billedCost', f: 'colour:eq:red' },
      "Cannot filter by 'colour': the dataset has no such column.",
    ],
  ])('%j → %s', (raw, message) => {
    expect(parseSeriesQuery(focus, raw)).toEqual({ error: message });
  });
});
