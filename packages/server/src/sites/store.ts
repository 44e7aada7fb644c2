import { randomBytes } from 'node:crypto';
import type { ConnectedSite } from '@cloudportal/core';
import type { SitePieces } from '@cloudportal/core/rules';
import { CacheVersions } from '../cache/versions';
import { VersionedCache } from '../cache/versioned';
import type { Database } from '../db/database';
import { cacheMetric } from '../metrics';

/** The cache scope every write to the connected-site tables moves (migration 025). */
export const SITES_SCOPE = 'connected-sites';

/** A connected site as the server keeps it: as administrators see it, with its tenant and its secrets' values (never answered). */
export interface StoredSite extends Omit<ConnectedSite, 'secrets'> {
  tenantId: string;
  secrets: { id: string; secret: string; createdAt: string }[];
}

interface SiteRow {
  id: string;
  tenant_id: string;
  name: string;
  origins: string[];
  pieces: SitePieces | string;
  jwks_url: string | null;
  public_key: string | null;
  enabled: boolean;
  created_at: string | Date;
  updated_at: string | Date;
  secrets: { id: string; secret: string; created_at: string }[] | string | null;
}

const iso = (value: string | Date) => new Date(value).toISOString();
const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

const SITE_COLUMNS = `s.id, s.tenant_id, s.name, s.origins, s.pieces, s.jwks_url, s.public_key, s.enabled, s.created_at, s.updated_at,
  coalesce((select json_agg(json_build_object('id', k.id, 'secret', k.secret, 'created_at', k.created_at) order by k.created_at)
    from connected_site_secrets k where k.site_id = s.id), '[]'::json) as secrets`;

function toSite(row: SiteRow): StoredSite {
  return Object.freeze({
    id: row.id,
    tenantId: row.tenant_id,
    name: row.name,
    origins: row.origins,
    pieces: json(row.pieces),
    jwksUrl: row.jwks_url,
    publicKey: row.public_key,
    enabled: row.enabled,
    secrets: (json(row.secrets ?? []) ?? []).map((k) => ({ id: k.id, secret: k.secret, createdAt: iso(k.created_at) })),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  });
}

/** A new id: `site_` or `key_` and 16 random bytes. */
export const newId = (prefix: 'site' | 'key') => `${prefix}_${randomBytes(12).toString('base64url')}`;
/** A new signing secret: 32 random bytes, base64url (43 characters). */
export const newSecret = () => randomBytes(32).toString('base64url');

/** How many origins' answers and sites the server keeps in memory. */
const ORIGINS_KEPT = 10_000;
const SITES_KEPT = 10_000;

/**
 * The connected sites as every request sees them: whether an origin is registered (the CORS answer,
 * issue 38 §3) and a site by id (a partner token's issuer, an app token's site), each read from an
 * index once and kept until a write moves the `connected-sites` scope — through any server on the
 * database (src/cache/versions.ts).
 */
export class SiteStore {
  private readonly versions: CacheVersions;
  private readonly origins = new VersionedCache<boolean>(ORIGINS_KEPT, cacheMetric('site_origins'));
  private readonly sites = new VersionedCache<StoredSite | null>(SITES_KEPT, cacheMetric('sites'));
  private readonly siteIds = new VersionedCache<string | null>(ORIGINS_KEPT, cacheMetric('site_ids'));

  constructor(private readonly db: Database) {
    this.versions = new CacheVersions(db);
  }

  private async stamp(): Promise<string> {
    return (await this.versions.read([SITES_SCOPE])).get(SITES_SCOPE)!;
  }

  /** Whether some tenant's enabled site lists `origin`. */
  async registered(origin: string): Promise<boolean> {
    return this.origins.get(origin, await this.stamp(), async () => {
      const { rows } = await this.db.query(
        'select 1 from connected_sites where origins @> array[$1::text] and enabled limit 1',
        [origin],
      );
      return rows.length > 0;
    });
  }

  /** A site by id (enabled or not), or null. */
  async site(id: string): Promise<StoredSite | null> {
    return this.sites.get(id, await this.stamp(), async () => {
      const { rows } = await this.db.query<SiteRow>(`select ${SITE_COLUMNS} from connected_sites s where s.id = $1`, [
        id,
      ]);
      return rows[0] ? toSite(rows[0]) : null;
    });
  }

  /** The site of `tenantId` that lists `origin` (enabled or not), or null: an Entra ID sign-in on a partner's page. */
  async siteOf(tenantId: string, origin: string): Promise<StoredSite | null> {
    const id = await this.siteIds.get(`${tenantId}\u0000${origin}`, await this.stamp(), async () => {
      const { rows } = await this.db.query<{ id: string }>(
        'select id from connected_sites where tenant_id = $1 and origins @> array[$2::text] order by enabled desc, id limit 1',
        [tenantId, origin],
      );
      return rows[0]?.id ?? null;
    });
    return id ? this.site(id) : null;
  }

  /** A tenant's sites, by name (not cached: the settings section reads it). */
  async list(tenantId: string): Promise<StoredSite[]> {
    const { rows } = await this.db.query<SiteRow>(
      `select ${SITE_COLUMNS} from connected_sites s where s.tenant_id = $1 order by lower(s.name), s.id`,
      [tenantId],
    );
    return rows.map(toSite);
  }
}
