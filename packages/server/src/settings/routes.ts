import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { accessRoutes } from './access';
import { cspRoutes } from './csp';
import { featureRoutes } from './features';
import { integrationRoutes } from './integrations';
import { fileRoutes } from './files';
import { licenseRoutes } from './licenses';
import { notificationRoutes } from './notifications';
import { office365Routes } from './office365';
import { settingsCoreRoutes } from './settings';

/** Spec §7 "Settings and administration service" (base /services/api-portal-customer). */
export function settingsRoutes(app: FastifyInstance, ctx: ServerContext) {
  settingsCoreRoutes(app, ctx);
  licenseRoutes(app, ctx);
  featureRoutes(app, ctx);
  notificationRoutes(app, ctx);
  integrationRoutes(app, ctx);
  cspRoutes(app, ctx);
  office365Routes(app, ctx);
  accessRoutes(app, ctx);
  // Its own plugin scope: multipart parsing exists only for the upload route's scope.
  void app.register(async (scope) => fileRoutes(scope, ctx));
}
