import { createTelemetry, type ReportTelemetry, type TelemetryListener, type TelemetryOptions } from './telemetry';
import { createAuditApi, type AuditApi } from '../api/audit';
import { createAuthApi, type AuthApi } from '../api/auth';
import { createHttp, normalizeApiBase, type Http } from '../api/http';
import { createPortalApi, type PortalApi } from '../api/portal';
import type { SessionBundle } from '../api/sessionBundle';
import { createAccountSettingsApi, type AccountSettingsApi } from '../api/settings';
import { createCrossTabChannel, createLockRunner, type CrossTabChannel, type LockRunner } from '../auth/crossTab';
import type { KeepaliveUnit } from '../auth/idle';
import type { IdentityProvider } from '../auth/identityProvider';
import { createNavigationAudit, type NavigationAudit } from '../auth/navigationAudit';
import type { SignInRefusal, TokenProvider } from '../auth/partnerToken';
import { createSession, type Session, type SessionStatus } from '../auth/session';
import { logoutEvent } from '../rules/audit';
import type { SignInOutcome } from '../rules/session';
import { createAccountStore, type AccountStore } from '../stores/account';
import type { ImagePreloader } from '../stores/branding';
import { createReportContextRegistry, type ReportContextRegistry } from '../stores/reportContext';
import type { Messages, Translate } from '../i18n/messages';
import {
  createPortalStorage,
  warnIfCookieTooLarge,
  type PortalStorage,
  type StorageEnvironment,
} from '../storage/webStorage';
import { TOAST_TIMEOUT_MS } from '../rules/constants';
import type { ConfirmData, ConfirmResult } from '../rules/confirm';
import { createDialogStore, type DialogStore } from '../stores/dialogs';
import type { LayoutState } from '../rules/layout';
import { createLayoutStore, type LayoutStore } from '../stores/layout';
import { createLocaleStore } from '../stores/locale';
import { atom, type ReadableAtom, type WritableAtom } from 'nanostores';
import { createToastStore, type ToastInput, type ToastStore } from '../stores/toasts';

/**
 * Configuration of one portal instance. Every field is optional; the defaults suit the reference server on the same origin.
 * @public
 */
export interface PortalClientConfig extends TelemetryOptions {
  /** Base URL of the portal API (the reference server's origin). @default '' (same origin) */
  apiBase?: string;
  /**
   * The requested locale (the element's `lang` attribute, the React provider's
   * `locale`), ahead of the user's remembered choice, the browser's languages and English.
   * Matched against the registered locales (`registerLocale`): 'de-AT' chooses 'de'.
   */
  locale?: string;
  /** A partner's own texts, shown over the active locale's messages (keys it leaves out come from the locale, then English). */
  messages?: Partial<Messages>;
  /** Whether the settings drawer's language picker offers the pseudo-locale en-XA (layout testing). @default false */
  pseudoLocale?: boolean;
  // spec §9
  /** Toast time-out in ms. @default 3000 */
  toastTimeoutMs?: number;
  /** Initial layout state, e.g. `{ darkModeOn: true }`. */
  layout?: Partial<LayoutState>;
  // spec §7 "optional prefix"
  /** Path prefix after each service base, e.g. `v2`. */
  apiPrefix?: string;
  /** The fetch the API client uses. @default globalThis.fetch */
  fetch?: typeof fetch;
  /** The browser storages (tests and SSR pass their own or `{}` for memory only). @default localStorage and sessionStorage */
  storage?: StorageEnvironment;
  /** How the session moves the user ('/login', '/tenant'); a host passes its router's navigate. @default location.assign */
  navigate?: (path: string) => void;
  // spec §7 (the logout call)
  /** The path prefix of the logout call, `POST {logoutPath}/api/auth/logout`. @default '' */
  logoutPath?: string;
  /** The tabs' channel and lock of the session engine (tests); @default BroadcastChannel and Web Locks */
  crossTab?: { channel: CrossTabChannel; lock: LockRunner };
  // spec §9
  /** The keepalive unit ("15, unit as configured"). @default 'minutes' */
  keepaliveUnit?: KeepaliveUnit;
  // spec §4 "Branding"
  /**
   * The browser's image loading, which ends the branding skeletons; tests and
   * stories replace it at this edge. @default an `Image` in the browser; at once where there is none
   */
  preloadImage?: ImagePreloader;
  /**
   * A connected site's page: an async function answering a partner token its back end
   * signed for the visitor. The session then starts from it instead of the refresh cookie, renews the
   * app token through it before expiry (one call at a time, across tabs), and never moves the page
   * (no `/login`): a refusal shows in each piece (`signInRefusal`).
   */
  tokenProvider?: TokenProvider;
}

