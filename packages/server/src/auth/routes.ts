import { createHash, randomBytes } from 'node:crypto';
import type { AuthConfig, LoginPayload, TokenResponse } from '@cloudportal/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context';
import type { Database } from '../db/database';
import { signAppToken, type Principal } from './appToken';
import { IdentityRejected, type Identity } from './identity';
import { answerText } from '../http/answers';
import { problem } from '../http/problem';
import { otherOrigin } from '../sites/cors';
import { refuseVisitor } from '../sites/refuse';
import { withSessionBundle } from './sessionBundle';

export const REFRESH_COOKIE = 'cp_refresh';
const REFRESH_PATH = '/api/auth';

interface MembershipRow {
  id: string;
  tenant_id: string;
  personas: string[];
  features: string[];
  account_types: string[];
  demo: boolean;
  onboarded: boolean;
}

const loginSchema = {
  body: {
    type: 'object',
    required: ['id', 'tenantId', 'upn', 'token'],
    properties: {
      id: { type: 'string', minLength: 1, maxLength: 200 },
      tenantId: { type: 'string', minLength: 1, maxLength: 200 },
      upn: { type: 'string', minLength: 3, maxLength: 320 },
      preview: { type: 'boolean', default: false },
      token: { type: 'string', minLength: 1, maxLength: 20000 },
    },
  },
  headers: {
    type: 'object',
    required: ['x-authorization'],
    properties: { 'x-authorization': { type: 'string', pattern: '^Bearer \\S+$' } },
  },
} as const;

const hash = (value: string) => createHash('sha256').update(value).digest('base64url');

/** The onboarded tenants an identity belongs to. Matched by object id or user name, both from the verified token. */
async function memberships(db: Database, identity: Pick<Identity, 'oid' | 'upn'>): Promise<MembershipRow[]> {
  const { rows } = await db.query<MembershipRow>(
    `select u.id, u.tenant_id, u.personas, u.features, t.account_types, t.demo, t.onboarded
       from users u join tenants t on t.id = u.tenant_id
      where (u.oid = $1 or lower(u.upn) = $2)
      order by t.display_name`,
    [identity.oid, identity.upn],
  );
  return rows;
}

function principalFor(m: MembershipRow): Principal {
  return {
    userId: m.id,
    tenantId: m.tenant_id,
    personas: m.personas,
    features: m.features,
    utype: m.account_types,
    demo: m.demo,
  };
}

function refuse(reply: FastifyReply, status: 409 | 423 | 401, message: string) {
  return reply
    .code(status)
    .send(problem(status === 423 ? 'Locked' : status === 409 ? 'Conflict' : 'Unauthorized', message));
}

/**
 * An Entra ID sign-in on a connected site's page (issue 38 §2): the first of the identity's tenants
 * with a site listing the page's origin gets an app token of that site — its origin and pieces —
 * and no refresh cookie (the page renews it through its identity provider).
 */
async function issueForSite(
  ctx: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  usable: MembershipRow[],
  origin: string,
): Promise<TokenResponse | FastifyReply> {
  for (const m of usable) {
    const site = await ctx.sites.siteOf(m.tenant_id, origin);
    if (!site) continue;
    if (!site.enabled) return refuseVisitor(request, reply, 'site-disabled');
    const principal: Principal = { ...principalFor(m), site: { id: site.id, origin, pieces: site.pieces } };
    return withSessionBundle(request, {
      access_token: await signAppToken(principal, ctx.keys.appTokenSecret, ctx.config.appTokenTtl),
    });
  }
  return refuseVisitor(request, reply, 'origin-not-registered', `No site of your tenants lists ${origin}.`);
}

