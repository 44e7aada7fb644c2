import { CSP_INTEGRATION_MODES, cspChecks, type CspIntegrationMode } from '@cloudportal/core/rules';
import type { FastifyInstance } from 'fastify';
import { principalOf, type ServerContext } from '../context';
import type { Database } from '../db/database';
import { ensureSettingsAdmin } from './admin';
import { answerText } from '../http/answers';
import { problem } from '../http/problem';
import type {
  CspCustomerSettings,
  CspIntegration,
  CspIntegrationRequest,
  CspSecureSettings,
  CspSecureSettingsInfo,
} from '@cloudportal/core';
import {
  KEY_NAME,
  readIntegration,
  saveIntegration,
  savedState,
  testResult,
  type IntegrationRow,
} from './integrations';
import { PORTAL } from './paths';

/** Where the integration's on/off state and mode are kept (the partner credentials are kind `csp`). */
const INTEGRATION = 'csp-integration';
/** Secured settings objects are kept one row each, as kind `csp-secure:{id}`. */
const SECURE = 'csp-secure:';

/** Limits of a secured settings object. */
const SECURE_MAX_VALUES = 20;
const SECURE_VALUE_MAX_LENGTH = 4096;
const SECURE_NAME = '^[A-Za-z][A-Za-z0-9_]{0,63}$';

const iso = (d: string | Date) => new Date(d).toISOString();

function toIntegration(row: IntegrationRow | undefined): CspIntegration {
  const mode = row?.settings.mode;
  return {
    enabled: row?.settings.enabled === true,
    mode: (CSP_INTEGRATION_MODES as readonly unknown[]).includes(mode) ? (mode as CspIntegrationMode) : null,
    updatedAt: row ? iso(row.updated_at) : null,
  };
}

function toSecureInfo(row: IntegrationRow): CspSecureSettingsInfo {
  const keys = row.settings.keys;
  return {
    id: row.kind.slice(SECURE.length),
    keys: Array.isArray(keys) ? keys.filter((k): k is string => typeof k === 'string') : [],
    updatedAt: iso(row.updated_at),
  };
}

/** The CSP partner credentials and the integration state of a tenant, read by the CSP test and the access test. */
export async function cspState(db: Database, tenantId: string) {
  const csp = await readIntegration(db, tenantId, 'csp');
  const integration = toIntegration(await readIntegration(db, tenantId, INTEGRATION));
  return { csp, integration };
}

/** Spec §7 CSP calls beyond the partner settings: integration mode, test, customer settings, secured settings. */
export function cspRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;

  // Enabling needs saved partner credentials with their secret; disabling is always possible and keeps the mode.
  app.post<{ Body: CspIntegrationRequest }>(
    `${PORTAL}/api/csp/integration`,
    {
      preHandler: ctx.requireUser,
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['enabled'],
          properties: { enabled: { type: 'boolean' }, mode: { type: 'string', enum: [...CSP_INTEGRATION_MODES] } },
        },
      },
    },
    async (request, reply) => {
      if (!(await ensureSettingsAdmin(db, request, reply))) return reply;
      const { tenantId } = principalOf(request);
      const { csp, integration } = await cspState(db, tenantId);
      const { enabled, mode } = request.body;
      if (enabled && !csp?.secret) {
        return reply.code(409).send(problem('Conflict', answerText(request)('server.csp.saveFirst')));
      }
      const nextMode = mode ?? integration.mode ?? (enabled ? 'gdap' : null);
      return toIntegration(await saveIntegration(db, request, INTEGRATION, { enabled, mode: nextMode }, undefined));
    },
  );

  // Checks what is saved; Partner Center is not called (this server has none), and the answer says so.
  app.post(`${PORTAL}/api/csp/test`, { preHandler: ctx.requireUser }, async (request, reply) => {
    if (!(await ensureSettingsAdmin(db, request, reply))) return reply;
    const { csp, integration } = await cspState(db, principalOf(request).tenantId);
    const t = answerText(request);
    return testResult(cspChecks(savedState(csp), integration, t), 'settings.check.offlineNote', t);
  });

  // Every user of the tenant may read it: the billing pages need hasUnbilledInvoiceData. No secret is in it.
  app.get(`${PORTAL}/api/csp/customer/settings`, { preHandler: ctx.requireUser }, async (request) => {
    const { tenantId } = principalOf(request);
    const { csp, integration } = await cspState(db, tenantId);
    const tenant = await db.query<{ account_types: string[] }>('select account_types from tenants where id = $1', [
      tenantId,
    ]);
    const secure = await db.query<IntegrationRow>(
      `select kind, settings, secret, updated_at from integrations where tenant_id = $1 and left(kind, length($2)) = $2 order by kind collate "C"`,
      [tenantId, SECURE],
    );
    const unbilled = await db.query<{ period: string }>(
      'select distinct period from csp_invoice_lines where tenant_id = $1 and invoice_id is null order by period',
      [tenantId],
    );
    const answer: CspCustomerSettings = {
      cspCustomer: (tenant.rows[0]?.account_types ?? []).includes('CSPCustomer'),
      configured: !!csp,
      integration,
      secureSettings: secure.rows.map(toSecureInfo),
      hasUnbilledInvoiceData: unbilled.rows.length > 0,
      unbilledPeriods: unbilled.rows.map((r) => r.period),
    };
    return answer;
  });

  // `{id}` names a secured settings object of the CSP integration; the object replaces the stored one.
  app.post<{ Params: { id: string }; Body: CspSecureSettings }>(
    `${PORTAL}/api/csp/secure/:id`,
    {
      preHandler: ctx.requireUser,
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: KEY_NAME } } },
        body: {
          type: 'object',
          minProperties: 1,
          maxProperties: SECURE_MAX_VALUES,
          propertyNames: { pattern: SECURE_NAME },
          additionalProperties: { type: 'string', minLength: 1, maxLength: SECURE_VALUE_MAX_LENGTH },
        },
      },
    },
    async (request, reply) => {
      if (!(await ensureSettingsAdmin(db, request, reply))) return reply;
      const keys = Object.keys(request.body).sort();
      const row = await saveIntegration(
        db,
        request,
        `${SECURE}${request.params.id}`,
        { keys },
        JSON.stringify(request.body),
      );
      return toSecureInfo(row!);
    },
  );
}
