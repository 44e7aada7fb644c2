import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';

/** Spec §7 "Chatbot service" (base /services/ai-chatbot). */
export function chatbotRoutes(app: FastifyInstance, ctx: ServerContext): void {
  void app;
  void ctx;
}
