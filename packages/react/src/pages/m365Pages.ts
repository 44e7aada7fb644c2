import type { DatasetPageDefinition } from './datasetPageTypes';

/** The Microsoft 365 feature pages, one dataset each (core's `M365_DATASETS`). The key is the component name the menu opens. */
export const M365_PAGES = {
  'm365-groups': {
    dataset: 'm365Groups',
    label: 'Microsoft 365 groups',
    charts: [{ title: 'Groups by type', kind: 'donut', x: 'type' }],
  },
  'm365-devices': {
    dataset: 'm365Devices',
    label: 'Managed devices',
    charts: [
      { title: 'Devices by OS', kind: 'donut', x: 'os' },
      { title: 'Devices by compliance', kind: 'bar', x: 'compliance' },
    ],
  },
  joiners: {
    dataset: 'joiners',
    label: 'Joiners',
    charts: [{ title: 'Joiners by department', kind: 'bar', x: 'department' }],
  },
  leavers: {
    dataset: 'leavers',
    label: 'Leavers',
    charts: [{ title: 'Reclaimable a month by department', kind: 'bar', x: 'department', y: 'licenceCost' }],
  },
  'worker-profiles': {
    dataset: 'workerProfiles',
    label: 'Worker profiles',
    charts: [{ title: 'Users by profile', kind: 'donut', x: 'profile', y: 'users' }],
  },
} as const satisfies Record<string, DatasetPageDefinition>;
