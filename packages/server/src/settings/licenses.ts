import type { LicenseDefinition, TenantLicense } from '@cloudportal/core';
import { LICENSE_KEY_PATTERN, type LicenseModule } from '@cloudportal/core/rules';
import type { FastifyInstance } from 'fastify';
import { principalOf, type ServerContext } from '../context';
import { ensureSettingsAdmin } from './admin';
import { answerText } from '../http/answers';
import { problem } from '../http/problem';
import { PORTAL } from './paths';

interface LicenseRow {
  license_key: string;
  license_module: string;
  license_sku: string;
  active: boolean;
  activated_at: string | Date | null;
}

const toLicense = (r: LicenseRow): TenantLicense => ({
  licenseKey: r.license_key,
  licenseModule: r.license_module,
  licenseSku: r.license_sku,
  active: r.active,
  activatedAt: r.activated_at ? new Date(r.activated_at).toISOString() : null,
});

const COLUMNS = 'license_key, license_module, license_sku, active, activated_at';
const keyQuery = {
  querystring: {
    type: 'object',
    required: ['licenseKey'],
    properties: { licenseKey: { type: 'string', pattern: LICENSE_KEY_PATTERN } },
  },
} as const;

/** Spec §3 "Tenant licenses", §7 licence calls: the caller's tenant's licences only. */
export function licenseRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;

  app.get(`${PORTAL}/api/license`, { preHandler: ctx.requireUser }, async (request) => {
    const { rows } = await db.query<LicenseRow>(
      `select ${COLUMNS} from tenant_licenses where tenant_id = $1 order by license_module, license_key`,
      [principalOf(request).tenantId],
    );
    return rows.map(toLicense);
  });

  // Spec §7 "The tenant activated-licenses call exists; its path is not shown."
  app.get(`${PORTAL}/api/license/activated`, { preHandler: ctx.requireUser }, async (request) => {
    const { rows } = await db.query<LicenseRow>(
      `select ${COLUMNS} from tenant_licenses where tenant_id = $1 and active order by license_module, license_key`,
      [principalOf(request).tenantId],
    );
    return rows.map(toLicense);
  });

  app.get(`${PORTAL}/api/license-definitions`, { preHandler: ctx.requireUser }, async () => {
    const { rows } = await db.query<{ module: LicenseModule; sku: string; module_display_name: string }>(
      'select module, sku, module_display_name from license_definitions order by position',
    );
    const byModule = new Map<string, LicenseDefinition>();
    for (const r of rows) {
      const def = byModule.get(r.module) ?? { module: r.module, displayName: r.module_display_name, skus: [] };
      def.skus.push(r.sku);
      byModule.set(r.module, def);
    }
    return [...byModule.values()];
  });

  for (const [path, active] of [
    ['activate', true],
    ['de-activate', false],
  ] as const) {
    app.put<{ Querystring: { licenseKey: string } }>(
      `${PORTAL}/api/license/${path}`,
      { preHandler: ctx.requireUser, schema: keyQuery },
      async (request, reply) => {
        if (!(await ensureSettingsAdmin(db, request, reply))) return reply;
        const { licenseKey } = request.query;
        const { rows } = await db.query<LicenseRow>(
          `update tenant_licenses set active = $3, activated_at = case when $3 then now() else activated_at end
          where tenant_id = $1 and license_key = $2 returning ${COLUMNS}`,
          [principalOf(request).tenantId, licenseKey, active],
        );
        return rows[0]
          ? toLicense(rows[0])
          : reply
              .code(404)
              .send(problem('Not Found', answerText(request)('server.licence.notFound', { key: licenseKey })));
      },
    );
  }
}