// spec §7
/**
 * The API calls every page makes, grouped by service. The others are created on first use from
 * the client's http helper: the chat's (`portalChatApi(client)`), the reports' and bookmarks'
 * (`reportApis(client)` of `@cloudportal/core/embed`) and the settings administration's
 * (`createSettingsApi(client.http)`), so a page pays only for the features it shows.
 * @public
 */
export interface PortalApis {
  /** The sign-in, token and logout calls. */
  auth: AuthApi;
  /** The settings calls every signed-in page makes; the administration calls are `createSettingsApi(client.http)`'s. */
  settings: AccountSettingsApi;
  /** The menu, page, search and feedback calls. */
  portal: PortalApi;
  /** The audit and keepalive calls. */
  audit: AuditApi;
}

/**
 * One portal instance: its configuration, stores and actions. Tests create a fresh one each time.
 * @public
 */
export interface PortalClient {
  /** The client's configuration, defaults applied. */
  readonly config: Readonly<
    Required<Pick<PortalClientConfig, 'apiBase' | 'toastTimeoutMs'>> &
      Pick<PortalClientConfig, 'preloadImage' | 'pseudoLocale'>
  >;
  /**
   * Looks a message up in the active locale, whichever it is when called: one function for the
   * client's life. Each key falls back to English, then to the key itself.
   */
  readonly t: Translate;
  /** The active locale's tag ('en', 'de', 'en-XA'); it changes once the chosen locale's messages have loaded. */
  readonly $locale: ReadableAtom<string>;
  /**
   * The user's choice (the settings drawer's language picker), remembered in local storage; null
   * forgets it. Resolves the active locale once its messages have loaded.
   */
  setLocale(tag: string | null): Promise<string>;
  /** The user's remembered choice of locale, or null. */
  chosenLocale(): string | null;
  /**
   * The locale the client is switching to: the active one, or the chosen one whose messages are still
   * loading — for what is set once and cannot follow a later switch (a Power BI report's language).
   */
  targetLocale(): string;
  /**
   * The requested locale (an element's `lang`, the React provider's `locale`): first in the order,
   * not remembered; null clears it. Resolves the active locale once its messages have loaded.
   */
  requestLocale(tag: string | null): Promise<string>;
  /** The confirmation dialogs (`confirm()`). */
  readonly dialogs: DialogStore;
  /** The toasts (`toast()`). */
  readonly toasts: ToastStore;
  /** The layout: the side navigations, docked or pinned, open or closed, and the theme. */
  readonly layout: LayoutStore;
  /** The http helper: base URL, prefix, the session's app token, one refresh and retry on 401. */
  readonly http: Http;
  // spec §7
  /** The typed API. */
  readonly api: PortalApis;
  // spec §9 (web storage prefix)
  /** Web storage under the portal's key prefix, `ngx-webstorage|` ('local', 'session', 'memory' strategies). */
  readonly storage: PortalStorage;
  // spec §4
  /** The session engine: sign-in, app token, refresh, logout. */
  readonly session: Session;
  /** Settings and who-is of the signed-in user's tenant, loaded after sign-in and reset on logout. */
  readonly account: AccountStore;
  // Not in the spec: an addition of ours.
  /**
   * The live report views of this page: a mounted report view publishes its live
   * context here, and the chat (`portalChat(client)`) sends the most recent one with each question (`reportContext`).
   */
  readonly reportContext: ReportContextRegistry;
  /**
   * Why the visitor of a connected site's page is not signed in: set when the token
   * provider or the exchange failed, cleared when it succeeds; always null without a `tokenProvider`.
   */
  readonly signInRefusal: ReadableAtom<SignInRefusal | null>;
  // spec §2, §7
  /** The navigation audit trail: call `navigated()` on each route change. */
  readonly navigationAudit: NavigationAudit;
  /** Moves the user to a route through the host's router (or the browser). */
  navigate(path: string): void;
  // Not in the spec: an addition of ours.
  /** Reports a typed event to the host's `onTelemetry` and every telemetry listener (nothing without one). */
  readonly telemetry: ReportTelemetry;
  /** Adds a telemetry listener beside `onTelemetry` (a React provider's); answers the function that removes it. */
  listenTelemetry(listener: TelemetryListener): () => void;
  /**
   * Starts the session on page load: completes a sign-in coming back from the identity provider
   * (MSAL redirect), else resumes from the refresh cookie. Resolves the sign-in outcome, or whether
   * a session was resumed.
   */
  start(provider?: IdentityProvider): Promise<SignInOutcome | boolean>;
  // spec §4 "resets the data cache"
  /** Registers a data cache's reset, run on logout; returns the unregister function. */
  onReset(reset: () => void): () => void;
  /** Replaces how the session moves the user (a host's router, once it exists). */
  setNavigate(navigate: (path: string) => void): void;
  // spec §2
  /** Opens a confirmation dialog; resolves `{result: true}` on confirm and `null` on close or timer expiry. */
  confirm(data?: ConfirmData): Promise<ConfirmResult>;
  // spec §8, §9
  /** Shows a toast for 3000 ms; returns its id. */
  toast(input: ToastInput): number;
  // spec §3 `darkModeOn`
  /** Switches the theme between light and dark. */
  setDarkMode(on: boolean): void;
  /** Closes dialogs, removes toasts and cancels their timers, stops the session's timers. */
  dispose(): void;
}

