// The demo connected site (issue 38 §4): a partner's website on an origin of its own, with the tiny
// back end every partner writes — it knows its visitor and signs a short-lived token for them with
// the connected site's secret. `npm start` serves it on http://127.0.0.1:4180 beside the portal;
// `node host-example/connected-site/server.mjs` runs it alone. No dependency: node:http and node:crypto.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** The demo site Contoso's administrator registered (seeded by the portal's demo data, packages/server/src/seed/sites.ts). */
export const DEMO_SITE = {
  id: 'site_contoso_demo',
  secretId: 'key_contoso_demo',
  secret: 'demo-partner-secret-do-not-use-in-production',
  tenantId: '5f0a7e32-8d2c-4c47-9a55-1b3f6c1d0a01',
};

/** The partner's own visitors, as its own sign-in would know them: who each is at the portal. */
const VISITORS = {
  ada: 'ada@contoso.example',
  mia: 'multi@wingtip.example',
  gus: 'guest@contoso.example',
};

const b64 = (value) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/**
 * The token the portal exchanges for its visitor's session: HS256 with the site's secret, `kid` the
 * secret's id; `iss` the site, `sub` the visitor's e-mail (or Entra object id), `tid` the tenant,
 * `aud` 'cloudportal', five minutes to live (at most ten), a `jti` used once; `scp` optionally fewer pieces.
 */
export function signPartnerToken({ site, subject, lifetimeSeconds = 300, scope }) {
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iss: site.id,
    sub: subject,
    tid: site.tenantId,
    aud: 'cloudportal',
    iat: now,
    exp: now + lifetimeSeconds,
    jti: randomUUID(),
    ...(scope ? { scp: scope } : {}),
  };
  const unsigned = `${b64({ alg: 'HS256', typ: 'JWT', kid: site.secretId })}.${b64(claims)}`;
  return `${unsigned}.${createHmac('sha256', site.secret).update(unsigned).digest('base64url')}`;
}

/**
 * The page's Content-Security-Policy: what a partner's CSP needs for the portal's pieces — the SDK's
 * script and the API (`script-src`, `connect-src`), the report and video frames (`frame-src`), the
 * branding images (`img-src`). The SDK styles itself with constructable stylesheets: no 'unsafe-inline'.
 */
export function partnerCsp(portal) {
  return [
    "default-src 'self'",
    `script-src 'self' ${portal}`,
    `connect-src 'self' ${portal}`,
    `frame-src ${portal} https://app.powerbi.com`,
    `img-src 'self' data: blob: ${portal}`,
    "style-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
  ].join('; ');
}

/**
 * The names of the Trusted Types policies a page with the SDK allows: the SDK's own (`cloudportal`,
 * `TRUSTED_TYPES_POLICY` of @cloudportal/core) and DOMPurify's (`dompurify`), which sanitizes the
 * assistant's answers and the terms. Core's `TRUSTED_TYPES_POLICIES` lists the same; the e2e test
 * of the strict page holds the two equal.
 */
export const TRUSTED_TYPES_POLICIES = ['cloudportal', 'dompurify'];

/**
 * The strict policy a partner's security team deploys (Google's "strict CSP" with Trusted Types):
 * scripts only by this response's nonce and what they load ('strict-dynamic'), no plugin, no
 * `<base>`, every HTML and script sink fed only through the named Trusted Types policies — beside
 * what the pieces need of the portal, as in {@link partnerCsp}. Violations are reported to
 * `/csp-reports` (`report-uri`: sent at once, where `report-to` is batched).
 */
export function strictPartnerCsp(portal, nonce) {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    `connect-src 'self' ${portal}`,
    `frame-src ${portal} https://app.powerbi.com`,
    `img-src 'self' data: blob: ${portal}`,
    // The theme's font (the pinned snippet's optional stylesheet and its files) comes from the portal.
    `style-src 'self' ${portal}`,
    `font-src ${portal}`,
    "object-src 'none'",
    "base-uri 'none'",
    "require-trusted-types-for 'script'",
    `trusted-types ${TRUSTED_TYPES_POLICIES.join(' ')}`,
    'report-uri /csp-reports',
  ].join('; ');
}

/** The pages served with {@link strictPartnerCsp} and a fresh nonce on their own `<script>` tags (`%NONCE%`). */
const STRICT_PAGES = new Set(['strict.html', 'strict-shell.html']);

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css' };

