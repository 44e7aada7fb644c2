/**
 * The declarative report definitions the emulator renders, the filter shapes it applies (the subset
 * of powerbi-models' filters it understands, structurally the same JSON), and the IError it reports.
 * Types only: safe to import anywhere (Node, the frame, a test).
 */

/**
 * One cell of a dataset row. `null` is a blank.
 * @public
 */
export type CellValue = string | number | boolean | null;

/**
 * How a column's numbers are shown. `percent` takes values 0–100. @default 'number'
 * @public
 */
export type ValueFormat = 'number' | 'integer' | 'currency' | 'percent';

/**
 * A table of the report's model: named columns and rows of cells in column order.
 * @public
 */
export interface DatasetDefinition {
  /** Column names; a filter's `target.column` names one of them. */
  columns: string[];
  /** Rows, each with one cell per column, in column order. */
  rows: CellValue[][];
  /** How numeric columns are shown (labels, tables, KPIs, chart summaries). */
  formats?: Record<string, ValueFormat>;
}

/**
 * The visuals the emulator draws.
 * @public
 */
export type VisualType = 'bar' | 'line' | 'donut' | 'table' | 'kpi';

/**
 * How a KPI reduces its measure. `count` counts rows. @default 'sum'
 * @public
 */
export type Aggregation = 'sum' | 'count' | 'avg' | 'min' | 'max';

/**
 * One visual of a page. Its rows are its dataset's, after visual, page and report filters.
 * @public
 */
export interface VisualDefinition {
  /** Internal name, unique within the page. @default `visual{index + 1}` */
  name?: string;
  /** What the visual draws: a bar, line or donut chart, a table, or a key figure (`kpi`). */
  type: VisualType;
  /** Shown as the visual's heading and used in its accessible name. */
  title: string;
  /** Key of the report's `datasets` the visual reads (also the filter target `table`). */
  dataset: string;
  /** bar, line, donut: the category column. table: columns to group by (omit to list rows). */
  x?: string | string[];
  /** bar, line, donut, kpi: the measure column(s), summed per category. table: measures summed per group. */
  y?: string | string[];
  /** bar, line: one series per value of this column (with a single measure). */
  series?: string;
  /** bar with several series: stack them instead of grouping them side by side. @default false */
  stacked?: boolean;
  /** kpi: how the measure is reduced; bar, line, donut: `count` counts rows per category instead of summing `y`. @default 'sum' */
  aggregate?: Aggregation;
  /** table without `x`: the columns listed. @default all columns */
  columns?: string[];
  /** bar, donut, table: order by the first measure (largest first) or by category. @default bar/donut 'value', line/table 'category' */
  sort?: 'value' | 'category';
  /** At most this many categories (bar, donut) or rows (table). */
  limit?: number;
  /** Visual-level filters, applied like page and report filters. */
  filters?: EmulatorFilter[];
}

// spec §3 "Page of an embedded report"
/**
 * A page of a report definition.
 * @public
 */
export interface PageDefinition {
  /** Internal name (Power BI's `ReportSection…`); what `setPage`, `pageName` and bookmarks use. */
  name: string;
  /** The page's name as shown in the page tabs. */
  displayName: string;
  /** 0 visible, 1 hidden in view mode (listed by getPages, not in the page tabs). @default 0 */
  visibility?: 0 | 1;
  /** The page's visuals, in order. */
  visuals: VisualDefinition[];
  /** The page's filters when the report loads. */
  filters?: EmulatorFilter[];
}

/**
 * A report the emulator can show: pages of visuals over named datasets.
 * @public
 */
export interface ReportDefinition {
  /** The Power BI report (entity) id; bookmark states carry it. */
  id: string;
  /** The report's name as shown. */
  name: string;
  /** ISO 4217 code for `currency` columns. @default 'USD' */
  currency?: string;
  /** The report's pages, in order. */
  pages: PageDefinition[];
  /** The report's datasets, by name: what its visuals read and its filters target. */
  datasets: Record<string, DatasetDefinition>;
  /** Report-level filters when the embed's load config has none. */
  filters?: EmulatorFilter[];
  /** Test scripting: events the frame raises besides its own (see {@link EmulationScript}). */
  emulation?: EmulationScript;
}

/**
 * A filter's target: a table (dataset) and one of its columns.
 * @public
 */
export interface FilterTarget {
  /** The table: a key of the report's `datasets`. */
  table: string;
  /** A column of that dataset. */
  column: string;
}

/**
 * powerbi-models `IBasicFilter` (filterType 1).
 * @public
 */
export interface BasicFilter {
  /** powerbi-models' schema URL of the filter kind. */
  $schema?: string;
  /** The column filtered. */
  target: FilterTarget;
  /** Always 1: a basic filter. */
  filterType: 1;
  /** Keep the rows whose value is in `values`, those whose value is not, or every row. */
  operator: 'In' | 'NotIn' | 'All';
  /** The values the operator compares with. */
  values: (string | number | boolean)[];
  /** Whether the filter pane lets one value only be chosen. */
  requireSingleSelection?: boolean;
}

/**
 * The condition operators of powerbi-models' advanced filter.
 * @public
 */
