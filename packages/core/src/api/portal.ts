import type { FeedbackType } from '../rules/feedback';
import { EARLY_REFRESH_MAX_AGE_MS } from './earlyRefresh';
import { SERVICE, type Http } from './http';
import type { PageDescription } from './pageDescription';

// spec §3 "Menu node / item"; §6
/**
 * One entry of the side navigation. The server answers the tree already
 * filtered for the caller; `personas` and `preview` are carried so the client's rules
 * (`filterMenu`) can apply the same scoping again, e.g. after a persona change.
 * @public
 */
export interface MenuNode {
  /** Stable id: breadcrumbs and feedback (`menuUuid`) refer to it. */
  uuid: string;
  // spec §2 "Dynamic page"
  /** The route or path (one kebab-case segment under the content prefix): the key of the menu map. */
  name: string;
  /** The item's name as shown. */
  displayName: string;
  /** What the item's page shows. */
  description: string;
  /** Icon name; empty when none. */
  icon: string;
  /** Id of the item's page description (`GET /api/portal/menu/page/{url}`); null for a section without a page of its own. */
  url: string | null;
  /** The tab the item opens on a tabbed page; null for the page's first tab. */
  tabName: string | null;
  // spec §6
  /** Feature types that gate visibility: shown when empty or when the principal has any of them. */
  features: string[];
  // spec §6 "Personas … are sent when fetching menus"
  /** Personas the item is meant for; empty means every persona. */
  personas: string[];
  // spec §3
  /** `homepage-url`, `home` or `overview` mark the home page. */
  tags: string[];
  /** Shown only when the menu is fetched with `preview=true`. */
  preview: boolean;
  /** Guidance video source (an embeddable video URL), or null. */
  assistanceSrc: string | null;
  /** The items below this one, in order. */
  children: MenuNode[];
}

// spec §7 "GET /api/portal/menu, query personas, videoLibrary, preview"
/**
 * Query of the menu call.
 * @public
 */
export interface MenuQuery {
  // spec §2 "Settings drawer"
  /** The selected personas; empty or omitted means all. Personas the token does not hold are ignored. */
  personas?: readonly string[];
  /** Answer the video-library menu: only items with a guidance video, in their sections. @default false */
  videoLibrary?: boolean;
  /** Include items flagged preview. @default false */
  preview?: boolean;
}

/**
 * Query of the page and search calls: the selected personas and the preview flag.
 * @public
 */
export interface PageQuery {
  /** The selected personas; empty or omitted means all. */
  personas?: readonly string[];
  /** Include preview items. @default false */
  preview?: boolean;
}

// spec §7 "GET /api/portal/menu/{id}/breadcrumb"
/**
 * One step of a breadcrumb.
 * @public
 */
export interface Breadcrumb {
  /** The step's menu item id. */
  uuid: string;
  /** The step's route (the menu item's name). */
  name: string;
  /** The step's name as shown. */
  displayName: string;
  /** The step's page id, or null for a section without a page. */
  url: string | null;
}

export { PAGE_TYPES, type PageDescription, type PageTab, type PageTabType, type PageType } from './pageDescription';

// spec §3 "Search result"
/**
 * A menu item, or one tab of its page (then `tabName` is set).
 * @public
 */
export interface SearchResult {
  // spec §2 "Search dialog"
  /** The menu item's name: the result navigates to /{content prefix}/{name}. */
  name: string;
  /** The tab the result opens; null for the page itself. */
  tabName: string | null;
  /** Where the result lives, display names from the root down, joined by ' / '. */
  path: string;
  /** The result's name as shown. */
  displayName: string;
  /** What its page shows. */
  description: string;
  /** The menu item's tags. */
  tags: string[];
}

// spec §3 "Feedback"
/**
 * The body of `POST /api/portal/menu/feedback`.
 * @public
 */
export interface FeedbackInput {
  /** The menu item the feedback is about. */
  menuUuid: string;
  /** The tab the feedback is about, if any. */
  tabName?: string | null;
  // spec §9 "Star count"
  /** 0 to 5 stars. */
  rating: number;
  /** What kind of feedback it is. */
  type: FeedbackType;
  // spec §5
  /** Required, at most 2000 characters. */
  comment: string;
}

/**
 * A stored feedback entry: what was sent, who sent it, and when.
 * @public
 */
export interface StoredFeedback {
  /** The entry's id. */
  id: string;
  /** The menu item the feedback is about. */
  menuUuid: string;
  /** The tab it is about, or null. */
  tabName: string | null;
  /** 0 to 5 stars. */
  rating: number;
  /** What kind of feedback it is. */
  type: FeedbackType;
  /** The comment. */
  comment: string;
  /** The sender's user id (from the app token). */
  userId: string;
  /** ISO timestamp set by the server. */
  created: string;
}

/**
 * One entry of the last- and top-accessed lists: a menu page the caller visited.
 * @public
 */
export interface AccessedPage {
  /** The menu item's id. */
  uuid: string;
  /** Its route (the menu item's name). */
  name: string;
  /** Its name as shown. */
  displayName: string;
  /** What its page shows. */
  description: string;
  /** Its icon name; empty when none. */
  icon: string;
  /** The page id. */
  url: string;
  /** The tab of the latest visit, or null. */
  tabName: string | null;
  /** ISO timestamp of the latest visit. */
  lastAccessed: string;
  /** Number of recorded visits. */
  count: number;
}

