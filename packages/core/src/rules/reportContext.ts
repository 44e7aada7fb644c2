/* eslint-disable no-restricted-syntax -- a malformed report context's error answers the calling code's developer (the SDK builds it), so it stays English */
// Beyond the spec: extends spec §2 "Assistant chat" and §7 "Chatbot service" with what §7 "Embedded report
// messaging" reads from the frame; the filter kinds of §7 "Filter kinds".
/**
 * The live view the assistant sees: which report, page, filters and saved view the user is looking
 * at when they ask a question. The assistant's question (`POST /api/chat/generate`) carries it as
 * `reportContext`, built from what the embedded report's frame answers (`GET /report/pages`,
 * `GET /report/filters`, `GET /report/pages/{name}/filters`) and summarised by Power BI filter
 * kind. Pure rules shared by the
 * report view (which builds it), the chat store (which sends it) and the reference server (which
 * checks it and answers from it).
 */

/**
 * One filter of the live view, summarised so it is small and serialisable. Only basic and advanced
 * Power BI filters are summarised (top-N, relative date and relative time filters are left out):
 * - a basic filter is one entry: operator `In` or `NotIn`, its selected values;
 * - an advanced filter whose conditions must all hold (`And`, or a single condition) is one entry per
 *   condition: the condition's operator (`LessThan`, `Contains`, `IsBlank`…) and its value (none for
 *   `IsBlank` / `IsNotBlank`);
 * - an advanced filter whose conditions are joined by `Or` is one entry with operator `Or`, each value
 *   a condition as text ('< 10', 'contains VM').
 * Values are text: numbers and booleans as written, `null` as '(Blank)'.
 * @public
 */
export interface ReportContextFilter {
  /** Where it applies: every page of the report, or the active page. */
  level: 'report' | 'page';
  /** The target's table, e.g. 'Costs'. */
  table: string;
  /** The target's column, e.g. 'Service'. */
  column: string;
  /** One of {@link REPORT_CONTEXT_OPERATORS}. */
  operator: ReportContextOperator;
  /** At most `REPORT_CONTEXT_LIMITS.values`, each at most `REPORT_CONTEXT_LIMITS.text` characters. */
  values: string[];
}

/**
 * What the user is looking at: the contract between a report view, the chat store and the server.
 * @public
 */
export interface ReportContext {
  /** The portal's report id (a demo report id or a custom report id). */
  reportId: string;
  /** The report's name, as the user sees it. */
  reportName: string;
  /** The active page: its internal name and the display name the user sees. */
  page: { name: string; displayName: string };
  /** Report- and page-level filters that narrow what is shown; filters that select everything are left out. */
  filters: ReportContextFilter[];
  // spec §3 "Bookmark"
  /** The saved view applied, by name; null for the Default View. */
  savedView: string | null;
}

/**
 * The limits of a report context: what the summary keeps and what the server accepts.
 * @public
 */
export const REPORT_CONTEXT_LIMITS = {
  /** Filters in one context. */
  filters: 20,
  /** Values of one filter. */
  values: 20,
  /** Characters of any text: ids, names, tables, columns, values. */
  text: 200,
} as const;

export { REPORT_CONTEXT_READ_TIMEOUT_MS } from './constants';

/**
 * The operators of Power BI's advanced filter conditions (powerbi-models `AdvancedFilterConditionOperators`).
 * @public
 */
const CONDITION_SYMBOLS = {
  LessThan: '<',
  LessThanOrEqual: '≤',
  GreaterThan: '>',
  GreaterThanOrEqual: '≥',
  Contains: 'contains',
  DoesNotContain: 'does not contain',
  StartsWith: 'starts with',
  DoesNotStartWith: 'does not start with',
  Is: '=',
  IsNot: '≠',
  IsBlank: 'is blank',
  IsNotBlank: 'is not blank',
} as const;

/**
 * An operator of an advanced filter condition, as Power BI names it.
 * @public
 */
type ConditionOperator = keyof typeof CONDITION_SYMBOLS;

/**
 * A filter's operator in a report context: a basic filter's, an advanced condition's, or `Or`.
 * @public
 */
export type ReportContextOperator = 'In' | 'NotIn' | 'Or' | ConditionOperator;

/** Every operator a {@link ReportContextFilter} may have. */
// Built by a function marked pure, so a bundle that never reads it (a page without a report) drops this module.
export const REPORT_CONTEXT_OPERATORS: readonly ReportContextOperator[] = /* @__PURE__ */ reportContextOperators();

