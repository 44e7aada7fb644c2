import type { MenuNode } from '@cloudportal/core';
import { FEATURE_FLAGS, flattenMenu } from '@cloudportal/core/rules';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase, type Database } from '../db/database';
import { MENU } from '../portal/catalog';
import { TENANT } from '../seed/tenants';
import { scratchSite, seededDatabase, testConfig } from '../test-support';
import { LruCache } from './lru';
import { KeptWhileUnwritten } from './unwritten';
import { CacheVersions, CATALOG_SCOPE, tenantScope } from './versions';

const PORTAL = '/services/api-portal-customer';

/** Signs ada in through `app` and answers her app token. */
async function signIn(app: FastifyInstance, email = 'ada@contoso.example'): Promise<string> {
  const { id_token } = (await app.inject({ method: 'POST', url: '/api/dev/identity-token', payload: { email } })).json<{
    id_token: string;
  }>();
  const claims = JSON.parse(Buffer.from(id_token.split('.')[1]!, 'base64url').toString()) as {
    oid: string;
    tid: string;
  };
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/azure/token',
    headers: { 'x-authorization': `Bearer ${id_token}` },
    payload: { id: claims.oid, tenantId: claims.tid, upn: email, preview: false, token: id_token },
  });
  return login.json<{ access_token: string }>().access_token;
}