/**
 * Creates one portal instance.
 * @public
 */
export function createPortalClient(config: PortalClientConfig = {}): PortalClient {
  const toastTimeoutMs = config.toastTimeoutMs ?? TOAST_TIMEOUT_MS;
  const dialogs = createDialogStore();
  const toasts = createToastStore(toastTimeoutMs);
  const storage = createPortalStorage(config.storage);
  const layout = createLayoutStore(config.layout, storage.strategy('local'));
  const apiBase = normalizeApiBase(config.apiBase);
  const locale = createLocaleStore({
    storage: storage.strategy('local'),
    requested: config.locale,
    overrides: config.messages,
  });
  const translate = locale.t;
  const resets = new Set<() => void>();
  const disposers: Array<() => void> = [];
  let navigate = config.navigate ?? ((path: string) => globalThis.location?.assign(path));

  const crossTab = config.crossTab ?? { channel: createCrossTabChannel(), lock: createLockRunner() };

  // The session is created after the http helper but the helper reads its token lazily.
  const holder: { session?: Session } = {};
  const http = clientHttp(config, apiBase, () => locale.$locale.get(), holder);
  const api: PortalApis = {
    auth: createAuthApi(http),
    settings: createAccountSettingsApi(http),
    portal: createPortalApi(http),
    audit: createAuditApi(http),
  };
  const refusal = config.tokenProvider ? atom<SignInRefusal | null>(null) : undefined;
  const partner = config.tokenProvider && partnerAuth(api.auth, config.tokenProvider, refusal!, translate);
  const session = createSession({
    auth: partner || api.auth,
    storage: storage.strategy('local'),
    toast: toasts.toast,
    t: translate,
    // A partner's page is never moved to the portal's /login: each piece shows the refusal instead.
    navigate: (path) => (partner ? undefined : navigate(path)),
    ...(partner ? { resumeAfterLogout: true } : {}),
    logoutPath: config.logoutPath,
    // Spec §4: the logout statistic is logged; failures are swallowed (spec §8).
    logLogout: () => api.audit.event(logoutEvent(globalThis.location?.pathname ?? null)),
    // Spec §4: logout closes dialogs, clears local storage and resets the data cache.
    onLogout() {
      dialogs.closeAll();
      storage.clearAll();
      account.reset();
      for (const reset of resets) reset();
    },
    // A resuming refresh brings who-is, the settings and the licences along — and, asked
    // by a <cp-page>, the menu and its page's description.
    onSessionBundle(bundle) {
      accountLoad.seed(bundle);
      if (bundle.menu) api.portal.prime(bundle);
    },
    ...crossTab,
  });
  holder.session = session;

  const account = createAccountStore(api.settings);
  const accountLoad = accountLoader(account);
  const reportContext = createReportContextRegistry();
  const unwatch = session.$session.subscribe(({ status }) => accountLoad.follow(status));
  const navigationAudit = createNavigationAudit(api.audit, () => session.isAuthenticated());

  const telemetry = createTelemetry(config);
  const client: PortalClient = {
    config: Object.freeze({
      apiBase,
      toastTimeoutMs,
      preloadImage: config.preloadImage,
      pseudoLocale: config.pseudoLocale,
    }),
    t: translate,
    $locale: locale.$locale,
    setLocale: locale.setLocale,
    chosenLocale: locale.chosen,
    targetLocale: locale.target,
    requestLocale: locale.requestLocale,
    dialogs,
    toasts,
    layout,
    confirm: dialogs.confirm,
    toast: toasts.toast,
    setDarkMode: layout.setDarkMode,
    http,
    api,
    storage,
    session,
    account,
    reportContext,
    signInRefusal: refusal ?? noRefusal,
    navigationAudit,
    navigate: (path) => navigate(path),
    telemetry: telemetry.report,
    listenTelemetry: telemetry.listen,
    async start(provider) {
      started.add(client);
      warnOfLargeCookies();
      const identity = await provider?.initialize().catch((error: unknown) => {
        // A failed redirect sign-in: spec §8 'Authentication error' / 'Unable to identify user: …' and /login.
        void session.signIn(null, error instanceof Error ? error.message : String(error));
        return undefined;
      });
      if (identity === undefined && provider) return false;
      if (identity) return session.signIn(identity);
      return session.resume();
    },
    onReset(reset) {
      resets.add(reset);
      return () => resets.delete(reset);
    },
    setNavigate(next) {
      navigate = next;
    },
    dispose() {
      dialogs.closeAll();
      toasts.clear();
      unwatch();
      for (const dispose of disposers.splice(0)) dispose();
      session.dispose();
      crossTab.channel.close();
    },
  };
  internals.set(client, {
    channel: crossTab.channel,
    keepaliveUnit: config.keepaliveUnit,
    onDispose: (dispose) => void disposers.push(dispose),
  });
  return client;
}

