import type { DatasetPageDefinition } from './datasetPages';

/** The feature pages of Microsoft 365 adoption, one dataset each (core's `ADOPTION_DATASETS`). The key is the component name the menu opens. */
export const ADOPTION_PAGES = {} as const satisfies Record<string, DatasetPageDefinition>;
