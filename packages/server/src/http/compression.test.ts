import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '#host/precompress.mjs';
import { buildApp } from '../app';
import { type Database } from '../db/database';
import { migratedDatabase, scratchSite, testConfig } from '../test-support';
import { CACHE_IMMUTABLE, CACHE_REVALIDATE } from './compression';

/** A module of `kb` KB that compresses as real code does (repeated, not random). */
const moduleText = (name: string, kb: number) =>
  Array.from({ length: kb * 16 }, (_, i) => `export const ${name}${i} = () => ${JSON.stringify(`${name} ${i}`)};`).join(
    '\n',
  );

describe('served like a CDN would (issue 42 §1): precompressed files, cache headers by name, compressed API answers', () => {
  const site = scratchSite();
  const files = {
    entry: moduleText('entry', 4),
    chunk: moduleText('chunk', 4),
    asset: moduleText('asset', 4),
    page: `<!doctype html><title>host</title><div id="root"></div><!-- ${'portal '.repeat(300)} -->`,
  };
  let db: Database;
  let drop: () => Promise<void>;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    mkdirSync(join(site.sdkDir, 'chunks'));
    writeFileSync(join(site.sdkDir, 'cloudportal-elements.js'), files.entry);
    writeFileSync(join(site.sdkDir, 'chunks', 'view-Ab12Cd34.js'), files.chunk);
    writeFileSync(join(site.hostDist, 'assets', 'app-Ef56Gh78.js'), files.asset);
    writeFileSync(join(site.hostDist, 'index.html'), files.page);
    // A copy left by an older build whose file is gone.
    writeFileSync(join(site.hostDist, 'assets', 'old-Zz99.js.br'), 'stale');
    await precompress([site.sdkDir, site.hostDist]);
    ({ db, drop } = await migratedDatabase());
    app = await buildApp({ config: testConfig({ ...site, metricsToken: 'scrape' }), db });
  });
  afterAll(async () => {
    await app.close();
    await drop();
    site.cleanup();
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });

  describe('the build writes the copies', () => {
    it('writes a brotli and a gzip copy of each text file of 1 KB or more, none of a smaller one, and removes stale copies', () => {
      for (const file of ['cloudportal-elements.js', join('chunks', 'view-Ab12Cd34.js')])
        for (const ext of ['.br', '.gz']) expect(existsSync(join(site.sdkDir, file + ext))).toBe(true);
      expect(existsSync(join(site.hostDist, 'index.html.br'))).toBe(true);
      // scratchSite's partner page is a few bytes: not worth a copy.
      expect(existsSync(join(site.partnerDir, 'index.html.br'))).toBe(false);
      expect(existsSync(join(site.hostDist, 'assets', 'old-Zz99.js.br'))).toBe(false);
    });
  });

  describe('given a browser that accepts brotli and gzip', () => {
    it('when it loads the partners’ bundle, then it gets the brotli copy, revalidated by ETag, still readable cross-origin', async () => {
      const res = await get('/sdk/cloudportal-elements.js', { 'accept-encoding': 'gzip, deflate, br' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe(CACHE_REVALIDATE);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(files.entry);
      expect(res.rawPayload.length).toBeLessThan(files.entry.length / 3);
      // The build's copy as it is, not compressed again per request (that would drop the length).
      expect(Number(res.headers['content-length'])).toBe(
        statSync(join(site.sdkDir, 'cloudportal-elements.js.br')).size,
      );
      const etag = String(res.headers.etag);
      expect(etag).not.toBe('undefined');
      const again = await get('/sdk/cloudportal-elements.js', { 'accept-encoding': 'br', 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
    });

    it('then a chunk named by its hash, and a host asset, are kept a year', async () => {
      for (const url of ['/sdk/chunks/view-Ab12Cd34.js', '/assets/app-Ef56Gh78.js']) {
        const res = await get(url, { 'accept-encoding': 'br' });
        expect(res.headers['content-encoding']).toBe('br');
        expect(res.headers['cache-control']).toBe(CACHE_IMMUTABLE);
      }
    });

    it('then a deep link’s page, sent with a nonce of its own, is compressed as it goes and keeps its CSP; so is a partner page', async () => {
      const page = await get('/billing/overview', { accept: 'text/html', 'accept-encoding': 'br' });
      expect(page.headers['content-encoding']).toBe('br');
      expect(page.headers['content-security-policy']).toMatch(/script-src 'nonce-[\w+/=]+' 'strict-dynamic'/);
      expect(brotliDecompressSync(page.rawPayload).toString()).toBe(files.page);
      writeFileSync(join(site.partnerDir, 'big.html'), files.page);
      const partner = await get('/partner/big.html', { 'accept-encoding': 'br' });
      expect(partner.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(partner.rawPayload).toString()).toBe(files.page);
    });

    it('then an API answer over 1 KB is compressed, and a small one is sent as it is', async () => {
      const metrics = await get('/metrics', { authorization: 'Bearer scrape', 'accept-encoding': 'gzip, br' });
      expect(metrics.statusCode).toBe(200);
      expect(metrics.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(metrics.rawPayload).toString()).toContain('# HELP');
      const health = await get('/healthz', { 'accept-encoding': 'gzip, br' });
      expect(health.headers['content-encoding']).toBeUndefined();
      expect(health.json()).toMatchObject({ status: 'ok' });
    });
  });

  it('given a browser that accepts gzip only, then it gets the gzip copy', async () => {
    const res = await get('/sdk/cloudportal-elements.js', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(files.entry);
  });

  it('given a client that asks for no encoding, then every file comes as it is', async () => {
    const res = await get('/sdk/cloudportal-elements.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(files.entry);
    const page = await get('/', { accept: 'text/html' });
    expect(page.body).toBe(files.page);
  });
});
