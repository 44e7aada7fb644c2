import { afterEach, describe, expect, it, vi } from 'vitest';
import { startEarlyRefresh } from '../api/earlyRefresh';
import { createHttp } from '../api/http';
import { createPortalApi } from '../api/portal';
import type { MenuNode, PageDescription } from '../api/portal';
import { appTokenFor, jsonResponse, quietTabs } from '../client/client.fixtures';
import { createPortalClient } from '../client/createPortalClient';
import { createEmbeddedPage, portalNavigation } from './embeddedPage';
import { item, tabbedPage } from './shell.fixtures';
import { BUSY_MACHINE_WAIT } from '#test/wait';

const json = (body: unknown) => jsonResponse(200, body);

const menuIn = (german: boolean): MenuNode[] => [
  item('overview', { url: 'billing-overview', displayName: german ? 'Abrechnungsübersicht' : 'Billing Overview' }),
];

function pageIn(german: boolean): PageDescription {
  const page = tabbedPage('billing-overview');
  const contents = page.contents.map((tab) => ({ ...tab, displayName: german ? `${tab.name} (de)` : tab.name }));
  return { ...page, contents };
}

/**
 * A portal whose menu and page texts follow `Accept-Language`, as the server's do (issue 24 §2); a
 * refresh asked with `include=session,menu&page=overview` carries the menu and that page (issue 42 §3).
 */
function portal() {
  const asked: { path: string; locale: string | null }[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const path = url.pathname;
    const locale = new Headers(init.headers).get('Accept-Language');
    const german = locale === 'de';
    if (path === '/api/auth/refresh-token') {
      const pages = url.searchParams.get('include')?.includes('menu') && url.searchParams.getAll('page');
      return json({
        access_token: appTokenFor(),
        ...(pages
          ? { menu: menuIn(false), pages: pages.includes('overview') ? { 'billing-overview': pageIn(false) } : {} }
          : {}),
      });
    }
    if (path === '/services/api-portal-customer/api/portal/menu') {
      asked.push({ path, locale });
      return json(menuIn(german));
    }
    if (path === '/services/api-portal-customer/api/portal/menu/page/billing-overview') {
      asked.push({ path, locale });
      return json(pageIn(german));
    }
    return json({});
  };
  return { fetch, asked };
}

/** A started client of `apiBase` over `fetch`, and the embedded page `overview` started in it. */
async function overviewPage(apiBase: string, fetch: ReturnType<typeof portal>['fetch']) {
  const client = createPortalClient({ apiBase, fetch, storage: {}, navigate: () => {}, crossTab: quietTabs });
  expect(await client.start()).toBe(true);
  const page = createEmbeddedPage(client, 'overview');
  page.start();
  return { client, page };
}

describe("a client's navigation in the active locale (issue 24 §2)", () => {
  it('given a switch to German, then the menu and the shown page load again in German, without a reload', async () => {
    const { fetch, asked } = portal();
    const { client, page } = await overviewPage('http://portal.test', fetch);
    const { navigation } = portalNavigation(client);
    await vi.waitFor(() => expect(page.$page.get().status).toBe('loaded'), BUSY_MACHINE_WAIT);
    expect(navigation.$menu.get().map.get('overview')?.displayName).toBe('Billing Overview');
    expect(asked.every((call) => call.locale === 'en')).toBe(true);

    asked.length = 0;
    await client.setLocale('de');
    await vi.waitFor(
      () => expect(page.$page.get().description?.contents[0]?.displayName).toMatch(/\(de\)$/),
      BUSY_MACHINE_WAIT,
    );
    expect(navigation.$menu.get().map.get('overview')?.displayName).toBe('Abrechnungsübersicht');
    expect(page.$page.get().item?.displayName).toBe('Abrechnungsübersicht');
    expect(asked.map((call) => call.locale)).toEqual(['de', 'de']);
    page.stop();
    client.dispose();
  });
});

describe("a <cp-page>'s resuming refresh that brought the menu and the page (issue 42 §3)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('given the early refresh carried them, then the page shows without asking for the menu or its description; a language switch asks for both', async () => {
    const { fetch, asked } = portal();
    vi.stubGlobal('fetch', fetch);
    startEarlyRefresh('http://early.test', () => 'overview');
    const { client, page } = await overviewPage('http://early.test', fetch);
    await vi.waitFor(() => expect(page.$page.get().status).toBe('loaded'), BUSY_MACHINE_WAIT);
    expect(page.$page.get().description).toEqual(pageIn(false));
    expect(asked).toEqual([]);

    await client.setLocale('de');
    await vi.waitFor(() => expect(asked).toHaveLength(2), BUSY_MACHINE_WAIT);
    page.stop();
    client.dispose();
  });

  it('given the primed answers are older than 30 s, or asked for other personas, then the portal API asks the server', async () => {
    const { fetch, asked } = portal();
    let now = 1_000;
    const api = createPortalApi(createHttp({ baseUrl: 'http://portal.test', fetch }), () => now);
    api.prime({ menu: menuIn(false), pages: { 'billing-overview': pageIn(false) } });
    await api.menu({ personas: ['Finance'] });
    now += 30_001;
    await api.page('billing-overview');
    expect(asked.map((a) => a.path.split('/').pop())).toEqual(['menu', 'billing-overview']);
    api.prime({ menu: menuIn(false) });
    expect(await api.menu()).toEqual(menuIn(false));
    await api.menu();
    expect(asked).toHaveLength(3);
  });
});
