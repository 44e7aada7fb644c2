import type { FastifyInstance } from 'fastify';
import { issueDevIdentityToken } from './identity';
import type { ServerContext } from '../context';
import { problem } from '../http/problem';
import { demoTenants, demoUsers } from '../seed/tenants';

/**
 * The development identity provider (DEV_SIGN_IN): the demo accounts to pick from, and an identity
 * token for one, signed by the server's dev issuer key as Entra ID would sign one. It stands in for
 * the outside world, so it reads the demo accounts of the seed; the sign-in routes (auth/routes.ts)
 * verify its tokens as any other and know nothing of the demo.
 */
export function devIdentityRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { keys } = ctx;
  app.get('/api/dev/accounts', async () =>
    demoUsers.map((u) => ({
      email: u.email,
      displayName: u.displayName,
      tenants: tenantNames(
        u.memberships.map((m) => m.tenantId),
        u.homeTenantId,
      ),
    })),
  );

  app.post<{ Body: { email: string } }>(
    '/api/dev/identity-token',
    {
      schema: {
        body: {
          type: 'object',
          required: ['email'],
          additionalProperties: false,
          properties: { email: { type: 'string', minLength: 3, maxLength: 320 } },
        },
      },
    },
    async (request, reply) => {
      const user = demoUsers.find((u) => u.email === request.body.email.trim().toLowerCase());
      // The demo sign-in's own endpoint (the login page lists only existing accounts): English.
      if (!user) return reply.code(404).send(problem('Not Found', `No demo account ${request.body.email}`));
      const id_token = await issueDevIdentityToken(
        { oid: user.oid, tid: user.homeTenantId, upn: user.email, name: user.displayName },
        keys.devIssuer.privateKey,
        keys.devIssuer.kid,
      );
      return { id_token };
    },
  );
}

function tenantNames(memberIds: string[], homeId: string): string[] {
  const ids = memberIds.length ? memberIds : [homeId];
  return ids.map((id) => demoTenants.find((t) => t.id === id)?.displayName ?? id);
}
