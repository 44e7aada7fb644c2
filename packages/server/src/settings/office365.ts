import {
  missingPermissions,
  msTokenProblem,
  OFFICE365_REQUIRED_PERMISSIONS,
  office365Checks,
} from '@cloudportal/core/rules';
import type { FastifyInstance } from 'fastify';
import { principalOf, type ServerContext } from '../context';
import type { Database } from '../db/database';
import { ensureSettingsAdmin } from './admin';
import { answerText } from '../http/answers';
import { problem } from '../http/problem';
import type { Office365PermissionTest, Translate } from '@cloudportal/core';
import { readIntegration, saveIntegration, savedState, sha256, testResult, type IntegrationRow } from './integrations';
import { OFFICE365_PERMISSIONS_PATH } from './paths';

/** Where the granted permissions are recorded: per tenant, for one directory and application. */
const GRANTS = 'office365-permissions';

/**
 * The permissions recorded as granted to the saved Office 365 application. A grant recorded for
 * another directory or application id does not count: saving a new application starts over.
 */
function grantedTo(office365: IntegrationRow | undefined, grants: IntegrationRow | undefined): string[] {
  if (!office365 || !grants) return [];
  const same =
    grants.settings.directoryId === office365.settings.directoryId &&
    grants.settings.applicationId === office365.settings.applicationId;
  const granted = grants.settings.granted;
  return same && Array.isArray(granted) ? granted.filter((g): g is string => typeof g === 'string') : [];
}

/** The saved Office 365 application and the permissions it misses, read for `GET /api/test/access` too. */
export async function office365State(db: Database, tenantId: string) {
  const office365 = await readIntegration(db, tenantId, 'office365');
  const granted = grantedTo(office365, await readIntegration(db, tenantId, GRANTS));
  return { office365, granted, missing: missingPermissions(granted) };
}

async function permissionTest(db: Database, tenantId: string, t: Translate): Promise<Office365PermissionTest> {
  const { office365, granted, missing } = await office365State(db, tenantId);
  return {
    ...testResult(office365Checks(savedState(office365), granted, t), 'settings.check.offlineNote', t),
    required: [...OFFICE365_REQUIRED_PERMISSIONS],
    granted: OFFICE365_REQUIRED_PERMISSIONS.filter((p) => !missing.includes(p)),
    missing,
  };
}

/**
 * The spec's `GET {token}` (test) and `POST {token}` with `X-MS-Token` and no body (add missing
 * permissions), at the path `POST /api/office365` answers as `permissionsUrl`.
 *
 * This server has no Microsoft Graph to ask: the test reports the permissions recorded for the
 * saved application, and adding them records them as granted once an administrator presents a
 * Microsoft token of the configured directory. Only the token's hash is kept.
 */
export function office365Routes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;

  app.get(OFFICE365_PERMISSIONS_PATH, { preHandler: ctx.requireUser }, async (request, reply) => {
    if (!(await ensureSettingsAdmin(db, request, reply))) return reply;
    return permissionTest(db, principalOf(request).tenantId, answerText(request));
  });

  app.post<{ Headers: { 'x-ms-token'?: string } }>(
    OFFICE365_PERMISSIONS_PATH,
    { preHandler: ctx.requireUser },
    async (request, reply) => {
      if (!(await ensureSettingsAdmin(db, request, reply))) return reply;
      const { tenantId } = principalOf(request);
      const office365 = await readIntegration(db, tenantId, 'office365');
      if (!office365)
        return reply.code(409).send(problem('Conflict', answerText(request)('server.office365.saveFirst')));
      const token = request.headers['x-ms-token'];
      const wrong = msTokenProblem(
        token,
        String(office365.settings.directoryId ?? ''),
        Date.now(),
        answerText(request),
      );
      if (wrong) return reply.code(400).send(problem('Bad Request', wrong));
      await saveIntegration(
        db,
        request,
        GRANTS,
        {
          directoryId: office365.settings.directoryId,
          applicationId: office365.settings.applicationId,
          granted: [...OFFICE365_REQUIRED_PERMISSIONS],
        },
        sha256(token!),
      );
      return permissionTest(db, tenantId, answerText(request));
    },
  );
}
