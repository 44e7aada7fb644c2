import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { databases, freshDatabase } from '../test-support';
import { openDatabase, type Database } from './database';
import { defaultMigrationsDir, migrate, readMigrations } from './migrate';

const scratch: string[] = [];
function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'cp-migrations-'));
  scratch.push(dir);
  for (const [name, sql] of Object.entries(files)) writeFileSync(join(dir, name), sql);
  return dir;
}
afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe.each(databases)('migrations on $name', () => {
  const dropAll: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const drop of dropAll.splice(0)) await drop();
  });
  async function open(): Promise<Database> {
    const { db, drop } = await freshDatabase();
    dropAll.push(drop);
    return db;
  }

  it('applies the shipped migrations once, records them, and is idempotent', async () => {
    const db = await open();
    const shipped = readMigrations(defaultMigrationsDir());
    expect(shipped.map((m) => m.version)).toEqual(expect.arrayContaining(['001', '002']));
    expect(await migrate(db)).toEqual(shipped.map((m) => m.version));
    expect(await migrate(db)).toEqual([]);
    const { rows } = await db.query<{ version: string; name: string }>(
      'select version, name from schema_migrations order by version',
    );
    expect(rows.slice(0, 2)).toEqual([
      { version: '001', name: 'init' },
      { version: '002', name: 'identity' },
    ]);
    await db.query("insert into tenants (id, display_name) values ('t1', 'Contoso Ltd')");
    await db.query("insert into users (id, tenant_id, upn) values ('u1', 't1', 'ada@contoso.example')");
    await expect(db.query("insert into users (id, tenant_id, upn) values ('u2', 'nope', 'x@y')")).rejects.toThrow();
  });

  it("given chats written before migration 023, then their messages take the chat's tenant and the keys lead with it", async () => {
    const db = await open();
    const shipped = readMigrations(defaultMigrationsDir());
    const before = folder(
      Object.fromEntries(shipped.filter((m) => m.version < '023').map((m) => [`${m.version}_${m.name}.sql`, m.sql])),
    );
    await migrate(db, before);
    await db.query("insert into tenants (id, display_name) values ('t1', 'One'), ('t2', 'Two')");
    await db.query(
      "insert into users (id, tenant_id, upn) values ('u1', 't1', 'a@one.example'), ('u2', 't2', 'b@two.example')",
    );
    await db.query(
      "insert into chats (id, tenant_id, user_id, dataset, currency) values ('c1', 't1', 'u1', 'all', 'USD'), ('c2', 't2', 'u2', 'all', 'EUR')",
    );
    await db.query(
      "insert into chat_messages (chat_id, sender, message) values ('c1', 'user', 'one?'), ('c2', 'user', 'two?'), ('c1', 'assistant', 'one.')",
    );
    expect(await migrate(db)).toEqual(shipped.filter((m) => m.version >= '023').map((m) => m.version));
    const { rows } = await db.query<{ tenant_id: string; chat_id: string; message: string }>(
      'select tenant_id, chat_id, message from chat_messages order by id',
    );
    expect(rows).toEqual([
      { tenant_id: 't1', chat_id: 'c1', message: 'one?' },
      { tenant_id: 't2', chat_id: 'c2', message: 'two?' },
      { tenant_id: 't1', chat_id: 'c1', message: 'one.' },
    ]);
    // A message of a chat of another tenant, or a chat of another tenant's user, has no parent.
    await expect(
      db.query("insert into chat_messages (tenant_id, chat_id, sender, message) values ('t2', 'c1', 'user', 'x')"),
    ).rejects.toThrow(/foreign key/);
    await expect(
      db.query("insert into chats (id, tenant_id, user_id, dataset, currency) values ('c3', 't2', 'u1', 'all', 'USD')"),
    ).rejects.toThrow(/foreign key/);
    await db.query("delete from chats where tenant_id = 't1' and id = 'c1'");
    expect((await db.query('select chat_id from chat_messages')).rows).toEqual([{ chat_id: 'c2' }]);
  });

  it('given the shipped migrations, then every primary key, unique index and index of a tenant table leads with tenant_id, and every foreign key between them carries it', async () => {
    const db = await open();
    await migrate(db);
    // The lookups that cannot know the tenant: sign-in by an identity's upn, a refresh by its cookie
    // (023); a partner token's site by its id (its `iss`), and whether an origin is some tenant's
    // connected site (the CORS answer) (025).
    const crossTenant = ['connected_sites_origins', 'connected_sites_pkey', 'refresh_tokens_hash', 'users_upn'];
    const { rows: indexes } = await db.query<{ idx: string; def: string }>(
      `select i.relname as idx, pg_get_indexdef(i.oid) as def
         from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class c on c.oid = x.indrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public'
          and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped)
          and (x.indkey[0] = 0 or (select a.attname from pg_attribute a where a.attrelid = c.oid and a.attnum = x.indkey[0]) <> 'tenant_id')
        order by 1`,
    );
    expect(indexes.filter((i) => !crossTenant.includes(i.idx))).toEqual([]);
    expect(indexes.map((i) => i.idx)).toEqual(crossTenant.sort());
    const { rows: keys } = await db.query<{ name: string; def: string }>(
      `select f.conname as name, pg_get_constraintdef(f.oid) as def
         from pg_constraint f join pg_class c on c.oid = f.conrelid join pg_class r on r.oid = f.confrelid
        where f.contype = 'f' and r.relname <> 'tenants'
          and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped)
          and exists (select 1 from pg_attribute a where a.attrelid = r.oid and a.attname = 'tenant_id' and not a.attisdropped)
          and not pg_get_constraintdef(f.oid) like 'FOREIGN KEY (tenant_id, %'
        order by 1`,
    );
    expect(keys).toEqual([]);
    // The tenant's chat messages carry its id (the other tables without one are the product's own: menus, reports, licences…).
    const { rows: messages } = await db.query<{ n: number }>(
      "select count(*)::int as n from pg_attribute where attrelid = 'chat_messages'::regclass and attname = 'tenant_id'",
    );
    expect(messages[0]!.n).toBe(1);
  });

  it('rolls a failing migration back whole and names it', async () => {
    const db = await open();
    const dir = folder({
      '001_ok.sql': 'create table a (id int primary key);',
      '002_broken.sql': 'create table b (id int primary key); insert into nowhere values (1);',
    });
    await expect(migrate(db, dir)).rejects.toThrow(/Migration 002_broken failed/);
    const { rows } = await db.query<{ version: string }>('select version from schema_migrations');
    expect(rows.map((r) => r.version)).toEqual(['001']);
    const tables = await db.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_name in ('a', 'b')",
    );
    expect(tables.rows.map((r) => r.name)).toEqual(['a']);
  });
});

describe('migration files', () => {
  it('refuses a badly named .sql file', () => {
    expect(() => readMigrations(folder({ 'init.sql': 'select 1' }))).toThrow(
      'Migration file "init.sql" must be named NNN_name.sql',
    );
  });

  it('orders by version', () => {
    const dir = folder({ '010_b.sql': 'select 1', '002_a.sql': 'select 2' });
    expect(readMigrations(dir).map((m) => m.version)).toEqual(['002', '010']);
  });
});

// Embedded PGlite by design: the PGlite pass runs it; the PostgreSQL pass, beside the build, took 20–28 s of its 60 to test PGlite again.
describe.skipIf(databases[0]!.name === 'postgres')('embedded storage', () => {
  it('keeps a write across closing and reopening the data folder', async () => {
    const dataDir = folder({});
    const first = await openDatabase({ dataDir });
    await migrate(first);
    await first.query("insert into tenants (id, display_name) values ('t1', 'Contoso Ltd')");
    await first.close();
    const second = await openDatabase({ dataDir });
    expect(await migrate(second)).toEqual([]);
    const { rows } = await second.query<{ display_name: string }>('select display_name from tenants');
    expect(rows).toEqual([{ display_name: 'Contoso Ltd' }]);
    await second.close();
  });
});