export type AdvancedConditionOperator =
  | 'None'
  | 'LessThan'
  | 'LessThanOrEqual'
  | 'GreaterThan'
  | 'GreaterThanOrEqual'
  | 'Contains'
  | 'DoesNotContain'
  | 'StartsWith'
  | 'DoesNotStartWith'
  | 'Is'
  | 'IsNot'
  | 'IsBlank'
  | 'IsNotBlank'
  | 'IsEmptyString'
  | 'IsNotEmptyString';

/**
 * One condition of an advanced filter.
 * @public
 */
export interface AdvancedFilterCondition {
  /** How the column's value is compared. */
  operator: AdvancedConditionOperator;
  /** What it is compared with (none for `IsBlank` and the like). */
  value?: string | number | boolean;
}

/**
 * powerbi-models `IAdvancedFilter` (filterType 0).
 * @public
 */
export interface AdvancedFilter {
  /** powerbi-models' schema URL of the filter kind. */
  $schema?: string;
  /** The column filtered. */
  target: FilterTarget;
  /** Always 0: an advanced filter. */
  filterType: 0;
  /** Whether a row must meet every condition or one of them. */
  logicalOperator: 'And' | 'Or';
  /** The conditions. */
  conditions: AdvancedFilterCondition[];
}

/**
 * Any other powerbi-models filter (top N, relative date…): kept, listed and captured, but not applied to rows.
 * @public
 */
export interface OtherFilter {
  /** powerbi-models' schema URL of the filter kind. */
  $schema?: string;
  /** powerbi-models' filter type number. */
  filterType: number;
  /** What the filter targets, as powerbi-models describes it. */
  target?: unknown;
  /** Whatever else the filter holds, kept as it is. */
  [key: string]: unknown;
}

/**
 * A filter as the emulator stores it.
 * @public
 */
export type EmulatorFilter = BasicFilter | AdvancedFilter | OtherFilter;

/**
 * powerbi-models `TraceType`, the `level` of an IError.
 * @public
 */
export const TraceLevel = {
  Information: 0,
  Verbose: 1,
  Warning: 2,
  Error: 3,
  ExpectedError: 4,
  UnexpectedError: 5,
  Fatal: 6,
} as const;

/**
 * powerbi-models `IError`: the body of a refused call and of an `error` event.
 * @public
 */
export interface EmulatorError {
  /** The error's message. */
  message: string;
  /** A longer description. */
  detailedMessage?: string;
  /** Power BI's error code. */
  errorCode?: string;
  /** How grave the error is: a {@link TraceLevel}. */
  level?: number;
}

/**
 * The error events and replies of the emulator, named by Power BI's codes.
 * @public
 */
export const ErrorCodes = {
  /** Real Power BI raises an expired token as an `error` event with this message (and errorCode '403'). */
  TokenExpired: 'TokenExpired',
  NotFound: 'PowerBIEntityNotFound',
  NotAuthorized: 'PowerBINotAuthorizedException',
  LoadReportFailed: 'LoadReportFailed',
  InvalidParameters: 'Invalid parameters',
} as const;

/**
 * A report event the emulator raises after which a scripted event may follow; `load` is right after the load request was answered.
 * @public
 */
export type EmulatorEventName = 'load' | 'loaded' | 'rendered' | 'pageChanged';

/**
 * An event the frame posts to the host on cue, to reach a host's error paths in tests.
 * @public
 */
export interface ScriptedEvent {
  /**
   * Post it after this happened (each time, unless `once`). A scripted `error` after `load` fails the
   * load: neither `loaded` nor `rendered` is posted.
   */
  after: EmulatorEventName;
  /** The event to post, e.g. 'error' (`POST /reports/{uid}/events/{post}`). */
  post: string;
  /** Its body, e.g. an {@link EmulatorError}. */
  body?: unknown;
  /** Wait this long first. @default 0 */
  delayMs?: number;
  /** Only the first time. @default true */
  once?: boolean;
}

/**
 * Scripted behaviour for tests; a definition served by a real back end has none.
 * @public
 */
export interface EmulationScript {
  /** Events the frame posts on cue. */
  events?: ScriptedEvent[];
  /** Treat the access token as expiring this many ms after it was set (load or setAccessToken), if sooner than its `exp`. */
  tokenExpiresInMs?: number;
  // spec §8 'Could Not Capture View'
  /**
   * Calls the frame fails (HTTP 500 with Power BI's error body), by their path without `/report/`:
   * `bookmarks/capture` makes a saved view's capture fail.
   * A page of the emulator's own origin can ask the same at run time: see {@link EMULATOR_FAIL_KEY}.
   */
  fail?: EmulatorFailure[];
}

/**
 * The frame calls the emulator can be asked to fail.
 * @public
 */
export type EmulatorFailure = 'bookmarks/capture' | 'bookmarks/applyState';

/**
 * A switch for end-to-end tests: `sessionStorage[EMULATOR_FAIL_KEY]` set to a comma-separated list of
 * {@link EmulatorFailure}s, in the emulator's frame itself (the frame's origin: the reference server
 * serves it on its own origin's loopback twin by default, see POWERBI_EMULATOR_SITE, so a test sets it
 * through the frame, e.g. Playwright's `frame.evaluate`), makes those calls fail from then on.
 * @public
 */
export const EMULATOR_FAIL_KEY = 'cp-powerbi-emulator:fail';
