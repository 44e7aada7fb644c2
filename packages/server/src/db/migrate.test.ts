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
    const { rows } = await db.query<{ version: string; name: string }>('select version, name from schema_migrations order by version');
    expect(rows.slice(0, 2)).toEqual([
      { version: '001', name: 'init' },
      { version: '002', name: 'identity' },
    ]);
    await db.query("insert into tenants (id, display_name) values ('t1', 'Contoso Ltd')");
    await db.query("insert into users (id, tenant_id, upn) values ('u1', 't1', 'ada@contoso.example')");
    await expect(db.query("insert into users (id, tenant_id, upn) values ('u2', 'nope', 'x@y')")).rejects.toThrow();
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
    const tables = await db.query<{ name: string }>("select table_name as name from information_schema.tables where table_name in ('a', 'b')");
    expect(tables.rows.map((r) => r.name)).toEqual(['a']);
  });
});

describe('migration files', () => {
  it('refuses a badly named .sql file', () => {
    expect(() => readMigrations(folder({ 'init.sql': 'select 1' }))).toThrow('Migration file "init.sql" must be named NNN_name.sql');
  });

  it('orders by version', () => {
    const dir = folder({ '010_b.sql': 'select 1', '002_a.sql': 'select 2' });
    expect(readMigrations(dir).map((m) => m.version)).toEqual(['002', '010']);
  });
});

describe('embedded storage', () => {
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
