import type { DataFilter, DatasetId } from '@cloudportal/core';
import type { DatasetChartDefinition } from '../kit/DatasetChart';

// A leaf module: the domain page lists (costPages.ts, …) import this type, and datasetPages.ts imports them.

/** A feature page that shows one dataset through the page kit's `DatasetPage`. */
export interface DatasetPageDefinition {
  dataset: DatasetId;
  /** What the rows are (the page region's, the grid's and the search box's name). */
  label: string;
  /** Filters the page always applies; the user cannot remove them. */
  fixedFilters?: readonly DataFilter[];
  /** Charts above the grid. */
  charts?: readonly DatasetChartDefinition[];
}
