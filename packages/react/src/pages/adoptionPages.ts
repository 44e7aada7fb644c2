import type { DatasetChartDefinition } from '../kit/DatasetChart';
import type { DatasetPageDefinition } from './datasetPageTypes';

/** The checks' points by category, split by how far each check got (the three score pages share it). */
const pointsByCategory: readonly DatasetChartDefinition[] = [
  { title: 'Points achieved by category', kind: 'stackedBar', x: 'category', y: 'achieved', split: 'status' },
];

/** The feature pages of Microsoft 365 adoption, one dataset each (core's `ADOPTION_DATASETS`). The key is the component name the menu opens. */
export const ADOPTION_PAGES = {
  'third-party-apps': {
    dataset: 'thirdPartyApps',
    label: 'Third-party apps',
    charts: [{ title: 'Apps by risk', kind: 'donut', x: 'risk' }],
  },
  'sharepoint-tenant-settings': {
    dataset: 'sharepointSettings',
    label: 'SharePoint tenant settings',
    charts: [{ title: 'Settings by category', kind: 'stackedBar', x: 'category', split: 'result' }],
  },
  'teams-calls': {
    dataset: 'teamsCallDays',
    label: 'Teams call days',
    charts: [
      { title: 'Calls a day', kind: 'line', x: 'date', y: 'calls', grain: 'day' },
      {
        title: 'Poor-quality share by month (average of the days)',
        kind: 'bar',
        x: 'date',
        y: 'poorShare',
        grain: 'month',
      },
    ],
  },
  'copilot-score': {
    dataset: 'adoptionChecks',
    label: 'Copilot readiness checks',
    fixedFilters: [{ id: 'kind', op: 'eq', value: 'Copilot readiness' }],
    charts: pointsByCategory,
  },
  'usage-score': {
    dataset: 'adoptionChecks',
    label: 'Usage score checks',
    fixedFilters: [{ id: 'kind', op: 'eq', value: 'Usage score' }],
    charts: pointsByCategory,
  },
  'usage-assessment': {
    dataset: 'adoptionChecks',
    label: 'Usage assessment findings',
    fixedFilters: [{ id: 'kind', op: 'eq', value: 'Usage assessment' }],
    charts: pointsByCategory,
  },
} as const satisfies Record<string, DatasetPageDefinition>;
