/**
 * The portal service at the network edge for the shell's component tests and stories: a signed-in
 * Contoso admin (see `signedInRoutes`) whose menu, page descriptions and branding come from the
 * tables below. Our own code (http helper, session, navigation/page/branding stores) runs for real on top.
 */
import { pseudoLocalize, type MenuNode, type PageDescription, type PageTab } from '@cloudportal/core';
import {
  fakeApi,
  fakeAppToken,
  inRequestLocale,
  settingsAnswer,
  signedInRoutes,
  whoisAnswer,
  type FakeAnswer,
  type FakeResponse,
} from '../../testing/fakeApi';
import { item } from '#core/stores/shell.fixtures';

export const PORTAL = '/services/api-portal-customer';
export const MENU_ROUTE = `GET ${PORTAL}/api/portal/menu`;
export const BRANDING_ROUTE = `GET ${PORTAL}/api/branding`;
/** The route of the page description `id`. */
export const pageRoute = (id: string) => `GET ${PORTAL}/api/portal/menu/page/${encodeURIComponent(id)}`;

/** Branded logos on the API (fetched as blobs with the app token). */
export const BRANDED_LOGO = `${PORTAL}/api/branding/logo/content`;
export const BRANDED_LOGO_SHORT = `${PORTAL}/api/branding/logo-short/content`;
export const BRANDED_ICON = `${PORTAL}/api/branding/icon/content`;

/** A small SVG logo as a data: URL, for stories where a server path is inconvenient. */
export const DATA_LOGO = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="140" height="32"><rect width="140" height="32" rx="6" fill="#0f6cbd"/><text x="12" y="22" font-family="sans-serif" font-size="16" fill="#fff">Fabrikam</text></svg>')}`;
export const DATA_LOGO_SHORT = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><rect width="32" height="32" rx="6" fill="#0f6cbd"/><text x="9" y="22" font-family="sans-serif" font-size="16" fill="#fff">F</text></svg>')}`;

// Guidance videos: the reference server's demo files, which Storybook serves at /videos too (.storybook/main.ts).
export const COST_VIDEO = '/videos/azure-costs.webm';
export const REGION_VIDEO = '/videos/billing.webm';
export const SUBSCRIPTIONS_VIDEO = '/videos/usage.webm';

/** A menu node with the defaults of the reference server. */
export function node(name: string, displayName: string, over: Partial<MenuNode> = {}): MenuNode {
  return item(name, { displayName, ...over });
}

/**
 * The demo menu: top-level items with icons; 'Azure' is a section without a page; nesting goes
 * four levels deep (Azure › Cost analysis › Budgets › Budget alerts › Alert history); items with
 * guidance videos; 'Cost by region' opens the 'Cost analysis' page on its 'Cost by Region' tab.
 */
export function demoMenu(): MenuNode[] {
  return [
    node('home', 'Home', { icon: 'home', tags: ['home'], description: 'Your cloud at a glance.' }),
    node('azure', 'Azure', {
      icon: 'cloud',
      url: null,
      children: [
        node('azure-costs', 'Cost analysis', {
          icon: 'chart',
          description: 'Azure spend by service, region and subscription.',
          assistanceSrc: COST_VIDEO,
          personas: ['Finance'],
          children: [
            node('azure-budgets', 'Budgets', {
              icon: 'wallet',
              children: [
                node('budget-alerts', 'Budget alerts', {
                  icon: 'bell',
                  children: [node('budget-alert-history', 'Alert history', { icon: 'history' })],
                }),
              ],
            }),
          ],
        }),
        node('azure-cost-by-region', 'Cost by region', {
          icon: 'gauge',
          url: 'azure-costs',
          tabName: 'Cost by Region',
        }),
        node('subscriptions', 'Subscriptions', {
          icon: 'key',
          assistanceSrc: SUBSCRIPTIONS_VIDEO,
          description: 'Your Azure subscriptions and their owners.',
        }),
      ],
    }),
    node('m365', 'Microsoft 365', {
      icon: 'apps',
      personas: ['IT'],
      children: [
        node('m365-licences', 'Licence report', {
          icon: 'report',
          description: 'Assigned and unused licences per SKU.',
        }),
        node('provider-overview', 'Provider overview', { icon: 'briefcase' }),
        node('legacy-widget', 'Legacy widget', { icon: 'flask' }),
      ],
    }),
    node('security', 'Security', { icon: 'shield' }),
    node('reports', 'Premium reports', { icon: 'report' }),
    node('slow-page', 'Slow page', { icon: 'activity' }),
  ];
}

