import { atom, type ReadableAtom } from 'nanostores';
import type { Http } from '../api/http';
import type { AccountSettingsApi, Settings } from '../api/settings';
import { isServerPath } from '../rules/licenses';

/** Spec §3 "Branding", with its loading flags. Image URLs are ready for `<img src>` (object URLs for the API's files). */
export interface BrandingState {
  branded: boolean;
  brandedBy: string | null;
  logoUrl: string | null;
  logoShortUrl: string | null;
  iconUrl: string | null;
  /** Skeleton-loading flags: true while a branded logo or short logo loads (spec §4 "Branding"). */
  logoSkeleton: boolean;
  logoShortSkeleton: boolean;
  /** Completion flags for branding, logo, short logo and icon. */
  brandingLoaded: boolean;
  logoLoaded: boolean;
  logoShortLoaded: boolean;
  iconLoaded: boolean;
}

/** The branding of one portal client. */
export interface BrandingStore {
  readonly $branding: ReadableAtom<BrandingState>;
  /** Loads the tenant's branding: its files when branded, else the settings' defaults (spec §4 "Branding"). */
  load(settings: Pick<Settings, 'defaultLogoUrl' | 'defaultLogoShortUrl' | 'faviconUrl'> | null): Promise<void>;
  /** Forgets the branding and releases its object URLs (logout). */
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

/** Creates the branding store. Files on the API (which need the app token) are fetched and shown through object URLs. */
export function createBrandingStore(options: { api: Pick<AccountSettingsApi, 'branding'>; http: Http }): BrandingStore {
  const $branding = atom<BrandingState>(EMPTY);
  const objectUrls: string[] = [];
  let generation = 0;
  const patch = (mine: number, next: Partial<BrandingState>) => {
    if (mine === generation) $branding.set({ ...$branding.get(), ...next });
  };

  async function image(mine: number, field: ImageField, url: string | null | undefined) {
    let src: string | null = url || null;
    if (src && isServerPath(src) && typeof URL.createObjectURL === 'function') {
      try {
        const blob = await options.http.request<Blob>('GET', src, { responseType: 'blob' });
        src = URL.createObjectURL(blob);
        objectUrls.push(src);
      } catch {
        src = null;
      }
    }
    patch(mine, { [`${field}Url`]: src, [`${field}Loaded`]: true, ...(field === 'icon' ? {} : { [`${field}Skeleton`]: false }) });
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
      patch(mine, { branded, brandedBy: branding?.brandedBy ?? null, brandingLoaded: true, logoSkeleton: branded, logoShortSkeleton: branded });
      await Promise.all([
        image(mine, 'logo', branded ? branding?.logoUrl : settings?.defaultLogoUrl),
        image(mine, 'logoShort', branded ? branding?.logoShortUrl : settings?.defaultLogoShortUrl),
        image(mine, 'icon', branded ? branding?.iconUrl : settings?.faviconUrl),
      ]);
    },
    reset() {
      generation++;
      for (const url of objectUrls.splice(0)) URL.revokeObjectURL(url);
      $branding.set(EMPTY);
    },
  };
}
