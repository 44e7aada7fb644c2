import type { DataFilter } from '@cloudportal/core';
import type { DatasetChartDefinition } from '../kit/DatasetChart';
import type { DatasetPageDefinition } from './datasetPageTypes';
import { COST_PAGES } from './costPages';
import { M365_PAGES } from './m365Pages';
import { ADOPTION_PAGES } from './adoptionPages';
import { ESTATE_PAGES } from './estatePages';
import { OPERATIONS_PAGES } from './operationsPages';

export type { DatasetPageDefinition };

const open: DataFilter = { id: 'status', op: 'eq', value: 'open' };
const savingsByCategory: readonly DatasetChartDefinition[] = [
  { title: 'Savings a month by category', kind: 'donut', x: 'category', y: 'monthlySavings' },
];
const savingsByContract: readonly DatasetChartDefinition[] = [
  { title: 'Savings a month by contract', kind: 'bar', x: 'name', y: 'monthlySavings' },
];
const usageByMetric: readonly DatasetChartDefinition[] = [
  { title: 'Last 30 days by metric', kind: 'bar', x: 'metric', y: 'value' },
];
const licenceCostByDepartment: readonly DatasetChartDefinition[] = [
  { title: 'Licence cost a month by department', kind: 'bar', x: 'department', y: 'licenceCost' },
];

/** The dataset pages written first; the others are by domain in `costPages`, `estatePages`, `m365Pages`, `adoptionPages` and `operationsPages`. */
const BASE_PAGES = {
  subscriptions: {
    dataset: 'subscriptions',
    label: 'Subscriptions',
    charts: [{ title: 'Cost last month by offer', kind: 'donut', x: 'offer', y: 'costLastMonth' }],
  },
  'azure-resources': {
    dataset: 'resources',
    label: 'Azure resources',
    charts: [{ title: 'Cost last month by region', kind: 'bar', x: 'region', y: 'costLastMonth' }],
  },
  'azure-focus': {
    dataset: 'focus',
    label: 'FOCUS cost rows',
    charts: [
      { title: 'Billed cost a day', kind: 'line', x: 'chargePeriodStart', y: 'billedCost', grain: 'day' },
      {
        title: 'Billed cost a month by service category',
        kind: 'stackedBar',
        x: 'chargePeriodStart',
        y: 'billedCost',
        grain: 'month',
        split: 'serviceCategory',
      },
    ],
  },
  'recommendations-azure': {
    dataset: 'recommendations',
    label: 'Azure recommendations',
    fixedFilters: [{ id: 'provider', op: 'eq', value: 'azure' }, open],
    charts: savingsByCategory,
  },
  'recommendations-m365': {
    dataset: 'recommendations',
    label: 'Microsoft 365 recommendations',
    fixedFilters: [{ id: 'provider', op: 'eq', value: 'm365' }, open],
    charts: savingsByCategory,
  },
  'aws-recommendations': {
    dataset: 'recommendations',
    label: 'AWS recommendations',
    fixedFilters: [{ id: 'provider', op: 'eq', value: 'aws' }, open],
    charts: savingsByCategory,
  },
  'recommendations-archives': {
    dataset: 'recommendations',
    label: 'Archived recommendations',
    fixedFilters: [{ id: 'status', op: 'in', value: ['dismissed', 'done'] }],
  },
  licenses: {
    dataset: 'licenses',
    label: 'Licences',
    charts: [{ title: 'Unassigned cost a month by licence', kind: 'bar', x: 'sku', y: 'unassignedCost' }],
  },
  users: { dataset: 'users', label: 'Users', charts: licenceCostByDepartment },
  'license-users': {
    dataset: 'users',
    label: 'Licensed users',
    fixedFilters: [{ id: 'licences', op: 'ne', value: '' }],
    charts: licenceCostByDepartment,
  },
  alerts: { dataset: 'alerts', label: 'Alerts' },
  'ri-sp-contracts': { dataset: 'reservations', label: 'Reservations and savings plans', charts: savingsByContract },
  'ea-reservations': {
    dataset: 'reservations',
    label: 'EA reservations',
    fixedFilters: [{ id: 'kind', op: 'eq', value: 'Reservation' }],
    charts: savingsByContract,
  },
  'secure-score-profiles': {
    dataset: 'securityControls',
    label: 'Secure Score improvement actions',
    charts: [{ title: 'Points available by category', kind: 'bar', x: 'category', y: 'points' }],
  },
  'usage-overview': { dataset: 'usage', label: 'Microsoft 365 usage', charts: usageByMetric },
  'usage-teams': {
    dataset: 'usage',
    label: 'Teams usage',
    fixedFilters: [{ id: 'workload', op: 'eq', value: 'Teams' }],
    charts: usageByMetric,
  },
  'usage-mail': {
    dataset: 'usage',
    label: 'Mail usage',
    fixedFilters: [{ id: 'workload', op: 'eq', value: 'Mail' }],
    charts: usageByMetric,
  },
  'usage-sharepoint': {
    dataset: 'usage',
    label: 'SharePoint usage',
    fixedFilters: [{ id: 'workload', op: 'eq', value: 'SharePoint' }],
    charts: usageByMetric,
  },
  'azure-budgets': {
    dataset: 'budgets',
    label: 'Azure budgets',
    charts: [{ title: 'Actual month to date by budget', kind: 'bar', x: 'name', y: 'actual' }],
  },
} as const satisfies Record<string, DatasetPageDefinition>;

/**
 * The feature pages written as one dataset each (spec §2 names the pages; what each shows is
 * decided in core's `DATASETS`). The key is the component name the menu opens.
 */
export const DATASET_PAGES = {
  ...BASE_PAGES,
  ...COST_PAGES,
  ...ESTATE_PAGES,
  ...M365_PAGES,
  ...ADOPTION_PAGES,
  ...OPERATIONS_PAGES,
} as const;

/** A component name with a dataset page. */
export type DatasetPageName = keyof typeof DATASET_PAGES;
