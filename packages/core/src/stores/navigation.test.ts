import { atom } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MenuQuery } from '../api/portal';
import type { SessionState } from '../auth/session';
import { webStorageStrategy } from '../storage/webStorage';
import { createNavigationStore } from './navigation';
import { item, MENU, signedIn } from './shell.fixtures';

const memory = () => webStorageStrategy('local', undefined);
const flush = () => new Promise((r) => setTimeout(r, 0));

function setup(
  options: {
    personas?: string[];
    storage?: ReturnType<typeof memory>;
    menu?: (q?: MenuQuery) => Promise<typeof MENU>;
  } = {},
) {
  const menu = vi.fn(options.menu ?? (async () => MENU));
  const $session = signedIn(options.personas);
  const storage = options.storage ?? memory();
  const nav = createNavigationStore({ api: { menu }, $session, storage });
  return { nav, menu, $session, storage };
}

afterEach(() => vi.useRealTimers());

describe('navigation store: the menu (spec §7 menu call)', () => {
  it('given a signed-in user, then the menu loads with the selected personas and builds the menu map', async () => {
    const { nav, menu } = setup();
    await flush();
    expect(menu).toHaveBeenCalledWith({ personas: [], preview: undefined });
    expect(nav.$menu.get().status).toBe('loaded');
    expect(nav.$menu.get().map.get('azure-budgets')?.displayName).toBe('azure budgets');
  });

  it('given an anonymous session, then nothing loads until sign-in', async () => {
    const menu = vi.fn(async () => MENU);
    const $session = atom<SessionState>({ status: 'anonymous', claims: null, identity: null });
    const nav = createNavigationStore({ api: { menu }, $session, storage: memory() });
    await flush();
    expect(menu).not.toHaveBeenCalled();
    $session.set(signedIn().get());
    await flush();
    expect(nav.$menu.get().status).toBe('loaded');
  });

  it('given a failing menu call, then the menu is in error and a retry loads it', async () => {
    let fail = true;
    const { nav } = setup({ menu: async () => (fail ? Promise.reject(new Error('down')) : MENU) });
    await flush();
    expect(nav.$menu.get().status).toBe('error');
    fail = false;
    await nav.loadMenu();
    expect(nav.$menu.get().status).toBe('loaded');
  });
});

describe('navigation store: location, active path, breadcrumbs (spec §2)', () => {
  it('given a route of a nested item, then the active trail runs from the root to it and the breadcrumbs follow', async () => {
    const { nav } = setup();
    await flush();
    nav.setLocation({ pathname: '/billing/azure-budgets', search: '' });
    expect(nav.$pageKey.get()).toBe('azure-budgets');
    expect(nav.$activeTrail.get().map((n) => n.name)).toEqual(['azure', 'cost-management', 'azure-budgets']);
    expect(nav.$breadcrumbs.get().map((b) => b.displayName)).toEqual(['azure', 'cost management', 'azure budgets']);
  });

  it('given an unknown route, then no item is active', async () => {
    const { nav } = setup();
    await flush();
    nav.setLocation({ pathname: '/billing/nowhere', search: '?tab=x' });
    expect(nav.$activeTrail.get()).toEqual([]);
  });
});

describe('navigation store: personas (spec §3, §6)', () => {
  it('given a persona selection, then it is persisted, sent with the menu call, and reloads the menu', async () => {
    const { nav, menu, storage } = setup();
    await flush();
    nav.setPersonas(['Finance']);
    await flush();
    expect(storage.get('personas')).toEqual(['Finance']);
    expect(nav.$personas.get()).toEqual(['Finance']);
    expect(menu).toHaveBeenLastCalledWith({ personas: ['Finance'], preview: undefined });
    expect(menu).toHaveBeenCalledTimes(2);
  });

  it('given a stored selection, when the app starts again, then it is used', async () => {
    const storage = memory();
    storage.set('personas', ['IT']);
    const { menu } = setup({ storage });
    await flush();
    expect(menu).toHaveBeenCalledWith({ personas: ['IT'], preview: undefined });
  });

  it('drops personas the token does not hold (none chosen = all personas)', async () => {
    const storage = memory();
    storage.set('personas', ['Sales']);
    const { nav } = setup({ storage, personas: ['Finance'] });
    await flush();
    expect(nav.$availablePersonas.get()).toEqual(['Finance']);
    expect(nav.$personas.get()).toEqual([]);
  });

  it('setting the same selection again does not reload the menu', async () => {
    const { nav, menu } = setup();
    await flush();
    nav.setPersonas([]);
    await flush();
    expect(menu).toHaveBeenCalledTimes(1);
  });

  it('reset forgets the menu and the selection (logout)', async () => {
    const { nav } = setup();
    await flush();
    nav.setPersonas(['IT']);
    nav.reset();
    expect(nav.$menu.get().status).toBe('idle');
    expect(nav.$personas.get()).toEqual([]);
  });
});

describe('navigation store: the locale (issue 24 §2)', () => {
  it('given the active locale changes, then the menu loads again and shows the server texts of the new locale', async () => {
    const $locale = atom('en');
    const menu = vi.fn(async () =>
      $locale.get() === 'de' ? [item('overview', { displayName: 'Abrechnungsübersicht' })] : MENU,
    );
    const nav = createNavigationStore({ api: { menu }, $session: signedIn(), storage: memory(), $locale });
    await flush();
    expect(nav.$menu.get().map.get('overview')?.displayName).toBe('overview');
    $locale.set('de');
    // The items stay while the new ones load: the navigation does not blank out.
    expect(nav.$menu.get()).toMatchObject({ status: 'loading', items: MENU });
    await flush();
    expect(menu).toHaveBeenCalledTimes(2);
    expect(nav.$menu.get().map.get('overview')?.displayName).toBe('Abrechnungsübersicht');
  });

  it('given a signed-out session, then a locale change loads nothing', async () => {
    const $locale = atom('en');
    const menu = vi.fn(async () => MENU);
    const $session = atom<SessionState>({ status: 'anonymous', claims: null, identity: null });
    createNavigationStore({ api: { menu }, $session, storage: memory(), $locale });
    $locale.set('de');
    await flush();
    expect(menu).not.toHaveBeenCalled();
  });
});
