import type {
  ConnectedSite,
  ConnectedSiteChange,
  ConnectedSiteInput,
  CreatedSite,
  NewSiteSecret,
} from '@cloudportal/core';
import { connectedSiteProblems, normalizeOrigins, SITE_SECRETS_MAX, type SitePieces } from '@cloudportal/core/rules';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { principalOf, type ServerContext } from '../context';
import type { Database } from '../db/database';
import { answerText } from '../http/answers';
import { problem } from '../http/problem';
import { ensureSettingsAdmin } from '../settings/admin';
import { PORTAL } from '../settings/paths';
import { menuPageNames } from './scope';
import { newId, newSecret, type StoredSite } from './store';

/** The connected sites' administration (issue 38 §1), in the settings service. */
export const SITES = `${PORTAL}/api/connected-sites`;

const list = {
  anyOf: [
    { type: 'string', const: 'all' },
    { type: 'array', items: { type: 'string' }, maxItems: 1000 },
  ],
};
const siteBody = {
  type: 'object',
  required: ['name', 'origins', 'pieces'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', maxLength: 1000 },
    origins: { type: 'array', items: { type: 'string', maxLength: 2000 }, maxItems: 100 },
    pieces: {
      type: 'object',
      required: ['assistant', 'search', 'feedback', 'savedViews', 'pages', 'reports'],
      additionalProperties: false,
      properties: {
        assistant: { type: 'boolean' },
        search: { type: 'boolean' },
        feedback: { type: 'boolean' },
        savedViews: { type: 'boolean' },
        pages: list,
        reports: list,
      },
    },
    jwksUrl: { type: ['string', 'null'], maxLength: 2000 },
    publicKey: { type: ['string', 'null'], maxLength: 10_000 },
    enabled: { type: 'boolean' },
  },
} as const;
const siteParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

