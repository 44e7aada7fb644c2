import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNAVAILABLE_RETRY_AFTER_S } from '../http/errorHandler';
import { signInAs, startTestServer } from '../test-support';
import { GRAPHQL_ROUTE } from './routes';

const UNAVAILABLE =
  'The server cannot reach its database right now, so nothing was read or saved. Try again in a few seconds.';
const LIST = '{ getPbiBookmarks(pageName: "p", tabName: "t") { entryId } }';

// Issue 39 §2: the saved views' GraphQL endpoint answers as every route does — an unavailable
// database is a 503 with Retry-After (it answered 500 during bench:load's PostgreSQL restart), a
// value the database refuses a 400 — in its own shape, `errors` beside `{error, message}`.
describe('saved views while the database fails (issue 39 §2)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let token: string;
  let failWith: Error | undefined;
  beforeAll(async () => {
    server = await startTestServer();
    token = (await signInAs(server, 'ada@contoso.example')).getToken()!;
    const query = server.db.query.bind(server.db);
    server.db.query = ((sql: string, ...rest: []) =>
      failWith && /pbi_bookmarks/.test(sql) ? Promise.reject(failWith) : query(sql, ...rest)) as typeof server.db.query;
  });
  afterAll(() => server.close());

  const ask = () =>
    server.app.inject({
      method: 'POST',
      url: GRAPHQL_ROUTE,
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
      payload: { query: LIST },
    });

  it('given the database refuses connections, then a read answers 503 with Retry-After and the outage message, never 500', async () => {
    failWith = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const res = await ask();
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe(String(UNAVAILABLE_RETRY_AFTER_S));
    expect(res.json()).toEqual({
      errors: [{ message: UNAVAILABLE }],
      error: 'Service Unavailable',
      message: UNAVAILABLE,
    });
  });

  it('given the database refuses a value as data (SQLSTATE class 22), then it is a 400, and a bug of ours stays a 500 revealing nothing', async () => {
    failWith = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
    const refused = await ask();
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'Bad Request' });
    failWith = new Error('a bug of ours');
    const broken = await ask();
    expect(broken.statusCode).toBe(500);
    expect(broken.json()).toEqual({
      errors: [{ message: 'Something went wrong on the server.' }],
      error: 'Internal Server Error',
      message: 'Something went wrong on the server.',
    });
    failWith = undefined;
    expect((await ask()).statusCode).toBe(200);
  });
});