/** A page tab with the reference server's defaults. */
export const tab = (name: string, over: Partial<PageTab> = {}): PageTab => ({
  name,
  displayName: name,
  description: '',
  type: 'ui',
  assistanceSrc: null,
  componentClass: null,
  reportId: null,
  ...over,
});
/** A page description with the reference server's defaults. */
export const page = (id: string, over: Partial<PageDescription> = {}): PageDescription => ({
  id,
  type: 'ui',
  contents: [],
  componentClass: null,
  reportId: null,
  pbiReportPageFilter: [],
  assistanceSrc: null,
  error: null,
  ...over,
});

/** The tabbed 'Cost analysis' page: a report tab and ui tabs whose names contain spaces. */
export const COST_PAGE = page('azure-costs', {
  type: 'tabbed',
  assistanceSrc: COST_VIDEO,
  contents: [
    tab('Cost Overview', {
      type: 'report',
      reportId: 'rep-cost-overview',
      description: 'Monthly Azure spend with a forecast to the end of the month.',
    }),
    tab('Cost by Region', { componentClass: 'azure-focus', assistanceSrc: REGION_VIDEO }),
    tab('Shared Costs', { componentClass: 'shared-costs' }),
  ],
});

/** Page descriptions of every type, by page id (the menu item's url). */
export function demoPages(): Record<string, FakeResponse> {
  return {
    home: { json: page('home', { type: 'pbiReport', reportId: 'rep-home', pbiReportPageFilter: ['Overview'] }) },
    'azure-costs': { json: COST_PAGE },
    'azure-budgets': { json: page('azure-budgets', { componentClass: 'azure-budgets' }) },
    'budget-alerts': { json: page('budget-alerts', { componentClass: 'metric-alerts' }) },
    'budget-alert-history': { json: page('budget-alert-history', { componentClass: 'alerts' }) },
    subscriptions: {
      json: page('subscriptions', { componentClass: 'subscriptions', assistanceSrc: SUBSCRIPTIONS_VIDEO }),
    },
    m365: { json: page('m365', { componentClass: 'usage-overview' }) },
    'm365-licences': {
      json: page('m365-licences', { type: 'pbiReport', reportId: 'rep-licences', pbiReportPageFilter: ['Unused'] }),
    },
    'provider-overview': { json: page('provider-overview', { componentClass: 'provider-overview' }) },
    'legacy-widget': { json: page('legacy-widget', { componentClass: 'legacy-widget' }) },
    security: { json: page('security', { type: 'error', error: 'The security page was removed from your portal.' }) },
    reports: { status: 403, json: { error: 'Forbidden', message: 'The tenant is not licensed for premium reports.' } },
    'slow-page': { json: page('slow-page', { componentClass: 'subscriptions' }), delayMs: 3_600_000 },
  };
}

/**
 * A big menu: `count` items in `sections` top-level sections of groups of ten, three levels deep
 * (section › group › item), so the side navigation's rendering and keyboard can be judged at scale.
 */
export function bigMenu(count = 5000, sections = 50): MenuNode[] {
  const perSection = Math.ceil(count / sections);
  const menu: MenuNode[] = [];
  let made = 0;
  for (let s = 0; s < sections && made < count; s++) {
    const groups: MenuNode[] = [];
    for (let g = 0; g * 10 < perSection && made < count; g++) {
      const items: MenuNode[] = [];
      for (let i = 0; i < 10 && g * 10 + i < perSection && made < count; i++, made++)
        items.push(node(`item-${s}-${g}-${i}`, `Item ${s + 1}.${g + 1}.${i + 1}`, { url: 'home' }));
      groups.push(node(`group-${s}-${g}`, `Group ${s + 1}.${g + 1}`, { url: null, children: items }));
    }
    menu.push(
      node(`section-${s}`, `Section ${s + 1}`, {
        url: null,
        icon: ['cloud', 'chart', 'users', 'server', 'shield'][s % 5]!,
        children: groups,
      }),
    );
  }
  return menu;
}

/** Options of {@link fakePortal}. */
export interface FakePortalOptions {
  /** The app token's personas (what the settings drawer offers). @default ['Finance', 'IT', 'Security'] */
  personas?: string[];
  /** whois `canManageSettings`: the tenant block links to the settings dashboard. @default true */
  canManageSettings?: boolean;
  /** Settings `plgDisabled`: no 'Powered by'. @default false */
  plgDisabled?: boolean;
  /** The app token's demo flag `d`: the drawer's demo banner. @default false */
  demo?: boolean;
  /** The tenant is branded: its logos are API files, loaded by the browser after `logoDelayMs` (skeletons meanwhile; see {@link fakeImageLoading}). */
  branded?: boolean | { logoDelayMs?: number; logoUrl?: string; logoShortUrl?: string; iconUrl?: string };
  /** The menu. @default {@link demoMenu} */
  menu?: MenuNode[];
  /** Page answers by page id, over {@link demoPages}. */
  pages?: Record<string, FakeResponse>;
  /** Delay per route key (`GET /path`), in ms. */
  delays?: Record<string, number>;
  /** Failure status per route key (`GET /path`). */
  failures?: Record<string, number>;
  /** Any other route. */
  over?: Record<string, FakeAnswer>;
}

