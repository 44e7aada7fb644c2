import type {
  AdvancedFilter,
  AdvancedFilterCondition,
  BasicFilter,
  CellValue,
  DatasetDefinition,
  EmulatorFilter,
} from './definition';

/**
 * Power BI's filters over the emulator's datasets: which filters apply to which rows, how
 * `updateFilters` operations combine them, whether a filter is well formed, and how the filter
 * pane describes one. Pure functions; text comparisons are case-insensitive, as in Power BI's model.
 */

const BASIC_OPERATORS = ['In', 'NotIn', 'All'];
const CONDITION_OPERATORS = [
  'None',
  'LessThan',
  'LessThanOrEqual',
  'GreaterThan',
  'GreaterThanOrEqual',
  'Contains',
  'DoesNotContain',
  'StartsWith',
  'DoesNotStartWith',
  'Is',
  'IsNot',
  'IsBlank',
  'IsNotBlank',
  'IsEmptyString',
  'IsNotEmptyString',
];

/**
 * powerbi-models `FiltersOperations`, the `filtersOperation` of `POST …/filters`.
 * @public
 */
export const FiltersOperation = { RemoveAll: 0, ReplaceAll: 1, Add: 2, Replace: 3 } as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isScalar = (value: unknown): value is string | number | boolean =>
  ['string', 'number', 'boolean'].includes(typeof value);

/** A basic filter (filterType 1; {@link normaliseFilter} infers it for a filter sent without one). */
export function isBasicFilter(filter: EmulatorFilter): filter is BasicFilter {
  return filter.filterType === 1;
}

/** An advanced filter (filterType 0). */
export function isAdvancedFilter(filter: EmulatorFilter): filter is AdvancedFilter {
  return filter.filterType === 0;
}

function hasColumnTarget(value: unknown): value is { table: string; column: string } {
  return isRecord(value) && typeof value.table === 'string' && typeof value.column === 'string';
}

/**
 * Checks a filter as a host sent it and answers it normalised (filterType inferred from the
 * `$schema` or the shape, as powerbi-models does), or a message saying what is wrong.
 * @public
 */
export function normaliseFilter(raw: unknown): { filter: EmulatorFilter } | { error: string } {
  if (!isRecord(raw)) return { error: 'A filter must be an object.' };
  let filterType = raw.filterType;
  if (typeof filterType !== 'number') {
    const schema = typeof raw.$schema === 'string' ? raw.$schema : '';
    if (schema.endsWith('#basic') || ('operator' in raw && 'values' in raw)) filterType = 1;
    else if (schema.endsWith('#advanced') || ('logicalOperator' in raw && 'conditions' in raw)) filterType = 0;
    else return { error: 'A filter needs a filterType.' };
  }
  if (filterType === 1) {
    if (!hasColumnTarget(raw.target)) return { error: 'A basic filter needs a target with a table and a column.' };
    if (typeof raw.operator !== 'string' || !BASIC_OPERATORS.includes(raw.operator))
      return { error: `A basic filter's operator must be one of ${BASIC_OPERATORS.join(', ')}.` };
    if (!Array.isArray(raw.values) || !raw.values.every(isScalar))
      return { error: "A basic filter's values must be a list of strings, numbers or booleans." };
    return { filter: { ...raw, filterType: 1 } as unknown as BasicFilter };
  }
  if (filterType === 0) {
    if (!hasColumnTarget(raw.target)) return { error: 'An advanced filter needs a target with a table and a column.' };
    if (raw.logicalOperator !== 'And' && raw.logicalOperator !== 'Or')
      return { error: "An advanced filter's logicalOperator must be And or Or." };
    if (!Array.isArray(raw.conditions)) return { error: 'An advanced filter needs a list of conditions.' };
    for (const c of raw.conditions) {
      if (!isRecord(c) || typeof c.operator !== 'string' || !CONDITION_OPERATORS.includes(c.operator)) {
        return { error: `Each condition's operator must be one of ${CONDITION_OPERATORS.join(', ')}.` };
      }
      if (c.value !== undefined && !isScalar(c.value))
        return { error: "A condition's value must be a string, number or boolean." };
    }
    return { filter: { ...raw, filterType: 0 } as unknown as AdvancedFilter };
  }
  return { filter: { ...raw, filterType } as EmulatorFilter };
}

