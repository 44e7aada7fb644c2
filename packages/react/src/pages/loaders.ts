import { DATASET_PAGE_DOMAINS, loadDatasetPage } from '@cloudportal/core';
import type { FeaturePageLoader } from '../shell/featureRegistry';
import type { DatasetPageName } from './datasetPages';

// spec §2 "A loader opens feature pages by component name"
/**
 * The loader of each of the portal's feature pages, by component name: the page a menu item names
 * is opened by it. Free of React on purpose: a page's first script imports it to
 * ask a page's code while the portal's own code downloads (`preloadPortalPage`).
 */
export function portalPageLoaders(): Map<string, FeaturePageLoader> {
  const loaders = new Map<string, FeaturePageLoader>([
    ['settings-dashboard', () => import('./settings/SettingsDashboard')],
    ['dynamic-dashboard', () => import('./dashboard/Dashboard')],
    ['home-dashboards', () => import('./dashboard/HomeDashboards')],
    ['customer-metrics', () => import('./dashboard/CustomerMetrics')],
    ['release-notes', () => import('./releaseNotes/ReleaseNotes')],
    ['license-questionnaire', () => import('./questionnaire/LicenseQuestionnaire')],
  ]);
  // A dataset page loads the page kit and its own domain's definitions, not every domain's.
  for (const name of Object.keys(DATASET_PAGE_DOMAINS) as DatasetPageName[]) {
    loaders.set(name, () =>
      Promise.all([import('./DatasetFeaturePage'), loadDatasetPage(name)]).then(([m, loaded]) => ({
        default: m.datasetFeaturePage(name, loaded),
      })),
    );
  }
  return loaders;
}
