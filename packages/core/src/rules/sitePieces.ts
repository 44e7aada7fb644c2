/**
 * What a connected site may show, and why its visitor is refused: the pure parts
 * every piece's view reads (a site's pieces, what a request needs, the refusal codes), apart from the
 * form's rules and messages (connectedSites.ts), so an element's bundle carries no catalogue for them.
 */

/**
 * The pieces a site may show, by name: also a partner token's `scp` values.
 * @public
 */
export const SITE_PIECES = ['assistant', 'search', 'feedback', 'savedViews', 'pages', 'reports'] as const;

/**
 * A piece a connected site may show.
 * @public
 */
export type SitePiece = (typeof SITE_PIECES)[number];

/**
 * What a connected site may show. `pages` and `reports` are `'all'` or a list (an empty list: none).
 * @public
 */
export interface SitePieces {
  /** Whether the assistant may be shown. */
  assistant: boolean;
  /** Whether search may be shown. */
  search: boolean;
  /** Whether the feedback dialog may be shown. */
  feedback: boolean;
  /** Whether a report's saved views may be shown. */
  savedViews: boolean;
  /** `'all'`, or the menu's pages by name (as `<cp-page name>` takes them, `azure-subscriptions`). */
  pages: 'all' | string[];
  /** `'all'`, or the reports by id. */
  reports: 'all' | string[];
}

/**
 * Whether a site's pieces show anything at all.
 * @public
 */
export function showsAnyPiece(pieces: SitePieces): boolean {
  return (
    pieces.assistant ||
    pieces.search ||
    pieces.feedback ||
    pieces.savedViews ||
    pieces.pages === 'all' ||
    pieces.pages.length > 0 ||
    pieces.reports === 'all' ||
    pieces.reports.length > 0
  );
}

/**
 * Why a partner token or a connected site's visitor is refused: the code an element's
 * `cp-*-error` event carries, and a message the element shows.
 * @public
 */
export const PARTNER_REFUSALS = [
  'origin-not-registered',
  'site-disabled',
  'bad-signature',
  'token-expired',
  'token-reused',
  'token-invalid',
  'user-not-in-tenant',
  'piece-not-allowed',
] as const;

/**
 * A refusal's code.
 * @public
 */
export type PartnerRefusal = (typeof PARTNER_REFUSALS)[number];

/**
 * Whether `value` is a refusal's code.
 * @public
 */
export function isPartnerRefusal(value: unknown): value is PartnerRefusal {
  return typeof value === 'string' && (PARTNER_REFUSALS as readonly string[]).includes(value);
}

/**
 * A site's pieces narrowed to a token's `scp` (the pieces named), or unchanged without one.
 * @public
 */
export function narrowPieces(pieces: SitePieces, scp: readonly string[] | undefined): SitePieces {
  if (!scp) return pieces;
  const has = (piece: SitePiece) => scp.includes(piece);
  return {
    assistant: pieces.assistant && has('assistant'),
    search: pieces.search && has('search'),
    feedback: pieces.feedback && has('feedback'),
    savedViews: pieces.savedViews && has('savedViews'),
    pages: has('pages') ? pieces.pages : [],
    reports: has('reports') ? pieces.reports : [],
  };
}

/**
 * What a request of a connected site's visitor needs: the session's own calls (`session`), a piece,
 * a piece with the page or report it shows, or nothing a site may do (`never`: settings, uploads).
 * @public
 */
export type SiteNeed =
  | { piece: 'session' | 'never' | 'assistant' | 'search' | 'feedback' | 'savedViews' }
  | { piece: 'pages'; page?: string | readonly string[] }
  | { piece: 'reports'; report?: string };

/**
 * Whether a site's pieces allow a request's need (the reference server checks them on every route).
 * @public
 */
export function siteAllows(pieces: SitePieces, need: SiteNeed): boolean {
  switch (need.piece) {
    case 'session':
      return true;
    case 'never':
      return false;
    case 'pages':
      return listAllows(pieces.pages, need.page);
    case 'reports':
      return listAllows(pieces.reports, need.report);
    default:
      return pieces[need.piece];
  }
}

/** Whether a list allows an item (or, given several, any of them; given none, anything listed). */
function listAllows(list: 'all' | string[], item: string | readonly string[] | undefined): boolean {
  if (list === 'all') return true;
  if (item === undefined) return list.length > 0;
  return typeof item === 'string' ? list.includes(item) : item.some((one) => list.includes(one));
}