/** A fetch answering as the portal service of a signed-in admin; `calls` lists `METHOD /path`, `urls` the full URLs asked. */
export function fakePortal(options: FakePortalOptions = {}): typeof fetch & { calls: string[]; urls: string[] } {
  const {
    personas = ['Finance', 'IT', 'Security'],
    canManageSettings = true,
    plgDisabled = false,
    demo = false,
    branded = false,
    menu = demoMenu(),
    delays = {},
    failures = {},
    over = {},
  } = options;
  const brand = branded === true ? {} : branded || null;
  const routes: Record<string, FakeAnswer> = signedInRoutes({
    'POST /api/auth/refresh-token': { json: { access_token: fakeAppToken({ personas, d: demo }) } },
    [`GET ${PORTAL}/api/whois`]: whoisAnswer({ canManageSettings }),
    [`GET ${PORTAL}/api`]: settingsAnswer({
      plgDisabled,
      defaultLogoUrl: DATA_LOGO,
      defaultLogoShortUrl: DATA_LOGO_SHORT,
      faviconUrl: null,
    }),
    [MENU_ROUTE]: { json: menu },
    [BRANDING_ROUTE]: brand
      ? {
          json: {
            branded: true,
            brandedBy: 'Fabrikam Partners',
            logoUrl: brand.logoUrl ?? BRANDED_LOGO,
            logoShortUrl: brand.logoShortUrl ?? BRANDED_LOGO_SHORT,
            iconUrl: brand.iconUrl ?? BRANDED_ICON,
          },
        }
      : { json: { branded: false, brandedBy: null, logoUrl: null, logoShortUrl: null, iconUrl: null } },
  });
  for (const [id, answer] of Object.entries({ ...demoPages(), ...options.pages })) routes[pageRoute(id)] = answer;
  for (const key of Object.keys(routes))
    if (key === MENU_ROUTE || key.startsWith(PAGE_ROUTE_PREFIX))
      routes[key] = inRequestLocale(routes[key]!, pseudoTexts);
  Object.assign(routes, over);
  for (const [key, delayMs] of Object.entries(delays)) routes[key] = withResponse(routes[key], { delayMs });
  for (const [key, status] of Object.entries(failures))
    routes[key] = { status, json: { error: 'Failed', message: `${key} failed` } };
  const inner = fakeApi(routes);
  const urls: string[] = [];
  const fetchImpl = (input: RequestInfo | URL, init?: RequestInit) => {
    urls.push(String(input));
    return inner(input, init);
  };
  return Object.assign(fetchImpl, { calls: inner.calls, urls });
}

/** The start of every page description's route key (see {@link pageRoute}). */
const PAGE_ROUTE_PREFIX = pageRoute('');

/** A menu or page description with its shown texts pseudo-localized (names, ids and urls as they are). */
function pseudoTexts(json: unknown): unknown {
  if (Array.isArray(json)) return (json as MenuNode[]).map(pseudoNode);
  const description = json as PageDescription;
  return {
    ...description,
    error: description.error === null ? null : pseudoLocalize(description.error),
    contents: description.contents.map((t: PageTab) => ({
      ...t,
      displayName: pseudoLocalize(t.displayName),
      description: pseudoLocalize(t.description),
    })),
  };
}

const pseudoNode = (item: MenuNode): MenuNode => ({
  ...item,
  displayName: pseudoLocalize(item.displayName),
  description: pseudoLocalize(item.description),
  children: item.children.map(pseudoNode),
});

function withResponse(answer: FakeAnswer | undefined, extra: FakeResponse): FakeAnswer {
  if (typeof answer === 'function') return (request) => ({ ...answer(request), ...extra });
  return { ...(answer ?? { status: 404, json: { error: 'Not Found' } }), ...extra };
}

/** The full URLs of the menu calls a fetch made. */
export const menuCalls = (fetch: { urls: string[] }) =>
  fetch.urls.filter((u) => new URL(u, 'http://portal.test').pathname === `${PORTAL}/api/portal/menu`);

/**
 * The browser's image loading at the edge (the portal client's `preloadImage`): every image loads
 * after `delayMs` (the branding option's `logoDelayMs` for the logos), `urls` lists what was loaded.
 */
export function fakeImageLoading(
  options: Pick<FakePortalOptions, 'branded'> = {},
): ((url: string) => Promise<boolean>) & { urls: string[] } {
  const urls: string[] = [];
  const brand = options.branded === true ? {} : options.branded || null;
  const load = async (url: string) => {
    urls.push(url);
    const delay = url.includes('/branding/logo') ? brand?.logoDelayMs : undefined;
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    return true;
  };
  return Object.assign(load, { urls });
}
