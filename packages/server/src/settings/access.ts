import { accessChecks, licensedModules, tagChecks, type LicenseModule } from '@cloudportal/core/rules';
import type { FastifyInstance } from 'fastify';
import { principalOf, type ServerContext } from '../context';
import type { Database } from '../db/database';
import { ensureSettingsAdmin } from './admin';
import { answerText } from '../http/answers';
import { problem } from '../http/problem';
import { cspState } from './csp';
import type { TaggedResource, TaggedResources, TagTestResult, TenantActivation } from '@cloudportal/core';
import { readIntegration, testResult } from './integrations';
import { office365State } from './office365';
import { PORTAL } from './paths';

/** Largest and default page of `GET /api/test/tag/tagged`. */
const TAGGED_LIMIT_MAX = 1000;
const TAGGED_LIMIT_DEFAULT = 200;

/** A tenant's account types and the modules its active licences make usable (spec §5). */
export async function tenantModules(
  db: Database,
  tenantId: string,
): Promise<{ accountTypes: string[]; modules: LicenseModule[] }> {
  const tenant = await db.query<{ account_types: string[] }>('select account_types from tenants where id = $1', [
    tenantId,
  ]);
  const licenses = await db.query<{ licenseModule: string; licenseSku: string; active: boolean }>(
    'select license_module as "licenseModule", license_sku as "licenseSku", active from tenant_licenses where tenant_id = $1',
    [tenantId],
  );
  const accountTypes = tenant.rows[0]?.account_types ?? [];
  return { accountTypes, modules: licensedModules(accountTypes, licenses.rows) };
}

interface ActivationRow {
  modules: string[];
  upn: string;
  activated_at: string | Date;
  updated_at: string | Date;
}

interface ResourceRow {
  resource_id: string;
  name: string;
  type: string;
  resource_group: string;
  subscription_id: string;
  location: string;
  tags: Record<string, string>;
}

const toResource = (r: ResourceRow): TaggedResource => ({
  resourceId: r.resource_id,
  name: r.name,
  type: r.type,
  resourceGroup: r.resource_group,
  subscriptionId: r.subscription_id,
  location: r.location,
  tags: r.tags,
});

/** Tagged resources of a tenant, optionally those carrying one tag name (Azure tag names ignore case). */
const TAGGED_WHERE = `tenant_id = $1 and tags <> '{}'::jsonb
  and ($2::text is null or exists (select 1 from jsonb_object_keys(tags) as k where lower(k) = lower($2::text)))`;

