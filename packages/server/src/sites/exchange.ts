import type { TokenResponse } from '@cloudportal/core';
import {
  narrowPieces,
  partnerClaimsProblem,
  PARTNER_TOKEN_AUDIENCE,
  PARTNER_TOKEN_CLOCK_SKEW_S,
  showsAnyPiece,
  type PartnerRefusal,
} from '@cloudportal/core/rules';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  createRemoteJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  errors as joseErrors,
  importSPKI,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { signAppToken, type Principal } from '../auth/appToken';
import { withSessionBundle } from '../auth/sessionBundle';
import type { ServerContext } from '../context';
import type { Database } from '../db/database';
import { refuseVisitor } from './refuse';
import type { StoredSite } from './store';

/** Where a connected site's page exchanges its partner's token for an app token (issue 38 §2). */
export const PARTNER_TOKEN_PATH = '/api/auth/partner/token';

class Refused extends Error {
  constructor(
    readonly code: PartnerRefusal,
    readonly detail?: string,
  ) {
    super(code);
  }
}

/** Key sets of JWKS addresses, kept while the process runs (jose caches and refreshes their keys). */
const jwksSets = new Map<string, JWTVerifyGetKey>();

/** The key that verifies a site's token: its secret by `kid`, its public key, or its JWKS. */
async function verifySignature(site: StoredSite, token: string): Promise<JWTPayload> {
  const header = decodeProtectedHeader(token);
  const options = {
    issuer: site.id,
    audience: PARTNER_TOKEN_AUDIENCE,
    clockTolerance: PARTNER_TOKEN_CLOCK_SKEW_S,
  };
  try {
    if (header.alg === 'HS256') {
      const secret = site.secrets.find((s) => s.id === header.kid);
      if (!secret) throw new Refused('bad-signature', `No signing secret of this site has the kid '${header.kid}'.`);
      return (await jwtVerify(token, new TextEncoder().encode(secret.secret), { ...options, algorithms: ['HS256'] }))
        .payload;
    }
    const algorithms = ['RS256', 'PS256', 'ES256', 'EdDSA'];
    if (!header.alg || !algorithms.includes(header.alg))
      throw new Refused('bad-signature', `alg must be HS256, ${algorithms.join(', ')}.`);
    if (site.publicKey && !site.jwksUrl)
      return (await jwtVerify(token, await importSPKI(site.publicKey, header.alg), { ...options, algorithms })).payload;
    if (!site.jwksUrl) throw new Refused('bad-signature', 'The site has no public key or JWKS address.');
    let keys = jwksSets.get(site.jwksUrl);
    if (!keys) jwksSets.set(site.jwksUrl, (keys = createRemoteJWKSet(new URL(site.jwksUrl))));
    return (await jwtVerify(token, keys, { ...options, algorithms })).payload;
  } catch (error) {
    if (error instanceof Refused) throw error;
    if (error instanceof joseErrors.JWTExpired) throw new Refused('token-expired');
    if (error instanceof joseErrors.JWTClaimValidationFailed)
      throw new Refused('token-invalid', `The ${error.claim} claim is not valid: ${error.reason}.`);
    throw new Refused('bad-signature', error instanceof Error ? error.message : undefined);
  }
}

interface UserRow {
  id: string;
  personas: string[];
  features: string[];
  account_types: string[];
  demo: boolean;
}

/** How often, in exchanges, the spent `jti`s of expired tokens are cleared. */
const PURGE_EVERY = 200;

/** POST /api/auth/partner/token: a connected site's partner token for an app token of that site's visitor. */
export function partnerExchangeRoute(app: FastifyInstance, ctx: ServerContext) {
  const { db, config, keys, sites } = ctx;
  let exchanges = 0;

  async function siteOf(token: string, origin: string | undefined): Promise<StoredSite> {
    let issuer: unknown;
    try {
      issuer = decodeJwt(token).iss;
    } catch {
      throw new Refused('token-invalid', 'The token is not a JWT.');
    }
    const site = typeof issuer === 'string' && issuer.length <= 100 ? await sites.site(issuer) : null;
    if (!site) throw new Refused('token-invalid', 'iss must be the connected site’s id.');
    if (!origin || !site.origins.includes(origin))
      throw new Refused('origin-not-registered', `The site does not list the origin ${origin ?? '(none)'}.`);
    if (!site.enabled) throw new Refused('site-disabled');
    return site;
  }

  async function useOnce(db: Database, siteId: string, jti: string, exp: number) {
    const { rows } = await db.query(
      `insert into partner_token_uses (site_id, jti, expires_at) values ($1, $2, to_timestamp($3))
       on conflict do nothing returning jti`,
      [siteId, jti, exp + PARTNER_TOKEN_CLOCK_SKEW_S],
    );
    if (rows.length === 0) throw new Refused('token-reused');
    if (++exchanges % PURGE_EVERY === 0)
      await db.query('delete from partner_token_uses where expires_at < now()').catch(() => undefined);
  }

  async function visitor(site: StoredSite, subject: string): Promise<UserRow> {
    const { rows } = await db.query<UserRow>(
      `select u.id, u.personas, u.features, t.account_types, t.demo
         from users u join tenants t on t.id = u.tenant_id
        where u.tenant_id = $1 and t.onboarded and (u.oid = $2 or lower(u.upn) = lower($2)) limit 1`,
      [site.tenantId, subject],
    );
    if (!rows[0]) throw new Refused('user-not-in-tenant');
    return rows[0];
  }

  app.post<{ Body: { token: string } }>(
    PARTNER_TOKEN_PATH,
    {
      schema: {
        body: {
          type: 'object',
          required: ['token'],
          properties: { token: { type: 'string', minLength: 1, maxLength: 20_000 } },
        },
      },
    },
    async (request, reply): Promise<TokenResponse | FastifyReply> => {
      try {
        const site = await siteOf(request.body.token, request.headers.origin);
        const claims = await verifySignature(site, request.body.token);
        const problem = partnerClaimsProblem(claims, Math.floor(Date.now() / 1000));
        if (problem) throw new Refused(problem.code, problem.reason);
        if (claims.tid !== site.tenantId) throw new Refused('token-invalid', 'tid is not the connected site’s tenant.');
        const pieces = narrowPieces(site.pieces, claims.scp as string[] | undefined);
        if (!showsAnyPiece(pieces)) throw new Refused('piece-not-allowed', 'scp leaves no piece the site may show.');
        const user = await visitor(site, claims.sub!);
        await useOnce(db, site.id, claims.jti!, claims.exp!);
        const principal: Principal = {
          userId: user.id,
          tenantId: site.tenantId,
          personas: user.personas,
          features: user.features,
          utype: user.account_types,
          demo: user.demo,
          site: { id: site.id, origin: request.headers.origin!, pieces },
        };
        return await withSessionBundle(request, {
          access_token: await signAppToken(principal, keys.appTokenSecret, config.appTokenTtl),
        });
      } catch (error) {
        if (error instanceof Refused) return refuseVisitor(request, reply, error.code, error.detail);
        throw error;
      }
    },
  );
}
