/**
 * The English of an enum column's values (a feature page shows no raw codes). The dataset's
 * definition stays the one home of its English: a column declares its values (`options`, the codes the
 * server stores, sorts, filters and splits by) and, in `optionLabels`, the English of those the rule
 * below would not read right. Only the shown text comes from here; the value sent stays the code.
 */
import type { DataColumn } from './featureDataTypes';

/**
 * The default English of an enum value. A code (lower-case letters, digits and hyphens: `open`,
 * `in-progress`) reads in sentence case with its hyphens as spaces ("Open", "In progress"); a value
 * with a capital, a space or another mark (`High`, `macOS`, `Pay-As-You-Go`) is English already and
 * stays as it is. An acronym or a name (`aws`, `m365`, `sql`) needs the column's `optionLabels`.
 * @public
 */
export function humanizeOption(value: string): string {
  return /^[a-z][a-z\d-]*$/.test(value) ? value.charAt(0).toUpperCase() + value.slice(1).replace(/-/g, ' ') : value;
}

/**
 * An enum value's English: the column's own label for it, else {@link humanizeOption}'s.
 * @public
 */
export function optionEnglish(column: Pick<DataColumn, 'optionLabels'>, value: string): string {
  return column.optionLabels?.[value] ?? humanizeOption(value);
}
