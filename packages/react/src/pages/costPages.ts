import type { DatasetPageDefinition } from './datasetPages';

/** The cost management feature pages, one dataset each (core's `COST_DATASETS`). The key is the component name the menu opens. */
export const COST_PAGES = {} as const satisfies Record<string, DatasetPageDefinition>;
