// Which of featureDatasets/' domain files holds each dataset page, so a page loads its own domain's
// definitions (a few KB) rather than every domain's: `<cp-page>` with one dataset page pays for one.
import type { DatasetId, DatasetPageName } from '../featureData';
import type { DatasetDef, DatasetPageDefinition } from '../featureDataTypes';

/**
 * A file of `featureDatasets/`: its datasets and their pages.
 * @public
 */
export type DatasetDomain = 'base' | 'costs' | 'estate' | 'm365' | 'adoption' | 'operations';

/**
 * The domain of each dataset page (its dataset is in the same file; featureData.test.ts checks both).
 * @internal
 */
export const DATASET_PAGE_DOMAINS = {
  subscriptions: 'base',
  'azure-resources': 'base',
  'azure-focus': 'base',
  'recommendations-azure': 'base',
  'recommendations-m365': 'base',
  'aws-recommendations': 'base',
  'recommendations-archives': 'base',
  licenses: 'base',
  users: 'base',
  'license-users': 'base',
  alerts: 'base',
  'ri-sp-contracts': 'base',
  'ea-reservations': 'base',
  'secure-score-profiles': 'base',
  'usage-overview': 'base',
  'usage-teams': 'base',
  'usage-mail': 'base',
  'usage-sharepoint': 'base',
  'azure-budgets': 'base',
  macc: 'costs',
  anomalies: 'costs',
  'financial-summary': 'costs',
  'shared-costs': 'costs',
  'project-costs': 'costs',
  'log-analytics': 'estate',
  'azure-enrollments': 'estate',
  tags: 'estate',
  'bom-summary': 'estate',
  'm365-groups': 'm365',
  'm365-devices': 'm365',
  joiners: 'm365',
  leavers: 'm365',
  'worker-profiles': 'm365',
  'third-party-apps': 'adoption',
  'sharepoint-tenant-settings': 'adoption',
  'teams-calls': 'adoption',
  'copilot-score': 'adoption',
  'usage-score': 'adoption',
  'usage-assessment': 'adoption',
  pipelines: 'operations',
  rules: 'operations',
  'service-health': 'operations',
  'alert-definitions': 'operations',
  'metric-alerts': 'operations',
  'security-alerts': 'operations',
} as const satisfies Record<DatasetPageName, DatasetDomain>;

/**
 * A domain's datasets and pages.
 * @public
 */
export interface DatasetDomainModule {
  /** The domain's datasets, by id. */
  datasets: Readonly<Partial<Record<DatasetId, DatasetDef>>>;
  /** The domain's pages, by name. */
  pages: Readonly<Partial<Record<DatasetPageName, DatasetPageDefinition<DatasetId>>>>;
}

/**
 * Loads one domain's file (a chunk of its own in a bundle). Its texts need no registering: the
 * helpers of i18n/dataMessages.ts answer a definition's English when a catalogue lacks the id, and
 * the pseudo-locale derives every domain's from the definitions itself.
 */
export function loadDatasetDomain(domain: DatasetDomain): Promise<DatasetDomainModule> {
  switch (domain) {
    case 'base':
      return import('./base').then((m) => ({ datasets: m.BASE_DATASETS, pages: m.BASE_PAGES }));
    case 'costs':
      return import('./costs').then((m) => ({ datasets: m.COST_DATASETS, pages: m.COST_PAGES }));
    case 'estate':
      return import('./estate').then((m) => ({ datasets: m.ESTATE_DATASETS, pages: m.ESTATE_PAGES }));
    case 'm365':
      return import('./m365').then((m) => ({ datasets: m.M365_DATASETS, pages: m.M365_PAGES }));
    case 'adoption':
      return import('./adoption').then((m) => ({ datasets: m.ADOPTION_DATASETS, pages: m.ADOPTION_PAGES }));
    case 'operations':
      return import('./operations').then((m) => ({ datasets: m.OPERATIONS_DATASETS, pages: m.OPERATIONS_PAGES }));
  }
}

/**
 * A dataset page's definition and its dataset's.
 * @public
 */
export interface LoadedDatasetPage {
  /** The page's definition. */
  page: DatasetPageDefinition<DatasetId>;
  /** Its dataset's definition. */
  def: DatasetDef;
}

/**
 * Loads a dataset page's definition and its dataset's, from its domain's file only.
 * @internal
 */
export async function loadDatasetPage(name: DatasetPageName): Promise<LoadedDatasetPage> {
  const domain = await loadDatasetDomain(DATASET_PAGE_DOMAINS[name]);
  const page = domain.pages[name];
  const def = page && domain.datasets[page.dataset];
  if (!page || !def) throw new Error(`The dataset page '${name}' is not in its domain's file.`);
  return { page, def };
}

const DOMAINS: readonly DatasetDomain[] = ['base', 'costs', 'estate', 'm365', 'adoption', 'operations'];

/**
 * Loads a dataset's definition (every domain's file: for a dataset named without its page).
 * @internal
 */
export async function loadDatasetDef(id: DatasetId): Promise<DatasetDef> {
  const domains = await Promise.all(DOMAINS.map(loadDatasetDomain));
  const def = domains.map((d) => d.datasets[id]).find((found) => found !== undefined);
  if (!def) throw new Error(`No dataset '${id}' in the domains' files.`);
  return def;
}
