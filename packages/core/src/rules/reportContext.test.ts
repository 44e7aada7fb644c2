import { describe, expect, it } from 'vitest';
import {
  describeReportFilter,
  REPORT_CONTEXT_LIMITS,
  reportContextIssue,
  reportContextOf,
  summariseReportFilters,
  type ReportContext,
} from './reportContext';

// Beyond the spec: the live view the assistant sees (extends spec §2 "Assistant chat" and §7
// "Chatbot service" with the filters of §7 "Embedded report messaging" / "Filter kinds").

const basic = (column: string, operator: string, values: unknown[], table = 'Costs') => ({
  $schema: 'http://powerbi.com/product/schema#basic',
  target: { table, column },
  filterType: 1,
  operator,
  values,
});
const advanced = (column: string, logicalOperator: string, conditions: unknown[], table = 'Costs') => ({
  $schema: 'http://powerbi.com/product/schema#advanced',
  target: { table, column },
  filterType: 0,
  logicalOperator,
  conditions,
});

const CONTEXT: ReportContext = {
  reportId: 'billing-overview',
  reportName: 'Billing overview',
  page: { name: 'ReportSection2', displayName: 'Cost by Service' },
  filters: [{ level: 'page', table: 'Costs', column: 'Service', operator: 'In', values: ['Virtual Machines'] }],
  savedView: 'My VMs',
};

describe('summariseReportFilters', () => {
  it('given basic filters, then In and NotIn keep their values as text, and filters that select everything are left out', () => {
    const filters = [
      basic('Service', 'In', ['Virtual Machines', 'Storage']),
      basic('Month', 'NotIn', [202506, true, null]),
      basic('Subscription', 'All', []),
      basic('Region', 'In', []),
    ];
    expect(summariseReportFilters(filters, 'page')).toEqual([
      { level: 'page', table: 'Costs', column: 'Service', operator: 'In', values: ['Virtual Machines', 'Storage'] },
      { level: 'page', table: 'Costs', column: 'Month', operator: 'NotIn', values: ['202506', 'true', '(Blank)'] },
    ]);
  });

  it('given an advanced filter with And (or one condition), then each condition is an entry; blank tests have no value', () => {
    const filters = [
      advanced('Month', 'And', [
        { operator: 'GreaterThanOrEqual', value: '2025-01' },
        { operator: 'LessThan', value: '2025-07' },
      ]),
      advanced('Resource', 'And', [{ operator: 'IsNotBlank' }]),
    ];
    expect(summariseReportFilters(filters, 'report')).toEqual([
      { level: 'report', table: 'Costs', column: 'Month', operator: 'GreaterThanOrEqual', values: ['2025-01'] },
      { level: 'report', table: 'Costs', column: 'Month', operator: 'LessThan', values: ['2025-07'] },
      { level: 'report', table: 'Costs', column: 'Resource', operator: 'IsNotBlank', values: [] },
    ]);
  });

  it('given an advanced filter with Or, then it is one entry whose values are its conditions as text', () => {
    const filters = [
      advanced('Cost', 'Or', [
        { operator: 'LessThan', value: 10 },
        { operator: 'GreaterThan', value: 1000 },
      ]),
    ];
    expect(summariseReportFilters(filters, 'page')).toEqual([
      { level: 'page', table: 'Costs', column: 'Cost', operator: 'Or', values: ['< 10', '> 1000'] },
    ]);
  });

  it('given other kinds (top-N, relative date), unknown operators or malformed filters, then they are left out', () => {
    const topN = {
      $schema: 'http://powerbi.com/product/schema#topN',
      target: { table: 'Costs', column: 'Resource' },
      filterType: 5,
      operator: 'Top',
      itemCount: 5,
    };
    const relative = { target: { table: 'Costs', column: 'Date' }, filterType: 4, operator: 0, timeUnitsCount: 3 };
    const filters = [
      topN,
      relative,
      advanced('Cost', 'And', [{ operator: 'None' }, { operator: 'Explode', value: 1 }]),
      null,
      'x',
      { target: { table: 'Costs' }, operator: 'In', values: ['a'] },
    ];
    expect(summariseReportFilters(filters, 'page')).toEqual([]);
  });

  it(`given more than ${REPORT_CONTEXT_LIMITS.values} values or text over ${REPORT_CONTEXT_LIMITS.text} characters, then values are cut to the limit and text ends in an ellipsis`, () => {
    const many = Array.from({ length: 30 }, (_, i) => `v${i}`);
    const long = 'x'.repeat(250);
    const [filter] = summariseReportFilters(
      [basic('Service', 'In', [...many.slice(0, 1), long, ...many.slice(1)])],
      'page',
    );
    expect(filter!.values).toHaveLength(REPORT_CONTEXT_LIMITS.values);
    expect(filter!.values[1]).toBe(`${'x'.repeat(199)}…`);
    expect(Array.from(filter!.values[1]!)).toHaveLength(REPORT_CONTEXT_LIMITS.text);
  });
});

