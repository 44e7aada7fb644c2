/**
 * Feature-page data (spec §2 "A loader opens feature pages by component name"; §7 names
 * "cost-management calls" without their paths). The spec names the pages only; what each shows is
 * decided here, once, for the client and the reference server: the datasets, their columns and
 * key figures, the query a grid sends, and how a CSV cell is written.
 */

import type {
  DataColumnType,
  DataFilterOp,
  DataColumn,
  DatasetDef,
  DataSort,
  DataFilter,
  DataQuery,
  DataCell,
} from './featureDataTypes';
import { COST_DATASETS } from './featureDatasets/costs';
import { M365_DATASETS } from './featureDatasets/m365';
import { ADOPTION_DATASETS } from './featureDatasets/adoption';
import { ESTATE_DATASETS } from './featureDatasets/estate';
import { OPERATIONS_DATASETS } from './featureDatasets/operations';

export type * from './featureDataTypes';

/** Rows a page asks for unless told otherwise. */
export const DATA_PAGE_SIZE = 100;
/** The most rows one call returns. */
export const DATA_PAGE_MAX = 1000;
/** The answer to an `after` that is not the `next` of a page of the same sort. */
export const DATA_CURSOR_ERROR = "after must be the 'next' cursor of a page of the same dataset and sort.";
/** How far the server counts the rows a filter or search matches before it answers "at least this many" ({@link DataPage.totalCapped}). */
export const DATA_COUNT_CAP = 10_000;
/**
 * How far the server counts the rows a free-text search matches. Each candidate row is checked
 * against the text (a trigram index narrows them, and one or two letters cannot use it), so a
 * search's count stops sooner than a filter's: past this many it answers "at least" too.
 */
export const DATA_SEARCH_COUNT_CAP = 1_000;
/** The most rows one CSV export writes. */
export const DATA_EXPORT_MAX = 1_000_000;

/** An alert's severities, the most severe first (Azure Monitor's names). */
export const ALERT_SEVERITIES = ['Critical', 'Error', 'Warning', 'Informational'] as const;

/**
 * The datasets written first, over the assistant's tables and the core inventory. The others are
 * declared by domain in `featureDatasets/` (costs, the Azure estate, Microsoft 365, adoption, operations) and joined in {@link DATASETS}.
 */
