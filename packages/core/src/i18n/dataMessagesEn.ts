/**
 * The English catalogue of the feature pages' texts, derived from their definitions (ids as
 * dataMessages.ts names them). Apart from dataMessages.ts so a page, which reads each text through its
 * helpers with the definition's English as the fallback, does not download it: the pseudo-locale and
 * the tests use it.
 */
import type { DatasetDef, DatasetPageDefinition } from '../rules/featureDataTypes';
import { optionEnglish } from '../rules/optionText';
import {
  actionMessageKey,
  chartMessageKey,
  columnMessageKey,
  kpiMessageKey,
  optionMessageKey,
  pageMessageKey,
  type DataMessageKey,
} from './dataMessages';

/**
 * Datasets and pages, as a domain file of `featureDatasets/` (or the whole catalogue) holds them.
 * @public
 */
export interface DatasetTexts {
  /** The datasets, by id. */
  datasets: Readonly<Partial<Record<string, DatasetDef>>>;
  /** The pages, by name. */
  pages?: Readonly<Partial<Record<string, DatasetPageDefinition>>>;
}

/**
 * The English catalogue of datasets and pages: every text of their definitions under its id.
 * @public
 */
export function datasetMessagesEn({ datasets, pages = {} }: DatasetTexts): Record<DataMessageKey, string> {
  const messages: Record<DataMessageKey, string> = {};
  for (const [dataset, def] of Object.entries(datasets)) {
    if (!def) continue;
    for (const column of def.columns) {
      messages[columnMessageKey(dataset, column.id)] = column.label;
      if (column.type === 'enum')
        for (const value of column.options ?? [])
          messages[optionMessageKey(dataset, column.id, value)] = optionEnglish(column, value);
    }
    for (const kpi of def.kpis) messages[kpiMessageKey(dataset, kpi.id)] = kpi.label;
    for (const action of def.actions ?? []) messages[actionMessageKey(dataset, action.verb)] = action.label;
  }
  for (const [name, page] of Object.entries(pages)) {
    if (!page) continue;
    messages[pageMessageKey(name)] = page.label;
    for (const chart of page.charts ?? []) messages[chartMessageKey(name, chart)] = chart.title;
  }
  return messages;
}
