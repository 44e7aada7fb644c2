import type { ReportDefinition } from './definition';

/**
 * Small report definitions for tests: numbers chosen so a filter's effect is easy to assert.
 * Sales: 12 rows, revenue 1,000–6,000 per row, total 36,000; North 12,000, South 9,000, West 15,000.
 */

const sales = {
  columns: ['Region', 'Product', 'Month', 'Revenue', 'Units'],
  formats: { Revenue: 'currency', Units: 'integer' },
  rows: [
    ['North', 'Laptops', '2026-01', 4000, 8],
    ['North', 'Phones', '2026-01', 1000, 5],
    ['North', 'Laptops', '2026-02', 5000, 10],
    ['North', 'Phones', '2026-02', 2000, 10],
    ['South', 'Laptops', '2026-01', 2000, 4],
    ['South', 'Phones', '2026-01', 1500, 8],
    ['South', 'Laptops', '2026-02', 3000, 6],
    ['South', 'Phones', '2026-02', 2500, 12],
    ['West', 'Laptops', '2026-01', 6000, 12],
    ['West', 'Phones', '2026-01', 1000, 5],
    ['West', 'Laptops', '2026-02', 5000, 10],
    ['West', 'Phones', '2026-02', 3000, 15],
  ],
} satisfies ReportDefinition['datasets'][string];

/**
 * A sales report: Overview (KPIs, bar, donut, table), Trend (line), and a hidden drill-through page.
 * @public
 */
export const SALES_REPORT: ReportDefinition = {
  id: '0c5a1e5f-0000-4000-8000-00000000f001',
  name: 'Sales (fixture)',
  currency: 'USD',
  datasets: { Sales: sales },
  pages: [
    {
      name: 'ReportSection0a1b2c3d4e5f60718293',
      displayName: 'Overview',
      visuals: [
        { type: 'kpi', title: 'Total revenue', dataset: 'Sales', y: 'Revenue' },
        { type: 'kpi', title: 'Orders', dataset: 'Sales', aggregate: 'count' },
        { type: 'bar', title: 'Revenue by region', dataset: 'Sales', x: 'Region', y: 'Revenue' },
        { type: 'donut', title: 'Revenue by product', dataset: 'Sales', x: 'Product', y: 'Revenue' },
        {
          type: 'table',
          title: 'Revenue by region and product',
          dataset: 'Sales',
          x: ['Region', 'Product'],
          y: ['Revenue', 'Units'],
        },
      ],
    },
    {
      name: 'ReportSection1b2c3d4e5f6071829304',
      displayName: 'Trend',
      visuals: [
        { type: 'line', title: 'Revenue by month', dataset: 'Sales', x: 'Month', y: 'Revenue', series: 'Region' },
        { type: 'table', title: 'Monthly revenue', dataset: 'Sales', x: 'Month', y: 'Revenue' },
      ],
    },
    {
      name: 'ReportSection2c3d4e5f607182930415',
      displayName: 'Details',
      visibility: 1,
      visuals: [{ type: 'table', title: 'All sales', dataset: 'Sales' }],
    },
  ],
};

/**
 * A support-tickets report: one page, with a page-level filter (open tickets only) set in the definition.
 * @public
 */
export const TICKETS_REPORT: ReportDefinition = {
  id: '0c5a1e5f-0000-4000-8000-00000000f002',
  name: 'Support tickets (fixture)',
  datasets: {
    Tickets: {
      columns: ['Id', 'Title', 'Priority', 'Status', 'AgeDays'],
      formats: { AgeDays: 'integer' },
      rows: [
        ['T-1', 'Sign-in fails on mobile', 'High', 'Open', 3],
        ['T-2', 'Invoice total is wrong', 'High', 'Open', 9],
        ['T-3', 'Dark mode contrast', 'Low', 'Open', 21],
        ['T-4', 'Export to CSV', 'Medium', 'Closed', 30],
        ['T-5', 'Slow report load', 'Medium', 'Open', 1],
      ],
    },
  },
  pages: [
    {
      name: 'ReportSection3d4e5f60718293041526',
      displayName: 'Tickets',
      filters: [
        {
          $schema: 'http://powerbi.com/product/schema#basic',
          target: { table: 'Tickets', column: 'Status' },
          filterType: 1,
          operator: 'In',
          values: ['Open'],
        },
      ],
      visuals: [
        { type: 'kpi', title: 'Tickets', dataset: 'Tickets', aggregate: 'count' },
        { type: 'kpi', title: 'Average age (days)', dataset: 'Tickets', y: 'AgeDays', aggregate: 'avg' },
        {
          type: 'bar',
          title: 'Tickets by priority',
          dataset: 'Tickets',
          x: 'Priority',
          aggregate: 'count',
          sort: 'category',
        },
        {
          type: 'table',
          title: 'Tickets',
          dataset: 'Tickets',
          columns: ['Id', 'Title', 'Priority', 'Status', 'AgeDays'],
        },
      ],
    },
  ],
};

/**
 * Both fixture reports.
 * @public
 */
export const FIXTURE_REPORTS: readonly ReportDefinition[] = [SALES_REPORT, TICKETS_REPORT];