const BASE_DATASETS = {
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
      { id: 'provider', label: 'Provider', type: 'enum', options: ['azure', 'm365', 'aws'] },
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

/**
 * Every dataset of the feature pages. A page shows one dataset, sometimes with a fixed filter
 * (the Azure recommendations page is `recommendations` where provider is azure).
 */
export const DATASETS = {
  ...BASE_DATASETS,
  ...COST_DATASETS,
  ...ESTATE_DATASETS,
  ...M365_DATASETS,
  ...ADOPTION_DATASETS,
  ...OPERATIONS_DATASETS,
} as const;

export { ADOPTION_DATASETS, COST_DATASETS, ESTATE_DATASETS, M365_DATASETS, OPERATIONS_DATASETS };
export { PEOPLE_WINDOW_DAYS, RECENT_JOINER_DAYS } from './featureDatasets/m365';

/** A dataset's name, as in `/api/data/{dataset}`. */
export type DatasetId = keyof typeof DATASETS;

/** Whether `name` is a dataset. */
export function isDatasetId(name: string): name is DatasetId {
  return Object.hasOwn(DATASETS, name);
}

/** The definition of a dataset. */
export function datasetDef(id: DatasetId): DatasetDef {
  return DATASETS[id];
}

const OPS_BY_TYPE: Record<DataColumnType, readonly DataFilterOp[]> = {
  text: ['eq', 'ne', 'contains', 'in'],
  enum: ['eq', 'ne', 'in'],
  boolean: ['eq'],
  number: ['eq', 'ne', 'lt', 'lte', 'gt', 'gte'],
  currency: ['eq', 'ne', 'lt', 'lte', 'gt', 'gte'],
  percent: ['eq', 'ne', 'lt', 'lte', 'gt', 'gte'],
  date: ['eq', 'lt', 'lte', 'gt', 'gte'],
  datetime: ['lt', 'lte', 'gt', 'gte'],
};

/** The filter comparisons a column of `type` takes. */
export function filterOpsFor(type: DataColumnType): readonly DataFilterOp[] {
  return OPS_BY_TYPE[type];
}

/** The query-string form of a query: `sort=cost:desc,name:asc`, one `f=column:op:value` per filter (`in` values joined by `|`). */
export type DataQueryParams = Record<string, string | number | string[] | undefined>;

/** Writes a query as its query-string parameters (the inverse of {@link parseDataQuery}). */
export function dataQueryParams(query: DataQuery): DataQueryParams {
  const params: DataQueryParams = {};
  if (query.offset) params.offset = query.offset;
  if (query.limit !== undefined) params.limit = query.limit;
  if (query.sort?.length) params.sort = query.sort.map((s) => `${s.id}:${s.desc ? 'desc' : 'asc'}`).join(',');
  if (query.q?.trim()) params.q = query.q.trim();
  if (query.filters?.length)
    params.f = query.filters.map((f) => `${f.id}:${f.op}:${typeof f.value === 'string' ? f.value : f.value.join('|')}`);
  if (query.columns?.length) params.columns = query.columns.join(',');
  if (query.after) params.after = query.after;
  return params;
}

/** A query checked against its dataset, with defaults applied. */
export interface ParsedDataQuery {
  offset: number;
  limit: number;
  sort: DataSort[];
  q: string;
  filters: DataFilter[];
  columns: string[];
  /** The previous page's `next` cursor, unchecked here: the server decodes it against the sort. */
  after?: string;
}

/** A page cursor's form: base64url, as the server writes it. */
const CURSOR = /^[A-Za-z0-9_-]{1,2048}$/;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/;

function checkValue(column: DataColumn, value: string): string | null {
  switch (column.type) {
    case 'number':
    case 'currency':
    case 'percent':
      return value.trim() !== '' && Number.isFinite(Number(value))
        ? null
        : `Filter on '${column.id}' needs a number, not '${value}'.`;
    case 'date':
      return DATE.test(value) && !Number.isNaN(Date.parse(value))
        ? null
        : `Filter on '${column.id}' needs a date (YYYY-MM-DD), not '${value}'.`;
    case 'datetime':
      return DATETIME.test(value) && !Number.isNaN(Date.parse(value))
        ? null
        : `Filter on '${column.id}' needs a date and time, not '${value}'.`;
    case 'boolean':
      return value === 'true' || value === 'false'
        ? null
        : `Filter on '${column.id}' needs true or false, not '${value}'.`;
    case 'enum':
      return column.options?.includes(value)
        ? null
        : `Filter on '${column.id}' must be one of ${column.options?.join(', ')}; '${value}' is not.`;
    default:
      return null;
  }
}

function one(raw: unknown): string | undefined {
  if (raw === undefined) return undefined;
  return Array.isArray(raw) ? String(raw[raw.length - 1]) : String(raw);
}

/**
 * Reads a query string's parameters for `def`, or says what is wrong with them in one sentence a
 * person can act on. Unknown columns, ops a column does not take and values of the wrong type are
 * errors; nothing is silently dropped.
 */
export function parseDataQuery(
  def: DatasetDef,
  raw: Readonly<Record<string, unknown>>,
): { query: ParsedDataQuery } | { error: string } {
  const columns = new Map(def.columns.map((c) => [c.id, c]));
  const known = ['offset', 'limit', 'sort', 'q', 'f', 'columns', 'after'];
  const unknown = Object.keys(raw).find((k) => !known.includes(k));
  if (unknown) return { error: `Unknown query parameter '${unknown}'.` };

  const offsetText = one(raw.offset) ?? '0';
  const offset = Number(offsetText);
  if (!/^\d+$/.test(offsetText) || !Number.isSafeInteger(offset))
    return { error: `offset must be a whole number of 0 or more, not '${offsetText}'.` };
  const limitText = one(raw.limit) ?? String(DATA_PAGE_SIZE);
  const limit = Number(limitText);
  if (!/^\d+$/.test(limitText) || limit < 1 || limit > DATA_PAGE_MAX)
    return { error: `limit must be a whole number from 1 to ${DATA_PAGE_MAX}, not '${limitText}'.` };

  const sort: DataSort[] = [];
  const sortText = one(raw.sort);
  if (sortText) {
    for (const part of sortText.split(',')) {
      const [id = '', dir = 'asc', extra] = part.split(':');
      if (!columns.has(id)) return { error: `Cannot sort by '${id}': the dataset has no such column.` };
      if ((dir !== 'asc' && dir !== 'desc') || extra !== undefined)
        return { error: `Sort '${part}' must be column:asc or column:desc.` };
      if (sort.some((s) => s.id === id)) return { error: `Sort names '${id}' twice.` };
      sort.push({ id, desc: dir === 'desc' });
    }
  }

  const q = (one(raw.q) ?? '').trim();
  if (q.length > 200) return { error: 'The search text is longer than 200 characters.' };

  const filters: DataFilter[] = [];
  const filterTexts = raw.f === undefined ? [] : Array.isArray(raw.f) ? raw.f.map(String) : [String(raw.f)];
  for (const text of filterTexts) {
    const first = text.indexOf(':');
    const second = text.indexOf(':', first + 1);
    if (first < 0 || second < 0) return { error: `Filter '${text}' must be column:op:value.` };
    const id = text.slice(0, first);
    const op = text.slice(first + 1, second) as DataFilterOp;
    const value = text.slice(second + 1);
    const column = columns.get(id);
    if (!column) return { error: `Cannot filter by '${id}': the dataset has no such column.` };
    if (!OPS_BY_TYPE[column.type].includes(op))
      return { error: `Filter on '${id}' cannot use '${op}'; it takes ${OPS_BY_TYPE[column.type].join(', ')}.` };
    const values = op === 'in' ? value.split('|') : [value];
    for (const v of values) {
      const wrong = checkValue(column, v);
      if (wrong) return { error: wrong };
    }
    filters.push({ id, op, value: op === 'in' ? values : value });
  }

  const columnText = one(raw.columns);
  const chosen = columnText ? columnText.split(',') : def.columns.map((c) => c.id);
  const missing = chosen.find((id) => !columns.has(id));
  if (missing) return { error: `Cannot export '${missing}': the dataset has no such column.` };

  const after = one(raw.after);
  if (after !== undefined && !CURSOR.test(after)) return { error: DATA_CURSOR_ERROR };

  return {
    query: {
      offset,
      limit,
      sort: sort.length ? sort : [...def.defaultSort],
      q,
      filters,
      columns: chosen,
      ...(after ? { after } : {}),
    },
  };
}

/**
 * The first characters that make a spreadsheet run a text as a formula, as the body of a regular
 * expression's bracket class: the same text in JavaScript and in PostgreSQL, where the server
 * writes an export's CSV lines itself.
 */
export const CSV_FORMULA_LEADS = String.raw`=+\-@\t\r`;
/** The characters that make a CSV field quoted, as the body of a bracket class (see {@link CSV_FORMULA_LEADS}). */
export const CSV_QUOTED_CHARS = String.raw`",\r\n`;
const CSV_FORMULA = new RegExp(`^[${CSV_FORMULA_LEADS}]`);
const CSV_QUOTED = new RegExp(`[${CSV_QUOTED_CHARS}]`);

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. A
 * text that a spreadsheet would run as a formula (it starts with =, +, -, @, tab or carriage
 * return) is prefixed with `'`; numbers are written as they are.
 */
export function csvField(value: DataCell): string {
  if (value === null) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const safe = CSV_FORMULA.test(value) ? `'${value}` : value;
  return CSV_QUOTED.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One CSV line of `cells`, ended by CRLF as RFC 4180 says. */
export function csvLine(cells: readonly DataCell[]): string {
  return `${cells.map(csvField).join(',')}\r\n`;
}

/**
 * The CSV lines of `rows`, one {@link csvLine} each, of their `columns` in that order (a missing
 * cell is empty). Written field by field into one string: an export writes over 100,000 rows a
 * second, and an array per row (the cells, then their fields) was most of its garbage.
 */
export function csvLines(
  rows: readonly Readonly<Record<string, DataCell | undefined>>[],
  columns: readonly string[],
): string {
  let out = '';
  for (const row of rows) {
    for (let i = 0; i < columns.length; i++) out += (i ? ',' : '') + csvField(row[columns[i]!] ?? null);
    out += '\r\n';
  }
  return out;
}

/** The file name of an export: `{dataset}-{YYYY-MM-DD}.csv`. */
export function exportFileName(dataset: string, now: Date): string {
  return `${dataset}-${now.toISOString().slice(0, 10)}.csv`;
}

/** How finely a series groups its dates. */
export type SeriesGrain = 'day' | 'month';

/**
 * What a chart asks for (`GET /api/data/{dataset}/series`): the sum of a numeric column `y` (or,
 * without `y`, the number of rows) per `grain` of a date column `x` (or per value of a text or enum
 * column `x`), optionally split into one series per value of `split` (the largest
 * {@link SERIES_SPLIT_MAX} kept, the rest summed as 'Other'), over the rows that pass `filters`.
 */
export interface DataSeriesQuery {
  x: string;
  /** A numeric column, summed (a percent averaged). @default the rows are counted */
  y?: string;
  /** For a date `x`. @default 'day' */
  grain?: SeriesGrain;
  split?: string;
  filters?: readonly DataFilter[];
}

/** A chart's data: categories along x and one or more named series of numbers (null: no rows). */
export interface DataSeries {
  categories: string[];
  series: { name: string; values: (number | null)[] }[];
  currency: string;
}

/** The most series a split keeps before it sums the rest as 'Other'. */
export const SERIES_SPLIT_MAX = 8;
/** The most categories a series answers (the largest, for a text x; the latest, for dates). */
export const SERIES_CATEGORIES_MAX = 400;
/** The name of the series that sums the values a split left out. */
export const SERIES_OTHER = 'Other';
/** The name of an unsplit series that counts rows (a query without `y`). */
export const SERIES_COUNT = 'Count';

/** The query-string form of a series query (the inverse of {@link parseSeriesQuery}). */
export function seriesQueryParams(query: DataSeriesQuery): DataQueryParams {
  return {
    x: query.x,
    y: query.y,
    grain: query.grain,
    split: query.split,
    ...dataQueryParams({ filters: query.filters }),
  };
}

/** A series query checked against its dataset, with defaults applied. */
export interface ParsedSeriesQuery {
  x: DataColumn;
  /** null: the rows are counted. */
  y: DataColumn | null;
  grain: SeriesGrain;
  split: DataColumn | null;
  filters: DataFilter[];
}

const NUMERIC: readonly DataColumnType[] = ['number', 'currency', 'percent'];
const GROUPABLE: readonly DataColumnType[] = ['text', 'enum', 'boolean'];

/** Reads a series query's parameters for `def`, or says what is wrong with them. */
export function parseSeriesQuery(
  def: DatasetDef,
  raw: Readonly<Record<string, unknown>>,
): { query: ParsedSeriesQuery } | { error: string } {
  const unknown = Object.keys(raw).find((k) => !['x', 'y', 'grain', 'split', 'f'].includes(k));
  if (unknown) return { error: `Unknown query parameter '${unknown}'.` };
  const column = (name: string) => def.columns.find((c) => c.id === one(raw[name]));
  const x = column('x');
  if (!x || !(x.type === 'date' || x.type === 'datetime' || GROUPABLE.includes(x.type)))
    return { error: `x must be a date, text or enum column of the dataset, not '${one(raw.x) ?? ''}'.` };
  const y = raw.y === undefined ? null : (column('y') ?? null);
  if (raw.y !== undefined && (!y || !NUMERIC.includes(y.type)))
    return { error: `y must be a numeric column of the dataset, not '${one(raw.y) ?? ''}'.` };
  const grain = (one(raw.grain) ?? 'day') as SeriesGrain;
  if (grain !== 'day' && grain !== 'month') return { error: `grain must be day or month, not '${grain}'.` };
  let split: DataColumn | null = null;
  if (raw.split !== undefined) {
    split = column('split') ?? null;
    if (!split || !GROUPABLE.includes(split.type))
      return { error: `split must be a text or enum column of the dataset, not '${one(raw.split) ?? ''}'.` };
  }
  const filters = parseDataQuery(def, raw.f === undefined ? {} : { f: raw.f });
  if ('error' in filters) return filters;
  return { query: { x, y, grain, split, filters: filters.query.filters } };
}
