import { describe, expect, it, vi } from 'vitest';
import type { Branding } from '../api/settings';
import { createHttp } from '../api/http';
import { createBrandingStore } from './branding';

const SETTINGS = { defaultLogoUrl: 'https://cdn.example/logo.svg', defaultLogoShortUrl: 'https://cdn.example/short.svg', faviconUrl: 'https://cdn.example/favicon.ico' };

function setup(branding: Branding, files: Record<string, { delay?: Promise<void>; fail?: boolean }> = {}) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://portal.test');
    const file = files[url.pathname];
    await file?.delay;
    if (file?.fail) return new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } });
    return new Response(new Blob(['<svg/>'], { type: 'image/svg+xml' }), { status: 200, headers: { 'content-type': 'image/svg+xml' } });
  });
  const store = createBrandingStore({ api: { branding: async () => branding }, http: createHttp({ fetch: fetch as typeof globalThis.fetch }) });
  return { store, fetch };
}

describe('branding (spec §3, §4 "Branding")', () => {
  it('given a branded tenant, then logo, short logo and icon load from the files API, with skeletons until loaded', async () => {
    let release: () => void = () => {};
    const wait = new Promise<void>((r) => (release = r));
    const { store, fetch } = setup(
      { branded: true, brandedBy: 'Contoso Cloud Partners', logoUrl: '/files/logo', logoShortUrl: '/files/short', iconUrl: '/files/icon' },
      { '/files/logo': { delay: wait }, '/files/short': { delay: wait } },
    );
    const loading = store.load(SETTINGS);
    await vi.waitFor(() => expect(store.$branding.get().brandingLoaded).toBe(true));
    expect(store.$branding.get()).toMatchObject({ branded: true, brandedBy: 'Contoso Cloud Partners', logoSkeleton: true, logoShortSkeleton: true, logoLoaded: false });
    release();
    await loading;
    const state = store.$branding.get();
    expect(state).toMatchObject({ logoSkeleton: false, logoShortSkeleton: false, logoLoaded: true, logoShortLoaded: true, iconLoaded: true });
    expect(state.logoUrl).toMatch(/^blob:/);
    expect(fetch.mock.calls.map(([u]) => String(u))).toEqual(['/files/logo', '/files/short', '/files/icon']);
  });

  it('given a tenant that is not branded, then the settings defaults are used, without skeletons', async () => {
    const { store, fetch } = setup({ branded: false, brandedBy: null, logoUrl: '/files/logo', logoShortUrl: '/files/short', iconUrl: '/files/icon' });
    await store.load(SETTINGS);
    expect(store.$branding.get()).toMatchObject({ branded: false, logoUrl: SETTINGS.defaultLogoUrl, logoShortUrl: SETTINGS.defaultLogoShortUrl, iconUrl: SETTINGS.faviconUrl, logoSkeleton: false, iconLoaded: true });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a logo that fails to load ends its skeleton and shows none', async () => {
    const { store } = setup({ branded: true, brandedBy: null, logoUrl: '/files/logo', logoShortUrl: '/files/short', iconUrl: '/files/icon' }, { '/files/logo': { fail: true } });
    await store.load(SETTINGS);
    expect(store.$branding.get()).toMatchObject({ logoUrl: null, logoSkeleton: false, logoLoaded: true });
  });

  it('reset forgets the branding (logout)', async () => {
    const { store } = setup({ branded: true, brandedBy: 'X', logoUrl: '/files/logo', logoShortUrl: '/files/short', iconUrl: '/files/icon' });
    await store.load(SETTINGS);
    store.reset();
    expect(store.$branding.get()).toMatchObject({ branded: false, logoUrl: null, brandingLoaded: false });
  });
});