/**
 * Normalises a list of filters; the first bad one makes the whole list an error.
 * @public
 */
export function normaliseFilters(raw: unknown): { filters: EmulatorFilter[] } | { error: string } {
  if (!Array.isArray(raw)) return { error: 'Filters must be a list.' };
  const filters: EmulatorFilter[] = [];
  for (const item of raw) {
    const result = normaliseFilter(item);
    if ('error' in result) return result;
    filters.push(result.filter);
  }
  return { filters };
}

const targetKey = (filter: EmulatorFilter): string =>
  hasColumnTarget(filter.target)
    ? `${filter.target.table}\u0000${filter.target.column}`.toLowerCase()
    : JSON.stringify(filter.target ?? null);

/**
 * `POST …/filters {filtersOperation, filters}`: RemoveAll empties the list, ReplaceAll replaces it,
 * Add appends, Replace swaps each filter with the same target for the new one (appending the rest).
 * @public
 */
export function updateFilters(
  current: readonly EmulatorFilter[],
  operation: number,
  filters: readonly EmulatorFilter[],
): EmulatorFilter[] {
  switch (operation) {
    case FiltersOperation.RemoveAll:
      return [];
    case FiltersOperation.ReplaceAll:
      return [...filters];
    case FiltersOperation.Add:
      return [...current, ...filters];
    case FiltersOperation.Replace: {
      const next = [...current];
      for (const f of filters) {
        const at = next.findIndex((c) => targetKey(c) === targetKey(f));
        if (at >= 0) next[at] = f;
        else next.push(f);
      }
      return next;
    }
    default:
      throw new RangeError(`Unknown filtersOperation ${operation}`);
  }
}

const lower = (value: unknown) => String(value).toLowerCase();
const isBlank = (cell: CellValue) => cell === null || cell === '';

/** Equality of a cell and a filter value: numbers as numbers, text case-insensitively. */
function same(cell: CellValue, value: string | number | boolean): boolean {
  if (cell === null) return false;
  if (typeof cell === 'number' || typeof value === 'number')
    return Number(cell) === Number(value) && String(cell).trim() !== '' && String(value).trim() !== '';
  return lower(cell) === lower(value);
}

/** Order of a cell against a filter value: numerically when both are numbers, else as text (ISO dates sort as text). */
function compare(cell: CellValue, value: string | number | boolean | undefined): number | undefined {
  if (cell === null || value === undefined) return undefined;
  const a = Number(cell);
  const b = Number(value);
  if (
    typeof cell !== 'boolean' &&
    typeof value !== 'boolean' &&
    String(cell).trim() !== '' &&
    String(value).trim() !== '' &&
    Number.isFinite(a) &&
    Number.isFinite(b)
  )
    return a - b;
  const x = lower(cell);
  const y = lower(value);
  return x < y ? -1 : x > y ? 1 : 0;
}

function meets(cell: CellValue, condition: AdvancedFilterCondition): boolean {
  const { operator, value } = condition;
  const order = compare(cell, value);
  switch (operator) {
    case 'None':
      return true;
    case 'LessThan':
      return order !== undefined && order < 0;
    case 'LessThanOrEqual':
      return order !== undefined && order <= 0;
    case 'GreaterThan':
      return order !== undefined && order > 0;
    case 'GreaterThanOrEqual':
      return order !== undefined && order >= 0;
    case 'Contains':
      return cell !== null && lower(cell).includes(lower(value ?? ''));
    case 'DoesNotContain':
      return cell === null || !lower(cell).includes(lower(value ?? ''));
    case 'StartsWith':
      return cell !== null && lower(cell).startsWith(lower(value ?? ''));
    case 'DoesNotStartWith':
      return cell === null || !lower(cell).startsWith(lower(value ?? ''));
    case 'Is':
      return value !== undefined && same(cell, value);
    case 'IsNot':
      return value === undefined || !same(cell, value);
    case 'IsBlank':
      return isBlank(cell);
    case 'IsNotBlank':
      return !isBlank(cell);
    case 'IsEmptyString':
      return cell === '';
    case 'IsNotEmptyString':
      return cell !== '';
  }
}