/** A site's secret in the path: `…/{id}/secrets/{secret}`. */
const secretParams = {
  type: 'object',
  required: ['id', 'secret'],
  properties: { ...siteParams.properties, secret: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

/** A site as administrators see it: its secrets' ids, never their values. */
function answered(site: StoredSite): ConnectedSite {
  return {
    id: site.id,
    name: site.name,
    origins: site.origins,
    pieces: site.pieces,
    jwksUrl: site.jwksUrl,
    publicKey: site.publicKey,
    enabled: site.enabled,
    secrets: site.secrets.map(({ id, createdAt }) => ({ id, createdAt })),
    createdAt: site.createdAt,
    updatedAt: site.updatedAt,
  };
}

type Action = ConnectedSiteChange['action'];

/** Writes one change to the audit trail, in the change's transaction. */
async function logChange(tx: Database, request: FastifyRequest, site: { id: string; name: string }, action: Action) {
  const p = principalOf(request);
  await tx.query(
    'insert into connected_site_changes (tenant_id, site_id, site_name, user_id, action) values ($1, $2, $3, $4, $5)',
    [p.tenantId, site.id, site.name, p.userId, action],
  );
}

/** The request's site input, or a 400 naming each problem (the rule the form shows) already answered. */
async function inputOf(
  config: ServerContext['config'],
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<ConnectedSiteInput | null> {
  const body = request.body as ConnectedSiteInput;
  const input: ConnectedSiteInput = {
    ...body,
    name: body.name.trim(),
    origins: normalizeOrigins(body.origins),
    jwksUrl: body.jwksUrl?.trim() || null,
    publicKey: body.publicKey?.trim() || null,
  };
  const problems = connectedSiteProblems(
    input,
    { development: config.development, knownPages: menuPageNames(await request.server.portalCache.catalog()) },
    answerText(request),
  );
  if (Object.keys(problems).length === 0) return input;
  await reply.code(400).send({ ...problem('Bad Request', Object.values(problems).join(' ')), problems });
  return null;
}

/** The caller's tenant's site `id`, or a 404 already answered. */
async function ownSite(
  sites: ServerContext['sites'],
  request: FastifyRequest<{ Params: { id: string } }>,
  reply: FastifyReply,
) {
  const site = await sites.site(request.params.id);
  if (site && site.tenantId === principalOf(request).tenantId) return site;
  await reply
    .code(404)
    .send(problem('Not Found', answerText(request)('server.sites.notFound', { id: request.params.id })));
  return null;
}

/** The administration routes of a tenant's connected sites: settings administrators only, every change audited. */
export function connectedSiteRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db, config, sites } = ctx;
  const admin = { preHandler: ctx.requireUser };

  app.get(SITES, admin, async (request, reply) => {
    if (!(await ensureSettingsAdmin(db, request, reply))) return reply;
    return (await sites.list(principalOf(request).tenantId)).map(answered);
  });

  app.get(`${SITES}/changes`, admin, async (request, reply): Promise<ConnectedSiteChange[] | FastifyReply> => {
    if (!(await ensureSettingsAdmin(db, request, reply))) return reply;
    const { rows } = await db.query<{ site_id: string; site_name: string; upn: string; action: Action; at: Date }>(
      `select c.site_id, c.site_name, coalesce(u.upn, c.user_id) as upn, c.action, c.created_at as at
         from connected_site_changes c left join users u on u.id = c.user_id
        where c.tenant_id = $1 order by c.created_at desc, c.id desc limit 100`,
      [principalOf(request).tenantId],
    );
    return rows.map((r) => ({
      siteId: r.site_id,
      siteName: r.site_name,
      by: r.upn,
      action: r.action,
      at: new Date(r.at).toISOString(),
    }));
  });

  app.post(
    SITES,
    { ...admin, schema: { body: siteBody } },
    async (request, reply): Promise<CreatedSite | FastifyReply> => {
      if (!(await ensureSettingsAdmin(db, request, reply))) return reply;
      const input = await inputOf(config, request, reply);
      if (!input) return reply;
      const id = newId('site');
      const secret: NewSiteSecret = { id: newId('key'), value: newSecret() };
      await db.transaction(async (tx) => {
        await tx.query(
          `insert into connected_sites (id, tenant_id, name, origins, pieces, jwks_url, public_key, enabled)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [
            id,
            principalOf(request).tenantId,
            input.name,
            input.origins,
            JSON.stringify(input.pieces satisfies SitePieces),
            input.jwksUrl,
            input.publicKey,
            input.enabled ?? true,
          ],
        );
        await tx.query('insert into connected_site_secrets (site_id, id, secret) values ($1, $2, $3)', [
          id,
          secret.id,
          secret.value,
        ]);
        await logChange(tx, request, { id, name: input.name }, 'created');
      });
      return reply.code(201).send({ site: answered((await sites.site(id))!), secret });
    },
  );

  app.put<{ Params: { id: string } }>(
    `${SITES}/:id`,
    { ...admin, schema: { body: siteBody, params: siteParams } },
    async (request, reply) => {
      if (!(await ensureSettingsAdmin(db, request, reply))) return reply;
      const site = await ownSite(sites, request, reply);
      if (!site) return reply;
      const input = await inputOf(config, request, reply);
      if (!input) return reply;
      const enabled = input.enabled ?? site.enabled;
      await db.transaction(async (tx) => {
        await tx.query(
          `update connected_sites set name = $2, origins = $3, pieces = $4, jwks_url = $5, public_key = $6, enabled = $7,
             updated_at = now() where id = $1`,
          [site.id, input.name, input.origins, JSON.stringify(input.pieces), input.jwksUrl, input.publicKey, enabled],
        );
        await logChange(tx, request, { id: site.id, name: input.name }, 'updated');
        if (enabled !== site.enabled)
          await logChange(tx, request, { id: site.id, name: input.name }, enabled ? 'enabled' : 'disabled');
      });
      return answered((await sites.site(site.id))!);
    },
  );

  app.delete<{ Params: { id: string } }>(
    `${SITES}/:id`,
    { ...admin, schema: { params: siteParams } },
    async (request, reply) => {
      if (!(await ensureSettingsAdmin(db, request, reply))) return reply;
      const site = await ownSite(sites, request, reply);
      if (!site) return reply;
      await db.transaction(async (tx) => {
        await tx.query('delete from connected_sites where id = $1', [site.id]);
        await logChange(tx, request, site, 'deleted');
      });
      return reply.code(204).send();
    },
  );

  secretRoutes(app, ctx);
}

/** A site's signing secrets: another (at most two, while one is rotated), shown once; one revoked. */
function secretRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db, sites } = ctx;
  const admin = { preHandler: ctx.requireUser };
  app.post<{ Params: { id: string } }>(
    `${SITES}/:id/secrets`,
    { ...admin, schema: { params: siteParams } },
    async (request, reply): Promise<NewSiteSecret | FastifyReply> => {
      if (!(await ensureSettingsAdmin(db, request, reply))) return reply;
      const site = await ownSite(sites, request, reply);
      if (!site) return reply;
      if (site.secrets.length >= SITE_SECRETS_MAX)
        return reply
          .code(409)
          .send(problem('Conflict', answerText(request)('server.sites.secretsMax', { max: SITE_SECRETS_MAX })));
      const secret: NewSiteSecret = { id: newId('key'), value: newSecret() };
      await db.transaction(async (tx) => {
        await tx.query('insert into connected_site_secrets (site_id, id, secret) values ($1, $2, $3)', [
          site.id,
          secret.id,
          secret.value,
        ]);
        await logChange(tx, request, site, 'secret-added');
      });
      return reply.code(201).send(secret);
    },
  );

  app.delete<{ Params: { id: string; secret: string } }>(
    `${SITES}/:id/secrets/:secret`,
    { ...admin, schema: { params: secretParams } },
    async (request, reply) => {
      if (!(await ensureSettingsAdmin(db, request, reply))) return reply;
      const site = await ownSite(sites, request, reply);
      if (!site) return reply;
      const revoked = await db.transaction(async (tx) => {
        const { rows } = await tx.query(
          'delete from connected_site_secrets where site_id = $1 and id = $2 returning id',
          [site.id, request.params.secret],
        );
        if (rows.length > 0) await logChange(tx, request, site, 'secret-revoked');
        return rows.length > 0;
      });
      if (!revoked)
        return reply
          .code(404)
          .send(
            problem('Not Found', answerText(request)('server.sites.secretNotFound', { id: request.params.secret })),
          );
      return reply.code(204).send();
    },
  );
}
