import type { FeatureActivation, FeatureFlags } from '@cloudportal/core';
import { FEATURE_FLAGS, featureGroupOf, type FeatureGroup } from '@cloudportal/core/rules';
import type { FastifyInstance } from 'fastify';
import { principalOf, type ServerContext } from '../context';
import type { Database } from '../db/database';
import { ensureSettingsAdmin } from './admin';
import { PORTAL } from './paths';

const ALL_FLAGS = Object.values(FEATURE_FLAGS).flat();

/** Every flag of a group for a tenant; a flag with no row is off. */
async function flagsOf(db: Database, tenantId: string, group: FeatureGroup): Promise<FeatureFlags> {
  const names: readonly string[] = FEATURE_FLAGS[group];
  const { rows } = await db.query<{ name: string; enabled: boolean }>(
    'select name, enabled from tenant_features where tenant_id = $1 and name = any($2)',
    [tenantId, names],
  );
  const on = new Map(rows.map((r) => [r.name, r.enabled]));
  return Object.fromEntries(names.map((n) => [n, on.get(n) ?? false]));
}

/** Spec §7 features calls: the caller's tenant's feature flags. */
export function featureRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;
  for (const group of Object.keys(FEATURE_FLAGS) as FeatureGroup[]) {
    app.get(`${PORTAL}/api/features/${group}`, { preHandler: ctx.requireUser }, async (request) =>
      flagsOf(db, principalOf(request).tenantId, group),
    );
  }

  app.post<{ Body: FeatureActivation }>(
    `${PORTAL}/api/features/activate`,
    {
      preHandler: ctx.requireUser,
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['name'],
          properties: { name: { type: 'string', enum: ALL_FLAGS }, enabled: { type: 'boolean' } },
        },
      },
    },
    async (request, reply) => {
      if (!(await ensureSettingsAdmin(db, request, reply))) return reply;
      const p = principalOf(request);
      const { name, enabled = true } = request.body;
      await db.query(
        `insert into tenant_features (tenant_id, name, enabled, updated_by) values ($1, $2, $3, $4)
         on conflict (tenant_id, name) do update set enabled = excluded.enabled, updated_by = excluded.updated_by, updated_at = now()`,
        [p.tenantId, name, enabled, p.userId],
      );
      return flagsOf(db, p.tenantId, featureGroupOf(name)!);
    },
  );
}
