import type { EulaAcceptance, Settings, SettingsUpdate } from '@cloudportal/core';
import {
  DEFAULT_PRODUCT_NAME,
  DEFAULT_PRODUCT_VERSION,
  EMAIL_PATTERN,
  UI_SESSION_TIMEOUT_DEFAULT_MINUTES,
  UI_SESSION_TIMEOUT_MAX_MINUTES,
  UI_SESSION_TIMEOUT_MIN_MINUTES,
} from '@cloudportal/core/rules';
import type { FastifyInstance } from 'fastify';
import { principalOf, type ServerContext } from '../context';
import type { Database } from '../db/database';
import { ensureSettingsAdmin } from './admin';
import { answerText } from '../http/answers';
import { problem } from '../http/problem';
import { EULA_PATH, PORTAL } from './paths';

/** Settings a tenant may override (spec §3 "Settings"); productVersion, instanceId and plgDisabled are not. */
const OVERRIDABLE = [
  'productName',
  'eula',
  'uiSessionTimeout',
  'salesEmail',
  'powerBiAzureMarketing',
  'powerBiOfficeMarketing',
  'defaultLogoUrl',
  'defaultLogoShortUrl',
  'faviconUrl',
] as const;

/** A same-origin path or an https URL: never javascript:, data: or plain http. */
const URL_PATTERN = '^(/[^\\s]*|https://[^\\s]+)$';
// A type list, not anyOf with null: under Fastify's type coercion anyOf would turn 0 or '' into null.
const nullable = (schema: { type: string } & Record<string, unknown>) => ({ ...schema, type: [schema.type, 'null'] });
const urlSchema = nullable({ type: 'string', minLength: 1, maxLength: 2048, pattern: URL_PATTERN });

const saveSchema = {
  body: {
    type: 'object',
    // Not additionalProperties: Fastify's Ajv strips those silently; a name outside the list
    // (productVersion, instanceId, plgDisabled…) must be a readable 400 instead.
    propertyNames: { enum: [...OVERRIDABLE] },
    properties: {
      productName: nullable({ type: 'string', minLength: 1, maxLength: 80, pattern: '\\S' }),
      eula: urlSchema,
      uiSessionTimeout: nullable({
        type: 'integer',
        minimum: UI_SESSION_TIMEOUT_MIN_MINUTES,
        maximum: UI_SESSION_TIMEOUT_MAX_MINUTES,
      }),
      salesEmail: nullable({ type: 'string', maxLength: 254, pattern: EMAIL_PATTERN }),
      powerBiAzureMarketing: urlSchema,
      powerBiOfficeMarketing: urlSchema,
      defaultLogoUrl: urlSchema,
      defaultLogoShortUrl: urlSchema,
      faviconUrl: urlSchema,
    },
  },
};

type Stored = Record<string, unknown>;

async function readServerSetting<T>(db: Database, key: string): Promise<T | undefined> {
  const { rows } = await db.query<{ value: T }>('select value from server_settings where key = $1', [key]);
  return rows[0]?.value;
}

/** Tenant overrides over server defaults over the spec's defaults (§3, §9). */
export async function effectiveSettings(db: Database, tenantId: string): Promise<Settings> {
  const defaults = (await readServerSetting<Stored>(db, 'defaults')) ?? {};
  const { rows } = await db.query<{ settings: Stored }>('select settings from tenants where id = $1', [tenantId]);
  const tenant = rows[0]?.settings ?? {};
  const pick = <K extends (typeof OVERRIDABLE)[number]>(key: K): unknown => tenant[key] ?? defaults[key];
  const str = (value: unknown, fallback = '') => (typeof value === 'string' && value ? value : fallback);
  return {
    productName: str(pick('productName'), DEFAULT_PRODUCT_NAME),
    productVersion: str(defaults.productVersion, DEFAULT_PRODUCT_VERSION),
    instanceId: str(defaults.instanceId),
    eula: str(pick('eula'), EULA_PATH),
    uiSessionTimeout:
      typeof pick('uiSessionTimeout') === 'number'
        ? (pick('uiSessionTimeout') as number)
        : UI_SESSION_TIMEOUT_DEFAULT_MINUTES,
    salesEmail: str(pick('salesEmail')),
    powerBiAzureMarketing: str(pick('powerBiAzureMarketing')),
    powerBiOfficeMarketing: str(pick('powerBiOfficeMarketing')),
    plgDisabled: tenant.plgDisabled === true,
    defaultLogoUrl: str(pick('defaultLogoUrl')),
    defaultLogoShortUrl: str(pick('defaultLogoShortUrl')),
    faviconUrl: str(pick('faviconUrl')),
  };
}

/** GET/POST /api (settings), POST /api/eula, and the public terms document. */
export function settingsCoreRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;

  app.get(`${PORTAL}/api`, { preHandler: ctx.requireUser }, async (request) =>
    effectiveSettings(db, principalOf(request).tenantId),
  );

  app.post<{ Body: SettingsUpdate }>(
    `${PORTAL}/api`,
    { preHandler: ctx.requireUser, schema: saveSchema },
    async (request, reply) => {
      if (!(await ensureSettingsAdmin(db, request, reply))) return reply;
      const { tenantId } = principalOf(request);
      await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ settings: Stored }>('select settings from tenants where id = $1 for update', [
          tenantId,
        ]);
        const next: Stored = { ...(rows[0]?.settings ?? {}) };
        for (const key of OVERRIDABLE) {
          if (!(key in request.body)) continue;
          const value = request.body[key];
          if (value === null) delete next[key];
          else next[key] = typeof value === 'string' ? value.trim() : value;
        }
        await tx.query('update tenants set settings = $2 where id = $1', [tenantId, JSON.stringify(next)]);
      });
      return effectiveSettings(db, tenantId);
    },
  );

  // Spec §2 "Forced terms dialog": a user who cannot accept sees 'Not Accepted'.
  app.post(`${PORTAL}/api/eula`, { preHandler: ctx.requireUser }, async (request, reply) => {
    const p = principalOf(request);
    const { rows } = await db.query<{ can_accept_eula: boolean; eula_accepted_at: string | Date | null }>(
      `update users set eula_accepted_at = coalesce(eula_accepted_at, now())
        where id = $1 and tenant_id = $2 and can_accept_eula
        returning can_accept_eula, eula_accepted_at`,
      [p.userId, p.tenantId],
    );
    const row = rows[0];
    if (!row)
      return reply.code(403).send(
        problem(
          'Forbidden',
          answerText(request)('server.terms.mayNotAccept', {
            notAccepted: answerText(request)('eula.notAccepted'),
          }),
        ),
      );
    const answer: EulaAcceptance = { eulaAcceptedAt: new Date(row.eula_accepted_at ?? Date.now()).toISOString() };
    return answer;
  });

  // Public: the terms dialog loads it before the user accepted anything. Static, script-free HTML
  // from the seed, served under the strict CSP every HTML answer gets.
  app.get(EULA_PATH, async (request, reply) => {
    const html = await readServerSetting<string>(db, 'eulaHtml');
    if (!html) return reply.code(404).send(problem('Not Found', answerText(request)('server.terms.none')));
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
  });
}
