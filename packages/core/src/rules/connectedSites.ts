/**
 * Connected sites: a partner's website that a tenant administrator
 * registers so the portal's pieces work there — its exact origins, the pieces it may show, and the
 * credentials its back end signs visitors' tokens with. The settings form and the reference server
 * check a site with these same rules; the server answers a partner token's refusals with their codes.
 */
import { createTranslator, type MessageKey, type Translate } from '../i18n/messages';
import { serverEn } from '../i18n/serverMessages';
import { settingsEn } from '../i18n/settingsMessages';
import type { FormProblems } from './settingsForms';
import { SITE_PIECES, showsAnyPiece, type PartnerRefusal, type SitePieces } from './sitePieces';

export * from './sitePieces';

// The English texts, whether or not the dashboard has registered its messages: made on first use, so
// a bundle that only reads a site's pieces (every element's view) leaves both catalogues out.
let englishTexts: Translate | undefined;
const english: Translate = (key, params) =>
  (englishTexts ??= createTranslator({ ...settingsEn, ...serverEn }))(key, params);

/**
 * A connected site as an administrator enters it.
 * @public
 */
export interface ConnectedSiteForm {
  /** The site's name. */
  name: string;
  /** Exact origins such as `https://partner.example`. */
  origins: string[];
  /** The pieces its visitors may use. */
  pieces: SitePieces;
  /** A JWKS address the site's public keys are read from, instead of (or besides) shared secrets. */
  jwksUrl?: string | null;
  /** A PEM public key (SPKI) the site's tokens are signed for, instead of (or besides) shared secrets. */
  publicKey?: string | null;
}

/** The longest site name. */
export const SITE_NAME_MAX = 80;
/** The most origins a site may have. */
export const SITE_ORIGINS_MAX = 20;
/** The most pages or reports a site may list. */
export const SITE_LIST_MAX = 200;
/**
 * The most signing secrets a site may hold at once: the current one and the one it replaces.
 * @internal
 */
export const SITE_SECRETS_MAX = 2;
/** A partner token lives at most this long (its `exp` after its `iat`, or after now when it has none), in seconds. */
export const PARTNER_TOKEN_MAX_LIFETIME_S = 600;
/**
 * Clock difference between the partner's server and ours that is forgiven, in seconds.
 * @internal
 */
export const PARTNER_TOKEN_CLOCK_SKEW_S = 30;
/**
 * The audience a partner token names.
 * @internal
 */
export const PARTNER_TOKEN_AUDIENCE = 'cloudportal';

/** Hosts that may be reached over `http:` in development only. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * What the origin rules need to know of the server.
 * @public
 */
export interface SiteRuleOptions {
  /** The server runs in development mode: `http://localhost` and `http://127.0.0.1` origins are allowed. */
  development: boolean;
  /** The dataset pages that exist; a listed page outside them is refused. @default any name */
  knownPages?: ReadonlySet<string>;
}

/**
 * Why an origin is refused, or null when it is one.
 * @public
 */
export function originProblem(origin: string, options: SiteRuleOptions, t: Translate = english): string | null {
  const value = origin.trim();
  if (!value) return t('settings.sites.problem.originRequired');
  if (value.includes('*')) return t('settings.sites.problem.originWildcard', { origin: value });
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return t('settings.sites.problem.origin', { origin: value });
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname || url.username || url.password)
    return t('settings.sites.problem.origin', { origin: value });
  if (url.origin !== value) return t('settings.sites.problem.originPath', { origin: value });
  if (url.protocol === 'http:' && !(options.development && LOOPBACK.has(url.hostname)))
    return t('settings.sites.problem.originHttp', { origin: value });
  return null;
}

/** Whether `url` is an https address (or a loopback http one in development). */
function credentialUrlOk(url: string, development: boolean): boolean {
  try {
    const parsed = new URL(url);
    if (parsed.username || parsed.password || !parsed.hostname) return false;
    return (
      parsed.protocol === 'https:' || (development && parsed.protocol === 'http:' && LOOPBACK.has(parsed.hostname))
    );
  } catch {
    return false;
  }
}

function listProblem(list: 'all' | string[], known: ReadonlySet<string> | undefined, t: Translate): string | undefined {
  if (list === 'all') return undefined;
  if (list.length > SITE_LIST_MAX) return t('settings.sites.problem.listMax', { max: SITE_LIST_MAX });
  const unknown = known ? list.find((name) => !known.has(name)) : undefined;
  if (unknown !== undefined) return t('settings.sites.problem.pageUnknown', { name: unknown });
  const blank = list.find((id) => !id.trim() || id.length > 100);
  return blank === undefined ? undefined : t('settings.sites.problem.listItem');
}

/** The origins' problem: the first refused origin, one given twice, too many, or none. */
function originsProblem(origins: readonly string[], options: SiteRuleOptions, t: Translate): string | undefined {
  if (origins.length === 0) return t('settings.sites.problem.originsRequired');
  if (origins.length > SITE_ORIGINS_MAX) return t('settings.sites.problem.originsMax', { max: SITE_ORIGINS_MAX });
  for (const origin of origins) {
    const problem = originProblem(origin, options, t);
    if (problem) return problem;
  }
  const seen = new Set<string>();
  for (const origin of origins) {
    if (seen.has(origin.trim())) return t('settings.sites.problem.originTwice', { origin: origin.trim() });
    seen.add(origin.trim());
  }
  return undefined;
}

