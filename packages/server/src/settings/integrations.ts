import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type {
  ApiTokenIssued,
  IntegrationCheck,
  IntegrationSettings,
  IntegrationTestResult,
  M365UserCredential,
  M365UserCredentialRequest,
  Office365Integration,
  SyncRun,
  Translate,
} from '@cloudportal/core';
import { GUID_PATTERN as GUID, summarizeChecks, surveilChecks } from '@cloudportal/core/rules';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { principalOf, type ServerContext } from '../context';
import type { Database } from '../db/database';
import { ensureSettingsAdmin } from './admin';
import { answerText } from '../http/answers';
import { problem } from '../http/problem';
import { OFFICE365_PERMISSIONS_PATH, PORTAL } from './paths';

const SECRET = { type: 'string', minLength: 8, maxLength: 512 } as const;
/** Names of stored credentials and secured settings: a letter or digit, then letters, digits, `.`, `_`, `-`. */
export const KEY_NAME = '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$';

/**
 * The integrations a tenant administrator saves (spec §7): each kind's public settings and the
 * name of its one secret field, which is stored apart and never answered.
 */
const KINDS = {
  csp: {
    path: '/csp',
    secretField: 'applicationSecret',
    properties: {
      partnerTenantId: { type: 'string', pattern: GUID },
      applicationId: { type: 'string', pattern: GUID },
      domain: { type: 'string', maxLength: 253, pattern: '^[A-Za-z0-9.-]+$' },
    },
    required: ['partnerTenantId', 'applicationId'],
  },
  office365: {
    path: '/office365',
    secretField: 'applicationSecret',
    properties: { directoryId: { type: 'string', pattern: GUID }, applicationId: { type: 'string', pattern: GUID } },
    required: ['directoryId', 'applicationId'],
  },
  'office365-ea': {
    path: '/office365/ea',
    secretField: 'accessKey',
    properties: { enrollmentNumber: { type: 'string', pattern: '^[0-9]{4,16}$' } },
    required: ['enrollmentNumber'],
  },
  surveil: {
    path: '/surveil',
    secretField: 'apiKey',
    properties: { url: { type: 'string', maxLength: 2048, pattern: '^https://[^\\s]+$' } },
    required: ['url'],
  },
} as const;
type Kind = keyof typeof KINDS;

/** A stored integration row: its secret stays on the server. */
export interface IntegrationRow {
  kind: string;
  settings: Record<string, unknown>;
  secret: string | null;
  updated_at: string | Date;
}

/**
 * The answer of a test call: every check, whether all passed, and what the test did not do (`note`,
 * the id of its text), in `t`'s words — the request's language (issue 24 §2).
 */
export const testResult = (
  checks: IntegrationCheck[],
  note: 'settings.check.offlineNote' | 'settings.check.storedDataNote',
  t: Translate,
): IntegrationTestResult => ({
  ok: checks.every((c) => c.ok),
  checks,
  message: summarizeChecks(checks, t(note), t),
  testedAt: new Date().toISOString(),
});

/** What a test reads of a saved integration. */
export const savedState = (row: IntegrationRow | undefined) => ({
  saved: !!row,
  settings: row?.settings ?? {},
  hasSecret: !!row?.secret,
});

const toSettings = (kind: string, row: IntegrationRow | undefined): IntegrationSettings => ({
  kind,
  configured: !!row,
  settings: row?.settings ?? {},
  hasSecret: !!row?.secret,
  updatedAt: row ? new Date(row.updated_at).toISOString() : null,
});

/** One integration row of a tenant. */
export async function readIntegration(
  db: Database,
  tenantId: string,
  kind: string,
): Promise<IntegrationRow | undefined> {
  const { rows } = await db.query<IntegrationRow>(
    'select kind, settings, secret, updated_at from integrations where tenant_id = $1 and kind = $2',
    [tenantId, kind],
  );
  return rows[0];
}

