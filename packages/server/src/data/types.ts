/**
 * The shapes of the feature datasets' SQL (see registry.ts): a leaf module, so the domain SQL files
 * of datasets/ and sqlParts.ts import their types from here rather than from the registry that imports them.
 */

/** What a dataset's SQL may refer to, bound as parameters by the builder. */
export interface SourceScope {
  /** Binds a value and answers its `$n` placeholder. */
  bind(value: unknown): string;
  tenantId: string;
  /** The licence modules of the tenant (spec §5). */
  modules: readonly string[];
  /** 'YYYY-MM' of the last complete month and of the current month (UTC). */
  lastPeriod: string;
  currentPeriod: string;
}

/** A column's SQL. */
export interface ColumnSql {
  /** The value, over the source's tables. */
  sql: string;
  /** Whether it can be null (nulls sort last in both directions). @default false */
  nullable?: boolean;
  /**
   * A finer expression to sort by that orders like `sql` (the FOCUS rows sort their day by id, which
   * the primary key serves). Its SQL type is `sortType`.
   */
  sort?: string;
  sortType?: string;
  /**
   * The column is a day whose rows have keys `sort` from (day - 2000-01-01) * 100000 up to the next
   * day's: a comparison of the day also bounds the key, which the primary key index serves.
   */
  dayKeyed?: boolean;
}

/** An action's effect on one row. */
export interface ActionSql {
  /** The status the row moves to. */
  status: string;
  /** Statuses from which the action moves the row; in the target status already, the row is answered unchanged. */
  from: readonly string[];
}

/**
 * A roll-up table kept with a dataset's rows (sums per tenant and a few low-cardinality columns):
 * the key figures, the charts and the row count read it instead of the rows when every filter and
 * every grouped column is one of its dimensions (and there is no search text).
 */
export interface RollupSql {
  /** `from … where …` over the tenant's roll-up rows (must restrict to `scope.tenantId`). */
  from(scope: SourceScope): string;
  /** The dataset's columns the roll-up groups by, by id: their SQL over the roll-up table. */
  dimensions: Readonly<Record<string, string>>;
  /** The dataset's summed columns, by id: the sum over a roll-up row's rows. */
  sums: Readonly<Record<string, string>>;
  /** The number of rows a roll-up row stands for. */
  count: string;
  /** Further sums only its KPIs read, by names starting with `row:` (e.g. the untagged resources among its rows). */
  extras?: Readonly<Record<string, string>>;
  /** Each KPI over the filtered roll-up rows `t` (dimensions and sums by column id, the count as `t."row:count"`). */
  kpis: Readonly<Record<string, string>>;
}

/** One dataset's source. */
export interface DatasetSql {
  /** `from … where …` over the tenant's rows (must restrict to `scope.tenantId`). */
  from(scope: SourceScope): string;
  /** The row's unique id within the tenant (the paging tiebreak) and its SQL type. */
  id: string;
  idType: 'text' | 'bigint';
  columns: Readonly<Record<string, ColumnSql>>;
  /** Each KPI of `DATASETS[ds].kpis` as an aggregate over the filtered rows `t` (columns by id: `t."costLastMonth"`). */
  kpis: Readonly<Record<string, string>>;
  /** The currency of the tenant's rows. */
  currency(scope: SourceScope): string;
  /**
   * Free-text search from an index instead of an ILIKE per column over every row: `haystack` is the
   * text columns joined by E'\x1f' (a character a search text never holds), written exactly as an
   * index expression of the table expands. Without `hashes`, the table has a trigram index on the
   * haystack itself (rows whose haystacks differ: resources, users). With it, rows share few
   * haystacks (the FOCUS rows): the table's hash index on the haystack finds the rows, `hashes`
   * answers the `hashtext()` of the tenant's distinct haystacks that match a bound ILIKE pattern,
   * from a trigram-indexed table of them, and `count` the number of rows they stand for (a search's
   * exact count without reading its rows).
   */
  search?: {
    haystack: string;
    hashes?(scope: SourceScope, pattern: string): string;
    count?(scope: SourceScope, pattern: string): string;
  };
  /**
   * A statement run before the dataset's first read for a tenant and month (once per database,
   * tenant and month in a server process), which brings kept columns up to that month.
   */
  prepare?(scope: SourceScope): string;
  /**
   * Read a page's row ids by the sort keys alone, then those rows whole by id: with only narrow
   * rows to sort, the planner takes the filtered column's index and sorts the few matches instead of
   * walking the primary key past every row a rare filter drops. For a large table whose id is its
   * key. @default false
   */
  narrowFirst?: boolean;
  /**
   * The one table the rows and every sort key come from, whose writes migration 024's triggers
   * version: a page at any offset of an unfiltered sort then jumps from a sample of the sort keys
   * (data/jumps.ts) instead of walking every row before it. @default none: offsets are walked
   */
  rowsTable?: string;
  /** The roll-ups the key figures, charts and row count read when one can answer, smallest first (see {@link RollupSql}). */
  rollups?: readonly RollupSql[];
  /**
   * The table actions update (its `status`, `status_by`, `status_at` columns), the column that keeps
   * the reason (null: the reason goes to the history only), the history table of an alert, and what
   * each verb does.
   */
  actions?: {
    table: string;
    key: string;
    reasonColumn: string | null;
    history: boolean;
    verbs: Readonly<Record<string, ActionSql>>;
  };
}
