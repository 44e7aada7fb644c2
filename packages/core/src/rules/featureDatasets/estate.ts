// spec §2 names the pages only.
/**
 * The feature datasets of the Azure estate (Log Analytics workspaces, EA enrolments, tags, bills of materials)
 * and their pages: their columns, key figures, actions and layout
 * (label, fixed filters, charts) are decided here. Joined into `DATASETS` and `DATASET_PAGES` by
 * `../featureData`.
 */

import type { DatasetDef, DatasetPageDefinition } from '../featureDataTypes';

/** The pricing tiers of a Log Analytics workspace (Azure Monitor's names). */
export const LOG_ANALYTICS_TIERS = [
  'Pay-as-you-go',
  'Commitment tier 100 GB/day',
  'Commitment tier 200 GB/day',
] as const;

/** The states of an Enterprise Agreement enrolment account. */
export const EA_ACCOUNT_STATES = ['Active', 'Pending', 'Disabled'] as const;

/** The two sides of a bill of materials comparison. */
export const BOM_MODELS = ['Current', 'Alternative'] as const;

/**
 * The Azure estate's datasets, joined into `DATASETS`.
 * @public
 */
export const ESTATE_DATASETS = {
  /**
   * Log Analytics workspaces: the inventory's resources of type
   * Microsoft.OperationalInsights/workspaces, with their pricing tier and retention. `costLastMonth`
   * is the resource's cost of the last complete month, read as the resources page reads it (the
   * monthly roll-up of the daily cost rows), so both pages give one figure. `ingestionGbPerDay` is
   * the 'Data Ingestion' quantity (GB) of the workspace's daily cost rows of the 30 days before
   * today, divided by 30.
   */
  logWorkspaces: {
    module: 'azure',
    columns: [
      { id: 'workspace', label: 'Workspace', type: 'text' },
      { id: 'resourceGroup', label: 'Resource group', type: 'text' },
      { id: 'subscription', label: 'Subscription', type: 'text' },
      { id: 'region', label: 'Region', type: 'text' },
      { id: 'pricingTier', label: 'Pricing tier', type: 'enum', options: LOG_ANALYTICS_TIERS },
      { id: 'retentionDays', label: 'Retention (days)', type: 'number' },
      { id: 'ingestionGbPerDay', label: 'Ingestion GB a day (30 days)', type: 'number' },
      { id: 'costLastMonth', label: 'Cost last month', type: 'currency' },
    ],
    defaultSort: [{ id: 'costLastMonth', desc: true }],
    kpis: [
      { id: 'workspaces', label: 'Workspaces', type: 'number' },
      { id: 'ingestionGbPerDay', label: 'GB a day in total', type: 'number' },
      { id: 'costLastMonth', label: 'Cost last month', type: 'currency' },
    ],
  },
  /**
   * Enterprise Agreement enrolment accounts by department. `spendLastMonth` is the cost of the last
   * complete month of the subscription the account owns (the subscriptions page's figure; 0 for an
   * account without a subscription). `balance` is the monetary commitment left to the account.
   */
  enrollmentAccounts: {
    module: 'azure',
    columns: [
      { id: 'enrollmentNumber', label: 'Enrolment', type: 'text' },
      { id: 'department', label: 'Department', type: 'text' },
      { id: 'accountName', label: 'Account', type: 'text' },
      { id: 'owner', label: 'Account owner', type: 'text' },
      { id: 'status', label: 'Status', type: 'enum', options: EA_ACCOUNT_STATES },
      { id: 'subscription', label: 'Subscription', type: 'text', visible: false },
      { id: 'startDate', label: 'Start', type: 'date' },
      { id: 'endDate', label: 'End', type: 'date' },
      { id: 'balance', label: 'Commitment balance', type: 'currency' },
      { id: 'spendLastMonth', label: 'Spend last month', type: 'currency' },
    ],
    defaultSort: [{ id: 'spendLastMonth', desc: true }],
    kpis: [
      { id: 'accounts', label: 'Accounts', type: 'number' },
      { id: 'active', label: 'Active accounts', type: 'number' },
      { id: 'spendLastMonth', label: 'Spend last month', type: 'currency' },
      { id: 'balance', label: 'Commitment balance', type: 'currency' },
    ],
  },
  /**
   * Tag governance: one row per tag name and value found on the inventory's resources. `resources`
   * counts the resources carrying the pair (the resources page's rows whose tags contain
   * `name=value`); `share` is that over all of the tenant's resources (a fraction); `costLastMonth`
   * sums their cost of the last complete month as the resources page does. `required` says whether
   * the tenant's policy requires the tag name; `pair` is `name=value`, as the resources page writes tags. The tenant-wide figures `untaggedShare` (resources
   * without any tag, a fraction) and `missingRequired` (resources lacking at least one required tag)
   * are the same on every row; the key figures read them from there.
   */
  tagValues: {
    module: 'azure',
    columns: [
      { id: 'tag', label: 'Tag', type: 'text' },
      { id: 'value', label: 'Value', type: 'text' },
      { id: 'pair', label: 'Tag and value', type: 'text', visible: false },
      { id: 'resources', label: 'Resources', type: 'number' },
      { id: 'share', label: 'Share of resources', type: 'percent' },
      { id: 'costLastMonth', label: 'Cost last month', type: 'currency' },
      { id: 'required', label: 'Required by policy', type: 'boolean' },
      { id: 'untaggedShare', label: 'Untagged resources (tenant)', type: 'percent', visible: false },
      { id: 'missingRequired', label: 'Resources missing a required tag (tenant)', type: 'number', visible: false },
    ],
    defaultSort: [{ id: 'resources', desc: true }],
    kpis: [
      { id: 'tagNames', label: 'Tag names', type: 'number' },
      { id: 'untaggedShare', label: 'Untagged resources', type: 'percent' },
      { id: 'missingRequired', label: 'Missing a required tag', type: 'number' },
    ],
  },
  /**
   * A bill of materials compared between the tenant's current purchasing model and an alternative,
   * in long format: one row per line and model. Virtual machine, SQL Database and App Service
   * quantities are the inventory's resources of that SKU (and region); Microsoft 365 quantities are
   * the licences purchased. `monthlyCost` = quantity × unit price; the saving is the current
   * models' monthly cost less the alternatives'.
   */
  bomLines: {
    module: 'azure',
    columns: [
      { id: 'line', label: 'Line', type: 'text' },
      { id: 'category', label: 'Category', type: 'text' },
      { id: 'model', label: 'Model', type: 'enum', options: BOM_MODELS },
      { id: 'modelName', label: 'Purchasing model', type: 'text' },
      { id: 'quantity', label: 'Quantity', type: 'number' },
      { id: 'unitPrice', label: 'Unit price a month', type: 'currency' },
      { id: 'monthlyCost', label: 'Cost a month', type: 'currency' },
    ],
    defaultSort: [{ id: 'monthlyCost', desc: true }],
    kpis: [
      { id: 'currentCost', label: 'Current cost a month', type: 'currency' },
      { id: 'alternativeCost', label: 'Alternative cost a month', type: 'currency' },
      { id: 'saving', label: 'Saving a month', type: 'currency' },
    ],
  },
} as const satisfies Record<string, DatasetDef>;

/** The feature pages of the Azure estate, one dataset each (`ESTATE_DATASETS` above). The key is the component name the menu opens. */
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
} as const satisfies Record<string, DatasetPageDefinition<keyof typeof ESTATE_DATASETS>>;