/** Saves an integration row of the caller's tenant; a missing secret keeps the stored one. */
export async function saveIntegration(
  db: Database,
  request: FastifyRequest,
  kind: string,
  settings: Record<string, unknown>,
  secret: string | undefined,
) {
  const p = principalOf(request);
  // A save without the secret keeps the stored one: the form never sees it to send it back.
  const { rows } = await db.query<IntegrationRow>(
    `insert into integrations (tenant_id, kind, settings, secret, updated_by) values ($1, $2, $3, $4, $5)
     on conflict (tenant_id, kind) do update set settings = excluded.settings, secret = coalesce(excluded.secret, integrations.secret),
       updated_by = excluded.updated_by, updated_at = now()
     returning kind, settings, secret, updated_at`,
    [p.tenantId, kind, JSON.stringify(settings), secret ?? null, p.userId],
  );
  return rows[0];
}

/** The hash kept in place of a token. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/** Owns the integrations' settings: the save of each kind, the Surveil test, the CSP read and the EA delete. */
function registerIntegrationSettingsRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;

  for (const kind of Object.keys(KINDS) as Kind[]) {
    const def = KINDS[kind];
    const body = {
      type: 'object',
      additionalProperties: false,
      required: [...def.required],
      properties: { ...def.properties, [def.secretField]: SECRET },
    };
    app.post<{ Body: Record<string, unknown> }>(
      `${PORTAL}/api${def.path}`,
      { preHandler: ctx.requireUser, schema: { body } },
      async (request, reply) => {
        if (!(await ensureSettingsAdmin(db, request, reply))) return reply;
        const { [def.secretField]: secret, ...settings } = request.body;
        const saved = toSettings(
          kind,
          await saveIntegration(db, request, kind, settings, secret as string | undefined),
        );
        if (kind !== 'office365') return saved;
        // The spec's `GET {token}` / `POST {token}`: the answer tells the client where they are.
        const answer: Office365Integration = { ...saved, permissionsUrl: OFFICE365_PERMISSIONS_PATH };
        return answer;
      },
    );
  }

  // Checks the saved Surveil settings; Surveil itself is not called (this server calls no one).
  app.post(`${PORTAL}/api/surveil/test`, { preHandler: ctx.requireUser }, async (request, reply) => {
    if (!(await ensureSettingsAdmin(db, request, reply))) return reply;
    const row = await readIntegration(db, principalOf(request).tenantId, 'surveil');
    const t = answerText(request);
    return testResult(surveilChecks(savedState(row), t), 'settings.check.offlineNote', t);
  });

  // Reading an integration's settings is the settings page's job: administrators only.
  app.get(`${PORTAL}/api/csp`, { preHandler: ctx.requireUser }, async (request, reply) => {
    if (!(await ensureSettingsAdmin(db, request, reply))) return reply;
    return toSettings('csp', await readIntegration(db, principalOf(request).tenantId, 'csp'));
  });

  app.delete(`${PORTAL}/api/office365/ea`, { preHandler: ctx.requireUser }, async (request, reply) => {
    if (!(await ensureSettingsAdmin(db, request, reply))) return reply;
    await db.query('delete from integrations where tenant_id = $1 and kind = $2', [
      principalOf(request).tenantId,
      'office365-ea',
    ]);
    return reply.code(204).send();
  });
}