/** Sign-in, refresh, logout (spec §7 "Authentication and account") and the dev identity issuer. */
export function authRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db, config, keys } = ctx;

  async function identityOf(request: FastifyRequest): Promise<Identity> {
    const token = (request.headers['x-authorization'] as string).slice('Bearer '.length);
    return ctx.verifyIdentity(token);
  }

  async function issue(reply: FastifyReply, request: FastifyRequest, m: MembershipRow): Promise<TokenResponse> {
    const refresh = randomBytes(32).toString('base64url');
    await db.query(
      `insert into refresh_tokens (token_hash, user_id, tenant_id, expires_at) values ($1, $2, $3, now() + make_interval(secs => $4))`,
      [hash(refresh), m.id, m.tenant_id, config.refreshTokenTtl],
    );
    reply.setCookie(REFRESH_COOKIE, refresh, {
      httpOnly: true,
      sameSite: 'strict',
      secure: request.protocol === 'https',
      path: REFRESH_PATH,
      maxAge: config.refreshTokenTtl,
    });
    return withSessionBundle(request, {
      access_token: await signAppToken(principalFor(m), keys.appTokenSecret, config.appTokenTtl),
    });
  }

  async function withIdentity(
    request: FastifyRequest,
    reply: FastifyReply,
    then: (identity: Identity) => Promise<unknown>,
  ) {
    let identity: Identity;
    try {
      identity = await identityOf(request);
    } catch (error) {
      // Why an identity token was rejected (signature, audience, expiry) is for the caller's developer: English.
      return refuse(reply, 401, error instanceof IdentityRejected ? error.message : 'The identity token is not valid.');
    }
    return then(identity);
  }

  async function homeTenantOnboarded(tid: string): Promise<boolean> {
    const { rows } = await db.query<{ onboarded: boolean }>('select onboarded from tenants where id = $1', [tid]);
    return rows[0]?.onboarded === true;
  }

  // Sign in with the identity's home tenant, or be offered the choice (300) when it has several.
  app.post<{ Body: LoginPayload }>('/api/auth/azure/token', { schema: loginSchema }, (request, reply) =>
    withIdentity(request, reply, async (identity) => {
      const all = await memberships(db, identity);
      const usable = all.filter((m) => m.onboarded);
      if (usable.length === 0) {
        // Spec §8: a tenant that is not onboarded is blocked (423); an onboarded one without access is 409.
        if (!(await homeTenantOnboarded(identity.tid)))
          return refuse(reply, 423, answerText(request)('signIn.toast.onboardingDisabled'));
        return refuse(reply, 409, answerText(request)('signIn.toast.permissionNotGranted'));
      }
      const origin = otherOrigin(request);
      if (origin) return issueForSite(ctx, request, reply, usable, origin);
      if (usable.length > 1) {
        const limited: Principal = {
          userId: identity.oid,
          tenantId: identity.tid,
          personas: [],
          features: [],
          utype: [],
          demo: false,
          scope: 'tenant-select',
        };
        return reply
          .code(300)
          .send({ access_token: await signAppToken(limited, keys.appTokenSecret, config.appTokenTtl) });
      }
      return issue(reply, request, usable[0]!);
    }),
  );

  // Exchange the identity for a token of one chosen tenant (after the 300 answer).
  app.post<{ Body: LoginPayload }>('/api/auth/azure/tenant/token', { schema: loginSchema }, (request, reply) =>
    withIdentity(request, reply, async (identity) => {
      const all = await memberships(db, identity);
      const chosen = all.find((m) => m.tenant_id === request.body.tenantId);
      if (!chosen) {
        const { rows } = await db.query<{ onboarded: boolean }>('select onboarded from tenants where id = $1', [
          request.body.tenantId,
        ]);
        return rows[0] && !rows[0].onboarded
          ? refuse(reply, 423, answerText(request)('signIn.toast.onboardingDisabled'))
          : refuse(reply, 409, answerText(request)('signIn.toast.permissionNotGranted'));
      }
      if (!chosen.onboarded) return refuse(reply, 423, answerText(request)('signIn.toast.onboardingDisabled'));
      const origin = otherOrigin(request);
      if (origin) return issueForSite(ctx, request, reply, [chosen], origin);
      return issue(reply, request, chosen);
    }),
  );

  app.post('/api/auth/refresh-token', async (request, reply) => {
    const presented = request.cookies[REFRESH_COOKIE];
    // A visitor who never signed in (no cookie) is not an error: 204, no token (issue 42 §5: a signed-out
    // page's resume is not logged by the browser as a failed request). A presented but spent, revoked or
    // expired credential stays 401.
    if (!presented) return reply.code(204).header('Cache-Control', 'no-store').send();
    // Rotation: the presented credential is spent whatever happens next; reuse of a spent one fails.
    const { rows } = await db.query<MembershipRow & { tenant_id: string }>(
      `update refresh_tokens r set revoked_at = now()
         from users u join tenants t on t.id = u.tenant_id
        where r.token_hash = $1 and r.revoked_at is null and r.expires_at > now() and u.id = r.user_id and t.onboarded
        returning u.id, u.tenant_id, u.personas, u.features, t.account_types, t.demo, t.onboarded`,
      [hash(presented)],
    );
    const m = rows[0];
    if (!m) {
      reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_PATH });
      return refuse(reply, 401, 'The session has ended: sign in again.');
    }
    return issue(reply, request, m);
  });

  app.post('/api/auth/logout', async (request, reply) => {
    const presented = request.cookies[REFRESH_COOKIE];
    if (presented)
      await db.query('update refresh_tokens set revoked_at = now() where token_hash = $1 and revoked_at is null', [
        hash(presented),
      ]);
    reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_PATH });
    return reply.code(204).send();
  });

  /** Public sign-in configuration for the host: which identity providers this server accepts. */
  app.get('/api/auth/config', async (): Promise<AuthConfig> => ({
    devSignIn: config.devSignIn,
    msal: config.entra ? { clientId: config.entra.clientId, authority: config.entra.authority } : null,
  }));
}
