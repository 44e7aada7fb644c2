import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRUSTED_TYPES_POLICIES } from '@cloudportal/core';
import { buildApp } from '../app';
import type { Database } from '../db/database';
import { migratedDatabase, scratchSite, testConfig } from '../test-support';
import { CSP_REPORTS_ROUTE, violationsOf } from './cspReports';
import { withNonce } from './pages';

const PAGE = `<!doctype html><html><head><script type="module" src="/assets/early.js" crossorigin></script>
<link rel="modulepreload" href="/assets/react.js"><link rel="stylesheet" href="/assets/index.css"></head>
<body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>`;

/** The nonce a page's policy names, and those its elements carry. */
function nonces(res: { headers: Record<string, unknown>; body: string }) {
  const policy = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
  const carried = [...res.body.matchAll(/ nonce="([^"]+)"/g)].map((m) => m[1]);
  return { policy, carried };
}

describe('the portal’s own pages run under a nonce, strict-dynamic and Trusted Types', () => {
  const site = scratchSite();
  let db: Database;
  let drop: () => Promise<void>;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const logged: { violation?: unknown; msg?: string }[] = [];

  beforeAll(async () => {
    writeFileSync(join(site.hostDist, 'index.html'), PAGE);
    writeFileSync(join(site.partnerDir, 'report.html'), PAGE);
    ({ db, drop } = await migratedDatabase());
    const logStream = { write: (line: string) => void logged.push(JSON.parse(line)) };
    app = await buildApp({
      config: testConfig({ ...site, metricsToken: 'scrape-token-0123', logLevel: 'warn' }),
      db,
      logStream,
    });
  });
  afterAll(async () => {
    await app.close();
    await drop();
    site.cleanup();
  });

  const page = (url: string) => app.inject({ url, headers: { accept: 'text/html' } });

  it('given the portal’s page, every script and preload carries the nonce its policy names, a new one each time', async () => {
    for (const url of ['/', '/billing/overview?tab=Costs', '/partner/report.html']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      const { policy, carried } = nonces(res);
      expect(policy, url).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      // Two scripts, two links, and the meta the module preloader reads.
      expect(carried, url).toEqual([policy, policy, policy, policy, policy]);
      expect(res.body).toContain(`<meta property="csp-nonce" nonce="${policy}" />`);
      // Never revalidated into an old body with a new policy.
      expect(res.headers.etag).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect(nonces(await page('/')).policy).not.toBe(nonces(await page('/')).policy);
  });

  it('names the SDK’s Trusted Types policies, requires them for every script sink, and reports violations', async () => {
    const policy = String((await page('/')).headers['content-security-policy']).split('; ');
    expect(policy).toContain("require-trusted-types-for 'script'");
    expect(policy).toContain(`trusted-types ${TRUSTED_TYPES_POLICIES.join(' ')}`);
    expect(policy).toContain(`report-uri ${CSP_REPORTS_ROUTE}`);
    expect(policy).toContain("base-uri 'none'");
    expect(policy.find((d) => d.startsWith('script-src'))).toMatch(
      /^script-src 'nonce-[^']+' 'strict-dynamic' 'self'$/,
    );
    expect(policy.join('; ')).not.toContain('unsafe');
  });

  it('never sends a page without its nonce: its file’s own address is not served as it is', async () => {
    expect((await app.inject({ url: '/index.html', headers: { accept: '*/*' } })).statusCode).toBe(404);
    expect((await page('/partner/')).body).toContain('<title>partner</title>');
  });

  describe('when a browser reports a violation', () => {
    const report = {
      'csp-report': {
        'document-uri': 'http://localhost:4173/billing/overview?token=secret',
        'effective-directive': 'require-trusted-types-for',
        'violated-directive': "require-trusted-types-for 'script'",
        'blocked-uri': 'trusted-types-sink',
        'source-file': 'http://localhost:4173/assets/index.js',
        'line-number': 12,
        'script-sample': 'Element innerHTML|<b>x</b>',
      },
    };
    const metric = async () => {
      const text = (await app.inject({ url: '/metrics', headers: { authorization: 'Bearer scrape-token-0123' } })).body;
      return Number(
        /cloudportal_csp_reports_total\{directive="require-trusted-types-for"\} (\d+)/.exec(text)?.[1] ?? 0,
      );
    };

    it('counts it by directive and logs it without the page’s query', async () => {
      const before = await metric();
      const res = await app.inject({
        method: 'POST',
        url: CSP_REPORTS_ROUTE,
        headers: { 'content-type': 'application/csp-report' },
        payload: JSON.stringify(report),
      });
      expect(res.statusCode).toBe(204);
      expect(await metric()).toBe(before + 1);
      const line = logged.find((l) => l.msg === 'Content-Security-Policy violation reported');
      expect(line?.violation).toEqual({
        directive: 'require-trusted-types-for',
        blocked: 'trusted-types-sink',
        document: 'http://localhost:4173/billing/overview',
        source: 'http://localhost:4173/assets/index.js',
        line: 12,
        sample: 'Element innerHTML|<b>x</b>',
      });
    });

    it('takes the Reporting API’s batches too', async () => {
      const before = await metric();
      const res = await app.inject({
        method: 'POST',
        url: CSP_REPORTS_ROUTE,
        headers: { 'content-type': 'application/reports+json' },
        payload: JSON.stringify([
          {
            type: 'csp-violation',
            body: { effectiveDirective: 'require-trusted-types-for', blockedURL: 'trusted-types-sink' },
          },
          {
            type: 'csp-violation',
            body: { effectiveDirective: 'require-trusted-types-for', blockedURL: 'trusted-types-sink' },
          },
          { type: 'deprecation', body: { id: 'x' } },
        ]),
      });
      expect(res.statusCode).toBe(204);
      expect(await metric()).toBe(before + 2);
    });

    it('refuses a body that is no report with 400, and counts nothing', async () => {
      const before = await metric();
      for (const payload of ['not json', JSON.stringify({ hello: 1 }), JSON.stringify([{ type: 'deprecation' }])]) {
        const res = await app.inject({
          method: 'POST',
          url: CSP_REPORTS_ROUTE,
          headers: { 'content-type': 'application/csp-report' },
          payload,
        });
        expect(res.statusCode, payload).toBe(400);
      }
      expect(await metric()).toBe(before);
    });
  });
});

describe('a page’s elements take the nonce', () => {
  it('adds it to each script and link that has none, and the meta the preloader reads', () => {
    expect(withNonce('<head><script src="a.js"></script><link rel="modulepreload" href="b.js"></head>', 'N')).toBe(
      '<head><meta property="csp-nonce" nonce="N" /><script nonce="N" src="a.js"></script><link nonce="N" rel="modulepreload" href="b.js"></head>',
    );
  });

  it('counts an unknown directive as other, so the metric’s label stays small', () => {
    expect(violationsOf({ 'csp-report': { 'effective-directive': 'made-up-src' } })[0]?.directive).toBe('other');
  });
});
