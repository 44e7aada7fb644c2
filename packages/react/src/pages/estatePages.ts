import type { DatasetPageDefinition } from './datasetPages';

/** The feature pages of the Azure estate, one dataset each (core's `ESTATE_DATASETS`). The key is the component name the menu opens. */
export const ESTATE_PAGES = {} as const satisfies Record<string, DatasetPageDefinition>;
