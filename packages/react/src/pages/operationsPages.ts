import type { DatasetPageDefinition } from './datasetPageTypes';

/** The operations feature pages, one dataset each (core's `OPERATIONS_DATASETS`). The key is the component name the menu opens. */
export const OPERATIONS_PAGES = {
  pipelines: {
    dataset: 'pipelines',
    label: 'Data pipelines',
    charts: [{ title: 'Rows read by pipeline (last run)', kind: 'bar', x: 'pipeline', y: 'rowsRead' }],
  },
  rules: { dataset: 'rules', label: 'Rules' },
  'service-health': {
    dataset: 'serviceHealth',
    label: 'Service health events',
    charts: [{ title: 'Events by service', kind: 'bar', x: 'service' }],
  },
  'alert-definitions': { dataset: 'alertDefinitions', label: 'Alert rules' },
  'metric-alerts': {
    dataset: 'metricAlerts',
    label: 'Metric alerts',
    charts: [{ title: 'Alerts by metric', kind: 'donut', x: 'metric' }],
  },
  'security-alerts': {
    dataset: 'securityAlerts',
    label: 'Security alerts',
    charts: [{ title: 'Alerts by category', kind: 'bar', x: 'category' }],
  },
} as const satisfies Record<string, DatasetPageDefinition>;
