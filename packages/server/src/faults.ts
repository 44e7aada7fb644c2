import type { FastifyInstance } from 'fastify';
import type { ServerContext } from './context';

/** Fault injection for tests (off unless the server starts with FAULTS=on). */
export function registerFaults(app: FastifyInstance, ctx: ServerContext): void {
  void app;
  void ctx;
}
