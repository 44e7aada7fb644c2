// spec §2 names the pages only.
/**
 * The feature datasets written first (subscriptions, resources, FOCUS cost rows, recommendations,
 * licences, users, alerts, budgets, reservations, Secure Score, usage) and their pages: their columns,
 * key figures, actions and layout are decided here. Joined into `DATASETS` and `DATASET_PAGES` by
 * `../featureData`.
 */

import type { DataFilter, DatasetChartDefinition, DatasetDef, DatasetPageDefinition } from '../featureDataTypes';

/** An alert's severities, the most severe first (Azure Monitor's names). */
export const ALERT_SEVERITIES = ['Critical', 'Error', 'Warning', 'Informational'] as const;

/**
 * The datasets written first, over the assistant's tables and the core inventory. The others are
 * declared by domain beside this file (costs, the Azure estate, Microsoft 365, adoption, operations)
 * and joined in `DATASETS` by `../featureData`.
 */
export const BASE_DATASETS = {
  subscriptions: {
    module: 'azure',
    columns: [
      { id: 'name', label: 'Subscription', type: 'text' },
      { id: 'subscriptionId', label: 'Subscription ID', type: 'text' },
      {
        id: 'offer',
        label: 'Offer',
        type: 'enum',
        options: ['Pay-As-You-Go', 'Enterprise Agreement', 'CSP', 'Dev/Test'],
      },
      { id: 'state', label: 'State', type: 'enum', options: ['Enabled', 'Warned', 'Disabled'] },
      { id: 'owner', label: 'Owner', type: 'text' },
      { id: 'resources', label: 'Resources', type: 'number' },
      { id: 'costMonthToDate', label: 'Cost month to date', type: 'currency' },
      { id: 'costLastMonth', label: 'Cost last month', type: 'currency' },
      { id: 'createdOn', label: 'Created', type: 'date', visible: false },
    ],
    defaultSort: [{ id: 'costLastMonth', desc: true }],
    kpis: [
      { id: 'subscriptions', label: 'Subscriptions', type: 'number' },
      { id: 'costMonthToDate', label: 'Cost month to date', type: 'currency' },
      { id: 'costLastMonth', label: 'Cost last month', type: 'currency' },
    ],
  },
  resources: {
    module: 'azure',
    columns: [
      { id: 'name', label: 'Resource', type: 'text' },
      { id: 'type', label: 'Type', type: 'text' },
      { id: 'resourceGroup', label: 'Resource group', type: 'text' },
      { id: 'subscription', label: 'Subscription', type: 'text' },
      { id: 'region', label: 'Region', type: 'text' },
      { id: 'sku', label: 'SKU', type: 'text', visible: false },
      { id: 'tags', label: 'Tags', type: 'text' },
      { id: 'costLastMonth', label: 'Cost last month', type: 'currency' },
      { id: 'createdOn', label: 'Created', type: 'date', visible: false },
    ],
    defaultSort: [{ id: 'costLastMonth', desc: true }],
    kpis: [
      { id: 'resources', label: 'Resources', type: 'number' },
      { id: 'untaggedShare', label: 'Untagged', type: 'percent' },
      { id: 'regions', label: 'Regions', type: 'number' },
      { id: 'costLastMonth', label: 'Cost last month', type: 'currency' },
    ],
  },
  focus: {
    module: 'azure',
    columns: [
      { id: 'chargePeriodStart', label: 'ChargePeriodStart', type: 'date' },
      { id: 'billedCost', label: 'BilledCost', type: 'currency' },
      { id: 'effectiveCost', label: 'EffectiveCost', type: 'currency' },
      { id: 'billingCurrency', label: 'BillingCurrency', type: 'text', visible: false },
      { id: 'serviceName', label: 'ServiceName', type: 'text' },
      { id: 'serviceCategory', label: 'ServiceCategory', type: 'text' },
      { id: 'resourceName', label: 'ResourceName', type: 'text' },
      { id: 'resourceId', label: 'ResourceId', type: 'text', visible: false },
      { id: 'regionName', label: 'RegionName', type: 'text' },
      { id: 'subAccountName', label: 'SubAccountName', type: 'text' },
      {
        id: 'chargeCategory',
        label: 'ChargeCategory',
        type: 'enum',
        options: ['Usage', 'Purchase', 'Tax', 'Credit', 'Adjustment'],
      },
      { id: 'pricingCategory', label: 'PricingCategory', type: 'enum', options: ['Standard', 'Committed', 'Dynamic'] },
      { id: 'consumedQuantity', label: 'ConsumedQuantity', type: 'number' },
      { id: 'consumedUnit', label: 'ConsumedUnit', type: 'text' },
    ],
    defaultSort: [{ id: 'chargePeriodStart', desc: true }],
    kpis: [
      { id: 'rows', label: 'Cost rows', type: 'number' },
      { id: 'billedCost', label: 'Billed cost (13 months)', type: 'currency' },
      { id: 'effectiveCost', label: 'Effective cost (13 months)', type: 'currency' },
    ],
  },
  recommendations: {
    module: null,
    columns: [
      { id: 'title', label: 'Recommendation', type: 'text' },
      {
        id: 'provider',
        label: 'Provider',
        type: 'enum',
        options: ['azure', 'm365', 'aws'],
        optionLabels: { m365: 'Microsoft 365', aws: 'AWS' },
      },
      { id: 'category', label: 'Category', type: 'text' },
      { id: 'impact', label: 'Impact', type: 'enum', options: ['High', 'Medium', 'Low'] },
      { id: 'resource', label: 'Resource', type: 'text' },
      { id: 'monthlySavings', label: 'Savings a month', type: 'currency' },
      { id: 'status', label: 'Status', type: 'enum', options: ['open', 'dismissed', 'done'] },
      { id: 'statusReason', label: 'Reason', type: 'text', visible: false },
      { id: 'statusBy', label: 'By', type: 'text', visible: false },
      { id: 'statusAt', label: 'On', type: 'datetime', visible: false },
    ],
    defaultSort: [{ id: 'monthlySavings', desc: true }],
    kpis: [
      { id: 'open', label: 'Open recommendations', type: 'number' },
      { id: 'monthlySavings', label: 'Savings a month', type: 'currency' },
      { id: 'highImpact', label: 'High impact', type: 'number' },
    ],
    actions: [
      { verb: 'dismiss', label: 'Dismiss', reason: true },
      { verb: 'done', label: 'Mark as done' },
      { verb: 'restore', label: 'Restore' },
    ],
  },
  licenses: {
    module: 'm365',
    columns: [
      { id: 'sku', label: 'Licence', type: 'text' },
      { id: 'skuPartNumber', label: 'Part number', type: 'text', visible: false },
      { id: 'purchased', label: 'Purchased', type: 'number' },
      { id: 'assigned', label: 'Assigned', type: 'number' },
      { id: 'unassigned', label: 'Unassigned', type: 'number' },
      { id: 'unitPrice', label: 'Unit price', type: 'currency' },
      { id: 'monthlyCost', label: 'Cost a month', type: 'currency' },
      { id: 'unassignedCost', label: 'Unassigned cost a month', type: 'currency' },
    ],
    defaultSort: [{ id: 'monthlyCost', desc: true }],
    kpis: [
      { id: 'purchased', label: 'Licences purchased', type: 'number' },
      { id: 'unassigned', label: 'Unassigned', type: 'number' },
      { id: 'unassignedCost', label: 'Unassigned cost a month', type: 'currency' },
    ],
  },
  users: {
    module: 'm365',
    columns: [
      { id: 'displayName', label: 'Name', type: 'text' },
      { id: 'upn', label: 'User principal name', type: 'text' },
      { id: 'department', label: 'Department', type: 'text' },
      { id: 'jobTitle', label: 'Job title', type: 'text', visible: false },
      { id: 'enabled', label: 'Enabled', type: 'boolean' },
      { id: 'mfaRegistered', label: 'MFA registered', type: 'boolean' },
      { id: 'licences', label: 'Licences', type: 'text' },
      { id: 'lastSignIn', label: 'Last sign-in', type: 'date' },
      { id: 'daysInactive', label: 'Days inactive', type: 'number' },
      { id: 'licenceCost', label: 'Licence cost a month', type: 'currency' },
      { id: 'createdOn', label: 'Joined', type: 'date', visible: false },
    ],
    defaultSort: [{ id: 'displayName', desc: false }],
    kpis: [
      { id: 'users', label: 'Users', type: 'number' },
      { id: 'inactive', label: 'Inactive 30 days or more', type: 'number' },
      { id: 'reclaimable', label: 'Reclaimable a month', type: 'currency' },
    ],
  },
  alerts: {
    module: null,
    columns: [
      { id: 'name', label: 'Alert', type: 'text' },
      { id: 'severity', label: 'Severity', type: 'enum', options: ALERT_SEVERITIES },
      { id: 'scope', label: 'Scope', type: 'text' },
      { id: 'condition', label: 'Condition', type: 'text' },
      { id: 'firedAt', label: 'Fired', type: 'datetime' },
      { id: 'status', label: 'Status', type: 'enum', options: ['Fired', 'Acknowledged', 'Resolved'] },
      { id: 'statusBy', label: 'By', type: 'text', visible: false },
    ],
    defaultSort: [{ id: 'firedAt', desc: true }],
    kpis: [
      { id: 'open', label: 'Open alerts', type: 'number' },
      { id: 'critical', label: 'Critical', type: 'number' },
      { id: 'acknowledged', label: 'Acknowledged', type: 'number' },
    ],
    actions: [{ verb: 'acknowledge', label: 'Acknowledge' }],
  },
  /**
   * Monthly Azure budgets against the current month. `actual` is the month-to-date cost of the
   * budget's scope, defined as the assistant's `azure_budgets` defines it for a month (the sum of
   * the month's cost rows of the subscription, or of every subscription when the budget is the
   * whole tenant's), so the page and the assistant give one figure. `forecast` projects it linearly
   * to the month's end from the last day with cost rows. `used` is actual / amount (a fraction).
   * Status: 'Over budget' when actual > amount (the assistant's "over"); 'Near budget' when not
   * over but actual ≥ 80% of the amount or the forecast exceeds the amount; else 'Under budget'.
   */
  budgets: {
    module: 'azure',
    columns: [
      { id: 'name', label: 'Budget', type: 'text' },
      { id: 'scope', label: 'Scope', type: 'text' },
      { id: 'amount', label: 'Amount', type: 'currency' },
      { id: 'actual', label: 'Actual month to date', type: 'currency' },
      { id: 'forecast', label: 'Forecast', type: 'currency' },
      { id: 'used', label: 'Used', type: 'percent' },
      { id: 'status', label: 'Status', type: 'enum', options: ['Under budget', 'Near budget', 'Over budget'] },
    ],
    defaultSort: [{ id: 'used', desc: true }],
    kpis: [
      { id: 'budgets', label: 'Budgets', type: 'number' },
      { id: 'overBudget', label: 'Over budget', type: 'number' },
      { id: 'amount', label: 'Total budgeted', type: 'currency' },
    ],
  },
  /**
   * Azure reservations and savings plans (the assistant's `azure_reservations` rows). `kind` is
   * read from the SKU: a savings plan's SKU names it; everything else is a reservation.
   * `utilisation` is a fraction (the assistant speaks of it in percent, 0–100).
   */
  reservations: {
    module: 'azure',
    columns: [
      { id: 'name', label: 'Contract', type: 'text' },
      { id: 'sku', label: 'SKU', type: 'text' },
      { id: 'kind', label: 'Kind', type: 'enum', options: ['Reservation', 'Savings plan'] },
      { id: 'quantity', label: 'Quantity', type: 'number' },
      { id: 'term', label: 'Term', type: 'text' },
      { id: 'utilisation', label: 'Utilisation', type: 'percent' },
      { id: 'monthlyCost', label: 'Cost a month', type: 'currency' },
      { id: 'monthlySavings', label: 'Savings a month', type: 'currency' },
      { id: 'expiresOn', label: 'Expires', type: 'date' },
    ],
    defaultSort: [{ id: 'expiresOn', desc: false }],
    kpis: [
      { id: 'contracts', label: 'Contracts', type: 'number' },
      { id: 'utilisation', label: 'Average utilisation', type: 'percent' },
      { id: 'monthlySavings', label: 'Savings a month', type: 'currency' },
    ],
  },
  /**
   * The tenant's open Microsoft Secure Score improvement actions (the assistant's `secure_score`).
   * `points` is what doing the action adds to the score; `share` is that over the maximum score (a
   * fraction). Each row also carries the tenant's current and maximum score (hidden columns), so the
   * key figures are the score itself: current, maximum and current / maximum (a fraction).
   */
  securityControls: {
    module: 'm365',
    columns: [
      { id: 'control', label: 'Improvement action', type: 'text' },
      {
        id: 'category',
        label: 'Category',
        type: 'enum',
        options: ['Identity', 'Data', 'Device', 'Apps', 'Infrastructure'],
      },
      { id: 'points', label: 'Points', type: 'number' },
      { id: 'share', label: 'Share of max score', type: 'percent' },
      { id: 'currentScore', label: 'Current score', type: 'number', visible: false },
      { id: 'maxScore', label: 'Max score', type: 'number', visible: false },
    ],
    defaultSort: [{ id: 'points', desc: true }],
    kpis: [
      { id: 'currentScore', label: 'Secure Score', type: 'number' },
      { id: 'maxScore', label: 'Max score', type: 'number' },
      { id: 'percent', label: 'Score achieved', type: 'percent' },
      { id: 'points', label: 'Points available', type: 'number' },
    ],
  },
  /**
   * Microsoft 365 usage of the 30 days before `asOf`, one row per workload and metric (the
   * assistant's `m365_usage`). The key figures are the 'Enabled users' and 'Active users' metrics
   * and active / enabled (a fraction); over several workloads they are the highest of any workload
   * (a user of Teams and mail is one user, so the counts are not added up).
   */
  usage: {
    module: 'm365',
    columns: [
      { id: 'workload', label: 'Workload', type: 'enum', options: ['Teams', 'Mail', 'SharePoint'] },
      { id: 'metric', label: 'Metric', type: 'text' },
      { id: 'value', label: 'Last 30 days', type: 'number' },
      { id: 'asOf', label: 'As of', type: 'date' },
    ],
    defaultSort: [{ id: 'workload', desc: false }],
    kpis: [
      { id: 'enabledUsers', label: 'Enabled users', type: 'number' },
      { id: 'activeUsers', label: 'Active users', type: 'number' },
      { id: 'activeShare', label: 'Active', type: 'percent' },
    ],
  },
} as const satisfies Record<string, DatasetDef>;

// Shared by the pages below: the open recommendations, and the charts several pages draw.
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
const licenseCostByDepartment: readonly DatasetChartDefinition[] = [
  { title: 'Licence cost a month by department', kind: 'bar', x: 'department', y: 'licenceCost' },
];

// spec §2
/**
 * The feature pages of the datasets above, one dataset each (a dataset may have several pages, each
 * with its fixed filters). The key is the component name the menu opens.
 */
export const BASE_PAGES = {
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
  users: { dataset: 'users', label: 'Users', charts: licenseCostByDepartment },
  'license-users': {
    dataset: 'users',
    label: 'Licensed users',
    fixedFilters: [{ id: 'licences', op: 'ne', value: '' }],
    charts: licenseCostByDepartment,
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
} as const satisfies Record<string, DatasetPageDefinition<keyof typeof BASE_DATASETS>>;
