import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '#host/precompress.mjs';
import { buildApp } from '../app';
import type { Database } from '../db/database';
import { CACHE_IMMUTABLE, CACHE_REVALIDATE } from '../http/compression';
import { migratedDatabase, scratchSite, testConfig } from '../test-support';
import { carryReleasesForward, compareVersions, newestOfMajor, releasesIn } from './releases';
import { MAJOR_ALIAS_CACHE } from './routes';

const sri = (data: string | Buffer) => `sha384-${createHash('sha384').update(data).digest('base64')}`;

/** A release folder as the build writes it: an entry importing a chunk, a font, and integrity.json. */
function writeRelease(dir: string, version: string, marker = version): void {
  const root = join(dir, version);
  mkdirSync(join(root, 'chunks'), { recursive: true });
  const files: Record<string, string> = {
    'cloudportal-elements.js': `// ${marker}\n${'export const entry = () => import("./chunks/view-Ab12.js");\n'.repeat(60)}`,
    'chunks/view-Ab12.js': `export default ${JSON.stringify(marker)};\n`,
    'font.css': '@font-face{font-family:Inter}',
  };
  for (const [file, text] of Object.entries(files)) writeFileSync(join(root, file), text);
  const integrity = {
    name: '@cloudportal/elements',
    version,
    entry: 'cloudportal-elements.js',
    algorithm: 'sha384',
    files: Object.fromEntries(Object.entries(files).map(([file, text]) => [file, sri(text)])),
  };
  writeFileSync(join(root, 'integrity.json'), JSON.stringify(integrity));
}

describe('versions are ordered as semver orders them', () => {
  it('orders by major, minor and patch numerically, a pre-release before its release', () => {
    const sorted = ['1.10.0', '1.2.0', '0.9.9', '1.2.0-rc.10', '1.2.0-rc.2', '1.2.0-beta', '2.0.0'].sort(
      compareVersions,
    );
    expect(sorted).toEqual(['0.9.9', '1.2.0-beta', '1.2.0-rc.2', '1.2.0-rc.10', '1.2.0', '1.10.0', '2.0.0']);
  });

  it('a major follows its newest release, never a pre-release, and no other major', () => {
    const versions = ['0.9.0', '1.0.0', '1.4.2', '1.5.0-rc.1', '2.0.0-beta.1'];
    expect(newestOfMajor(versions, '1')).toBe('1.4.2');
    expect(newestOfMajor(versions, '0')).toBe('0.9.0');
    expect(newestOfMajor(versions, '2')).toBeUndefined();
  });
});

describe('a deployment carries the releases of earlier deployments forward', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'cp-releases-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('given a folder holding 0.8.0 and 0.9.0, when build 1.0.0 starts, then all three are served', () => {
    const [build, deployed] = [join(dir, 'a-build'), join(dir, 'a-deployed')];
    writeRelease(build, '1.0.0');
    writeRelease(deployed, '0.8.0');
    writeRelease(deployed, '0.9.0');
    expect(carryReleasesForward(build, deployed)).toEqual({ added: ['1.0.0'], pruned: [], conflicts: [] });
    expect(releasesIn(deployed)).toEqual(['0.8.0', '0.9.0', '1.0.0']);
    // A second instance of the same build adds nothing.
    expect(carryReleasesForward(build, deployed)).toEqual({ added: [], pruned: [], conflicts: [] });
  });

  it('keeps only the newest N releases when asked, and the build’s own beside them', () => {
    const [build, deployed] = [join(dir, 'b-build'), join(dir, 'b-deployed')];
    writeRelease(build, '0.5.0');
    for (const v of ['0.9.0', '1.0.0', '1.1.0']) writeRelease(deployed, v);
    // An older build rolled back onto the folder: its own release stays, the oldest others go.
    expect(carryReleasesForward(build, deployed, 2)).toEqual({ added: ['0.5.0'], pruned: ['0.9.0'], conflicts: [] });
    expect(releasesIn(deployed)).toEqual(['0.5.0', '1.0.0', '1.1.0']);
  });

  it('never changes a release already published: the same version with other files is a conflict, and the first stays', () => {
    const [build, deployed] = [join(dir, 'c-build'), join(dir, 'c-deployed')];
    writeRelease(build, '1.0.0', 'rebuilt without a new version');
    writeRelease(deployed, '1.0.0', 'as first published');
    expect(carryReleasesForward(build, deployed).conflicts).toEqual(['1.0.0']);
    expect(readFileSync(join(deployed, '1.0.0', 'chunks', 'view-Ab12.js'), 'utf8')).toContain('as first published');
  });
});

