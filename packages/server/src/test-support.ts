import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A scratch folder with a fake built host, partner page and SDK bundle, removed by `cleanup()`. */
export function scratchSite() {
  const dir = mkdtempSync(join(tmpdir(), 'cp-server-test-'));
  const hostDist = join(dir, 'host');
  const partnerDir = join(dir, 'partner');
  const sdkDir = join(dir, 'sdk');
  for (const d of [hostDist, join(hostDist, 'assets'), partnerDir, sdkDir]) mkdirSync(d, { recursive: true });
  writeFileSync(join(hostDist, 'index.html'), '<!doctype html><title>host</title><div id="root"></div>');
  writeFileSync(join(hostDist, 'assets', 'app.js'), 'console.log("app")');
  writeFileSync(join(partnerDir, 'index.html'), '<!doctype html><title>partner</title>');
  writeFileSync(join(sdkDir, 'cloudportal-elements.js'), 'export const x = 1;');
  return { dir, hostDist, partnerDir, sdkDir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The databases the database tests run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const databases: { name: string; databaseUrl?: string }[] = [
  { name: 'pglite' },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'postgres', databaseUrl: process.env.TEST_DATABASE_URL }] : []),
];
