import type { DatasetPageDefinition } from './datasetPages';

/** The Microsoft 365 feature pages, one dataset each (core's `M365_DATASETS`). The key is the component name the menu opens. */
export const M365_PAGES = {} as const satisfies Record<string, DatasetPageDefinition>;
