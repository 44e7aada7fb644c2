import { atom, type ReadableAtom } from 'nanostores';
import type { Whois } from '../api/auth';
import type { SessionBundle } from '../api/sessionBundle';
import type { AccountSettingsApi, Settings, TenantLicense } from '../api/settings';

// spec §3
/**
 * What the portal knows about the signed-in user's tenant: settings and who-is.
 * @public
 */
export interface AccountState {
  /** Whether the account data is not asked for yet, loading, loaded, or failed. */
  status: 'idle' | 'loading' | 'loaded' | 'error';
  /** The tenant's settings, once loaded. */
  settings: Settings | null;
  /** Who-is, once loaded. */
  whois: Whois | null;
  // spec §5
  /** The tenant's active licences (they gate the assistant's datasets). */
  licenses: TenantLicense[] | null;
}

/**
 * The account data cache of one portal client: loaded after sign-in, reset on logout.
 * @public
 */
export interface AccountStore {
  /** The account data as it loads. */
  readonly $account: ReadableAtom<AccountState>;
  /** (Re)loads settings, who-is and the active licences; resolves when all answered (failures leave `status: 'error'`). */
  load(): Promise<void>;
  /**
   * Keeps who-is, the settings and the licences a token answer's session bundle carried:
   * loaded without a call. Returns false, and keeps nothing, unless the bundle has all three.
   */
  seed(bundle: Partial<SessionBundle>): boolean;
  /** Marks the terms accepted locally after `POST /api/eula` succeeded. */
  eulaAccepted(): void;
  /** Forgets everything (logout). */
  reset(): void;
}

const EMPTY: AccountState = { status: 'idle', settings: null, whois: null, licenses: null };

/**
 * The signed-in user's account store over the settings calls: settings, who-is and active licences, loaded together.
 * @public
 */
export function createAccountStore(
  settingsApi: Pick<AccountSettingsApi, 'settings' | 'whois' | 'activatedLicenses'>,
): AccountStore {
  const $account = atom<AccountState>(EMPTY);
  let generation = 0;
  return {
    $account,
    async load() {
      const mine = ++generation;
      $account.set({ ...$account.get(), status: 'loading' });
      try {
        const [settings, whois, licenses] = await Promise.all([
          settingsApi.settings(),
          settingsApi.whois(),
          settingsApi.activatedLicenses(),
        ]);
        // A logout (or a newer load) while this one ran wins.
        if (mine === generation) $account.set({ status: 'loaded', settings, whois, licenses });
      } catch {
        if (mine === generation) $account.set({ ...$account.get(), status: 'error' });
      }
    },
    seed({ settings, whois, licenses }) {
      if (!settings || !whois || !licenses) return false;
      // Newer than any load under way: that load's answer is dropped.
      generation++;
      $account.set({ status: 'loaded', settings, whois, licenses });
      return true;
    },
    eulaAccepted() {
      const { whois } = $account.get();
      if (whois) $account.set({ ...$account.get(), whois: { ...whois, forceEula: false } });
    },
    reset() {
      generation++;
      $account.set(EMPTY);
    },
  };
}
