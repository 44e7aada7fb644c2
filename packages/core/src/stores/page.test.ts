import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors';
import type { PageDescription, PageQuery } from '../api/portal';
import { webStorageStrategy } from '../storage/webStorage';
import { createNavigationStore } from './navigation';
import { createPageStore, namedPageRoute } from './page';
import { MENU, signedIn, tabbedPage, uiPage } from './shell.fixtures';

async function setup(
  page: (id: string, q?: PageQuery) => Promise<PageDescription> = async (id) =>
    id === 'joiners-leavers' ? tabbedPage(id) : uiPage(id),
) {
  const navigation = createNavigationStore({
    api: { menu: async () => MENU },
    $session: signedIn(),
    storage: webStorageStrategy('local', undefined),
  });
  const fetchPage = vi.fn(page);
  const navigate = vi.fn((path: string) => {
    const [pathname, search = ''] = path.split('?');
    navigation.setLocation({ pathname: pathname!, search: search ? `?${search}` : '' });
  });
  const store = createPageStore({
    api: { page: fetchPage },
    navigation,
    storage: webStorageStrategy('session', undefined),
    navigate,
    notFound: (key) => `No page '${key}' exists in your menu.`,
  });
  await vi.advanceTimersByTimeAsync(0);
  const go = async (path: string) => {
    navigate(path);
    await vi.advanceTimersByTimeAsync(0);
  };
  return { navigation, store, fetchPage, navigate, go };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('dynamic page (spec §2 "Dynamic page")', () => {
  it('given a route, then the page of its menu item is fetched with the selected personas', async () => {
    const { store, fetchPage, go, navigation } = await setup();
    navigation.setPersonas(['IT']);
    await go('/billing/azure-subscriptions');
    expect(fetchPage).toHaveBeenLastCalledWith('azure-subscriptions', { personas: ['IT'], preview: undefined });
    expect(store.$page.get()).toMatchObject({
      status: 'loaded',
      key: 'azure-subscriptions',
      description: { type: 'ui', componentClass: 'azure-subscriptions' },
    });
  });

  it('given a route that is not in the menu, then the error page says so without a fetch', async () => {
    const { store, fetchPage, go } = await setup();
    await go('/billing/nowhere');
    expect(fetchPage).not.toHaveBeenCalled();
    expect(store.$page.get().description).toMatchObject({
      type: 'error',
      error: "No page 'nowhere' exists in your menu.",
    });
  });

  it('given a menu that failed to load, then the page says so, not that the page is unknown; the menu loaded, the page shows', async () => {
    const navigation = createNavigationStore({
      api: {
        menu: vi
          .fn()
          .mockRejectedValueOnce(new ApiError(500, { message: 'Injected fault' }))
          .mockResolvedValue(MENU),
      },
      $session: signedIn(),
      storage: webStorageStrategy('local', undefined),
    });
    navigation.setLocation({ pathname: '/billing/azure-subscriptions', search: '' });
    const store = createPageStore({
      api: { page: async (id) => uiPage(id) },
      navigation,
      storage: webStorageStrategy('session', undefined),
      navigate: () => {},
      notFound: (key) => `No page '${key}' exists in your menu.`,
      menuFailed: () => 'The menu could not be loaded.',
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(navigation.$menu.get().status).toBe('error');
    expect(store.$page.get()).toMatchObject({
      status: 'loaded',
      item: null,
      description: { type: 'error', error: 'The menu could not be loaded.' },
    });
    await navigation.loadMenu();
    await vi.advanceTimersByTimeAsync(0);
    expect(store.$page.get()).toMatchObject({
      status: 'loaded',
      key: 'azure-subscriptions',
      description: { type: 'ui' },
    });
  });

  it('given a section without a page of its own, then it is the error page too', async () => {
    const { store, go } = await setup();
    await go('/billing/cost-management');
    expect(store.$page.get().description?.type).toBe('error');
  });

  it('given a page fetch error, then the error page shows its message', async () => {
    const { store, go } = await setup(async () =>
      Promise.reject(new ApiError(500, { message: 'The page service is down.' })),
    );
    await go('/billing/overview');
    expect(store.$page.get().description).toMatchObject({ type: 'error', error: 'The page service is down.' });
  });

  it('given a 403 answer, then the page is unlicensed', async () => {
    const { store, go } = await setup(async () => Promise.reject(new ApiError(403, { message: 'Not licensed' })));
    await go('/billing/overview');
    expect(store.$page.get().status).toBe('unlicensed');
  });

  it('the tab query parameter selects the tab by name, plus signs becoming spaces', async () => {
    const { store, go } = await setup();
    await go('/billing/joiners?tab=Cost+by+Region');
    expect(store.$page.get()).toMatchObject({ tabIndex: 2, tab: { name: 'Cost by Region', type: 'report' } });
  });

  it("without a tab parameter, the menu item's own tab opens (Leavers opens its tab of the shared page)", async () => {
    const { store, go, fetchPage } = await setup();
    await go('/billing/leavers');
    expect(fetchPage).toHaveBeenLastCalledWith('joiners-leavers', expect.anything());
    expect(store.$page.get().tab?.name).toBe('Leavers');
  });

  it('the active tab index is remembered per route', async () => {
    const { store, go } = await setup();
    await go('/billing/joiners');
    expect(store.$page.get().tabIndex).toBe(0);
    store.selectTab(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.$page.get().tab?.name).toBe('Leavers');
    await go('/billing/overview');
    await go('/billing/joiners');
    expect(store.$page.get().tabIndex).toBe(1);
  });

  it('selecting a tab puts its name in the URL', async () => {
    const { store, go, navigate } = await setup();
    await go('/billing/joiners');
    store.selectTab(2);
    expect(navigate).toHaveBeenLastCalledWith('/billing/joiners?tab=Cost+by+Region');
  });

  it("publishes the guidance source 200 ms after a tabbed page loads, titled by the page name; the tab's source overrides the page's", async () => {
    const { store, go } = await setup();
    await go('/billing/joiners');
    expect(store.$guidance.get().src).toBeNull();
    await vi.advanceTimersByTimeAsync(199);
    expect(store.$guidance.get().src).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(store.$guidance.get()).toEqual({ src: '/videos/embed/people', title: 'Joiners and leavers' });
    store.selectTab(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(store.$guidance.get()).toEqual({ src: '/videos/embed/leavers', title: 'Joiners and leavers' });
  });

  it('a persona change reloads the page', async () => {
    const { navigation, fetchPage, go } = await setup();
    await go('/billing/overview');
    const before = fetchPage.mock.calls.length;
    navigation.setPersonas(['Finance']);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchPage.mock.calls.length).toBe(before + 1);
    expect(fetchPage).toHaveBeenLastCalledWith('overview', { personas: ['Finance'], preview: undefined });
  });

  it('an answer that arrives after the user moved on is dropped', async () => {
    let release: (p: PageDescription) => void = () => {};
    const { store, go } = await setup((id) =>
      id === 'overview' ? new Promise((r) => (release = r)) : Promise.resolve(uiPage(id)),
    );
    await go('/billing/overview');
    await go('/billing/azure-subscriptions');
    release(uiPage('overview'));
    await vi.advanceTimersByTimeAsync(0);
    expect(store.$page.get().key).toBe('azure-subscriptions');
  });
});

describe('a page shown by name (issue 24 "<cp-page>": the same access rules as the portal)', () => {
  async function named(name: string, tabName: string | null = null, page = async (id: string) => uiPage(id)) {
    const navigation = createNavigationStore({
      api: { menu: async () => MENU },
      $session: signedIn(),
      storage: webStorageStrategy('local', undefined),
    });
    const fetchPage = vi.fn(async (id: string) => (id === 'joiners-leavers' ? tabbedPage(id) : page(id)));
    const navigate = vi.fn();
    const route = namedPageRoute(name, tabName);
    const store = createPageStore({
      api: { page: fetchPage },
      navigation,
      storage: webStorageStrategy('session', undefined),
      route,
      navigate,
      notFound: (key) => `No page '${key}' exists in your menu.`,
    });
    await vi.advanceTimersByTimeAsync(0);
    return { store, route, fetchPage, navigate, navigation };
  }

  it('given a name in the menu, then its page loads, whatever the URL says', async () => {
    const { store, fetchPage } = await named('azure-subscriptions');
    expect(fetchPage).toHaveBeenCalledWith('azure-subscriptions', expect.anything());
    expect(store.$page.get()).toMatchObject({ status: 'loaded', key: 'azure-subscriptions' });
  });

  it('given a name the menu does not hold, then it is the not-found page and nothing is fetched', async () => {
    const { store, fetchPage } = await named('hidden-page');
    expect(fetchPage).not.toHaveBeenCalled();
    expect(store.$page.get().description).toMatchObject({
      type: 'error',
      error: "No page 'hidden-page' exists in your menu.",
    });
  });

  it('given a page the tenant is not licensed for, then it is the unlicensed placeholder', async () => {
    const { store } = await named('overview', null, () =>
      Promise.reject(new ApiError(403, { message: 'Not licensed' })),
    );
    expect(store.$page.get().status).toBe('unlicensed');
  });

  it('given a tab name, then that tab opens; selecting another shows it in place without navigating', async () => {
    const { store, route, navigate } = await named('joiners', 'Cost by Region');
    expect(store.$page.get().tab?.name).toBe('Cost by Region');
    store.selectTab(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.$page.get().tab?.name).toBe('Leavers');
    expect(route.$tabName.get()).toBe('Leavers');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('when it is shown another page, then that page loads; once stopped, it follows nothing', async () => {
    const { store, route, fetchPage, navigation } = await named('overview');
    route.show('azure-subscriptions');
    await vi.advanceTimersByTimeAsync(0);
    expect(store.$page.get().key).toBe('azure-subscriptions');
    store.stop();
    const calls = fetchPage.mock.calls.length;
    route.show('overview');
    navigation.setPersonas(['Finance']);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchPage.mock.calls.length).toBe(calls);
    expect(store.$page.get().key).toBe('azure-subscriptions');
  });
});
