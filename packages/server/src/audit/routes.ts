import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';

/** Spec §7 "Audit" (base /services/audit): audit events, statistics and keepalive. */
export function auditRoutes(app: FastifyInstance, ctx: ServerContext): void {
  void app;
  void ctx;
}
