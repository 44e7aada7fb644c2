import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './test-support';

/**
 * Routes anyone may call: health, sign-in and its dev issuer, public documents, the API's published
 * contract, static files (the demo videos among them: a frame or a video element cannot send a
 * token), the Power BI embed emulator's frame page and files (its definition route needs an embed
 * token instead) and
 * the fault-injection control (which answers 404 unless the server was started with FAULTS=on);
 * and the operations routes: readiness, and the metrics (their own METRICS_TOKEN, 404 without it).
 */
const PUBLIC = [
  /^\/(healthz|readyz)$/,
  /^\/metrics$/,
  /^\/api\/auth\//,
  /^\/api\/dev\//,
  /^\/api\/public\//,
  // The published contract (issue 39 §6): a partner's back end reads it before it has a token.
  /^\/api\/(openapi\.json|schema\.graphql)$/,
  /^\/api\/test\/faults$/,
  // Browsers' reports of the pages' Content-Security-Policy violations: a browser sends no token.
  /^\/api\/csp-reports$/,
  /^\/sdk\//,
  /^\/partner/,
  /^\/videos\//,
  /^\/powerbi-emulator\/report(Embed$|-embed\.)/,
  /^\/\*?$/,
  /^\/\*$/,
  // CORS pre-flights (sites/cors.ts): answered before any guard, like the browser expects.
  /^\/(api|services)\/\*$/,
];

describe('every API route outside the public list requires an app token', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answers 401 with a readable message when no token is sent', async () => {
    const guarded = server.app.routeTable.filter((r) => r.method !== 'HEAD' && !PUBLIC.some((p) => p.test(r.url)));
    expect(guarded.length).toBeGreaterThan(3);
    for (const route of guarded) {
      const url = route.url.replace(/:(\w+)/g, 'x').replace(/\*$/, 'x');
      const res = await server.app.inject({
        method: route.method as 'GET',
        url,
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 401,
      });
      expect(res.json()).toMatchObject({ error: 'Unauthorized' });
    }
  });
});