/**
 * A connected site's problems by field; an empty object means it may be saved.
 * @public
 */
export function connectedSiteProblems(
  form: ConnectedSiteForm,
  options: SiteRuleOptions,
  t: Translate = english,
): FormProblems<'name' | 'origins' | 'pieces' | 'jwksUrl' | 'publicKey'> {
  const problems: FormProblems<'name' | 'origins' | 'pieces' | 'jwksUrl' | 'publicKey'> = {};
  const name = form.name.trim();
  if (!name) problems.name = t('settings.sites.problem.nameRequired');
  else if (name.length > SITE_NAME_MAX) problems.name = t('settings.problem.tooLong', { max: SITE_NAME_MAX });
  const origins = originsProblem(form.origins, options, t);
  if (origins) problems.origins = origins;
  const pieces = !showsAnyPiece(form.pieces)
    ? t('settings.sites.problem.piecesRequired')
    : (listProblem(form.pieces.pages, options.knownPages, t) ?? listProblem(form.pieces.reports, undefined, t));
  if (pieces) problems.pieces = pieces;
  if (form.jwksUrl && !credentialUrlOk(form.jwksUrl, options.development))
    problems.jwksUrl = t('settings.problem.https');
  if (form.publicKey && !/^-----BEGIN PUBLIC KEY-----[\s\S]+-----END PUBLIC KEY-----\s*$/.test(form.publicKey.trim()))
    problems.publicKey = t('settings.sites.problem.publicKey');
  return problems;
}

/**
 * The origins as stored: trimmed, in the order given.
 * @public
 */
export function normalizeOrigins(origins: readonly string[]): string[] {
  return origins.map((origin) => origin.trim());
}

/**
 * The message of a refusal, in the reader's language.
 * @public
 */
export function partnerRefusalMessage(code: PartnerRefusal, t: Translate = english): string {
  return t(`server.partner.${code}` as MessageKey);
}

/**
 * The claims of a partner token the rules read (after its signature was verified).
 * @public
 */
export interface PartnerTokenClaims {
  /** The issuer. */
  iss?: unknown;
  /** The visitor: their e-mail or object id (required). */
  sub?: unknown;
  /** The tenant the visitor belongs to (required). */
  tid?: unknown;
  /** The audience, one or several; must include the portal's. */
  aud?: unknown;
  /** Expiry, in seconds since the epoch (required). */
  exp?: unknown;
  /** Issued at, in seconds since the epoch. */
  iat?: unknown;
  /** The token's unique id (required): a token is taken once. */
  jti?: unknown;
  /** The pieces the token is for, when it names them. */
  scp?: unknown;
}

/**
 * Why a verified partner token's claims are refused, or null: a subject (the user's
 * e-mail or object id), a tenant, the audience `cloudportal`, an expiry at most 10 minutes after it
 * was issued (or after now), not passed, and a `jti` to use once; `scp`, when given, a list of pieces.
 * The reason is for the partner's developer: English.
 * @public
 */
export function partnerClaimsProblem(
  claims: PartnerTokenClaims,
  nowSeconds: number,
): { code: PartnerRefusal; reason: string } | null {
  const invalid = (reason: string) => ({ code: 'token-invalid' as const, reason });
  if (typeof claims.sub !== 'string' || !claims.sub.trim() || claims.sub.length > 320)
    return invalid('sub must be the user’s e-mail or object id.');
  if (typeof claims.tid !== 'string' || !claims.tid.trim()) return invalid('tid must name the tenant.');
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(PARTNER_TOKEN_AUDIENCE)) return invalid(`aud must be '${PARTNER_TOKEN_AUDIENCE}'.`);
  if (typeof claims.jti !== 'string' || !claims.jti.trim() || claims.jti.length > 200)
    return invalid('jti must be a unique id of at most 200 characters.');
  if (typeof claims.exp !== 'number') return invalid('exp is required.');
  if (claims.exp + PARTNER_TOKEN_CLOCK_SKEW_S <= nowSeconds)
    // eslint-disable-next-line no-restricted-syntax -- for the partner's developer (the answer's `detail`): English
    return { code: 'token-expired', reason: 'The token has expired.' };
  const from = typeof claims.iat === 'number' ? Math.min(claims.iat, nowSeconds) : nowSeconds;
  if (claims.exp - from > PARTNER_TOKEN_MAX_LIFETIME_S + PARTNER_TOKEN_CLOCK_SKEW_S)
    // eslint-disable-next-line no-restricted-syntax -- for the partner's developer (the answer's `detail`): English
    return invalid(`exp may be at most ${PARTNER_TOKEN_MAX_LIFETIME_S} seconds after iat.`);
  if (claims.scp !== undefined && !(Array.isArray(claims.scp) && claims.scp.every((s) => SITE_PIECES.includes(s))))
    return invalid(`scp must be a list of ${SITE_PIECES.join(', ')}.`);
  return null;
}
