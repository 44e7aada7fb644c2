import type { DatasetPageDefinition } from './datasetPages';

/** The operations feature pages, one dataset each (core's `OPERATIONS_DATASETS`). The key is the component name the menu opens. */
export const OPERATIONS_PAGES = {} as const satisfies Record<string, DatasetPageDefinition>;