describe('the menu cache across two servers on one database', () => {
  let drop: () => Promise<void>;
  let dbA: Database;
  let dbB: Database;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let token: string;
  const site = scratchSite();

  const get = async (app: FastifyInstance, url: string) => {
    const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<unknown>();
  };
  const menu = async (app: FastifyInstance) =>
    flattenMenu((await get(app, `${MENU}?personas=Finance&personas=IT`)) as MenuNode[]);
  const displayName = async (app: FastifyInstance, name: string) =>
    (await menu(app)).find((n) => n.name === name)?.displayName;
  const builds = (app: FastifyInstance) => app.portalCache.views.builds;

  beforeAll(async () => {
    const seeded = await seededDatabase();
    drop = seeded.drop;
    dbA = seeded.db;
    // On PostgreSQL the second server has its own pool, as another process would; PGlite is one
    // process's database, so the second server shares the handle but not the caches.
    if (dbA.kind === 'postgres') {
      const url = new URL(process.env.TEST_DATABASE_URL!);
      const { rows } = await dbA.query<{ name: string }>('select current_database() as name');
      url.pathname = `/${rows[0]!.name}`;
      dbB = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
    } else {
      dbB = dbA;
    }
    const config = testConfig(site);
    a = await buildApp({ config, db: dbA });
    b = await buildApp({ config, db: dbB });
    token = await signIn(a);
    // The first test file of a run may build the seeded template: give it room on a busy machine.
  }, 120_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    if (dbB && dbB !== dbA) await dbB.close();
    await drop?.();
    site.cleanup();
  });

  it('given a menu item renamed through server A, server B answers the new name at once (menu, search, page)', async () => {
    const before = await displayName(b, 'overview');
    expect(before).toBe('Billing Overview');
    // Cached now: asking again builds nothing.
    const built = builds(b);
    await menu(b);
    expect(builds(b)).toBe(built);

    await dbA.query("update menu_items set display_name = 'Billing Summary' where name = 'overview'");
    expect(await displayName(b, 'overview')).toBe('Billing Summary');
    const results = (await get(b, `${MENU}/index?query=summary&personas=Finance`)) as {
      name: string;
      displayName: string;
    }[];
    expect(results.find((r) => r.name === 'overview')?.displayName).toBe('Billing Summary');

    await dbA.query(
      "update menu_page_tabs set display_name = 'At a glance' where page_id = 'billing-overview' and name = 'Overview'",
    );
    const page = (await get(b, `${MENU}/page/billing-overview`)) as {
      contents: { name: string; displayName: string }[];
    };
    expect(page.contents.find((t) => t.name === 'Overview')?.displayName).toBe('At a glance');
    await dbA.query(
      "update menu_page_tabs set display_name = 'Overview' where page_id = 'billing-overview' and name = 'Overview'",
    );
    await dbA.query("update menu_items set display_name = 'Billing Overview' where name = 'overview'");
    expect(await displayName(b, 'overview')).toBe('Billing Overview');
  });

  it('given a feature switched, a licence de-activated or custom content added through server A, server B rebuilds its view of that tenant at once', async () => {
    await menu(b);
    const feature = Object.values(FEATURE_FLAGS).flat()[0]!;
    const write = async (method: 'POST' | 'PUT', url: string, payload?: object) => {
      const response = await a.inject({
        method,
        url: `${PORTAL}${url}`,
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const changes: [string, () => Promise<unknown>][] = [
      ['feature', () => write('POST', '/api/features/activate', { name: feature, enabled: false })],
      ['licence', () => write('PUT', '/api/license/de-activate?licenseKey=CONTOSO-M365-PILOT')],
      [
        'custom content',
        () =>
          dbA.query(
            "insert into custom_content (tenant_id, id, kind, name) values ($1, 'cache-test', 'report', 'Cache test')",
            [TENANT.contoso],
          ),
      ],
    ];
    for (const [what, change] of changes) {
      const built = builds(b);
      await change();
      await menu(b);
      expect(builds(b), what).toBe(built + 1);
      await menu(b);
      expect(builds(b), what).toBe(built + 1);
    }
  });

  it("given another tenant's write, keeps this tenant's view", async () => {
    await menu(b);
    const built = builds(b);
    await dbA.query('update tenants set settings = settings || \'{"x": 1}\'::jsonb where id = $1', [TENANT.fabrikam]);
    await menu(b);
    expect(builds(b)).toBe(built);
  });
});

describe('cache versions', () => {
  /** A database of one scope table in memory that counts its queries. */
  function fakeDb() {
    const table = new Map<string, number>();
    let queries = 0;
    const db = {
      kind: 'pglite',
      get queries() {
        return queries;
      },
      table,
      async query(_sql: string, params: readonly unknown[] = []) {
        queries++;
        const scopes = params[0] as string[];
        const rows = scopes.filter((s) => table.has(s)).map((s) => ({ scope: s, version: String(table.get(s)) }));
        await new Promise((resolve) => setTimeout(resolve, 1));
        return { rows };
      },
    };
    return db;
  }

  it('coalesces concurrent reads into one query, and never answers a read with a query started before it', async () => {
    const db = fakeDb();
    const versions = new CacheVersions(db as unknown as Database);
    const first = await Promise.all(
      Array.from({ length: 20 }, (_, i) => versions.read([CATALOG_SCOPE, tenantScope(`t${i % 3}`)])),
    );
    expect(db.queries).toBe(1);
    expect(first[0]!.get(tenantScope('t1'))).toBe('0');

    // A read while a query is running waits for the next one: the write it follows is seen.
    const during = versions.read([CATALOG_SCOPE]);
    // A read before its batch started joins it…
    const joined = versions.read([tenantScope('t1')]);
    const queued = (async () => {
      // …one after its query started (the batch waits for the event loop's check phase) does not.
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
      db.table.set(CATALOG_SCOPE, 7);
      return versions.read([CATALOG_SCOPE]);
    })();
    expect((await joined).get(CATALOG_SCOPE)).toBe('0');
    expect((await during).get(CATALOG_SCOPE)).toBe('0');
    expect((await queued).get(CATALOG_SCOPE)).toBe('7');
    expect(db.queries).toBe(3);
  });

  it('the LRU keeps at most its size, dropping the least recently used', () => {
    const lru = new LruCache<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    lru.get('a');
    lru.set('c', 3);
    expect([lru.size, lru.get('a'), lru.get('b'), lru.get('c')]).toEqual([2, 1, undefined, 3]);
  });
});

describe('values kept while nothing was written', () => {
  const database = (changes?: { n: number }) =>
    ({ changes: changes ? () => changes.n : undefined }) as unknown as Database;

  it('given a value kept, then it is answered until a write, and one read before a write that came meanwhile is not kept', () => {
    const writes = { n: 0 };
    const kept = new KeptWhileUnwritten<string>(database(writes), 10);
    kept.set('a', kept.stamp(), 'first');
    expect(kept.get('a')).toBe('first');
    writes.n++;
    expect(kept.get('a')).toBeUndefined();
    const stamp = kept.stamp();
    writes.n++;
    kept.set('a', stamp, 'stale');
    expect(kept.get('a')).toBeUndefined();
  });

  it('given a database with other writers (no write count), then nothing is kept', () => {
    const kept = new KeptWhileUnwritten<string>(database(), 10);
    expect(kept.stamp()).toBeUndefined();
    kept.set('a', kept.stamp(), 'value');
    expect(kept.get('a')).toBeUndefined();
  });
});