/**
 * Query of the last- and top-accessed calls.
 * @public
 */
export interface AccessedQuery {
  /** Include pages flagged preview. @default false */
  preview?: boolean;
}

const personaQuery = (q: PageQuery = {}) => ({ personas: q.personas, preview: q.preview });

/**
 * What a token answer also carries when asked with `?include=session,menu&page=<name>`:
 * `GET …/api/portal/menu`'s answer (every persona the token holds, no preview items), and for each
 * named page of that menu `GET …/api/portal/menu/page/{url}`'s answer, by the item's url — so a page
 * shown by `<cp-page>` needs no call between the refresh and its data.
 * @public
 */
export interface PageBundle {
  /** The menu, as `GET …/api/portal/menu` answers it. */
  menu: MenuNode[];
  /** The named pages' descriptions, by their menu item's url. */
  pages: Record<string, PageDescription>;
}

/**
 * Answers a token answer brought along (`PageBundle`): the menu and page descriptions
 * of the default query (every persona the token holds, no preview items), each taken once and only
 * within `EARLY_REFRESH_MAX_AGE_MS`; any other query asks the server.
 */
function primedAnswers(now: () => number) {
  let at = 0;
  let menu: MenuNode[] | undefined;
  const pages = new Map<string, PageDescription>();
  const fresh = (query: PageQuery & MenuQuery) =>
    now() - at <= EARLY_REFRESH_MAX_AGE_MS && !query.personas?.length && !query.preview && !query.videoLibrary;
  return {
    prime(parts: Partial<PageBundle>) {
      at = now();
      menu = parts.menu;
      pages.clear();
      for (const [url, description] of Object.entries(parts.pages ?? {})) pages.set(url, description);
    },
    menu(query: MenuQuery): Promise<MenuNode[]> | undefined {
      const taken = menu && fresh(query) ? menu : undefined;
      menu = undefined;
      return taken && Promise.resolve(taken);
    },
    page(url: string, query: PageQuery): Promise<PageDescription> | undefined {
      const taken = fresh(query) ? pages.get(url) : undefined;
      pages.delete(url);
      return taken && Promise.resolve(taken);
    },
  };
}

// spec §7 "Portal service"
/**
 * The portal service client (base /services/api-portal-customer, optional prefix): the menu,
 * breadcrumbs, page descriptions, search, feedback and the recently and most visited pages.
 * @public
 */
export function createPortalApi(http: Http, now: () => number = Date.now) {
  const api = (path: string) => http.service(SERVICE.portal, `/api/portal/menu${path}`);
  const id = (value: string) => encodeURIComponent(value);
  const primed = primedAnswers(now);
  return {
    /**
     * Keeps the menu and page descriptions a token answer carried (`include=menu`,
     * `page=`): the next `menu()` and `page(url)` calls of the default query take them instead of
     * asking, once, within 30 s.
     */
    prime: primed.prime,
    // spec §2 "Side navigation", §6
    /** GET /api/portal/menu?personas=&videoLibrary=&preview= — the caller's menu tree. */
    menu: (query: MenuQuery = {}) =>
      primed.menu(query) ??
      http.request<MenuNode[]>('GET', api(''), { query: { ...personaQuery(query), videoLibrary: query.videoLibrary } }),
    /** GET /api/portal/menu/{id}/breadcrumb?preview= — the item's chain from the root down to itself; `id` is its uuid or name. */
    breadcrumb: (itemId: string, query: AccessedQuery = {}) =>
      http.request<Breadcrumb[]>('GET', api(`/${id(itemId)}/breadcrumb`), { query: { preview: query.preview } }),
    /** GET /api/portal/menu/page/{id}?personas=&preview= — the page description of a menu item's url; 404 for an unknown or hidden page. */
    page: (pageId: string, query: PageQuery = {}) =>
      primed.page(pageId, query) ??
      http.request<PageDescription>('GET', api(`/page/${id(pageId)}`), { query: personaQuery(query) }),
    // spec §2 "Search dialog"
    /** GET /api/portal/menu/index?query=&personas=&preview= — search over menu items and their tabs. */
    search: (text: string, query: PageQuery = {}) =>
      http.request<SearchResult[]>('GET', api('/index'), { query: { query: text, ...personaQuery(query) } }),
    /** POST /api/portal/menu/feedback — store feedback about a page; answers 201 with the stored entry. */
    sendFeedback: (feedback: FeedbackInput) =>
      http.request<StoredFeedback>('POST', api('/feedback'), { json: feedback }),
    /** GET /api/portal/menu/feedback — the tenant's feedback for settings administrators, the caller's own for everyone else; newest first. */
    feedback: () => http.request<StoredFeedback[]>('GET', api('/feedback')),
    /** GET /api/portal/menu/last-accessed?preview= — the caller's most recently visited pages, newest first (at most 10). */
    lastAccessed: (query: AccessedQuery = {}) =>
      http.request<AccessedPage[]>('GET', api('/last-accessed'), { query: { preview: query.preview } }),
    /** GET /api/portal/menu/top-accessed?preview= — the caller's most visited pages, most visits first (at most 10). */
    topAccessed: (query: AccessedQuery = {}) =>
      http.request<AccessedPage[]>('GET', api('/top-accessed'), { query: { preview: query.preview } }),
  };
}

/**
 * The portal service client.
 * @public
 */
export type PortalApi = ReturnType<typeof createPortalApi>;
