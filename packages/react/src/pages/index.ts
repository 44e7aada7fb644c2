import { hasFeaturePage, registerFeaturePage } from '../shell/featureRegistry';
import { portalPageLoaders } from './loaders';

export { DATASET_PAGES } from './datasetPages';
export type { DatasetPageDefinition, DatasetPageName } from './datasetPages';

/**
 * Options of {@link registerPortalPages}.
 * @public
 */
export interface RegisterPortalPagesOptions {
  /** Leave names that already have a page (registered by the host before) as they are. @default false */
  keepRegistered?: boolean;
}

// spec §2 "A loader opens feature pages by component name"
/**
 * The portal's feature pages, each
 * loaded the first time it is shown. A host calls this once before it renders the shell; a name
 * registered again later (`registerFeaturePage`) replaces the SDK's page, and with `keepRegistered`
 * a name registered before keeps its page (`<cp-page>` registers so: the partner's pages win).
 * @public
 */
export function registerPortalPages({ keepRegistered = false }: RegisterPortalPagesOptions = {}): void {
  for (const [name, load] of portalPageLoaders()) {
    if (!keepRegistered || !hasFeaturePage(name)) registerFeaturePage(name, load);
  }
}
