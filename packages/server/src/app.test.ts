import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, contentSecurityPolicy } from './app';
import { type Database } from './db/database';
import { migratedApp, migratedDatabase, scratchSite, testConfig } from './test-support';

describe('reference server: host, partner page, SDK bundle, health', () => {
  let db: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let site: Awaited<ReturnType<typeof migratedApp>>['site'];
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, db, site, close } = await migratedApp());
  });
  afterAll(() => close());

  it('GET /healthz answers ok with the database kind', async () => {
    const res = await app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: db.kind });
  });

  it('serves index.html for a deep link (SPA fallback) under a strict CSP', async () => {
    const res = await app.inject({ url: '/billing/overview?tab=Costs', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<title>host</title>');
    expect(res.headers['content-security-policy']).toContain("style-src 'self'");
    expect(res.headers['content-security-policy']).not.toContain('unsafe-inline');
  });

  it('serves built assets, kept a year (their names carry their hash), and a missing asset is a 404, not HTML', async () => {
    const asset = await app.inject({ url: '/assets/app.js' });
    expect(asset.body).toContain('console.log');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The page itself is checked each time, so a new build reaches the browser.
    expect((await app.inject({ url: '/', headers: { accept: 'text/html' } })).headers['cache-control']).toBe(
      'no-cache',
    );
    const missing = await app.inject({ url: '/assets/missing.js', headers: { accept: '*/*' } });
    expect(missing.statusCode).toBe(404);
  });

  it('answers unknown API routes with a JSON 404', async () => {
    for (const url of ['/api/nothing', '/services/api-portal-customer/api/nothing']) {
      const res = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Not Found', message: `Route GET ${url} not found` });
    }
  });

  it('serves the partner page at /partner/ and redirects /partner', async () => {
    const page = await app.inject({ url: '/partner/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>partner</title>');
    const redirect = await app.inject({ url: '/partner' });
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe('/partner/');
  });

  it('serves the standalone bundle at /sdk/ as JavaScript', async () => {
    const res = await app.inject({ url: '/sdk/cloudportal-elements.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
  });

  it('serves /sdk/ to a partner page on any origin: public code, readable and embeddable cross-origin', async () => {
    const res = await app.inject({
      url: '/sdk/cloudportal-elements.js',
      headers: { origin: 'https://partner.example', 'sec-fetch-mode': 'cors' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // No credentials for public code: a wildcard origin never comes with them.
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('answers 503 with a hint when the host is not built', async () => {
    rmSync(join(site.hostDist, 'index.html'));
    const res = await app.inject({ url: '/billing/overview', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(503);
    expect(res.body).toBe('The reference host is not built: run npm run build');
  });
});

describe('health when the database is gone', () => {
  it('answers 503 unavailable', async () => {
    const site = scratchSite();
    const { db, drop } = await migratedDatabase();
    const app = await buildApp({ config: testConfig(site), db });
    await db.close();
    const res = await app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable' });
    await app.close();
    await drop();
    site.cleanup();
  });
});

describe('the Content-Security-Policy of HTML pages', () => {
  it('allows no inline script or style and only our own origin by default', () => {
    const csp = contentSecurityPolicy({ entra: undefined, guidanceVideoOrigins: [] });
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("style-src 'self';");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('microsoftonline');
    // The guidance dialog frames this server's demo videos, whose embed page plays the file; Power BI reports are framed too.
    expect(csp).toContain("frame-src 'self' https://app.powerbi.com;");
    expect(csp).toContain("media-src 'self';");
    expect(csp).toContain("frame-ancestors 'self'");
  });

  it('given Entra ID sign-in, then MSAL may call and frame the authority, and nothing else', () => {
    const csp = contentSecurityPolicy({
      entra: { clientId: 'c', authority: 'https://login.microsoftonline.com/organizations', jwksUrl: 'https://x/keys' },
      guidanceVideoOrigins: [],
    });
    expect(csp).toContain("connect-src 'self' https://login.microsoftonline.com;");
    expect(csp).toContain("frame-src 'self' https://app.powerbi.com https://login.microsoftonline.com;");
    expect(csp).not.toContain('https://x');
  });

  it('given GUIDANCE_VIDEO_ORIGINS, the video hosts may be framed, and only framed', () => {
    const csp = contentSecurityPolicy({
      entra: undefined,
      guidanceVideoOrigins: ['https://www.youtube-nocookie.com', 'https://*.sharepoint.com'],
    });
    expect(csp).toContain(
      "frame-src 'self' https://app.powerbi.com https://www.youtube-nocookie.com https://*.sharepoint.com;",
    );
    expect(csp.split('; ').filter((d) => d.includes('youtube'))).toHaveLength(1);
  });

  it("given GUIDANCE_VIDEO_ORIGINS, the portal's HTML is served with them in frame-src", async () => {
    const site = scratchSite();
    const { db, drop } = await migratedDatabase();
    const app = await buildApp({
      config: testConfig(site, { GUIDANCE_VIDEO_ORIGINS: 'https://player.vimeo.com,https://www.youtube-nocookie.com' }),
      db,
    });
    try {
      const res = await app.inject({ url: '/billing/overview', headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      // The demo reports' frame on the loopback twin of the page's origin (inject's is http://localhost:80).
      expect(res.headers['content-security-policy']).toContain(
        "frame-src 'self' http://127.0.0.1 https://app.powerbi.com https://player.vimeo.com https://www.youtube-nocookie.com;",
      );
      // The video's frame page is served for other pages to frame: the same sources, without the portal pages' nonce.
      const embed = await app.inject({ url: '/videos/embed/usage', headers: { accept: 'text/html' } });
      const frameSrc = (csp: unknown) =>
        String(csp)
          .split('; ')
          .find((d) => d.startsWith('frame-src'));
      expect(frameSrc(embed.headers['content-security-policy'])).toBe(frameSrc(res.headers['content-security-policy']));
      expect(embed.headers['content-security-policy']).toContain("script-src 'self';");
    } finally {
      await app.close();
      await drop();
      site.cleanup();
    }
  });
});
