import type { MenuNode } from '@cloudportal/core';
import { DATASET_PAGES, type SiteNeed } from '@cloudportal/core/rules';
import type { FastifyRequest } from 'fastify';

/** What the page rules read of the menu's catalog (portal/catalog.ts's `Catalog`). */
interface Catalog {
  tree: readonly MenuNode[];
  pages: ReadonlyMap<string, { componentClass?: string | null; tabs?: readonly { componentClass?: string | null }[] }>;
}

/**
 * What each guarded route needs of a connected site's app token (issue 38 §3: "every route checks
 * them"), by method and route. A route missing here is `never`: a site's visitor cannot call it
 * until it is classified (scope.test.ts fails for a guarded route left out).
 */
const P = '/services/api-portal-customer/api';
const CHAT = '/services/ai-chatbot/api/chat';

type Need = SiteNeed | ((request: FastifyRequest) => SiteNeed | Promise<SiteNeed>);

const session: SiteNeed = { piece: 'session' };
const never: SiteNeed = { piece: 'never' };
const pages: SiteNeed = { piece: 'pages' };
const reports: SiteNeed = { piece: 'reports' };
const assistant: SiteNeed = { piece: 'assistant' };

/** The menu's pages (by name, as `<cp-page name>` takes them) that show each component, per catalog. */
const pagesByCatalog = new WeakMap<Catalog, Map<string, string[]>>();

/** The menu pages that show a component (a page's own, or one of its tabs'), worked out once per catalog. */
export function menuPagesOf(catalog: Catalog, component: string): string[] {
  let byComponent = pagesByCatalog.get(catalog);
  if (!byComponent) {
    const found = new Map<string, string[]>();
    const walk = (nodes: readonly MenuNode[]) => {
      for (const node of nodes) {
        const page = node.url ? catalog.pages.get(node.url) : undefined;
        for (const shown of [page?.componentClass, ...(page?.tabs ?? []).map((tab) => tab.componentClass)]) {
          if (!shown) continue;
          const names = found.get(shown) ?? [];
          if (!names.includes(node.name)) names.push(node.name);
          found.set(shown, names);
        }
        walk(node.children ?? []);
      }
    };
    walk(catalog.tree);
    pagesByCatalog.set(catalog, (byComponent = found));
  }
  return byComponent.get(component) ?? [];
}

/** The menu pages that show a dataset, so a site listing one of them may read the dataset's rows. */
export function menuPagesOfDataset(catalog: Catalog, dataset: string): string[] {
  return Object.entries(DATASET_PAGES)
    .filter(([, definition]) => definition.dataset === dataset)
    .flatMap(([component]) => menuPagesOf(catalog, component));
}

/** Every page name of the menu: what a site's list of pages may name. */
export function menuPageNames(catalog: Catalog): Set<string> {
  const names = new Set<string>();
  const walk = (nodes: readonly MenuNode[]) => {
    for (const node of nodes) {
      if (node.url) names.add(node.name);
      walk(node.children ?? []);
    }
  };
  walk(catalog.tree);
  return names;
}

const param = (request: FastifyRequest, name: string) => (request.params as Record<string, string>)[name];
const datasetPages = async (request: FastifyRequest): Promise<SiteNeed> => ({
  piece: 'pages',
  page: menuPagesOfDataset(await request.server.portalCache.catalog(), param(request, 'dataset') ?? ''),
});
const questionnaire = async (request: FastifyRequest): Promise<SiteNeed> => ({
  piece: 'pages',
  page: menuPagesOf(await request.server.portalCache.catalog(), 'license-questionnaire'),
});
const report = (request: FastifyRequest): SiteNeed => ({ piece: 'reports', report: param(request, 'id') ?? '' });