/** Starts the demo site; resolves its server once it listens. */
export function startConnectedSite({
  port = Number(process.env.PARTNER_SITE_PORT ?? 4180),
  host = '127.0.0.1',
  portal = process.env.PORTAL_URL ?? 'http://localhost:4173',
  site = {
    ...DEMO_SITE,
    ...(process.env.PARTNER_SITE_ID ? { id: process.env.PARTNER_SITE_ID } : {}),
    ...(process.env.PARTNER_SITE_KEY_ID ? { secretId: process.env.PARTNER_SITE_KEY_ID } : {}),
    ...(process.env.PARTNER_SITE_SECRET ? { secret: process.env.PARTNER_SITE_SECRET } : {}),
  },
} = {}) {
  /** How many tokens the back end signed (the page shows it: a renewal is visible). */
  let signed = 0;
  /** The Content-Security-Policy violations browsers reported (`report-uri`), oldest first. */
  const cspReports = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://${host}:${port}`);
    if (url.pathname === '/csp-reports') {
      // What the browser reports is read from it, not assumed: POST as the browser sends it
      // (`application/csp-report`), GET for whoever checks the page (the e2e test).
      if (request.method === 'GET')
        return send(response, 200, 'application/json', JSON.stringify(cspReports), { 'Cache-Control': 'no-store' });
      if (request.method !== 'POST') return send(response, 405, 'text/plain', 'Method not allowed');
      return void readReport(request).then(
        (report) => {
          if (report) cspReports.push(report);
          send(response, 204, 'text/plain', '');
        },
        () => send(response, 400, 'text/plain', 'Unreadable report'),
      );
    }
    if (url.pathname === '/token') {
      // The partner's own check of its visitor would be here (its session cookie); the demo takes `as`.
      const subject = VISITORS[url.searchParams.get('as') ?? 'ada'];
      if (!subject) return send(response, 404, 'application/json', JSON.stringify({ error: 'No such visitor' }));
      const scope = url.searchParams.get('scp')?.split(',').filter(Boolean);
      const lifetimeSeconds = Number(url.searchParams.get('ttl') ?? 300);
      signed++;
      const token = signPartnerToken({ site, subject, lifetimeSeconds, scope });
      return send(response, 200, 'application/json', JSON.stringify({ token, signed }), {
        'Cache-Control': 'no-store',
      });
    }
    if (url.pathname === '/favicon.ico') return send(response, 204, 'image/x-icon', '');
    const file = url.pathname === '/' ? 'index.html' : url.pathname.slice(1);
    if (!/^[\w-]+\.(html|js|css)$/.test(file)) return send(response, 404, 'text/plain', 'Not found');
    let body;
    try {
      body = readFileSync(join(here, file), 'utf8').replaceAll('%PORTAL%', portal);
    } catch {
      return send(response, 404, 'text/plain', 'Not found');
    }
    // `?sdk={version}`: the page loads that release of the SDK, pinned — every file checked against
    // its hash (the portal's snippet for it, in the head of a strict page) — and our script imports it.
    const sdk = url.searchParams.get('sdk');
    if (sdk !== null && !RELEASE.test(sdk))
      return send(response, 400, 'text/plain', 'sdk must be a version, e.g. 1.2.3');
    body = body
      .replaceAll('%SDK_ENTRY%', `${portal}/sdk/${sdk ? `${sdk}/` : ''}cloudportal-elements.js`)
      .replaceAll('%SDK_QUERY%', sdk ? `?sdk=${sdk}` : '');
    let headers = file.endsWith('.html') ? { 'Content-Security-Policy': partnerCsp(portal) } : {};
    if (STRICT_PAGES.has(file)) {
      // A nonce of its own for every response, and so no cached copy: a nonce is never used twice.
      const nonce = randomBytes(18).toString('base64');
      body = body.replaceAll('%NONCE%', nonce);
      headers = { 'Content-Security-Policy': strictPartnerCsp(portal, nonce), 'Cache-Control': 'no-store' };
      if (sdk)
        return void pinnedSnippet(portal, sdk).then(
          (snippet) =>
            send(
              response,
              200,
              TYPES['.html'],
              body.replace('<head>', `<head>\n${snippet.replaceAll('{{nonce}}', nonce)}`),
              headers,
            ),
          (error) => send(response, 502, 'text/plain', `The portal gave no snippet for SDK ${sdk}: ${error.message}`),
        );
    }
    send(response, 200, TYPES[file.slice(file.lastIndexOf('.'))], body, headers);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

/** A release of the SDK, as `/sdk/{version}/` names it. */
const RELEASE = /^\d{1,6}\.\d{1,6}\.\d{1,6}(-[0-9A-Za-z.-]{1,40})?$/;

/** The snippets of the releases asked for: a release's files, and so its snippet, never change. */
const snippets = new Map();

/**
 * The HTML that loads release `version` of the SDK with Subresource Integrity, as the portal writes
 * it for its releases (`/sdk/{version}/snippet.txt`): what a partner pastes into its pages once per
 * upgrade. The demo asks for it when a page is first asked with `?sdk=`.
 */
function pinnedSnippet(portal, version) {
  const key = `${portal} ${version}`;
  if (!snippets.has(key))
    snippets.set(
      key,
      fetch(`${portal}/sdk/${version}/snippet.txt`).then((res) => {
        if (!res.ok) {
          snippets.delete(key);
          throw new Error(`${res.status} ${res.statusText}`);
        }
        return res.text();
      }),
    );
  return snippets.get(key);
}

/** A `report-uri` report's body (`{"csp-report": {…}}`), or null when it is not one; at most 64 KB read. */
async function readReport(request) {
  let text = '';
  for await (const chunk of request) {
    text += chunk;
    if (text.length > 65_536) return null;
  }
  try {
    return JSON.parse(text)['csp-report'] ?? null;
  } catch {
    return null;
  }
}

function send(response, status, type, body, headers = {}) {
  response.writeHead(status, { 'Content-Type': type, 'X-Content-Type-Options': 'nosniff', ...headers });
  response.end(body);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startConnectedSite();
  const { port } = server.address();
  console.log(`The demo connected site is on http://127.0.0.1:${port}/`);
}
