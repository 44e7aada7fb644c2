import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { REFRESH_COOKIE } from '../auth/routes';
import { BOOKMARKS_SDL } from '../bookmarks/schema';
import { GRAPHQL_ROUTE } from '../bookmarks/routes';

/** Where the server publishes its REST contract (issue 39 §6): an OpenAPI 3.1 document. */
export const OPENAPI_ROUTE = '/api/openapi.json';

/** Where the server publishes the saved views' GraphQL schema, as SDL (issue 39 §6). */
export const GRAPHQL_SDL_ROUTE = '/api/schema.graphql';

/** The `{error, message}` body of every refusal (`http/problem.ts`). */
const PROBLEM_BODY = {
  type: 'object' as const,
  required: ['error', 'message'],
  properties: {
    error: { type: 'string' as const, description: "The status's reason phrase.", examples: ['Bad Request'] },
    message: {
      type: 'string' as const,
      description: "What the user or the caller reads, in the request's locale (Accept-Language).",
      examples: ['limit must be a whole number from 1 to 1000.'],
    },
  },
};

/** The answers every route may give besides its own: success, and refusals in the one shape above. */
const COMMON_RESPONSES = {
  '4XX': {
    ...PROBLEM_BODY,
    description:
      'Refused: 400 a value the route cannot take, 401 no or a bad app token, 403 not allowed, 404 not found, 409 a conflict, 413 too large, 429 a rate limit (with Retry-After).',
  },
  '5XX': {
    ...PROBLEM_BODY,
    description:
      '500 an error of the server (it reveals nothing); 503 the database is unavailable, or the server is starting or stopping (with Retry-After).',
  },
} as const;

/** A success answer for a route whose schema names none: its body is the one spec §7 or the server README gives. */
const SUCCESS = { '2XX': { description: 'Done: the body spec §7 (or the server README) gives for this route.' } };

/** Routes that are files or pages, not API calls: not in the document. */
export const NOT_API = /^\/(sdk|partner)\/|\*|^\/partner$/;

/** The tag of a route: the first path segment that names its service. */
function tagOf(url: string): string {
  const parts = url.split('/').filter(Boolean);
  if (parts[0] === 'services') return parts[3] ?? parts[2] ?? 'portal';
  if (parts[0] === 'api') return parts[1] ?? 'api';
  return parts[0] ?? 'operations';
}

/**
 * Publishes the server's contract (issue 39 §6), generated from the routes as they are registered —
 * their own validation schemas (params, query, body) — by `@fastify/swagger`: `GET /api/openapi.json`
 * (OpenAPI 3.1: every route, its parameters and bodies, the `{error, message}` shape of every refusal,
 * and which routes need the app token) and `GET /api/schema.graphql` (the saved views' GraphQL schema).
 * Register it before the routes: it learns them as they are added. `guarded` tells a route that
 * needs the app token (the guards `buildApp` moves to `onRequest`).
 */
export async function registerOpenApi(app: FastifyInstance, guarded: (route: RouteOptions) => boolean): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Cloud Portal reference API',
        version: '0.1.0',
        description: [
          "The reference server's REST routes (spec §7 and the additions its README lists), generated from the schemas it validates requests with.",
          `Sign-in answers an app token (a JWT, \`Authorization: Bearer …\`); \`POST /api/auth/refresh-token\` renews it from the \`${REFRESH_COOKIE}\` cookie.`,
          `Saved views are a GraphQL API at \`POST ${GRAPHQL_ROUTE}\`; its schema is \`GET ${GRAPHQL_SDL_ROUTE}\`.`,
          'Every refusal is `{error, message}` (components.schemas.Problem).',
        ].join('\n\n'),
      },
      components: {
        securitySchemes: {
          appToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The app token sign-in, a partner exchange or the refresh answers.',
          },
          refreshCookie: { type: 'apiKey', in: 'cookie', name: REFRESH_COOKIE },
        },
        schemas: { Problem: PROBLEM_BODY },
      },
    },
    transform: ({ schema, url, route }) => {
      const own = (schema ?? {}) as FastifySchema & Record<string, unknown>;
      if (NOT_API.test(url) || route.method === 'OPTIONS' || own.hide) return { schema: { ...own, hide: true }, url };
      const documented: Record<string, unknown> = {
        ...own,
        tags: [tagOf(url)],
        response: { ...((own.response as object | undefined) ?? SUCCESS), ...COMMON_RESPONSES },
      };
      if (guarded(route)) documented.security = [{ appToken: [] }];
      return { schema: documented as FastifySchema, url };
    },
  });

  app.get(OPENAPI_ROUTE, { schema: { hide: true } }, () => app.swagger());
  app.get(GRAPHQL_SDL_ROUTE, { schema: { hide: true } }, (_request, reply) =>
    reply.type('application/graphql; charset=utf-8').send(BOOKMARKS_SDL),
  );
}
