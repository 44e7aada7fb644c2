// vitest globalSetup of the server project: a scratch folder for this run's seeded database templates.
// The first test file that needs a seeded database builds the template (migrate + seed, once per seed
// kind and run) and every later one clones it — a PGlite data-folder dump, or a PostgreSQL
// `create database … template` — instead of starting PostgreSQL's initdb and seeding per file.
// See packages/server/src/test-support.ts. Teardown removes the folder and the PostgreSQL templates.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup({ provide }) {
  const dir = mkdtempSync(join(tmpdir(), 'cp-db-templates-'));
  provide('dbTemplateDir', dir);
  return async () => {
    const names = readdirSync(dir)
      .filter((f) => f.endsWith('.pgtemplate'))
      .map((f) => f.replace(/\.pgtemplate$/, ''));
    if (names.length && process.env.TEST_DATABASE_URL) {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      for (const name of names) {
        await client.query(`alter database ${name} is_template false`).catch(() => undefined);
        await client.query(`drop database if exists ${name}`).catch(() => undefined);
      }
      await client.end();
    }
    rmSync(dir, { recursive: true, force: true });
  };
}