/** Owns the API token (a new one replaces the previous) and the partner sync requests. */
function registerTokenAndSyncRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;

  // A new API token replaces the previous one; only its hash is kept, so it is shown this once.
  app.post(`${PORTAL}/api/token`, { preHandler: ctx.requireUser }, async (request, reply) => {
    if (!(await ensureSettingsAdmin(db, request, reply))) return reply;
    const token = `cpt_${randomBytes(32).toString('base64url')}`;
    const row = await saveIntegration(db, request, 'api-token', { prefix: token.slice(0, 8) }, sha256(token));
    const issued: ApiTokenIssued = { token, createdAt: new Date(row!.updated_at).toISOString() };
    return reply.code(201).send(issued);
  });

  for (const kind of ['clean', 'core'] as const) {
    app.post(`${PORTAL}/api/partner/sync/${kind}`, { preHandler: ctx.requireUser }, async (request, reply) => {
      if (!(await ensureSettingsAdmin(db, request, reply))) return reply;
      const p = principalOf(request);
      const { rows } = await db.query<{ id: string; requested_at: string | Date }>(
        'insert into sync_runs (id, tenant_id, kind, requested_by) values ($1, $2, $3, $4) returning id, requested_at',
        [randomUUID(), p.tenantId, kind, p.userId],
      );
      const run: SyncRun = { id: rows[0]!.id, kind, requestedAt: new Date(rows[0]!.requested_at).toISOString() };
      return reply.code(202).send(run);
    });
  }
}

/** Spec §3 "User token credentials": resource, scope, keyName; the X-MS-Token is stored, never answered. */
const credential = (keyName: string, row: IntegrationRow | undefined): M365UserCredential => ({
  keyName,
  resource: typeof row?.settings.resource === 'string' ? row.settings.resource : null,
  scope: typeof row?.settings.scope === 'string' ? row.settings.scope : null,
  hasToken: !!row?.secret,
  updatedAt: row ? new Date(row.updated_at).toISOString() : null,
});

/** Owns the m365 user credentials: read one by key name (and scope), store one with its X-MS-Token. */
function registerM365UserRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;

  app.get<{ Querystring: { keyName: string; scope?: string } }>(
    `${PORTAL}/api/m365/user`,
    {
      preHandler: ctx.requireUser,
      schema: {
        querystring: {
          type: 'object',
          required: ['keyName'],
          properties: { keyName: { type: 'string', pattern: KEY_NAME }, scope: { type: 'string', maxLength: 512 } },
        },
      },
    },
    async (request, reply) => {
      const { keyName, scope } = request.query;
      const row = await readIntegration(db, principalOf(request).tenantId, `m365-user:${keyName}`);
      if (!row || (scope !== undefined && row.settings.scope !== scope)) {
        return reply
          .code(404)
          .send(
            problem(
              'Not Found',
              scope
                ? answerText(request)('server.credential.notFoundInScope', { name: keyName, scope })
                : answerText(request)('server.credential.notFound', { name: keyName }),
            ),
          );
      }
      return credential(keyName, row);
    },
  );

  app.post<{ Body: M365UserCredentialRequest; Headers: { 'x-ms-token'?: string } }>(
    `${PORTAL}/api/m365/user`,
    {
      preHandler: ctx.requireUser,
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['resource', 'scope', 'keyName'],
          properties: {
            resource: { type: 'string', minLength: 1, maxLength: 2048, pattern: '^https://[^\\s]+$' },
            scope: { type: 'string', minLength: 1, maxLength: 512 },
            keyName: { type: 'string', pattern: KEY_NAME },
          },
        },
      },
    },
    async (request, reply) => {
      if (!(await ensureSettingsAdmin(db, request, reply))) return reply;
      const token = request.headers['x-ms-token'];
      if (!token || token.length < 16 || token.length > 16_384)
        return reply.code(400).send(problem('Bad Request', answerText(request)('settings.check.msToken.required')));
      const { resource, scope, keyName } = request.body;
      return credential(
        keyName,
        await saveIntegration(db, request, `m365-user:${keyName}`, { resource, scope }, token),
      );
    },
  );
}

/** Spec §7 integration calls: CSP, Office 365, EA, Surveil, API token, partner sync, m365 user credentials. */
export function integrationRoutes(app: FastifyInstance, ctx: ServerContext) {
  registerIntegrationSettingsRoutes(app, ctx);
  registerTokenAndSyncRoutes(app, ctx);
  registerM365UserRoutes(app, ctx);
}