/** Whether one row's cell passes one filter. */
export function passes(filter: BasicFilter | AdvancedFilter, cell: CellValue): boolean {
  if (isBasicFilter(filter)) {
    if (filter.operator === 'All') return true;
    const found = filter.values.some((v) => same(cell, v));
    return filter.operator === 'In' ? found : !found;
  }
  if (filter.conditions.length === 0) return true;
  return filter.logicalOperator === 'And'
    ? filter.conditions.every((c) => meets(cell, c))
    : filter.conditions.some((c) => meets(cell, c));
}

/** The column index a filter applies to in dataset `table`, or -1 when it does not apply there. */
export function filterColumn(filter: EmulatorFilter, table: string, dataset: DatasetDefinition): number {
  if (!(isBasicFilter(filter) || isAdvancedFilter(filter)) || !hasColumnTarget(filter.target)) return -1;
  if (filter.target.table.toLowerCase() !== table.toLowerCase()) return -1;
  const wanted = filter.target.column.toLowerCase();
  return dataset.columns.findIndex((c) => c.toLowerCase() === wanted);
}

/**
 * The rows of dataset `table` that pass every filter targeting one of its columns; other filters do not touch it.
 * @public
 */
export function filterRows(
  table: string,
  dataset: DatasetDefinition,
  filters: readonly EmulatorFilter[],
): CellValue[][] {
  const applicable = filters
    .map((filter) => ({ filter, column: filterColumn(filter, table, dataset) }))
    .filter((f): f is { filter: BasicFilter | AdvancedFilter; column: number } => f.column >= 0);
  if (applicable.length === 0) return dataset.rows;
  return dataset.rows.filter((row) => applicable.every(({ filter, column }) => passes(filter, row[column] ?? null)));
}

const CONDITION_TEXT: Record<AdvancedFilterCondition['operator'], string> = {
  None: '',
  LessThan: 'is less than',
  LessThanOrEqual: 'is less than or equal to',
  GreaterThan: 'is greater than',
  GreaterThanOrEqual: 'is greater than or equal to',
  Contains: 'contains',
  DoesNotContain: 'does not contain',
  StartsWith: 'starts with',
  DoesNotStartWith: 'does not start with',
  Is: 'is',
  IsNot: 'is not',
  IsBlank: 'is blank',
  IsNotBlank: 'is not blank',
  IsEmptyString: 'is empty',
  IsNotEmptyString: 'is not empty',
};

const quoteList = (values: readonly (string | number | boolean)[]) => values.map(String).join(' or ');

/**
 * What the filter pane says about a filter: its field, and its condition in words.
 * @public
 */
export function describeFilter(filter: EmulatorFilter): { field: string; condition: string } {
  const field = hasColumnTarget(filter.target) ? filter.target.column : 'Filter';
  if (isBasicFilter(filter)) {
    if (filter.operator === 'All' || filter.values.length === 0) return { field, condition: 'is (All)' };
    return { field, condition: `${filter.operator === 'In' ? 'is' : 'is not'} ${quoteList(filter.values)}` };
  }
  if (isAdvancedFilter(filter)) {
    const parts = filter.conditions
      .filter((c) => c.operator !== 'None')
      .map(
        (c) =>
          `${CONDITION_TEXT[c.operator]}${c.value === undefined || /Blank|Empty/.test(c.operator) ? '' : ` ${String(c.value)}`}`,
      );
    return {
      field,
      condition: parts.length ? parts.join(filter.logicalOperator === 'And' ? ' and ' : ' or ') : 'is (All)',
    };
  }
  return { field, condition: `filter type ${filter.filterType} (kept, not applied by the emulator)` };
}
