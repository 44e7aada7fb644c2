import { DATASET_PAGE_DOMAINS, loadDatasetPage } from '@cloudportal/core';
import { registerFeaturePage } from '../shell/featureRegistry';
import type { DatasetPageName } from './datasetPages';

export { DATASET_PAGES } from './datasetPages';
export type { DatasetPageDefinition, DatasetPageName } from './datasetPages';

/**
 * The portal's feature pages (spec §2 "A loader opens feature pages by component name"), each
 * loaded the first time it is shown. A host calls this once before it renders the shell; a name
 * registered again later (`registerFeaturePage`) replaces the SDK's page.
 */
export function registerPortalPages(): void {
  registerFeaturePage('settings-dashboard', () => import('./settings/SettingsDashboard'));
  registerFeaturePage('dynamic-dashboard', () => import('./dashboard/Dashboard'));
  registerFeaturePage('home-dashboards', () => import('./dashboard/HomeDashboards'));
  registerFeaturePage('customer-metrics', () => import('./dashboard/CustomerMetrics'));
  registerFeaturePage('release-notes', () => import('./releaseNotes/ReleaseNotes'));
  registerFeaturePage('license-questionnaire', () => import('./questionnaire/LicenseQuestionnaire'));
  // A dataset page loads the page kit and its own domain's definitions, not every domain's.
  for (const name of Object.keys(DATASET_PAGE_DOMAINS) as DatasetPageName[]) {
    registerFeaturePage(name, () =>
      Promise.all([import('./DatasetFeaturePage'), loadDatasetPage(name)]).then(([m, loaded]) => ({
        default: m.datasetFeaturePage(name, loaded),
      })),
    );
  }
}