function reportContextOperators(): readonly ReportContextOperator[] {
  return ['In', 'NotIn', 'Or', ...(Object.keys(CONDITION_SYMBOLS) as ConditionOperator[])];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** `text` cut to the limit, with an ellipsis when it was longer. */
function clip(text: string): string {
  const chars = Array.from(text);
  return chars.length <= REPORT_CONTEXT_LIMITS.text
    ? text
    : `${chars.slice(0, REPORT_CONTEXT_LIMITS.text - 1).join('')}…`;
}

function valueText(value: unknown): string | null {
  if (value === null) return '(Blank)';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return clip(String(value));
  return null;
}

const valuesOf = (values: readonly unknown[]): string[] =>
  values
    .map(valueText)
    .filter((v): v is string => v !== null)
    .slice(0, REPORT_CONTEXT_LIMITS.values);

/**
 * Summarises Power BI filters (the `IFilter` objects of `ReportHandle.filters()` and
 * `pageFilters()`) as {@link ReportContextFilter}s at `level` — see that type for the shapes. Filters
 * that narrow nothing (a basic filter with operator `All` or no values, an advanced one without
 * conditions), other kinds and malformed ones are left out.
 * @public
 */
export function summariseReportFilters(
  filters: readonly unknown[],
  level: ReportContextFilter['level'],
): ReportContextFilter[] {
  const out: ReportContextFilter[] = [];
  for (const filter of filters) {
    if (!isRecord(filter) || !isRecord(filter.target)) continue;
    const { table, column } = filter.target;
    if (typeof table !== 'string' || typeof column !== 'string' || !table || !column) continue;
    const target = { level, table: clip(table), column: clip(column) };
    if ((filter.operator === 'In' || filter.operator === 'NotIn') && Array.isArray(filter.values)) {
      const values = valuesOf(filter.values);
      if (values.length) out.push({ ...target, operator: filter.operator, values });
      continue;
    }
    if (!Array.isArray(filter.conditions)) continue;
    const conditions = filter.conditions.filter(
      (c): c is { operator: ConditionOperator; value?: unknown } =>
        isRecord(c) && typeof c.operator === 'string' && Object.hasOwn(CONDITION_SYMBOLS, c.operator),
    );
    if (!conditions.length) continue;
    const valueOf = (c: { operator: ConditionOperator; value?: unknown }) =>
      c.operator === 'IsBlank' || c.operator === 'IsNotBlank' ? [] : valuesOf([c.value]);
    if (filter.logicalOperator === 'Or' && conditions.length > 1) {
      out.push({
        ...target,
        operator: 'Or',
        values: conditions
          .map((c) => clip([CONDITION_SYMBOLS[c.operator], ...valueOf(c)].join(' ')))
          .slice(0, REPORT_CONTEXT_LIMITS.values),
      });
    } else {
      for (const c of conditions) out.push({ ...target, operator: c.operator, values: valueOf(c) });
    }
  }
  return out;
}

/**
 * What a report view knows of its live state, raw.
 * @public
 */
export interface LiveReportState {
  /** The portal's report id. */
  reportId: string;
  /** The report's name as the user sees it. */
  reportName: string;
  /** The active page. */
  page: { name: string; displayName: string };
  /** The report-level filters, as the frame answers them. */
  reportFilters: readonly unknown[];
  /** The active page's filters, as the frame answers them. */
  pageFilters: readonly unknown[];
  /** The applied saved view's name; null for the Default View. */
  savedView: string | null;
}

/**
 * The {@link ReportContext} of a live report: filters summarised (report first, then page), every limit kept.
 * @public
 */
export function reportContextOf(live: LiveReportState): ReportContext {
  return {
    reportId: clip(live.reportId),
    reportName: clip(live.reportName),
    page: { name: clip(live.page.name), displayName: clip(live.page.displayName) },
    filters: [
      ...summariseReportFilters(live.reportFilters, 'report'),
      ...summariseReportFilters(live.pageFilters, 'page'),
    ].slice(0, REPORT_CONTEXT_LIMITS.filters),
    savedView: live.savedView === null ? null : clip(live.savedView),
  };
}

/**
 * A filter as a person reads it: 'Service = Virtual Machines', 'Month < 2025-06', 'Cost < 10 or > 20'.
 * @public
 */
export function describeReportFilter(filter: ReportContextFilter): string {
  const { column, operator, values } = filter;
  if (operator === 'In') return `${column} = ${values.join(', ')}`;
  if (operator === 'NotIn') return `${column} ≠ ${values.join(', ')}`;
  if (operator === 'Or') return `${column} ${values.join(' or ')}`;
  return [column, CONDITION_SYMBOLS[operator], ...values].join(' ');
}

const MESSAGES = {
  object: (path: string) => `${path} must be an object.`,
  unknown: (path: string, key: string) => `${path}.${key} is not a field of a report context.`,
  text: (path: string) => `${path} must be text of 1 to ${REPORT_CONTEXT_LIMITS.text} characters.`,
  value: (path: string) => `${path} must be text of at most ${REPORT_CONTEXT_LIMITS.text} characters.`,
  filters: (path: string) => `${path} must be a list of at most ${REPORT_CONTEXT_LIMITS.filters} filters.`,
  values: (path: string) => `${path} must be a list of at most ${REPORT_CONTEXT_LIMITS.values} values.`,
  level: (path: string) => `${path} must be 'report' or 'page'.`,
  operator: (path: string) => `${path} must be one of ${REPORT_CONTEXT_OPERATORS.join(', ')}.`,
  savedView: (path: string) => `${path} must be null or text of 1 to ${REPORT_CONTEXT_LIMITS.text} characters.`,
} as const;

const isText = (value: unknown, min = 1): value is string =>
  typeof value === 'string' && value.length >= min && Array.from(value).length <= REPORT_CONTEXT_LIMITS.text;

/** The first key of `value` not in `keys`, if any. */
const extraKey = (value: Record<string, unknown>, keys: readonly string[]) =>
  Object.keys(value).find((k) => !keys.includes(k));

/**
 * Checks that `value` is a {@link ReportContext} within {@link REPORT_CONTEXT_LIMITS}: every field
 * present with its type, no other fields. Answers what is wrong as a readable sentence naming the
 * field (`path` is the name of `value` itself), or null when it is valid. The server answers a bad
 * context with 400 and this text; the chat store leaves one out.
 * @public
 */
export function reportContextIssue(value: unknown, path = 'reportContext'): string | null {
  if (!isRecord(value)) return MESSAGES.object(path);
  const extra = extraKey(value, ['reportId', 'reportName', 'page', 'filters', 'savedView']);
  if (extra) return MESSAGES.unknown(path, extra);
  if (!isText(value.reportId)) return MESSAGES.text(`${path}.reportId`);
  if (!isText(value.reportName)) return MESSAGES.text(`${path}.reportName`);
  const page = value.page;
  if (!isRecord(page)) return MESSAGES.object(`${path}.page`);
  const pageExtra = extraKey(page, ['name', 'displayName']);
  if (pageExtra) return MESSAGES.unknown(`${path}.page`, pageExtra);
  if (!isText(page.name)) return MESSAGES.text(`${path}.page.name`);
  if (!isText(page.displayName)) return MESSAGES.text(`${path}.page.displayName`);
  if (value.savedView !== null && !isText(value.savedView)) return MESSAGES.savedView(`${path}.savedView`);
  if (!Array.isArray(value.filters) || value.filters.length > REPORT_CONTEXT_LIMITS.filters)
    return MESSAGES.filters(`${path}.filters`);
  for (const [i, filter] of value.filters.entries()) {
    const at = `${path}.filters[${i}]`;
    if (!isRecord(filter)) return MESSAGES.object(at);
    const filterExtra = extraKey(filter, ['level', 'table', 'column', 'operator', 'values']);
    if (filterExtra) return MESSAGES.unknown(at, filterExtra);
    if (filter.level !== 'report' && filter.level !== 'page') return MESSAGES.level(`${at}.level`);
    if (!isText(filter.table)) return MESSAGES.text(`${at}.table`);
    if (!isText(filter.column)) return MESSAGES.text(`${at}.column`);
    if (!REPORT_CONTEXT_OPERATORS.includes(filter.operator as ReportContextOperator))
      return MESSAGES.operator(`${at}.operator`);
    if (!Array.isArray(filter.values) || filter.values.length > REPORT_CONTEXT_LIMITS.values)
      return MESSAGES.values(`${at}.values`);
    const bad = filter.values.findIndex((v) => !isText(v, 0));
    if (bad >= 0) return MESSAGES.value(`${at}.values[${bad}]`);
  }
  return null;
}