/** `POST /api/activate` and the access tests `GET /api/test/access`, `/api/test/tag`, `/api/test/tag/tagged`. */
export function accessRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;

  // Activation records that the tenant's administrator switched the portal on for its licensed
  // modules. A tenant with no usable licence cannot be activated; activating again refreshes the modules.
  app.post(`${PORTAL}/api/activate`, { preHandler: ctx.requireUser }, async (request, reply) => {
    if (!(await ensureSettingsAdmin(db, request, reply))) return reply;
    const p = principalOf(request);
    const { modules } = await tenantModules(db, p.tenantId);
    if (modules.length === 0) {
      return reply.code(409).send(problem('Conflict', answerText(request)('server.activate.noLicence')));
    }
    await db.query(
      `insert into tenant_activations (tenant_id, modules, activated_by) values ($1, $2, $3)
       on conflict (tenant_id) do update set modules = excluded.modules, activated_by = excluded.activated_by, updated_at = now()`,
      [p.tenantId, modules, p.userId],
    );
    const { rows } = await db.query<ActivationRow>(
      `select a.modules, u.upn, a.activated_at, a.updated_at from tenant_activations a join users u on u.id = a.activated_by where a.tenant_id = $1`,
      [p.tenantId],
    );
    const row = rows[0]!;
    const answer: TenantActivation = {
      activated: true,
      modules: row.modules as LicenseModule[],
      activatedAt: new Date(row.activated_at).toISOString(),
      activatedBy: row.upn,
      updatedAt: new Date(row.updated_at).toISOString(),
    };
    return answer;
  });

  app.get(`${PORTAL}/api/test/access`, { preHandler: ctx.requireUser }, async (request, reply) => {
    if (!(await ensureSettingsAdmin(db, request, reply))) return reply;
    const { tenantId } = principalOf(request);
    const { accountTypes, modules } = await tenantModules(db, tenantId);
    const o365 = await office365State(db, tenantId);
    const ea = await readIntegration(db, tenantId, 'office365-ea');
    const { csp, integration } = await cspState(db, tenantId);
    const activation = await db.query('select 1 from tenant_activations where tenant_id = $1', [tenantId]);
    const t = answerText(request);
    const checks = accessChecks(
      {
        accountTypes,
        modules,
        office365: {
          saved: !!o365.office365,
          settings: o365.office365?.settings ?? {},
          hasSecret: !!o365.office365?.secret,
          missingPermissions: o365.missing,
        },
        ea: { saved: !!ea, hasSecret: !!ea?.secret },
        csp: { saved: !!csp, hasSecret: !!csp?.secret, enabled: integration.enabled },
        activated: activation.rows.length > 0,
      },
      t,
    );
    return testResult(checks, 'settings.check.storedDataNote', t);
  });

  app.get(`${PORTAL}/api/test/tag`, { preHandler: ctx.requireUser }, async (request, reply) => {
    if (!(await ensureSettingsAdmin(db, request, reply))) return reply;
    const { tenantId } = principalOf(request);
    const { modules } = await tenantModules(db, tenantId);
    const counts = await db.query<{ total: number; tagged: number }>(
      `select count(*)::int as total, (count(*) filter (where tags <> '{}'::jsonb))::int as tagged from azure_resources where tenant_id = $1`,
      [tenantId],
    );
    const usage = await db.query<{ name: string; resource_count: number }>(
      `select min(k) as name, count(distinct r.resource_id)::int as resource_count
         from azure_resources r, jsonb_object_keys(r.tags) as k
        where r.tenant_id = $1 group by lower(k) order by resource_count desc, lower(k) collate "C"`,
      [tenantId],
    );
    const { total, tagged } = counts.rows[0] ?? { total: 0, tagged: 0 };
    const t = answerText(request);
    const answer: TagTestResult = {
      ...testResult(
        tagChecks({ azureLicensed: modules.includes('azure'), resourceCount: total, taggedCount: tagged }, t),
        'settings.check.storedDataNote',
        t,
      ),
      resourceCount: total,
      taggedCount: tagged,
      untaggedCount: total - tagged,
      tags: usage.rows.map((u) => ({ name: u.name, resourceCount: u.resource_count })),
    };
    return answer;
  });

  app.get<{ Querystring: { tag?: string; limit?: number } }>(
    `${PORTAL}/api/test/tag/tagged`,
    {
      preHandler: ctx.requireUser,
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            tag: { type: 'string', minLength: 1, maxLength: 512 },
            limit: { type: 'integer', minimum: 1, maximum: TAGGED_LIMIT_MAX },
          },
        },
      },
    },
    async (request, reply) => {
      if (!(await ensureSettingsAdmin(db, request, reply))) return reply;
      const { tenantId } = principalOf(request);
      const tag = request.query.tag ?? null;
      const total = await db.query<{ n: number }>(
        `select count(*)::int as n from azure_resources where ${TAGGED_WHERE}`,
        [tenantId, tag],
      );
      const { rows } = await db.query<ResourceRow>(
        `select resource_id, name, type, resource_group, subscription_id, location, tags from azure_resources where ${TAGGED_WHERE} order by resource_id collate "C" limit $3`,
        [tenantId, tag, request.query.limit ?? TAGGED_LIMIT_DEFAULT],
      );
      const answer: TaggedResources = { total: total.rows[0]?.n ?? 0, resources: rows.map(toResource) };
      return answer;
    },
  );
}
