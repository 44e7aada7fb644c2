import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';

/** Spec §7 "Report embedding": embed tokens for the demo and custom reports. */
export function reportRoutes(app: FastifyInstance, ctx: ServerContext): void {
  void app;
  void ctx;
}
