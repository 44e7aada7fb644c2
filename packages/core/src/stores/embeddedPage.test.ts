import { describe, expect, it, vi } from 'vitest';
import type { MenuNode, PageDescription } from '../api/portal';
import { appTokenFor, jsonResponse, quietTabs } from '../client/client.fixtures';
import { createPortalClient } from '../client/createPortalClient';
import { createEmbeddedPage, portalNavigation } from './embeddedPage';
import { item, tabbedPage } from './shell.fixtures';
import { BUSY_MACHINE_WAIT } from '#test/wait';

const json = (body: unknown) => jsonResponse(200, body);

/** A portal whose menu and page texts follow `Accept-Language`, as the server's do (issue 24 §2). */
function portal() {
  const asked: { path: string; locale: string | null }[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = new URL(String(input)).pathname;
    const locale = new Headers(init.headers).get('Accept-Language');
    const german = locale === 'de';
    if (path === '/api/auth/refresh-token') return json({ access_token: appTokenFor() });
    if (path === '/services/api-portal-customer/api/portal/menu') {
      asked.push({ path, locale });
      const menu: MenuNode[] = [
        item('overview', {
          url: 'billing-overview',
          displayName: german ? 'Abrechnungsübersicht' : 'Billing Overview',
        }),
      ];
      return json(menu);
    }
    if (path === '/services/api-portal-customer/api/portal/menu/page/billing-overview') {
      asked.push({ path, locale });
      const page = tabbedPage('billing-overview');
      const contents = page.contents.map((tab) => ({ ...tab, displayName: german ? `${tab.name} (de)` : tab.name }));
      return json({ ...page, contents } satisfies PageDescription);
    }
    return json({});
  };
  return { fetch, asked };
}

describe("a client's navigation in the active locale (issue 24 §2)", () => {
  it('given a switch to German, then the menu and the shown page load again in German, without a reload', async () => {
    const { fetch, asked } = portal();
    const client = createPortalClient({
      apiBase: 'http://portal.test',
      fetch,
      storage: {},
      navigate: () => {},
      crossTab: quietTabs,
    });
    expect(await client.start()).toBe(true);
    const page = createEmbeddedPage(client, 'overview');
    page.start();
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
