import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL } from '../account/routes';
import { CHATBOT } from '../chatbot/routes';
import { migratedApp, signInAs, startTestServer, type TestServer } from '../test-support';
import { isInvalidDataError } from './databaseErrors';

const USERS = `${PORTAL}/api/data/users`;

/** Issue 39 §7: hostile values answer 400 in the request's language, never 500. */
describe('hostile input answers 400, never 500 (issue 39 §7)', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer();
    token = (await signInAs(server, 'ada@contoso.example')).getToken()!;
  });
  afterAll(() => server.close());

  /** Sends as ada: `body` is raw JSON text, so NUL and lone surrogates arrive exactly as an attacker writes them. */
  async function send(method: string, path: string, body?: string, language = 'en') {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'accept-language': language,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body,
    });
    return { status: res.status, body: (await res.json()) as { error: string; message: string } };
  }

  it.each(['2024-02-30', '2023-02-29', '0000-01-01', '2025-04-31'])(
    'given an impossible date in a dataset filter (%s), then the page, key figures, series and CSV export answer 400 with the filter message',
    async (day) => {
      const f = `f=lastSignIn:gt:${day}`;
      for (const path of [`${USERS}?${f}`, `${USERS}/summary?${f}`, `${USERS}/export.csv?${f}`]) {
        expect(await send('GET', path)).toEqual({
          status: 400,
          body: { error: 'Bad Request', message: `Filter on 'lastSignIn' needs a date (YYYY-MM-DD), not '${day}'.` },
        });
      }
    },
  );

  it('given a day that exists (29 February of a leap year), then the filter is taken', async () => {
    expect((await send('GET', `${USERS}?f=lastSignIn:gt:2024-02-29`)).status).toBe(200);
  });

  it('given a NUL character in a search, a path parameter or a JSON body, then 400 names where it was', async () => {
    expect(await send('GET', `${USERS}?q=a%00b`)).toEqual({
      status: 400,
      body: {
        error: 'Bad Request',
        message:
          'The value of query.q holds a NUL character (U+0000), which cannot be stored: remove it and send again.',
      },
    });
    expect((await send('GET', `${CHATBOT}/history/chat%00id`)).body.message).toMatch(
      /^The value of params\.id holds a NUL/,
    );
    const feedback = '{"menuUuid":"m","rating":3,"type":"Other","comment":"hello\\u0000"}';
    expect((await send('POST', `${PORTAL}/api/portal/menu/feedback`, feedback)).body.message).toMatch(
      /^The value of body\.comment holds a NUL/,
    );
  });

  it('given half of a surrogate pair in a JSON string, then 400, in the request language', async () => {
    const feedback = '{"menuUuid":"m","rating":3,"type":"Other","comment":"\\ud800"}';
    expect(await send('POST', `${PORTAL}/api/portal/menu/feedback`, feedback, 'de')).toEqual({
      status: 400,
      body: {
        error: 'Bad Request',
        message:
          'Der Wert von body.comment enthält eine halbe UTF-16-Ersatzzeichenfolge, die kein Zeichen ist und nicht gespeichert werden kann: Senden Sie vollständige Zeichen.',
      },
    });
    // A whole pair (an emoji) is a character like any other: the route's own checks judge the rest.
    const whole = '{"menuUuid":"m","rating":3,"type":"Other","comment":"\\ud83d\\ude00"}';
    expect((await send('POST', `${PORTAL}/api/portal/menu/feedback`, whole)).body.message).not.toMatch(/surrogate/);
  });

  it('given limit=1e309 (Infinity) on the tagged resources, then 400', async () => {
    expect((await send('GET', `${PORTAL}/api/test/tag/tagged?limit=1e309`)).status).toBe(400);
  });
});

describe('a value the database refuses as data (issue 39 §7)', () => {
  let bare: Awaited<ReturnType<typeof migratedApp>>;
  beforeAll(async () => {
    bare = await migratedApp();
    // A route that passes an impossible date on to the database, as a route with a missed check would.
    bare.app.get('/test/impossible-date', async () => (await bare.db.query("select '2024-02-30'::date as d")).rows);
  });
  afterAll(() => bare.close());

  it('given PostgreSQL refuses a value (SQLSTATE class 22), then the answer is 400 with the invalid-value message, not 500', async () => {
    const res = await bare.app.inject({ url: '/test/impossible-date', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Bad Request',
      message:
        'The request holds a value the server cannot store or compare (an impossible date, a number out of range or a malformed text): check it and send again.',
    });
  });

  it('tells class 22 from every other database error', () => {
    expect(isInvalidDataError({ code: '22008' })).toBe(true);
    expect(isInvalidDataError({ code: '22P02' })).toBe(true);
    expect(isInvalidDataError({ code: '57P01' })).toBe(false);
    expect(isInvalidDataError({ code: '23505' })).toBe(false);
    expect(isInvalidDataError(new Error('no code'))).toBe(false);
    expect(isInvalidDataError(null)).toBe(false);
  });
});