export const SITE_NEEDS: Readonly<Record<string, Need>> = {
  // What every piece's session asks: the user, the tenant's settings, licences and features, branding.
  [`GET ${P}/account`]: session,
  [`GET ${P}/whois`]: session,
  [`GET ${P}/account/whois`]: session,
  [`GET ${P}/tenants`]: session,
  [`GET ${P}`]: session,
  [`POST ${P}/eula`]: session,
  [`GET ${P}/license`]: session,
  [`GET ${P}/license/activated`]: session,
  [`GET ${P}/license-definitions`]: session,
  [`GET ${P}/features/state`]: session,
  [`GET ${P}/features/status`]: session,
  [`GET ${P}/features/extra`]: session,
  [`GET ${P}/features/pbi`]: session,
  [`GET ${P}/system/messages`]: session,
  [`GET ${P}/branding`]: session,
  [`GET ${P}/branding/:kind/content`]: session,
  [`GET ${P}/files/:id`]: session,
  [`GET ${P}/files/:id/content`]: session,
  [`GET ${P}/portal/menu`]: session,
  ['POST /services/audit/api/audit/event']: session,
  ['POST /services/audit/api/keepalive']: session,

  // The pieces.
  [`GET ${P}/portal/menu/index`]: { piece: 'search' },
  [`GET ${P}/portal/menu/feedback`]: { piece: 'feedback' },
  [`POST ${P}/portal/menu/feedback`]: { piece: 'feedback' },
  [`POST /services/api-portal-customer/graphql`]: { piece: 'savedViews' },
  [`GET ${CHAT}/settings`]: assistant,
  [`POST ${CHAT}/create`]: assistant,
  [`POST ${CHAT}/restore`]: assistant,
  [`POST ${CHAT}/open`]: assistant,
  [`GET ${CHAT}/history`]: assistant,
  [`POST ${CHAT}/generate`]: assistant,
  [`POST ${CHAT}/followup`]: assistant,
  [`POST ${CHAT}/action-result`]: assistant,
  [`GET ${CHAT}/history/:id`]: assistant,
  [`PUT ${CHAT}/history/:id`]: assistant,
  [`DELETE ${CHAT}/history/:id`]: assistant,
  [`GET ${P}/portal/menu/:id/breadcrumb`]: pages,
  [`GET ${P}/portal/menu/page/:id`]: pages,
  [`GET ${P}/portal/menu/last-accessed`]: pages,
  [`GET ${P}/portal/menu/top-accessed`]: pages,
  [`GET ${P}/data/license-questionnaire`]: questionnaire,
  [`PUT ${P}/data/license-questionnaire`]: questionnaire,
  [`POST ${P}/data/license-questionnaire/evaluate`]: questionnaire,
  [`GET ${P}/data/:dataset`]: datasetPages,
  [`GET ${P}/data/:dataset/summary`]: datasetPages,
  [`GET ${P}/data/:dataset/series`]: datasetPages,
  [`GET ${P}/data/:dataset/export.csv`]: datasetPages,
  [`POST ${P}/data/:dataset/:id/:verb`]: datasetPages,
  [`GET ${P}/reports/custom`]: reports,
  [`GET ${P}/dashboards/custom`]: reports,
  [`GET ${P}/report/embed/token/report/:id`]: report,
  [`POST ${P}/report/embed/token/report/:id/refresh`]: report,
  [`GET ${P}/report/custom/:id/embed/token`]: report,
  [`POST ${P}/report/custom/:id/embed/token/refresh`]: report,
  [`GET ${P}/report/custom/:id/ext/embed`]: report,
  [`POST ${P}/report/custom/:id/ext/embed/refresh`]: report,

  // The administration: never from a partner's site.
  [`POST ${P}`]: never,
  [`PUT ${P}/license/activate`]: never,
  [`PUT ${P}/license/de-activate`]: never,
  [`POST ${P}/features/activate`]: never,
  [`POST ${P}/notification/email`]: never,
  ['GET /services/audit/api/audit/statistics']: never,
};

/** What a request of a connected site's visitor needs; a route not classified needs what no site has. */
export async function siteNeedOf(request: FastifyRequest): Promise<SiteNeed> {
  const need = SITE_NEEDS[`${request.method} ${request.routeOptions.url}`];
  if (!need) return never;
  return typeof need === 'function' ? need(request) : need;
}
