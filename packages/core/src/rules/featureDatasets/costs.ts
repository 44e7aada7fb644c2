// spec §2 names the pages only.
/**
 * The feature datasets of cost management (the MACC commitment, cost anomalies, invoices, shared and project costs)
 * and their pages: their columns, key figures, actions and layout
 * (label, fixed filters, charts) are decided here. Joined into `DATASETS` and `DATASET_PAGES` by
 * `../featureData`.
 */

import type { DatasetDef, DatasetPageDefinition } from '../featureDataTypes';

/** The statuses of a cost anomaly, in the order a user works through them. */
const ANOMALY_STATUSES = ['Open', 'Acknowledged', 'Dismissed'] as const;

/** Invoice providers: Azure usage, Microsoft 365 licences and Azure Marketplace purchases. */
const INVOICE_PROVIDERS = ['Azure', 'Microsoft 365', 'Marketplace'] as const;

/**
 * The cost domain's datasets (the Azure consumption commitment, anomalies, invoices, shared and project costs), joined into `DATASETS`.
 * @public
 */
export const COST_DATASETS = {
  /**
   * The tenant's Microsoft Azure Consumption Commitment, one row per month of the commitment up to the
   * current month. Eligible spend is that month's Azure cost (the monthly roll-up the assistant and
   * the reports answer from); the cumulative spend adds the months from the start; the linear target
   * is the commitment times the months elapsed over the commitment's months; ahead/behind is the
   * cumulative spend less the target (negative: behind).
   */
  macc: {
    module: 'azure',
    columns: [
      { id: 'month', label: 'Month', type: 'date' },
      { id: 'commitment', label: 'Commitment', type: 'text' },
      { id: 'eligibleSpend', label: 'Eligible spend', type: 'currency' },
      { id: 'cumulativeSpend', label: 'Cumulative spend', type: 'currency' },
      { id: 'targetCumulative', label: 'Linear target', type: 'currency' },
      { id: 'aheadBehind', label: 'Ahead (+) / behind (−)', type: 'currency' },
      { id: 'commitmentAmount', label: 'Commitment amount', type: 'currency', visible: false },
      { id: 'startDate', label: 'Commitment start', type: 'date', visible: false },
      { id: 'endDate', label: 'Commitment end', type: 'date', visible: false },
    ],
    defaultSort: [{ id: 'month', desc: true }],
    kpis: [
      { id: 'commitment', label: 'Commitment', type: 'currency' },
      { id: 'consumed', label: 'Consumed to date', type: 'currency' },
      { id: 'remaining', label: 'Remaining', type: 'currency' },
      { id: 'shareConsumed', label: 'Share consumed', type: 'percent' },
    ],
  },
  /**
   * Cost anomalies, one row per subscription, service and day whose cost rose well above the mean of
   * the 14 days before (detected once over the daily cost rows, so what users do with them persists).
   * Actual spend is that day's sum of the FOCUS rows of the subscription and service; deviation is
   * actual / expected − 1; severity is High from +150 %, Medium from +80 %, else Low.
   */
  anomalies: {
    module: 'azure',
    columns: [
      { id: 'date', label: 'Date', type: 'date' },
      { id: 'subscription', label: 'Subscription', type: 'text' },
      { id: 'service', label: 'Service', type: 'text' },
      { id: 'expectedSpend', label: 'Expected spend', type: 'currency' },
      { id: 'actualSpend', label: 'Actual spend', type: 'currency' },
      { id: 'unexpectedSpend', label: 'Unexpected spend', type: 'currency' },
      { id: 'deviation', label: 'Deviation', type: 'percent' },
      { id: 'severity', label: 'Severity', type: 'enum', options: ['High', 'Medium', 'Low'] },
      { id: 'status', label: 'Status', type: 'enum', options: ANOMALY_STATUSES },
      { id: 'statusReason', label: 'Reason', type: 'text', visible: false },
      { id: 'statusBy', label: 'By', type: 'text', visible: false },
      { id: 'statusAt', label: 'On', type: 'datetime', visible: false },
    ],
    defaultSort: [{ id: 'date', desc: true }],
    kpis: [
      { id: 'open', label: 'Open anomalies', type: 'number' },
      { id: 'unexpectedSpend', label: 'Unexpected spend (open)', type: 'currency' },
      { id: 'high', label: 'High severity (open)', type: 'number' },
    ],
    actions: [
      { verb: 'acknowledge', label: 'Acknowledge' },
      { verb: 'dismiss', label: 'Dismiss', reason: true },
    ],
  },
  /**
   * Invoices, one per complete month and provider: the Azure invoice is the month's Azure cost (the
   * monthly roll-up), the Microsoft 365 invoice the month's licence cost (purchased × unit price),
   * the Marketplace invoice the month's third-party purchases. Due 30 days after issue (the 10th of
   * the next month).
   */
  invoices: {
    module: 'azure',
    columns: [
      { id: 'invoiceNumber', label: 'Invoice', type: 'text' },
      { id: 'period', label: 'Billing period', type: 'date' },
      { id: 'provider', label: 'Provider', type: 'enum', options: INVOICE_PROVIDERS },
      { id: 'amount', label: 'Amount', type: 'currency' },
      { id: 'status', label: 'Status', type: 'enum', options: ['Paid', 'Due', 'Overdue'] },
      { id: 'dueDate', label: 'Due', type: 'date' },
    ],
    defaultSort: [{ id: 'period', desc: true }],
    kpis: [
      { id: 'billedLastMonth', label: 'Billed last month', type: 'currency' },
      { id: 'unpaid', label: 'Unpaid (due and overdue)', type: 'currency' },
      { id: 'yearToDate', label: 'Billed this year', type: 'currency' },
    ],
  },
  /**
   * Shared cost allocation, one row per month and cost centre: the month's cost of the shared
   * resource groups (rg-shared, rg-network, rg-monitor, rg-identity, from the monthly roll-up) split by
   * each cost centre's share of the allocation rule. A month's shares add up to 1 and its allocations
   * to the shared cost (the last cost centre takes the rounding cents).
   */
  sharedCosts: {
    module: 'azure',
    columns: [
      { id: 'month', label: 'Month', type: 'date' },
      { id: 'costCentre', label: 'Cost centre', type: 'text' },
      { id: 'rule', label: 'Rule', type: 'text' },
      { id: 'share', label: 'Share', type: 'percent' },
      { id: 'sharedCost', label: 'Shared cost of the month', type: 'currency', visible: false },
      { id: 'allocated', label: 'Allocated', type: 'currency' },
    ],
    defaultSort: [{ id: 'month', desc: true }],
    kpis: [
      { id: 'sharedLastMonth', label: 'Shared cost last month', type: 'currency' },
      { id: 'costCentres', label: 'Cost centres', type: 'number' },
      { id: 'largestShare', label: 'Largest share', type: 'percent' },
    ],
  },
  /**
   * Cost by the `project` tag of the Azure resources, one row per project and one '(untagged)' row
   * for the resources without it: the costs are the monthly roll-up of the project's resources;
   * change is last month over the month before, less 1 (null without cost the month before).
   */
  projectCosts: {
    module: 'azure',
    columns: [
      { id: 'project', label: 'Project', type: 'text' },
      { id: 'owner', label: 'Owner', type: 'text' },
      { id: 'budget', label: 'Budget a month', type: 'currency' },
      { id: 'costMonthToDate', label: 'Cost month to date', type: 'currency' },
      { id: 'costLastMonth', label: 'Cost last month', type: 'currency' },
      { id: 'change', label: 'Change vs month before', type: 'percent' },
      { id: 'resources', label: 'Resources', type: 'number' },
    ],
    defaultSort: [{ id: 'costLastMonth', desc: true }],
    kpis: [
      { id: 'projects', label: 'Projects', type: 'number' },
      { id: 'costLastMonth', label: 'Cost last month (tagged)', type: 'currency' },
      { id: 'untaggedShare', label: 'Untagged share of last month', type: 'percent' },
    ],
  },
} as const satisfies Record<string, DatasetDef>;

/** The cost management feature pages, one dataset each (`COST_DATASETS` above). The key is the component name the menu opens. */
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
} as const satisfies Record<string, DatasetPageDefinition<keyof typeof COST_DATASETS>>;
