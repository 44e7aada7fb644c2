import { describe, expect, it, vi } from 'vitest';
import type { Branding } from '../api/settings';
import { createHttp } from '../api/http';
import { createBrandingStore } from './branding';
import { BUSY_MACHINE_WAIT } from '#test/wait';

const SETTINGS = {
  defaultLogoUrl: 'https://cdn.example/logo.svg',
  defaultLogoShortUrl: 'https://cdn.example/short.svg',
  faviconUrl: 'https://cdn.example/favicon.ico',
};
const SIGNED = (kind: string) =>
  `/services/api-portal-customer/api/branding/${kind}/content?owner=t1&v=1&exp=7200&sig=abc`;

/** The browser's image loading at the edge: each URL loads, fails, or waits for `release`. */
function setup(
  branding: Branding,
  images: Record<string, { wait?: Promise<void>; fail?: boolean }> = {},
  baseUrl = '',
) {
  const fetch = vi.fn(async () => new Response('{}', { status: 500 }));
  const preloaded: string[] = [];
  const preload = vi.fn(async (url: string) => {
    preloaded.push(url);
    const image = Object.entries(images).find(([path]) => url.includes(path))?.[1];
    await image?.wait;
    return !image?.fail;
  });
  const store = createBrandingStore({
    api: { branding: async () => branding },
    http: createHttp({ baseUrl, fetch: fetch as typeof globalThis.fetch }),
    preload,
  });
  return { store, fetch, preloaded };
}

const contoso: Branding = {
  branded: true,
  brandedBy: 'Contoso Cloud Partners',
  logoUrl: SIGNED('branding-logo'),
  logoShortUrl: SIGNED('branding-logo-short'),
  iconUrl: SIGNED('branding-icon'),
};

describe('branding (spec §3, §4 "Branding")', () => {
  it('given a branded tenant, then logo, short logo and icon show from the server addresses, with skeletons until loaded', async () => {
    let release: () => void = () => {};
    const wait = new Promise<void>((r) => (release = r));
    const { store } = setup(contoso, { 'branding-logo/': { wait }, 'branding-logo-short/': { wait } });
    const loading = store.load(SETTINGS);
    await vi.waitFor(() => expect(store.$branding.get().brandingLoaded).toBe(true), BUSY_MACHINE_WAIT);
    expect(store.$branding.get()).toMatchObject({
      branded: true,
      brandedBy: 'Contoso Cloud Partners',
      logoSkeleton: true,
      logoShortSkeleton: true,
      logoLoaded: false,
    });
    release();
    await loading;
    expect(store.$branding.get()).toMatchObject({
      logoSkeleton: false,
      logoShortSkeleton: false,
      logoLoaded: true,
      logoShortLoaded: true,
      iconLoaded: true,
    });
  });

  it('given a branded tenant, then the image addresses are the server URLs themselves — never blob: or data: copies, and nothing is fetched with the app token', async () => {
    const { store, fetch } = setup(contoso, {}, 'https://portal.example/base');
    await store.load(SETTINGS);
    const state = store.$branding.get();
    expect(state.logoUrl).toBe(`https://portal.example/base${SIGNED('branding-logo')}`);
    expect(state.iconUrl).toBe(`https://portal.example/base${SIGNED('branding-icon')}`);
    for (const url of [state.logoUrl, state.logoShortUrl, state.iconUrl]) expect(url).not.toMatch(/^(blob|data):/);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('given a tenant that is not branded, then the settings defaults are used, without skeletons', async () => {
    const { store } = setup({
      branded: false,
      brandedBy: null,
      logoUrl: '/files/logo',
      logoShortUrl: '/files/short',
      iconUrl: '/files/icon',
    });
    await store.load(SETTINGS);
    expect(store.$branding.get()).toMatchObject({
      branded: false,
      logoUrl: SETTINGS.defaultLogoUrl,
      logoShortUrl: SETTINGS.defaultLogoShortUrl,
      iconUrl: SETTINGS.faviconUrl,
      logoSkeleton: false,
      iconLoaded: true,
    });
  });

  it('a logo that fails to load ends its skeleton and shows none', async () => {
    const { store } = setup(contoso, { 'branding-logo/': { fail: true } });
    await store.load(SETTINGS);
    expect(store.$branding.get()).toMatchObject({ logoUrl: null, logoSkeleton: false, logoLoaded: true });
  });

  it('reset forgets the branding (logout)', async () => {
    const { store } = setup(contoso);
    await store.load(SETTINGS);
    store.reset();
    expect(store.$branding.get()).toMatchObject({ branded: false, logoUrl: null, brandingLoaded: false });
  });
});
