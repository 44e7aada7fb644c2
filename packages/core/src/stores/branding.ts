import { atom, type ReadableAtom } from 'nanostores';
import type { Http } from '../api/http';
import type { AccountSettingsApi, Settings } from '../api/settings';
import { isServerPath } from '../rules/licenses';

// spec §3 "Branding"
/**
 * With its loading flags. Image URLs are ready for `<img src>`: the server's own
 * (signed) addresses, never `blob:` copies — the server's sandboxing headers must stay on the image.
 * @public
 */
export interface BrandingState {
  /** Whether the tenant has a branding of its own. */
  branded: boolean;
  /** Who the branding is by (the partner's name), or null. */
  brandedBy: string | null;
  /** The logo's URL, or null while there is none. */
  logoUrl: string | null;
  /** The short logo's URL (the collapsed side navigation's), or null. */
  logoShortUrl: string | null;
  /** The icon's URL, or null. */
  iconUrl: string | null;
  // spec §4 "Branding"
  /** Skeleton-loading flags: true while a branded logo or short logo loads. */
  logoSkeleton: boolean;
  /** True while a branded short logo loads. */
  logoShortSkeleton: boolean;
  /** Completion flags for branding, logo, short logo and icon. */
  brandingLoaded: boolean;
  /** Whether the logo has loaded. */
  logoLoaded: boolean;
  /** Whether the short logo has loaded. */
  logoShortLoaded: boolean;
  /** Whether the icon has loaded. */
  iconLoaded: boolean;
}

/**
 * The branding of one portal client.
 * @public
 */
export interface BrandingStore {
  /** The branding as it loads. */
  readonly $branding: ReadableAtom<BrandingState>;
  // spec §4 "Branding"
  /** Loads the tenant's branding: its files when branded, else the settings' defaults. */
  load(settings: Pick<Settings, 'defaultLogoUrl' | 'defaultLogoShortUrl' | 'faviconUrl'> | null): Promise<void>;
  /** Forgets the branding (logout). */
  reset(): void;
}

const EMPTY: BrandingState = {
  branded: false,
  brandedBy: null,
  logoUrl: null,
  logoShortUrl: null,
  iconUrl: null,
  logoSkeleton: false,
  logoShortSkeleton: false,
  brandingLoaded: false,
  logoLoaded: false,
  logoShortLoaded: false,
  iconLoaded: false,
};

type ImageField = 'logo' | 'logoShort' | 'icon';

/**
 * Resolves when an image has loaded (true) or failed (false).
 * @public
 */
export type ImagePreloader = (url: string) => Promise<boolean>;

/** Longest wait for an image's load event before the skeleton gives way to the image itself. */
const PRELOAD_GIVE_UP_MS = 5000;

/** Loads the image in the browser's cache, as the `<img>` will; where there is no `Image` (Node), at once. */
const browserPreload: ImagePreloader = (url) => {
  const Img = (globalThis as { Image?: typeof Image }).Image;
  if (typeof Img !== 'function') return Promise.resolve(true);
  return new Promise((resolve) => {
    const img = new Img();
    const timer = setTimeout(() => resolve(true), PRELOAD_GIVE_UP_MS);
    img.onload = () => (clearTimeout(timer), resolve(true));
    img.onerror = () => (clearTimeout(timer), resolve(false));
    img.src = url;
  });
};

/**
 * Creates the branding store. Files on the API are shown through the signed addresses the branding
 * answer carries (resolved against the API's base); the skeletons last until the image has loaded.
 * @public
 */
export function createBrandingStore(options: {
  api: Pick<AccountSettingsApi, 'branding'>;
  http: Pick<Http, 'url'>;
  preload?: ImagePreloader;
}): BrandingStore {
  const $branding = atom<BrandingState>(EMPTY);
  const preload = options.preload ?? browserPreload;
  let generation = 0;
  const patch = (mine: number, next: Partial<BrandingState>) => {
    if (mine === generation) $branding.set({ ...$branding.get(), ...next });
  };

  async function image(mine: number, field: ImageField, url: string | null | undefined) {
    let src: string | null = url ? (isServerPath(url) ? options.http.url(url) : url) : null;
    if (src && !(await preload(src))) src = null;
    patch(mine, {
      [`${field}Url`]: src,
      [`${field}Loaded`]: true,
      ...(field === 'icon' ? {} : { [`${field}Skeleton`]: false }),
    });
  }

  return {
    $branding,
    async load(settings) {
      const mine = ++generation;
      let branding;
      try {
        branding = await options.api.branding();
      } catch {
        branding = null;
      }
      const branded = branding?.branded === true;
      patch(mine, {
        branded,
        brandedBy: branding?.brandedBy ?? null,
        brandingLoaded: true,
        logoSkeleton: branded,
        logoShortSkeleton: branded,
      });
      await Promise.all([
        image(mine, 'logo', branded ? branding?.logoUrl : settings?.defaultLogoUrl),
        image(mine, 'logoShort', branded ? branding?.logoShortUrl : settings?.defaultLogoShortUrl),
        image(mine, 'icon', branded ? branding?.iconUrl : settings?.faviconUrl),
      ]);
    },
    reset() {
      generation++;
      $branding.set(EMPTY);
    },
  };
}
