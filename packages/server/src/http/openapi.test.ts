import { Validator } from '@seriousme/openapi-schema-validator';
import { buildSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKMARKS_SDL } from '../bookmarks/schema';
import { DATA_BASE } from '../data/routes';
import { startTestServer } from '../test-support';
import { GRAPHQL_SDL_ROUTE, NOT_API, OPENAPI_ROUTE } from './openapi';

interface Operation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, { content?: Record<string, { schema: { required?: string[] } }> }>;
  security?: Record<string, string[]>[];
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
}

/** A route as the document writes its path: `/x/:id` → `/x/{id}`. */
const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('the API as a contract (issue 39 §6): GET /api/openapi.json', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let doc: Document;
  beforeAll(async () => {
    server = await startTestServer();
    const res = await fetch(`${server.baseUrl}${OPENAPI_ROUTE}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    doc = (await res.json()) as Document;
  });
  afterAll(() => server.close());

  it('given the document, then it is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('given every API route the server registered, then the document has it, with that method', () => {
    const routes = server.app.routeTable.filter(
      (r) =>
        !['HEAD', 'OPTIONS'].includes(r.method) &&
        !NOT_API.test(r.url) &&
        ![OPENAPI_ROUTE, GRAPHQL_SDL_ROUTE].includes(r.url),
    );
    expect(routes.length).toBeGreaterThan(60);
    const missing = routes
      .filter((r) => !doc.paths[openapiPath(r.url)]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    // And nothing that is not a route of the server.
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`));
    const registered = new Set(routes.map((r) => `${r.method.toLowerCase()} ${openapiPath(r.url)}`));
    expect(documented.filter((op) => !registered.has(op))).toEqual([]);
  });

  it('given any operation, then its refusals are the {error, message} shape, and its path parameters are named', () => {
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const range of ['4XX', '5XX']) {
          expect(
            op.responses[range]?.content?.['application/json']?.schema.required,
            `${method} ${path} ${range}`,
          ).toEqual(['error', 'message']);
        }
        const named = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
        const params = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
        expect(params.sort(), `${method} ${path}`).toEqual(named.sort());
      }
    }
  });

  it('given a route that needs the app token, then it names the bearer scheme; a public one names none', () => {
    expect(doc.components.securitySchemes.appToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    const action = doc.paths[`${DATA_BASE}/{dataset}/{id}/{verb}`]?.post;
    expect(action?.security).toEqual([{ appToken: [] }]);
    expect(doc.paths['/api/auth/config']?.get?.security).toBeUndefined();
  });

  it("given a route that validates its body, then the document gives the body's schema", () => {
    const action = doc.paths[`${DATA_BASE}/{dataset}/{id}/{verb}`]?.post;
    expect(action?.requestBody?.content['application/json']?.schema.properties).toHaveProperty('reason');
  });

  it('given GET /api/schema.graphql, then it answers the saved views’ GraphQL schema as SDL, which parses', async () => {
    const res = await fetch(`${server.baseUrl}${GRAPHQL_SDL_ROUTE}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/graphql/);
    const sdl = await res.text();
    expect(sdl).toBe(BOOKMARKS_SDL);
    expect(() => buildSchema(sdl)).not.toThrow();
  });
});
