import type { DatasetPageDefinition } from './datasetPageTypes';

/** The cost management feature pages, one dataset each (core's `COST_DATASETS`). The key is the component name the menu opens. */
export const COST_PAGES = {
  macc: {
    dataset: 'macc',
    label: 'Azure consumption commitment months',
    charts: [
      { title: 'Cumulative eligible spend', kind: 'line', x: 'month', y: 'cumulativeSpend', grain: 'month' },
      { title: 'Eligible spend a month', kind: 'bar', x: 'month', y: 'eligibleSpend', grain: 'month' },
    ],
  },
  anomalies: {
    dataset: 'anomalies',
    label: 'Cost anomalies',
    charts: [{ title: 'Unexpected spend by service', kind: 'bar', x: 'service', y: 'unexpectedSpend' }],
  },
  'financial-summary': {
    dataset: 'invoices',
    label: 'Invoices',
    charts: [
      {
        title: 'Invoiced a month by provider',
        kind: 'stackedBar',
        x: 'period',
        y: 'amount',
        grain: 'month',
        split: 'provider',
      },
    ],
  },
  'shared-costs': {
    dataset: 'sharedCosts',
    label: 'Shared cost allocations',
    charts: [
      { title: 'Allocated by cost centre', kind: 'donut', x: 'costCentre', y: 'allocated' },
      {
        title: 'Allocated a month by cost centre',
        kind: 'stackedBar',
        x: 'month',
        y: 'allocated',
        grain: 'month',
        split: 'costCentre',
      },
    ],
  },
  'project-costs': {
    dataset: 'projectCosts',
    label: 'Project costs',
    charts: [{ title: 'Cost last month by project', kind: 'bar', x: 'project', y: 'costLastMonth' }],
  },
} as const satisfies Record<string, DatasetPageDefinition>;
