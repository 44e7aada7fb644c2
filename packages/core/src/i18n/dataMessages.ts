/**
 * The feature pages' texts as catalogue messages (every dataset, column, key-figure, chart
 * and page label comes from the message catalogue, with an id). The English stays where each dataset
 * is declared (`rules/featureDatasets/`, one home per dataset); this module names each text's id by
 * convention and reads a text in the active locale with the definition's English as the fallback
 * (dataMessagesEn.ts derives the whole English catalogue, for the pseudo-locale and the tests, apart
 * so a page does not download it). Pure, so the server can use it too.
 *
 * Ids:
 * - `data.<dataset>.col.<column>` a column's header
 * - `data.<dataset>.opt.<column>.<value>` a value of an enum column, as shown (the value sent stays as it is);
 *   its English is the column's `optionLabels` entry, else `humanizeOption(value)` (rules/optionText.ts)
 * - `data.<dataset>.kpi.<kpi>` a key figure's label
 * - `data.<dataset>.action.<verb>` a row action's label
 * - `datasetPage.<page>` a dataset page's label (its region's, grid's and search box's name)
 * - `datasetPage.<page>.chart.<x>.<y or count>[.<split>]` a chart's title on that page
 */
import type {
  DataAction,
  DataColumn,
  DataKpi,
  DatasetChartDefinition,
  DatasetPageDefinition,
} from '../rules/featureDataTypes';
import { optionEnglish } from '../rules/optionText';
import type { DataMessageKey, Translate } from './messages';

export type { DataMessageKey };

/**
 * The id of a column's header.
 * @public
 */
export function columnMessageKey(dataset: string, column: string): DataMessageKey {
  return `data.${dataset}.col.${column}`;
}

/**
 * The id of a value of an enum column, as shown in cells and filters.
 * @public
 */
export function optionMessageKey(dataset: string, column: string, value: string): DataMessageKey {
  return `data.${dataset}.opt.${column}.${value}`;
}

/**
 * The id of a key figure's label.
 * @public
 */
export function kpiMessageKey(dataset: string, kpi: string): DataMessageKey {
  return `data.${dataset}.kpi.${kpi}`;
}

/**
 * The id of a row action's label.
 * @public
 */
export function actionMessageKey(dataset: string, verb: string): DataMessageKey {
  return `data.${dataset}.action.${verb}`;
}

/**
 * The id of a dataset page's label.
 * @public
 */
export function pageMessageKey(page: string): DataMessageKey {
  return `datasetPage.${page}`;
}

/**
 * The id of a chart's title: by what it draws (x, y or 'count', split), so reordering charts keeps their texts.
 * @public
 */
export function chartMessageKey(
  page: string,
  chart: Pick<DatasetChartDefinition, 'x' | 'y' | 'split'>,
): DataMessageKey {
  return `datasetPage.${page}.chart.${chart.x}.${chart.y ?? 'count'}${chart.split ? `.${chart.split}` : ''}`;
}

/** `t(key)`, or `english` when no catalogue has the key (the translator then answers the key itself). */
function translated(t: Translate, key: DataMessageKey, english: string): string {
  const text = t(key);
  return text === key ? english : text;
}

/**
 * A column's header in the active locale.
 * @public
 */
export function columnLabel(t: Translate, dataset: string, column: Pick<DataColumn, 'id' | 'label'>): string {
  return translated(t, columnMessageKey(dataset, column.id), column.label);
}

/**
 * A value of an enum column as shown in the active locale (its English when untranslated; the value itself stays what is sent).
 * @public
 */
export function optionLabel(
  t: Translate,
  dataset: string,
  column: Pick<DataColumn, 'id' | 'optionLabels'>,
  value: string,
): string {
  return translated(t, optionMessageKey(dataset, column.id, value), optionEnglish(column, value));
}

/**
 * A key figure's label in the active locale.
 * @public
 */
export function kpiLabel(t: Translate, dataset: string, kpi: Pick<DataKpi, 'id' | 'label'>): string {
  return translated(t, kpiMessageKey(dataset, kpi.id), kpi.label);
}

/**
 * A row action's label in the active locale.
 * @public
 */
export function actionLabel(t: Translate, dataset: string, action: Pick<DataAction, 'verb' | 'label'>): string {
  return translated(t, actionMessageKey(dataset, action.verb), action.label);
}

/**
 * A dataset page's label in the active locale.
 * @public
 */
export function pageLabel(t: Translate, page: string, definition: Pick<DatasetPageDefinition, 'label'>): string {
  return translated(t, pageMessageKey(page), definition.label);
}

/**
 * A chart's title on a dataset page in the active locale.
 * @public
 */
export function chartTitle(
  t: Translate,
  page: string,
  chart: Pick<DatasetChartDefinition, 'title' | 'x' | 'y' | 'split'>,
): string {
  return translated(t, chartMessageKey(page, chart), chart.title);
}
