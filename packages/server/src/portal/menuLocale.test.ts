// Issue 24 §2 "the portal … run fully in German": the menu, page descriptions and search in the request's locale.
import type { AccessedPage, Breadcrumb, MenuNode, PageDescription, SearchResult } from '@cloudportal/core';
import { menuDe } from '@cloudportal/core/de';
import { flattenMenu, pseudoLocalize } from '@cloudportal/core/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, startTestServer, type TestServer } from '../test-support';
import { localizeCatalog, MENU } from './catalog';

const find = (tree: MenuNode[], name: string) => flattenMenu(tree).find((n) => n.name === name);

describe('the menu in the request’s locale (issue 24 §2)', () => {
  let server: TestServer;
  let token: string;

  /** GET `path` below the menu routes as ada, in `locale` (no Accept-Language when undefined). */
  async function get<T>(path: string, locale?: string): Promise<{ body: T; vary: string | null }> {
    const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
    if (locale) headers['Accept-Language'] = locale;
    const response = await fetch(`${server.baseUrl}${MENU}${path}`, { headers });
    expect(response.status, path).toBe(200);
    return { body: (await response.json()) as T, vary: response.headers.get('vary') };
  }

  beforeAll(async () => {
    server = await startTestServer();
    token = (await signInAs(server, 'ada@contoso.example')).getToken()!;
  }, 120_000);
  afterAll(() => server.close());

  it('given the seeded menu, then the German catalogue has a message for each of its texts and none beyond', async () => {
    const ids = new Map<string, string>();
    localizeCatalog(await server.app.portalCache.catalog(), (id, configured) => {
      ids.set(id, configured);
      return configured;
    });
    expect(Object.keys(menuDe).sort()).toEqual([...ids.keys()].sort());
    // Names (AWS, MACC, SharePoint…) read the same in German; the rest is translated.
    const same = [...ids].filter(([id, english]) => menuDe[id as keyof typeof menuDe] === english);
    expect(same.length / ids.size, same.join('\n')).toBeLessThan(0.1);
  });

  it('given Accept-Language: de, then the menu answers German display names and descriptions, and varies by Accept-Language', async () => {
    const { body, vary } = await get<MenuNode[]>('', 'de-DE,de;q=0.9,en;q=0.5');
    expect(find(body, 'overview')).toMatchObject({
      name: 'overview',
      displayName: 'Abrechnungsübersicht',
      description: 'Ihre Kosten für Azure und Microsoft 365 auf einen Blick.',
    });
    expect(find(body, 'azure-budgets')?.displayName).toBe('Budgets');
    expect(find(body, 'azure-anomalies')?.displayName).toBe('Kostenanomalien');
    expect(vary).toMatch(/accept-language/i);
  });

  it('given no Accept-Language or a locale the server has no messages for, then the menu is the configured English', async () => {
    for (const locale of [undefined, 'fr-FR', 'en-US']) {
      const { body, vary } = await get<MenuNode[]>('', locale);
      expect(find(body, 'overview')?.displayName, locale).toBe('Billing Overview');
      expect(vary).toMatch(/accept-language/i);
    }
  });

  it('given Accept-Language: en-XA, then every menu text is the configured English pseudo-localized', async () => {
    const { body } = await get<MenuNode[]>('', 'en-XA');
    expect(find(body, 'overview')).toMatchObject({
      displayName: pseudoLocalize('Billing Overview'),
      description: pseudoLocalize('Your costs across Azure and Microsoft 365 at a glance.'),
    });
    const page = await get<PageDescription>('/page/billing-overview', 'en-XA');
    expect(page.body.contents[0]).toMatchObject({ name: 'Overview', displayName: pseudoLocalize('Overview') });
  });

  it('given Accept-Language: de, then a page description answers German tab names and descriptions; tab names (?tab=) stay', async () => {
    const { body, vary } = await get<PageDescription>('/page/billing-overview', 'de');
    expect(body.contents.map((tab) => [tab.name, tab.displayName])).toEqual([
      ['Overview', 'Übersicht'],
      ['Invoices', 'Rechnungen'],
      ['Azure Costs', 'Azure-Kosten'],
      ['Licence Costs', 'Lizenzkosten'],
      ['Savings Forecast', 'Einsparprognose'],
    ]);
    expect(body.contents[0]?.description).toBe('Kosten des Abrechnungszeitraums nach Dienst und Abonnement.');
    expect(vary).toMatch(/accept-language/i);
    const error = await get<PageDescription>('/page/legacy-reports', 'de');
    expect(error.body.error).toMatch(/^Die bisherigen Berichte sind nicht mehr verfügbar/);
    expect((await get<PageDescription>('/page/legacy-reports')).body.error).toMatch(/^Legacy reports/);
  });

  it('given Accept-Language: de, then search finds items and tabs by their German words and answers them in German', async () => {
    const { body, vary } = await get<SearchResult[]>('/index?query=Abonnements', 'de');
    expect(body.map((r) => [r.name, r.displayName, r.tabName])).toEqual(
      expect.arrayContaining([
        ['azure-subscriptions', 'Abonnements', null],
        ['azure', 'Abonnements', 'Subscriptions'],
      ]),
    );
    expect(vary).toMatch(/accept-language/i);
    expect((await get<SearchResult[]>('/index?query=Abonnements')).body).toEqual([]);
  });

  it('given Accept-Language: de, then the breadcrumb and the last-accessed pages are German too', async () => {
    const crumbs = await get<Breadcrumb[]>('/azure-budgets/breadcrumb', 'de');
    expect(crumbs.body.map((c) => c.displayName)).toEqual(['Azure', 'Kostenverwaltung', 'Budgets']);
    expect(crumbs.vary).toMatch(/accept-language/i);
    const last = await get<AccessedPage[]>('/last-accessed', 'de');
    expect(last.body.find((p) => p.name === 'overview')?.displayName).toBe('Abrechnungsübersicht');
    expect(last.vary).toMatch(/accept-language/i);
  });

  it('given a menu item of its own without a translation, then German keeps its configured words', async () => {
    await server.db.query(
      `insert into menu_items (uuid, name, parent_uuid, position, display_name, description, icon, url, tab_name, features, personas, tags, preview, assistance_src)
       values ('locale-test-item', 'partner-insights', null, 99, 'Partner Insights', 'Insights from our partner.', '', 'release-notes', null, '{}', '{}', '{}', false, null)`,
    );
    const { body } = await get<MenuNode[]>('', 'de');
    expect(find(body, 'partner-insights')).toMatchObject({
      displayName: 'Partner Insights',
      description: 'Insights from our partner.',
    });
    expect(find(body, 'overview')?.displayName).toBe('Abrechnungsübersicht');
  });

  it('given German and English callers in turn, then each locale’s view is built once and kept apart', async () => {
    const builds = () => server.app.portalCache.views.builds;
    await get<MenuNode[]>('', 'de');
    await get<MenuNode[]>('', 'en');
    const built = builds();
    const german = await get<MenuNode[]>('', 'de');
    const english = await get<MenuNode[]>('', 'en');
    expect(builds()).toBe(built);
    expect(find(german.body, 'overview')?.displayName).toBe('Abrechnungsübersicht');
    expect(find(english.body, 'overview')?.displayName).toBe('Billing Overview');
  });
});
