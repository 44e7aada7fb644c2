import { DATASET_PAGE_DOMAINS, loadDatasetPage } from '@cloudportal/core';
import { hasFeaturePage, registerFeaturePage, type FeaturePageLoader } from '../shell/featureRegistry';
import type { DatasetPageName } from './datasetPages';

export { DATASET_PAGES } from './datasetPages';
export type { DatasetPageDefinition, DatasetPageName } from './datasetPages';

/** Options of {@link registerPortalPages}. */
export interface RegisterPortalPagesOptions {
  /** Leave names that already have a page (registered by the host before) as they are. @default false */
  keepRegistered?: boolean;
}

/**
 * The portal's feature pages (spec §2 "A loader opens feature pages by component name"), each
 * loaded the first time it is shown. A host calls this once before it renders the shell; a name
 * registered again later (`registerFeaturePage`) replaces the SDK's page, and with `keepRegistered`
 * a name registered before keeps its page (`<cp-page>` registers so: the partner's pages win).
 */
export function registerPortalPages({ keepRegistered = false }: RegisterPortalPagesOptions = {}): void {
  const register = (name: string, load: FeaturePageLoader) => {
    if (!keepRegistered || !hasFeaturePage(name)) registerFeaturePage(name, load);
  };
  register('settings-dashboard', () => import('./settings/SettingsDashboard'));
  register('dynamic-dashboard', () => import('./dashboard/Dashboard'));
  register('home-dashboards', () => import('./dashboard/HomeDashboards'));
  register('customer-metrics', () => import('./dashboard/CustomerMetrics'));
  register('release-notes', () => import('./releaseNotes/ReleaseNotes'));
  register('license-questionnaire', () => import('./questionnaire/LicenseQuestionnaire'));
  // A dataset page loads the page kit and its own domain's definitions, not every domain's.
  for (const name of Object.keys(DATASET_PAGE_DOMAINS) as DatasetPageName[]) {
    register(name, () =>
      Promise.all([import('./DatasetFeaturePage'), loadDatasetPage(name)]).then(([m, loaded]) => ({
        default: m.datasetFeaturePage(name, loaded),
      })),
    );
  }
}