/**
 * Signed in: loads the tenant's settings, who-is and licences (the idle watcher, `portalIdle(client)`,
 * follows them) — unless the token answer that signed in brought them (`seed`).
 */
function accountLoader(account: AccountStore) {
  /** The bundle of the token answer that is signing in now, kept until its token is held. */
  let pending: Partial<SessionBundle> | null = null;
  let wasAuthenticated = false;
  return {
    seed(bundle: Partial<SessionBundle>) {
      pending = bundle;
    },
    follow(status: SessionStatus) {
      const now = status === 'authenticated';
      // Seeded only once the token is held (the state change that follows it): whatever the account
      // starts then calls the API with that token.
      if (now && !wasAuthenticated && !(pending && account.seed(pending))) void account.load();
      // A bundle serves the state change right after it (the token's adoption), never a later sign-in.
      pending = null;
      wasAuthenticated = now;
    },
  };
}

/** The client's http helper: its API base, the session's app token, one refresh and retry on 401. */
function clientHttp(
  config: PortalClientConfig,
  apiBase: string,
  getLocale: () => string,
  holder: { session?: Session },
): Http {
  return createHttp({
    baseUrl: apiBase,
    prefix: config.apiPrefix,
    fetch: config.fetch,
    getAppToken: () => holder.session?.getToken(),
    getLocale,
    // A connected site's page sends no cookie: its session is its token provider's.
    cookies: !config.tokenProvider,
    // An API 401 triggers one refresh and one retry, then logout.
    onUnauthorized: () => holder.session?.refresh() ?? Promise.resolve(false),
    onAuthFailed: () => void holder.session?.logout(),
  });
}

/**
 * A connected site's page: the session's auth calls with the partner's token provider
 * in place of the refresh cookie. Its code loads with the first refresh, so a page without one never
 * pays for it; no refresh cookie to revoke on logout (the partner's page ends its visitor's session).
 */
function partnerAuth(
  auth: AuthApi,
  provider: TokenProvider,
  refusal: WritableAtom<SignInRefusal | null>,
  t: Translate,
): AuthApi {
  return {
    ...auth,
    refreshToken: async (withSession) =>
      (await import('../auth/partnerToken')).refreshThroughProvider(auth, provider, refusal, t, withSession),
    // No refresh cookie is involved: an early cookie refresh is never this session's.
    earlyResume: () => undefined,
    logout: () => Promise.resolve(),
  };
}

/** The refusal of a client without a token provider: never any. */
const noRefusal: ReadableAtom<SignInRefusal | null> = atom(null);

/** What a client's parts built elsewhere in core need of its configuration (not public). */
interface ClientInternals {
  channel: CrossTabChannel;
  keepaliveUnit: KeepaliveUnit | undefined;
  /** Runs `dispose` when the client is disposed. */
  onDispose(dispose: () => void): void;
}

const internals = new WeakMap<PortalClient, ClientInternals>();

// spec §5
/** A cookie over 4096 bytes triggers a console warning only. */
function warnOfLargeCookies(): void {
  for (const cookie of (globalThis.document?.cookie ?? '').split('; ').filter(Boolean))
    warnIfCookieTooLarge(cookie.split('=')[0] ?? '', cookie);
}

/** Clients whose session has been started (`client.start()`): from then on an anonymous state is an answer. */
const started = new WeakSet<PortalClient>();

/**
 * Whether `client.start()` has been called: before it, `anonymous` only means "not known yet"; after
 * it, a visitor still anonymous is signed out (a piece shows its sign-in prompt).
 * @public
 */
export function sessionStarted(client: PortalClient): boolean {
  return started.has(client);
}

/** The internals of a client made by {@link createPortalClient} (core's own parts only). */
export function clientInternals(client: PortalClient): ClientInternals {
  const found = internals.get(client);
  if (!found) throw new Error('Not a portal client made by createPortalClient().');
  return found;
}
