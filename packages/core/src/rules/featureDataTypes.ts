/**
 * The types of feature-page data (see `featureData.ts`): a dataset's definition, its columns, key
 * figures and actions, a page's layout over it (its label, fixed filters and charts), and the query,
 * page and summary a grid exchanges with the server. A leaf module: the domain files of
 * `featureDatasets/` import these types, and `featureData.ts` imports the domain files.
 */
import type { LicenseModule } from './licenses';

/**
 * How a column's values are typed, shown, sorted and filtered.
 * @public
 */
export type DataColumnType = 'text' | 'number' | 'currency' | 'percent' | 'date' | 'datetime' | 'enum' | 'boolean';

/**
 * The comparison of one column filter.
 * @public
 */
export type DataFilterOp = 'eq' | 'ne' | 'lt' | 'lte' | 'gt' | 'gte' | 'contains' | 'in';

/**
 * One column of a dataset.
 * @public
 */
export interface DataColumn {
  /** camelCase id: the row's key, the sort and filter key, the CSV column. */
  id: string;
  /** The header, also the CSV header. */
  label: string;
  /** What the column holds; decides how it is shown, sorted and filtered. */
  type: DataColumnType;
  /** Whether the grid shows the column before the user chooses columns. @default true */
  visible?: boolean;
  /** The choices of an `enum` column, in display order: the values stored, sorted, filtered and sent. */
  options?: readonly string[];
  /**
   * The English of those choices that `humanizeOption` would not read right (an acronym, a product's
   * name), by value: `{ m365: 'Microsoft 365', aws: 'AWS' }`. @default none: each reads as `humanizeOption` says
   */
  optionLabels?: Readonly<Partial<Record<string, string>>>;
}

/**
 * One key figure of a dataset's summary.
 * @public
 */
export interface DataKpi {
  /** The key figure's id. */
  id: string;
  /** Its label. */
  label: string;
  /** How its value is written. */
  type: 'number' | 'currency' | 'percent';
}

/**
 * What may be done to a row, with the status it leads to.
 * @public
 */
export interface DataAction {
  /** The action's verb, as the action call names it. */
  verb: string;
  /** The button's label. */
  label: string;
  /** Whether the user gives a reason (a dismissal does). @default false */
  reason?: boolean;
}

/**
 * One dataset behind feature pages.
 * @public
 */
export interface DatasetDef {
  // spec §5
  /** The licence module a tenant needs to read it; `null` when every tenant may. */
  module: LicenseModule | null;
  /** The dataset's columns, in display order. */
  columns: readonly DataColumn[];
  /** The order rows come in when the user has not sorted. The server adds `id` as the tiebreak. */
  defaultSort: readonly DataSort[];
  /** The key figures of its summary. */
  kpis: readonly DataKpi[];
  /** What may be done to a row. */
  actions?: readonly DataAction[];
}

/**
 * How a chart draws its data: lines over categories, bars side by side, bars stacked, or a donut of slices.
 * @public
 */
export type ChartKind = 'line' | 'bar' | 'stackedBar' | 'donut';

/**
 * How a chart groups a date column: per day or per month.
 * @public
 */
export type SeriesGrain = 'day' | 'month';

/**
 * A chart of a dataset page: the sum of `y` per `x` (and per `split`), summed by the server.
 * @public
 */
export interface DatasetChartDefinition {
  /** The chart's caption. */
  title: string;
  /** How the chart draws. */
  kind: ChartKind;
  /** A date column (grouped by `grain`), or a text or enum column (its largest values). */
  x: string;
  /** A numeric column, summed; without it, the rows are counted ("Apps by risk"). */
  y?: string;
  /** @default 'day' */
  grain?: SeriesGrain;
  /** A text or enum column: one series per value (the largest eight, the rest as 'Other'). */
  split?: string;
}

// spec §2 names the pages; what each shows is decided with its dataset in `featureDatasets/`.
/**
 * A feature page that shows one dataset (what it shows is decided with
 * its dataset, in the same domain file of `featureDatasets/`). Plain data: the page kit's
 * `DatasetPage` draws it. `D` is the datasets it may show: a domain's names in its file, `DatasetId`
 * for the whole catalogue.
 * @public
 */
export interface DatasetPageDefinition<D extends string = string> {
  /** The dataset the page shows. */
  dataset: D;
  /** What the rows are (the page region's, the grid's and the search box's name). */
  label: string;
  /** Filters the page always applies; the user cannot remove them. */
  fixedFilters?: readonly DataFilter[];
  /** Charts above the grid. */
  charts?: readonly DatasetChartDefinition[];
}

/**
 * One sort key.
 * @public
 */
export interface DataSort {
  /** The column sorted by. */
  id: string;
  /** Whether largest first. */
  desc: boolean;
}

/**
 * One column filter. `in` takes several values; every other op takes one.
 * @public
 */
export interface DataFilter {
  /** The column filtered. */
  id: string;
  /** How it is compared. */
  op: DataFilterOp;
  /** The value, or the values of `in`. */
  value: string | readonly string[];
}

/**
 * What a grid asks for.
 * @public
 */
export interface DataQuery {
  /** Where the page starts among the matching rows. @default 0 */
  offset?: number;
  /** @default DATA_PAGE_SIZE, at most DATA_PAGE_MAX */
  limit?: number;
  /** The sort keys, in order of precedence. @default the dataset's `defaultSort` */
  sort?: readonly DataSort[];
  /** Free text matched (case-insensitively, as a substring) against the text columns. */
  q?: string;
  /** Column filters, all of which a row meets. */
  filters?: readonly DataFilter[];
  /** The columns a CSV export writes, in order. @default every column */
  columns?: readonly string[];
  /**
   * The `next` cursor of the page before this one, for the same query: the page is read after that
   * row by its sort keys (keyset), so scrolling down costs the same at any depth. `offset` still
   * says where the page starts. @default none: read from `offset`
   */
  after?: string;
}

/**
 * A cell's value as it travels: dates as `YYYY-MM-DD`, date-times as ISO strings.
 * @public
 */
export type DataCell = string | number | boolean | null;

/**
 * One row: `id` is stable and unique within its dataset and tenant.
 * @public
 */
export type DataRow = { id: string } & Record<string, DataCell>;

/**
 * A page of rows.
 * @public
 */
export interface DataPage {
  /** The page's rows. */
  rows: DataRow[];
  /** Rows that match the query's filters; with `totalCapped`, at least this many. */
  total: number;
  /**
   * The server stopped counting at {@link DATA_COUNT_CAP} matching rows (a filter or search over a
   * large tenant): there are more, and the page says so ("10,000+ rows") instead of waiting for a count.
   * @default false
   */
  totalCapped?: boolean;
  /** Where the page starts among the matching rows. */
  offset: number;
  /** At most this many rows. */
  limit: number;
  /** The sort the rows are in. */
  sort: DataSort[];
  /** ISO 4217 code of the currency columns. */
  currency: string;
  /** The cursor after this page's last row, for the next page's `after`; absent when the page is the last. */
  next?: string;
}

/**
 * A dataset's key figures over the tenant's rows that pass the summary call's filters.
 * @public
 */
export interface DataSummary {
  /** Each key figure with its value. */
  kpis: { id: string; label: string; type: DataKpi['type']; value: number }[];
  /** ISO 4217 code of the currency figures. */
  currency: string;
}
