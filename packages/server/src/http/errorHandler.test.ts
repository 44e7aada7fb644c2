import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, migratedApp } from '../test-support';
import { isUnavailableError } from './databaseErrors';
import { UNAVAILABLE_RETRY_AFTER_S } from './errorHandler';

/** Issue 39 §2: a database that is unavailable right now answers 503 with Retry-After, never 500. */
describe('a database outage answers 503 with Retry-After (issue 39 §2)', () => {
  let bare: Awaited<ReturnType<typeof migratedApp>>;
  let down: pg.Pool;
  beforeAll(async () => {
    bare = await migratedApp();
    // A PostgreSQL that is not there: nothing listens on the port, so node-postgres meets a refused connection.
    down = new pg.Pool({ connectionString: `postgres://nobody:nothing@127.0.0.1:${await freePort()}/none` });
    bare.app.get('/test/outage', async () => (await down.query('select 1')).rows);
    bare.app.get('/test/broken', async () => {
      throw new Error('a bug of ours');
    });
  });
  afterAll(async () => {
    await down.end();
    await bare.close();
  });

  it('given the database refuses connections, then a route answers 503 with Retry-After and the outage message, in the request language', async () => {
    const res = await bare.app.inject({ url: '/test/outage', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe(String(UNAVAILABLE_RETRY_AFTER_S));
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      error: 'Service Unavailable',
      message:
        'The server cannot reach its database right now, so nothing was read or saved. Try again in a few seconds.',
    });
    const de = await bare.app.inject({ url: '/test/outage', headers: { 'accept-language': 'de' } });
    expect(de.json().message).toBe(
      'Der Server erreicht seine Datenbank gerade nicht, daher wurde nichts gelesen oder gespeichert. Versuchen Sie es in einigen Sekunden erneut.',
    );
  });

  it('given an error of ours, then it stays a 500 that reveals nothing', async () => {
    const res = await bare.app.inject({ url: '/test/broken' });
    expect(res.statusCode).toBe(500);
    // Its reason phrase, as the GraphQL route's 500 says it (issue 39's table: it was 'Error').
    expect(res.json()).toEqual({ error: 'Internal Server Error', message: 'Something went wrong on the server.' });
  });

  it('tells an unavailable database from every other error', () => {
    for (const code of [
      '57P01',
      '57P02',
      '57P03',
      '53300',
      '08006',
      '08001',
      'ECONNREFUSED',
      'ECONNRESET',
      'ETIMEDOUT',
    ])
      expect(isUnavailableError({ code })).toBe(true);
    expect(isUnavailableError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isUnavailableError(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isUnavailableError({ errors: [{ code: 'ECONNREFUSED' }, { code: 'ECONNREFUSED' }] })).toBe(true);
    for (const code of ['22008', '23505', '42P01', '40001', 'ENOENT']) expect(isUnavailableError({ code })).toBe(false);
    expect(isUnavailableError(new Error('a bug of ours'))).toBe(false);
    expect(isUnavailableError(null)).toBe(false);
  });
});
