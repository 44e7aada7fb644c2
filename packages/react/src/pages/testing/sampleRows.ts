import { DATASETS, type DataColumn, type DataRow, type DatasetId } from '@cloudportal/core';
import { DATASET_PAGES, type DatasetPageDefinition, type DatasetPageName } from '../datasetPages';

/** A row of `dataset` whose every cell is a plausible value of its column's type. */
export function sampleRow(dataset: DatasetId, i: number): DataRow {
  const value = (c: DataColumn) => {
    switch (c.type) {
      case 'number':
      case 'currency':
      case 'percent':
        return 100 - i;
      case 'date':
        return `2025-07-${String(10 + i).padStart(2, '0')}`;
      case 'datetime':
        return `2025-07-${String(10 + i).padStart(2, '0')}T08:00:00.000Z`;
      case 'boolean':
        return i % 2 === 0;
      case 'enum':
        return c.options?.[0] ?? null;
      default:
        return `${c.label} ${i + 1}`;
    }
  };
  return { id: `${dataset}-${i}`, ...Object.fromEntries(DATASETS[dataset].columns.map((c) => [c.id, value(c)])) };
}

/** `n` sample rows of a dataset page that pass its fixed filters (as the server's rows would). */
export function pageRows(name: DatasetPageName, n: number): DataRow[] {
  const definition: DatasetPageDefinition = DATASET_PAGES[name];
  const fixed = definition.fixedFilters ?? [];
  return Array.from({ length: n }, (_, i) => {
    const row = sampleRow(definition.dataset, i);
    for (const f of fixed)
      if (f.op === 'eq' || f.op === 'in') row[f.id] = typeof f.value === 'string' ? f.value : (f.value[0] ?? null);
    return row;
  });
}