describe('the SDK served by version, as a CDN serves a package', () => {
  const site = scratchSite();
  const deployed = join(site.dir, 'releases');
  const build = join(site.dir, 'build-releases');
  let db: Database;
  let drop: () => Promise<void>;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const errors: string[] = [];

  beforeAll(async () => {
    writeRelease(deployed, '0.9.0');
    writeRelease(deployed, '1.0.0', 'first published');
    writeRelease(deployed, '1.1.0-rc.1');
    writeRelease(build, '1.0.0', 'rebuilt without a new version');
    writeRelease(build, '1.1.0');
    await precompress([deployed, build]);
    ({ db, drop } = await migratedDatabase());
    const logStream = { write: (line: string) => void (JSON.parse(line).level >= 50 && errors.push(line)) };
    app = await buildApp({
      config: testConfig({ ...site, sdkBuildReleases: build, sdkReleasesDir: deployed, logLevel: 'info' }),
      db,
      logStream,
    });
  });
  afterAll(async () => {
    await app.close();
    await drop();
    site.cleanup();
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });

  it('serves a version’s files for a year, immutable, to any origin, and their brotli copy to a browser that takes it', async () => {
    const res = await get('/sdk/1.1.0/cloudportal-elements.js', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(CACHE_IMMUTABLE);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
  });

  it('lists every file of a version with the sha384 of its bytes in integrity.json', async () => {
    const { files } = (await get('/sdk/1.1.0/integrity.json')).json() as { files: Record<string, string> };
    expect(Object.keys(files).sort()).toEqual(['chunks/view-Ab12.js', 'cloudportal-elements.js', 'font.css']);
    for (const [file, value] of Object.entries(files))
      expect(value, file).toBe(sri((await get(`/sdk/1.1.0/${file}`)).rawPayload));
  });

  it('after an upgrade, a page pinned to an earlier version still loads it, as first published', async () => {
    expect((await get('/sdk/0.9.0/chunks/view-Ab12.js')).body).toContain('0.9.0');
    expect((await get('/sdk/1.0.0/chunks/view-Ab12.js')).body).toContain('first published');
    expect(errors.join('\n')).toContain('SDK release 1.0.0 in SDK_RELEASES_DIR has other files than this build');
  });

  it('sends /sdk/{major}/ to the newest release of that major (no pre-release), for five minutes', async () => {
    const one = await get('/sdk/1/chunks/view-Ab12.js?v=2');
    expect(one.statusCode).toBe(302);
    expect(one.headers.location).toBe('/sdk/1.1.0/chunks/view-Ab12.js?v=2');
    expect(one.headers['cache-control']).toBe(MAJOR_ALIAS_CACHE);
    expect(one.headers['access-control-allow-origin']).toBe('*');
    expect((await get('/sdk/0/cloudportal-elements.js')).headers.location).toBe('/sdk/0.9.0/cloudportal-elements.js');
    expect((await get('/sdk/releases.json')).json()).toEqual({
      versions: ['0.9.0', '1.0.0', '1.1.0-rc.1', '1.1.0'],
      latest: { '0': '0.9.0', '1': '1.1.0' },
    });
  });

  it('answers 404 for a version, a major or a file it does not have, and for a path out of the release', async () => {
    for (const url of [
      '/sdk/2/cloudportal-elements.js',
      '/sdk/3.0.0/cloudportal-elements.js',
      '/sdk/1.1.0/missing.js',
      '/sdk/1.1.0/chunks/..%2f..%2fintegrity.json',
      '/sdk/1.1/cloudportal-elements.js',
    ])
      expect((await get(url)).statusCode, url).toBe(404);
  });

  it('keeps serving the latest build unversioned, revalidated', async () => {
    const res = await get('/sdk/cloudportal-elements.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(CACHE_REVALIDATE);
  });

  it('writes the pinned snippet of a version for this portal: every module’s hash in an import map, the entry’s on its script', async () => {
    const res = await get('/sdk/1.1.0/snippet.txt', { host: 'portal.example' });
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const { files } = (await get('/sdk/1.1.0/integrity.json')).json() as { files: Record<string, string> };
    const map = JSON.parse(/<script type="importmap"[^>]*>([^]*?)<\/script>/.exec(res.body)![1]!) as {
      integrity: Record<string, string>;
    };
    expect(map.integrity).toEqual({
      'http://portal.example/sdk/1.1.0/cloudportal-elements.js': files['cloudportal-elements.js'],
      'http://portal.example/sdk/1.1.0/chunks/view-Ab12.js': files['chunks/view-Ab12.js'],
    });
    expect(res.body).toContain(
      `<script type="module" src="http://portal.example/sdk/1.1.0/cloudportal-elements.js" integrity="${files['cloudportal-elements.js']}" crossorigin="anonymous" nonce="{{nonce}}"></script>`,
    );
    expect(res.body).toContain(`integrity="${files['font.css']}"`);
    // Behind a proxy that terminates TLS, the address the partner's page uses.
    const proxied = await get('/sdk/1.1.0/snippet.txt', {
      host: 'internal:8080',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'portal.example',
    });
    expect(proxied.body).toContain('src="https://portal.example/sdk/1.1.0/cloudportal-elements.js"');
    // The entry's fallback speaks the elements' languages.
    expect(res.body).toContain('The portal could not be reached. Try again in a moment.');
    expect(res.body).toContain('Das Portal ist nicht erreichbar.');
  });
});
