import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';

/** Spec §7 "Bookmarks": the saved-views GraphQL endpoint (POST /services/api-portal-customer/graphql). */
export function bookmarkRoutes(app: FastifyInstance, ctx: ServerContext): void {
  void app;
  void ctx;
}