describe('reportContextOf', () => {
  it('given the live state, then the context holds report, page, report filters before page filters, and the saved view', () => {
    const context = reportContextOf({
      reportId: 'billing-overview',
      reportName: 'Billing overview',
      page: { name: 'ReportSection2', displayName: 'Cost by Service' },
      reportFilters: [basic('Subscription', 'In', ['Production'])],
      pageFilters: [basic('Service', 'In', ['Virtual Machines']), basic('Subscription', 'All', [])],
      savedView: null,
    });
    expect(context).toEqual({
      reportId: 'billing-overview',
      reportName: 'Billing overview',
      page: { name: 'ReportSection2', displayName: 'Cost by Service' },
      filters: [
        { level: 'report', table: 'Costs', column: 'Subscription', operator: 'In', values: ['Production'] },
        { level: 'page', table: 'Costs', column: 'Service', operator: 'In', values: ['Virtual Machines'] },
      ],
      savedView: null,
    });
    expect(reportContextIssue(context)).toBeNull();
    expect(JSON.parse(JSON.stringify(context))).toEqual(context);
  });

  it(`given more than ${REPORT_CONTEXT_LIMITS.filters} filters, then the first ${REPORT_CONTEXT_LIMITS.filters} are kept and the context is valid`, () => {
    const filters = Array.from({ length: 25 }, (_, i) => basic(`Column ${i}`, 'In', ['a']));
    const context = reportContextOf({
      ...CONTEXT,
      reportFilters: filters,
      pageFilters: filters,
      savedView: 'x'.repeat(300),
    });
    expect(context.filters).toHaveLength(REPORT_CONTEXT_LIMITS.filters);
    expect(context.filters.every((f) => f.level === 'report')).toBe(true);
    expect(reportContextIssue(context)).toBeNull();
  });
});

describe('describeReportFilter', () => {
  it('reads a filter as a person would', () => {
    expect(
      describeReportFilter({
        level: 'page',
        table: 'Costs',
        column: 'Service',
        operator: 'In',
        values: ['Virtual Machines', 'Storage'],
      }),
    ).toBe('Service = Virtual Machines, Storage');
    expect(
      describeReportFilter({
        level: 'page',
        table: 'Costs',
        column: 'Service',
        operator: 'NotIn',
        values: ['Storage'],
      }),
    ).toBe('Service ≠ Storage');
    expect(
      describeReportFilter({
        level: 'page',
        table: 'Costs',
        column: 'Month',
        operator: 'LessThan',
        values: ['2025-06'],
      }),
    ).toBe('Month < 2025-06');
    expect(
      describeReportFilter({ level: 'page', table: 'Costs', column: 'Resource', operator: 'IsBlank', values: [] }),
    ).toBe('Resource is blank');
    expect(
      describeReportFilter({
        level: 'page',
        table: 'Costs',
        column: 'Cost',
        operator: 'Or',
        values: ['< 10', '> 1000'],
      }),
    ).toBe('Cost < 10 or > 1000');
  });
});

describe('reportContextIssue', () => {
  it('given a valid context, then there is no issue; a saved view may be null', () => {
    expect(reportContextIssue(CONTEXT)).toBeNull();
    expect(reportContextIssue({ ...CONTEXT, savedView: null, filters: [] })).toBeNull();
  });

  it.each([
    [null, 'reportContext must be an object.'],
    [[], 'reportContext must be an object.'],
    [{ ...CONTEXT, tenantId: 't-1' }, 'reportContext.tenantId is not a field of a report context.'],
    [{ ...CONTEXT, reportId: '' }, 'reportContext.reportId must be text of 1 to 200 characters.'],
    [{ ...CONTEXT, reportName: 'n'.repeat(201) }, 'reportContext.reportName must be text of 1 to 200 characters.'],
    [{ ...CONTEXT, reportName: undefined }, 'reportContext.reportName must be text of 1 to 200 characters.'],
    [{ ...CONTEXT, page: 'Overview' }, 'reportContext.page must be an object.'],
    [
      { ...CONTEXT, page: { name: 'p', displayName: 3 } },
      'reportContext.page.displayName must be text of 1 to 200 characters.',
    ],
    [
      { ...CONTEXT, page: { name: 'p', displayName: 'P', isActive: true } },
      'reportContext.page.isActive is not a field of a report context.',
    ],
    [{ ...CONTEXT, savedView: '' }, 'reportContext.savedView must be null or text of 1 to 200 characters.'],
    [{ ...CONTEXT, savedView: undefined }, 'reportContext.savedView must be null or text of 1 to 200 characters.'],
    [{ ...CONTEXT, filters: {} }, 'reportContext.filters must be a list of at most 20 filters.'],
    [
      { ...CONTEXT, filters: Array.from({ length: 21 }, () => CONTEXT.filters[0]) },
      'reportContext.filters must be a list of at most 20 filters.',
    ],
    [
      { ...CONTEXT, filters: [{ ...CONTEXT.filters[0], level: 'visual' }] },
      "reportContext.filters[0].level must be 'report' or 'page'.",
    ],
    [
      { ...CONTEXT, filters: [{ ...CONTEXT.filters[0], column: '' }] },
      'reportContext.filters[0].column must be text of 1 to 200 characters.',
    ],
    [
      { ...CONTEXT, filters: [{ ...CONTEXT.filters[0], operator: 'Top' }] },
      /^reportContext\.filters\[0\]\.operator must be one of In, NotIn, Or, LessThan/,
    ],
    [
      { ...CONTEXT, filters: [{ ...CONTEXT.filters[0], values: Array.from({ length: 21 }, () => 'a') }] },
      'reportContext.filters[0].values must be a list of at most 20 values.',
    ],
    [
      { ...CONTEXT, filters: [{ ...CONTEXT.filters[0], values: ['ok', 42] }] },
      'reportContext.filters[0].values[1] must be text of at most 200 characters.',
    ],
    [
      { ...CONTEXT, filters: [{ ...CONTEXT.filters[0], sql: 'drop table' }] },
      'reportContext.filters[0].sql is not a field of a report context.',
    ],
  ])('given %j, then the issue names the field: %s', (value, issue) => {
    if (typeof issue === 'string') expect(reportContextIssue(value)).toBe(issue);
    else expect(reportContextIssue(value)).toMatch(issue);
  });
});
