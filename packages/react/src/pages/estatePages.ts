import type { DatasetPageDefinition } from './datasetPageTypes';

/** The feature pages of the Azure estate, one dataset each (core's `ESTATE_DATASETS`). The key is the component name the menu opens. */
export const ESTATE_PAGES = {
  'log-analytics': {
    dataset: 'logWorkspaces',
    label: 'Log Analytics workspaces',
    charts: [{ title: 'Ingestion GB a day by workspace', kind: 'bar', x: 'workspace', y: 'ingestionGbPerDay' }],
  },
  'azure-enrollments': {
    dataset: 'enrollmentAccounts',
    label: 'Enrolment accounts',
    charts: [{ title: 'Spend last month by department', kind: 'donut', x: 'department', y: 'spendLastMonth' }],
  },
  tags: {
    dataset: 'tagValues',
    label: 'Tags and values',
    charts: [{ title: 'Cost last month by tag', kind: 'bar', x: 'pair', y: 'costLastMonth' }],
  },
  // The issue says the route bill-of-materials/models-comparison opens this page too; that route is wired where routes are (not in this file).
  'bom-summary': {
    dataset: 'bomLines',
    label: 'Bill of materials lines',
    charts: [
      {
        title: 'Cost a month by category, current and alternative model',
        kind: 'bar',
        x: 'category',
        y: 'monthlyCost',
        split: 'model',
      },
    ],
  },
} as const satisfies Record<string, DatasetPageDefinition>;
