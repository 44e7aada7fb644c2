import type { Account, TenantSummary, Whois } from '@cloudportal/core';
import { DEFAULT_CURRENCY } from '@cloudportal/core/rules';
import type { FastifyInstance } from 'fastify';
import { principalOf, type ServerContext } from '../context';
import { answerText } from '../http/answers';
import { problem } from '../http/problem';

/** The portal service base of spec §7. */
export const PORTAL = '/services/api-portal-customer';

interface UserRow {
  id: string;
  upn: string;
  oid: string;
  display_name: string;
  role: string;
  personas: string[];
  features: string[];
  currency: string;
  can_manage_settings: boolean;
  force_eula: boolean;
  can_accept_eula: boolean;
  eula_accepted_at: string | null;
  tenant_id: string;
  tenant_name: string;
  account_types: string[];
  onboarded: boolean;
}

/** Account, who-is and tenant list: who the caller is, always from the token's tenant and user. */
export function accountRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;

  async function me(userId: string, tenantId: string): Promise<UserRow | undefined> {
    const { rows } = await db.query<UserRow>(
      `select u.*, t.display_name as tenant_name, t.account_types, t.onboarded
         from users u join tenants t on t.id = u.tenant_id
        where u.id = $1 and u.tenant_id = $2`,
      [userId, tenantId],
    );
    return rows[0];
  }

  app.get(`${PORTAL}/api/account`, { preHandler: ctx.requireUser }, async (request, reply) => {
    const p = principalOf(request);
    const u = await me(p.userId, p.tenantId);
    if (!u) return reply.code(401).send(problem('Unauthorized', answerText(request)('server.account.gone')));
    const account: Account = {
      id: u.id,
      upn: u.upn,
      displayName: u.display_name,
      role: u.role,
      types: u.account_types,
      currency: u.currency || DEFAULT_CURRENCY,
      newTenant: !u.onboarded,
      tenantId: u.tenant_id,
      personas: u.personas,
      features: u.features,
    };
    return account;
  });

  const whois = async (userId: string, tenantId: string): Promise<Whois | undefined> => {
    const u = await me(userId, tenantId);
    if (!u) return undefined;
    return {
      currentTenant: { id: u.tenant_id, displayName: u.tenant_name },
      upn: u.upn,
      canManageSettings: u.can_manage_settings,
      forceEula: u.force_eula && u.eula_accepted_at === null,
      canAcceptEula: u.can_accept_eula,
    };
  };

  for (const path of [`${PORTAL}/api/whois`, `${PORTAL}/api/account/whois`]) {
    app.get(path, { preHandler: ctx.requireUser }, async (request, reply) => {
      const p = principalOf(request);
      return (
        (await whois(p.userId, p.tenantId)) ??
        reply.code(401).send(problem('Unauthorized', answerText(request)('server.account.gone')))
      );
    });
  }

  // Also open to the 300 answer's token: it is how the /tenant page lists the choices.
  app.get(`${PORTAL}/api/tenants`, { preHandler: ctx.requireUserOrTenantSelect }, async (request) => {
    const p = principalOf(request);
    const oid = p.scope === 'tenant-select' ? p.userId : ((await me(p.userId, p.tenantId))?.oid ?? '');
    const { rows } = await db.query<TenantSummary>(
      `select t.id, t.display_name as "displayName" from users u join tenants t on t.id = u.tenant_id
        where u.oid = $1 and t.onboarded order by t.display_name`,
      [oid],
    );
    return rows;
  });
}
