import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';

/** Spec §7 "Portal service" (base /services/api-portal-customer): menu, breadcrumb, page descriptions, search, feedback, last- and top-accessed. */
export function portalRoutes(app: FastifyInstance, ctx: ServerContext): void {
  void app;
  void ctx;
}
