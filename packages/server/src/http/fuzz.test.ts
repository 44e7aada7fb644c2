import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, startTestServer } from '../test-support';
import { OPENAPI_ROUTE } from './openapi';

// Issue 39 §7: walk the published contract (issue 39 §6) the way API fuzzers do and send every route,
// in each of its parameters and its body, generated hostile values — wrong types, NUL characters,
// half surrogate pairs, huge and non-finite numbers, impossible dates, long strings, injections —
// as a signed-in administrator. No answer may be a 500, and every refusal is the document's
// {error, message} shape.

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

/** Texts a careless server passes on to its database or parser. */
const HOSTILE_TEXTS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '2024-02-30',
  '2023-02-29',
  '0000-01-01',
  '1e309',
  '-1e309',
  'NaN',
  '-0',
  '99999999999999999999999',
  "' or 1=1 --",
  '"; drop table users; --',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  '%',
  '%00',
  '\\',
  '{"$ne":null}',
  '',
  ' ',
  'gt:2024-02-30',
  'lastSignIn:gt:2024-02-30',
  'id:eq:\u0000',
];

const hostileText = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_TEXTS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 5_000, maxLength: 20_000 }) },
);

/** Any JSON value, hostile ones first: wrong types in place of what a field expects. */
const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileText },
  { weight: 1, arbitrary: fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -1, 0, 0.5, true, null) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.array(hostileText, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), hostileText, { maxKeys: 3 }) },
);

/**
 * A value in a URL: percent-encoded as UTF-8, and a lone surrogate (which has no UTF-8) as the bytes
 * a broken encoder would send for it — invalid UTF-8 the server must refuse, not choke on.
 */
function inUrl(value: string): string {
  return [...value]
    .map((c) => {
      const unit = c.charCodeAt(0);
      if (c.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
        return `%${(0xe0 | (unit >> 12)).toString(16)}%${(0x80 | ((unit >> 6) & 0x3f)).toString(16)}%${(0x80 | (unit & 0x3f)).toString(16)}`;
      }
      return encodeURIComponent(c);
    })
    .join('');
}

/** JSON with every lone surrogate written as its `\u` escape, as a JSON text may carry it. */
const jsonText = (value: unknown) =>
  (JSON.stringify(value) ?? 'null').replace(/[\ud800-\udfff]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);

/** Query parameters the data routes read, sent to every route besides those its schema names. */
const COMMON_QUERY = ['limit', 'offset', 'q', 'f', 'sort', 'x', 'y', 'from', 'to'];

/** One hostile request to `method path` of `op`: each path and query parameter and the body generated. */
function hostileRequest(method: string, path: string, op: Operation): fc.Arbitrary<InjectOptions> {
  const names = (where: Parameter['in']) => (op.parameters ?? []).filter((p) => p.in === where).map((p) => p.name);
  const pathNames = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const queryNames = [...new Set([...names('query'), ...COMMON_QUERY])];
  const bodySchema = Object.values(op.requestBody?.content ?? {})[0]?.schema;
  const bodyFields = Object.keys(bodySchema?.properties ?? {});
  const body: fc.Arbitrary<unknown> = bodyFields.length
    ? fc.record(Object.fromEntries(bodyFields.map((f) => [f, hostileJson])), { requiredKeys: [] })
    : hostileJson;
  return fc
    .record({
      pathValues: fc.tuple(...pathNames.map(() => fc.oneof(hostileText, fc.constant('1')))),
      query: fc.dictionary(fc.constantFrom(...queryNames), hostileText, { maxKeys: 3 }),
      body,
    })
    .map(({ pathValues, query, body }) => {
      let i = 0;
      const url = path.replace(/\{\w+\}/g, () => inUrl(pathValues[i++] ?? '1') || '%20');
      const search = Object.entries(query)
        .map(([k, v]) => `${k}=${inUrl(v)}`)
        .join('&');
      const withBody = !['GET', 'HEAD', 'DELETE'].includes(method);
      return {
        method: method as InjectOptions['method'],
        url: search ? `${url}?${search}` : url,
        ...(withBody ? { payload: jsonText(body), headers: { 'content-type': 'application/json' } } : {}),
      };
    });
}

describe('every route of the contract, fuzzed with hostile values (issue 39 §7)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let doc: Document;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer();
    token = (await signInAs(server, 'ada@contoso.example')).getToken()!;
    doc = (await server.app.inject({ url: OPENAPI_ROUTE })).json() as Document;
  });
  afterAll(() => server.close());

  it('given generated hostile values in every parameter and body, then no answer is a 500 and every refusal is {error, message}', async () => {
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
    );
    expect(operations.length).toBeGreaterThan(60);
    // The session's own end last: signing out does not end the app token, but the routes after it
    // should meet a session as a visitor has one.
    operations.sort((a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')));
    const seen = new Map<number, number>();
    for (const { method, path, op } of operations) {
      await fc.assert(
        fc.asyncProperty(hostileRequest(method, path, op), async (request) => {
          const res = await server.app.inject({
            ...request,
            headers: { ...request.headers, authorization: `Bearer ${token}`, 'accept-language': 'en' },
          });
          seen.set(res.statusCode, (seen.get(res.statusCode) ?? 0) + 1);
          const where = `${request.method} ${String(request.url).slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect(res.statusCode, where).toBeLessThan(500);
          if (res.statusCode >= 400) {
            expect(res.headers['content-type'], where).toMatch(/^application\/json/);
            const body = res.json() as { error?: unknown; message?: unknown };
            expect(typeof body.error === 'string' && typeof body.message === 'string', where).toBe(true);
          }
        }),
        { numRuns: 12, seed: 3906, endOnFailure: true },
      );
    }
    // Refusals were met (the values were hostile), and some requests still went through.
    expect([...seen.keys()].some((status) => status === 400)).toBe(true);
    expect([...seen.keys()].some((status) => status < 300)).toBe(true);
  }, 300_000);
});
