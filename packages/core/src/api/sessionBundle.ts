import type { Account, TokenResponse, Whois } from './identity';
import type { PageBundle } from './portal';
import type { Settings, TenantLicense } from './settings';

/**
 * What a token answer carries besides the app token when asked with `?include=session`:
 * the answers of the calls every signed-in page makes right after it — `GET …/api/account`,
 * `GET …/api/whois`, `GET …/api` (settings) and `GET …/api/license/activated` — so that a piece is
 * signed in and knows its user in one round trip. Each part is exactly what its own call answers
 * for the new token; a part its call would refuse is left out, and the client makes that call itself.
 * @public
 */
export interface SessionBundle {
  /** The user, as `GET …/api/account` answers. */
  account: Account;
  /** Who-is, as `GET …/api/whois` answers. */
  whois: Whois;
  /** The tenant's settings, as `GET …/api` answers. */
  settings: Settings;
  /** The active licences, as `GET …/api/license/activated` answers. */
  licenses: TenantLicense[];
}

/** The query a token call adds to ask for the session bundle. */
export const SESSION_BUNDLE_QUERY = { include: 'session' } as const;

/**
 * The query a token call adds to ask for the session bundle, the menu and the named pages' descriptions.
 * @public
 */
export function pageBundleQuery(pages: readonly string[]): { include: string; page: string[] } {
  return { include: 'session,menu', page: [...pages] };
}

/**
 * The parts of the session and page bundles a token answer carried.
 * @public
 */
export type BundleParts = Partial<SessionBundle & PageBundle>;

/**
 * A token answer, with whatever parts of the session and page bundles it carries.
 * @public
 */
export type TokenWithSession = TokenResponse & Partial<SessionBundle> & Partial<PageBundle>;

/**
 * The bundles' parts of a token answer, or undefined when it carries none.
 * @public
 */
export function sessionBundleOf(answer: TokenWithSession): BundleParts | undefined {
  const { account, whois, settings, licenses, menu, pages } = answer;
  const parts: BundleParts = {};
  if (account) parts.account = account;
  if (whois) parts.whois = whois;
  if (settings) parts.settings = settings;
  if (Array.isArray(licenses)) parts.licenses = licenses;
  if (Array.isArray(menu)) parts.menu = menu;
  if (pages && typeof pages === 'object') parts.pages = pages;
  return Object.keys(parts).length ? parts : undefined;
}
