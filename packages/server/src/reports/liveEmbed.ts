import type { EmbeddedReportPage } from '@cloudportal/core';
import {
  EMBED_TOKEN_TTL_SECONDS,
  EXT_EMBED_TOKEN_TTL_SECONDS,
  type EmbedReportKind,
  type EmbedScope,
} from './embedToken';
import type { PowerBiClient } from './powerbi';

/**
 * Embedding with a real Power BI workspace ("app owns data"). An embed token is issued per report,
 * not per user, so one token serves every user of a tenant who may see that report: tokens are
 * cached per (tenant, report, scope) and shared. Whether the caller may see the report (tenant,
 * licence, feature switches) is decided by the route before anything here runs.
 */

/** An embed answer's cached token is reused only while it has more than this left (2 minutes). */
export const EMBED_CACHE_MARGIN_MS = 2 * 60_000;
/**
 * `POST {tokenUrl}` comes about 30 s before the caller's token expires (spec §9 "App token refresh
 * lead", used for embed tokens too): it is answered from the cache only when the cached token has
 * more than this left (5 minutes), otherwise a new token is generated.
 */
export const REFRESH_WINDOW_MS = 5 * 60_000;
/** Cached entries beyond this many are swept of expired ones. */
const SWEEP_ABOVE = 500;

/** Which report to embed, for whom, and where it lives in Power BI. */
export interface LiveEmbedTarget {
  tenantId: string;
  kind: EmbedReportKind;
  /** Our report id (a demo or custom report id). */
  id: string;
  scope: EmbedScope;
  /** The Power BI workspace (group) id. */
  workspaceId: string;
  /** The Power BI report id (the row's `entity_id`). */
  reportId: string;
}

/** What the embed answer takes from Power BI. */
export interface LiveEmbed {
  /** Power BI's own embed URL for the report. */
  embedUrl: string;
  token: string;
  /** ISO 8601. */
  expiration: string;
  /** The report's pages from Power BI's REST API, in its order, the first active. */
  pages: EmbeddedReportPage[];
}

interface Entry {
  embedUrl: string;
  token: string;
  expiration: string;
  expiresAt: number;
  /** Read once per token, when an embed answer first needs them (a refresh does not). */
  pages?: Promise<EmbeddedReportPage[]>;
}

/** The embed token lifetime asked of Power BI: the same as the demo's self-signed tokens (10 minutes; 60 for an external embedding). */
export function lifetimeInMinutes(scope: EmbedScope): number {
  return (scope === 'ext' ? EXT_EMBED_TOKEN_TTL_SECONDS : EMBED_TOKEN_TTL_SECONDS) / 60;
}

/** The live embedder: embed answers and token refreshes over one Power BI client, with the token cache. */
export interface LiveEmbedder {
  /** Embed URL, token and pages for an embed answer: a cached token with more than 2 minutes left, else a new one. */
  embed(target: LiveEmbedTarget): Promise<LiveEmbed>;
  /** A token for `POST {tokenUrl}`: a cached one with more than 5 minutes left, else a new one. */
  refresh(target: LiveEmbedTarget): Promise<{ token: string; expiration: string }>;
}

/** Creates the live embedder over `client`. */
export function createLiveEmbedder(client: PowerBiClient, options: { now?: () => number } = {}): LiveEmbedder {
  const now = options.now ?? Date.now;
  const cache = new Map<string, Entry>();
  const inflight = new Map<string, Promise<Entry>>();

  // The Power BI ids are part of the key: a report re-pointed to another Power BI report never gets the old token.
  const keyOf = (t: LiveEmbedTarget) => JSON.stringify([t.tenantId, t.kind, t.id, t.scope, t.workspaceId, t.reportId]);

  function sweep() {
    if (cache.size <= SWEEP_ABOVE) return;
    const at = now();
    for (const [key, entry] of cache) if (entry.expiresAt <= at) cache.delete(key);
  }

  /** A new token (and the report's embed URL); concurrent callers for one key share one generation. */
  function generate(key: string, target: LiveEmbedTarget): Promise<Entry> {
    let running = inflight.get(key);
    if (!running) {
      running = (async () => {
        const report = await client.getReport(target.workspaceId, target.reportId);
        const { token, expiration } = await client.generateToken({
          reportId: report.id,
          datasetId: report.datasetId,
          lifetimeInMinutes: lifetimeInMinutes(target.scope),
        });
        const entry: Entry = { embedUrl: report.embedUrl, token, expiration, expiresAt: Date.parse(expiration) };
        cache.set(key, entry);
        sweep();
        return entry;
      })().finally(() => inflight.delete(key));
      inflight.set(key, running);
    }
    return running;
  }

  /** The cached entry when it has more than `minLeftMs` left, else a newly generated one. */
  function fresh(target: LiveEmbedTarget, minLeftMs: number): Promise<Entry> {
    const key = keyOf(target);
    const entry = cache.get(key);
    if (entry && entry.expiresAt - now() > minLeftMs) return Promise.resolve(entry);
    return generate(key, target);
  }

  return {
    async embed(target) {
      const entry = await fresh(target, EMBED_CACHE_MARGIN_MS);
      if (!entry.pages) {
        const pages = client.getPages(target.workspaceId, target.reportId);
        entry.pages = pages;
        // A failed read is not kept: the next embed answer reads the pages again.
        pages.catch(() => {
          if (entry.pages === pages) delete entry.pages;
        });
      }
      const pages = await entry.pages;
      return { embedUrl: entry.embedUrl, token: entry.token, expiration: entry.expiration, pages };
    },

    async refresh(target) {
      const entry = await fresh(target, REFRESH_WINDOW_MS);
      return { token: entry.token, expiration: entry.expiration };
    },
  };
}
