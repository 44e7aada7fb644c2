import { createAuthApi, createSettingsApi, type SettingsApi } from '@cloudportal/core';
import { DEFAULT_PRODUCT_VERSION, EMAIL_TENANT_HOURLY_MAX, FILE_UPLOAD_MAX_BYTES } from '@cloudportal/core/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT } from '../seed/tenants';
import { signInAs, startTestServer, expectStatus, refusal, type TestServer as Server } from '../test-support';

const FORBIDDEN = 'Only tenant administrators may change settings.';
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

describe('settings and administration service (spec §7) through the typed client', () => {
  let server: Server;
  let ada: SettingsApi;
  let max: SettingsApi;
  let eve: SettingsApi;
  let sam: SettingsApi;
  let anonymous: SettingsApi;

  beforeAll(async () => {
    server = await startTestServer();
    ada = createSettingsApi((await signInAs(server, 'ada@contoso.example')).http);
    max = createSettingsApi((await signInAs(server, 'max@fabrikam.example')).http);
    eve = createSettingsApi((await signInAs(server, 'eve@northwind.example')).http);
    sam = createSettingsApi((await signInAs(server, 'sam@litware.example')).http);
    anonymous = createSettingsApi(server.client().http);
  });
  afterAll(() => server.close());

  describe('settings', () => {
    it('given a tenant with no overrides, GET /api answers the server defaults with product version 2.0.1', async () => {
      const s = await max.settings();
      expect(s).toMatchObject({
        productName: 'Cloud Portal',
        productVersion: DEFAULT_PRODUCT_VERSION,
        eula: '/api/public/eula',
        uiSessionTimeout: 30,
        plgDisabled: false,
      });
      expect(s.instanceId).toMatch(/^[0-9a-f-]{36}$/);
      expect(s.defaultLogoUrl).toBe('/services/api-portal-customer/api/branding/branding-logo/content?owner=default');
      expect(s.powerBiAzureMarketing).toContain('marketing-azure');
    });

    it('given Litware, plgDisabled comes from the tenant', async () => {
      expect((await sam.settings()).plgDisabled).toBe(true);
    });

    it('given ada (admin), POST /api saves Contoso overrides that only Contoso sees, and null returns to the default', async () => {
      const saved = await ada.saveSettings({
        productName: 'Contoso Cloud',
        uiSessionTimeout: 60,
        salesEmail: 'sales@contoso.example',
      });
      expect(saved).toMatchObject({
        productName: 'Contoso Cloud',
        uiSessionTimeout: 60,
        salesEmail: 'sales@contoso.example',
        productVersion: DEFAULT_PRODUCT_VERSION,
      });
      expect(await ada.settings()).toMatchObject({ productName: 'Contoso Cloud', uiSessionTimeout: 60 });
      expect(await max.settings()).toMatchObject({ productName: 'Cloud Portal', uiSessionTimeout: 30 });
      expect((await ada.saveSettings({ uiSessionTimeout: null })).uiSessionTimeout).toBe(30);
      expect((await ada.settings()).productName).toBe('Contoso Cloud');
    });

    it('given ada, invalid settings are a readable 400 and nothing is saved', async () => {
      await expectStatus(ada.saveSettings({ uiSessionTimeout: 0 }), 400, /uiSessionTimeout/);
      await expectStatus(ada.saveSettings({ eula: 'javascript:alert(1)' }), 400);
      await expectStatus(ada.saveSettings({ salesEmail: 'not an address' }), 400);
      await expectStatus(ada.saveSettings({ productVersion: '9.9.9' } as never), 400);
      expect((await ada.settings()).productVersion).toBe(DEFAULT_PRODUCT_VERSION);
    });

    it('given max (not an administrator), POST /api is refused with 403 and the Fabrikam settings are unchanged', async () => {
      await expectStatus(max.saveSettings({ productName: 'Hacked' }), 403, FORBIDDEN);
      expect((await max.settings()).productName).toBe('Cloud Portal');
    });

    it('given the configured eula URL, the terms HTML loads without a token under the strict CSP', async () => {
      const { eula } = await anonymous.settings().catch(() => ({ eula: '/api/public/eula' }));
      const html = await anonymous.eulaHtml(eula);
      expect(html).toContain('<h1>Terms and Conditions</h1>');
      expect(html).not.toMatch(/<script/i);
      const res = await fetch(`${server.baseUrl}${eula}`);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    });
  });

  describe('terms (spec §2 forced terms dialog, §8 Terms)', () => {
    it('given max with forceEula, accepting sets eula_accepted_at and whois then reports forceEula false', async () => {
      const c = await signInAs(server, 'max@fabrikam.example');
      const auth = createAuthApi(c.http);
      expect((await auth.accountWhois()).forceEula).toBe(true);
      const accepted = await createSettingsApi(c.http).acceptEula();
      expect(Date.parse(accepted.eulaAcceptedAt)).toBeGreaterThan(Date.now() - 60_000);
      expect((await auth.accountWhois()).forceEula).toBe(false);
    });

    it('given eve (canAcceptEula false), accepting is refused with Not Accepted and forceEula stays true', async () => {
      await expectStatus(eve.acceptEula(), 403, /^Not Accepted/);
      const c = await signInAs(server, 'eve@northwind.example');
      expect((await createAuthApi(c.http).accountWhois()).forceEula).toBe(true);
    });
  });

  describe('files and branding', () => {
    it('given max, an uploaded text file round-trips with its content type and size, then is deleted', async () => {
      const info = await max.uploadFile('notes', new Blob(['hello fabrikam'], { type: 'text/plain' }), 'notes.txt');
      expect(info).toMatchObject({
        id: 'notes',
        kind: 'file',
        filename: 'notes.txt',
        contentType: 'text/plain',
        size: 14,
      });
      expect(await max.file('notes')).toEqual(info);
      const blob = await max.fileContent('notes');
      expect(blob.type).toMatch(/^text\/plain/);
      expect(await blob.text()).toBe('hello fabrikam');
      await max.deleteFile('notes');
      await expectStatus(max.file('notes'), 404);
    });

    it('given a PNG upload, the content is served with nosniff and its bytes intact', async () => {
      await max.uploadFile('chart', new Blob([PNG], { type: 'image/png' }), 'chart.png');
      const res = await fetch(`${server.baseUrl}/services/api-portal-customer/api/files/chart/content`, {
        headers: { authorization: `Bearer ${(await signInAs(server, 'max@fabrikam.example')).getToken()}` },
      });
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);
    });

    it('given a file over 2 MiB, the upload is refused with 413 and a readable message', async () => {
      const big = new Blob([new Uint8Array(FILE_UPLOAD_MAX_BYTES + 1).fill(65)], { type: 'text/plain' });
      await expectStatus(max.uploadFile('big', big, 'big.txt'), 413, 'The file is larger than the 2 MiB upload limit.');
      await expectStatus(max.file('big'), 404);
    });

    it('given a disallowed type or content that does not match its type, the upload is refused with 415', async () => {
      await expectStatus(
        max.uploadFile('page', new Blob(['<html></html>'], { type: 'text/html' }), 'page.html'),
        415,
        /text\/html cannot be uploaded/,
      );
      await expectStatus(
        max.uploadFile('fake', new Blob(['<html></html>'], { type: 'image/png' }), 'fake.png'),
        415,
        "The file's content is not image/png.",
      );
    });

    it('given a bad file id, the call is a 400', async () => {
      await expectStatus(max.file('Bad_ID'), 400);
      await expectStatus(max.uploadFile('-x', new Blob(['x'], { type: 'text/plain' }), 'x.txt'), 400);
    });

    it('given max (not an administrator), branding files cannot be uploaded or deleted', async () => {
      await expectStatus(
        max.uploadFile('branding-logo', new Blob([PNG], { type: 'image/png' }), 'logo.png'),
        403,
        FORBIDDEN,
      );
      await expectStatus(max.deleteFile('branding-logo'), 403, FORBIDDEN);
    });

    it('given Contoso (branded), branding points at Contoso files; a non-branded tenant gets the defaults', async () => {
      const contoso = await ada.branding();
      expect(contoso).toEqual({
        branded: true,
        brandedBy: 'Contoso Cloud Partners',
        logoUrl: expect.stringMatching(
          `^/services/api-portal-customer/api/branding/branding-logo/content\\?owner=${TENANT.contoso}&v=`,
        ),
        logoShortUrl: expect.stringMatching(
          `^/services/api-portal-customer/api/branding/branding-logo-short/content\\?owner=${TENANT.contoso}&v=`,
        ),
        iconUrl: expect.stringMatching(
          `^/services/api-portal-customer/api/branding/branding-icon/content\\?owner=${TENANT.contoso}&v=`,
        ),
      });
      const fabrikam = await max.branding();
      expect(fabrikam).toMatchObject({
        branded: false,
        brandedBy: null,
        logoUrl: '/services/api-portal-customer/api/branding/branding-logo/content?owner=default',
      });
      const logo = await ada.brandingFile('branding-logo', TENANT.contoso);
      expect(logo.type).toBe('image/svg+xml');
      expect(await logo.text()).toContain('Contoso');
      expect(await (await max.brandingFile('branding-icon', 'default')).text()).toContain('<svg');
    });

    it('given an SVG, its content is served sandboxed', async () => {
      const token = (await signInAs(server, 'ada@contoso.example')).getToken();
      const res = await fetch(
        `${server.baseUrl}/services/api-portal-customer/api/branding/branding-logo/content?owner=default`,
        { headers: { authorization: `Bearer ${token}` } },
      );
      expect(res.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    });

    it('given an SVG logo carrying a script, an event handler, a foreignObject or an external reference, the upload is refused with the reason and the logo is unchanged', async () => {
      const before = await ada.branding();
      const hostile =
        '<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("/api/auth/refresh-token",{method:"POST",credentials:"include"})</script><rect onclick="x()"/></svg>';
      const error = await expectStatus(
        ada.uploadFile('branding-logo', new Blob([hostile], { type: 'image/svg+xml' }), 'logo.svg'),
        415,
      );
      expect((error.body as { message: string }).message).toBe(
        'The SVG was refused because it carries a <script> element; an event handler (onclick). Remove scripts, event handlers, foreignObject and links to other files, then upload it again.',
      );
      await expectStatus(
        ada.uploadFile(
          'doc',
          new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><foreignObject/></svg>'], { type: 'image/svg+xml' }),
          'doc.svg',
        ),
        415,
        /a <foreignObject> element/,
      );
      await expectStatus(
        ada.uploadFile(
          'doc',
          new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><image href="https://evil.example/x.png"/></svg>'], {
            type: 'image/svg+xml',
          }),
          'doc.svg',
        ),
        415,
        /a link to another file/,
      );
      expect(await ada.branding()).toEqual(before);
    });

    it('every stored file is served from a fixed type list, with nosniff, a sandbox and its name, even one stored before uploads were checked', async () => {
      // A file written before the check (or by other means): HTML under an SVG name, and an unknown type.
      await server.db.query(
        `insert into files (tenant_id, id, kind, filename, content_type, size, content, uploaded_by) values ($1, 'old-logo', 'file', 'old "logo".svg', 'image/svg+xml', 10, $2, 'x'), ($1, 'odd', 'file', 'odd.html', 'text/html', 4, $3, 'x')`,
        [
          TENANT.contoso,
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          Buffer.from('<b>x'),
        ],
      );
      const token = (await signInAs(server, 'ada@contoso.example')).getToken();
      const read = (id: string) =>
        fetch(`${server.baseUrl}/services/api-portal-customer/api/files/${id}/content`, {
          headers: { authorization: `Bearer ${token}` },
        });
      const svg = await read('old-logo');
      expect(svg.headers.get('content-type')).toBe('image/svg+xml');
      expect(svg.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
      expect(svg.headers.get('x-content-type-options')).toBe('nosniff');
      expect(svg.headers.get('content-disposition')).toBe('inline; filename="old__logo_.svg"');
      const odd = await read('odd');
      expect(odd.headers.get('content-type')).toBe('application/octet-stream');
      expect(odd.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    });

    it("given a tenant's file, its contentUrl is the server's own signed address: it reads without a token, only for that file, and not once changed or expired", async () => {
      const info = await ada.uploadFile('signed', new Blob([PNG], { type: 'image/png' }), 'signed.png');
      expect(info.contentUrl).toMatch(
        /^\/services\/api-portal-customer\/api\/files\/signed\/content\?owner=.+&v=\d+&exp=\d+&sig=[\w-]+$/,
      );
      const anonymous = await fetch(`${server.baseUrl}${info.contentUrl}`);
      expect(anonymous.status).toBe(200);
      expect(new Uint8Array(await anonymous.arrayBuffer())).toEqual(PNG);
      expect(anonymous.headers.get('content-security-policy')).toMatch(/^sandbox/);
      for (const tampered of [
        info.contentUrl.replace('/files/signed/', '/files/chart/'),
        info.contentUrl.replace(/owner=[^&]+/, `owner=${TENANT.fabrikam}`),
        info.contentUrl.replace(/sig=.*/, 'sig=AAAA'),
        info.contentUrl.replace(/exp=\d+/, 'exp=1000'),
      ]) {
        const res = await fetch(`${server.baseUrl}${tampered}`);
        expect(res.status).toBe(403);
        expect(((await res.json()) as { message: string }).message).toBe(
          'This file address has expired or is not valid: reload the page for a new one.',
        );
      }
      expect(
        (await fetch(`${server.baseUrl}/services/api-portal-customer/api/files/signed/content?owner=${TENANT.contoso}`))
          .status,
      ).toBe(401);
    });

    it("given Contoso's branding, the logo addresses are signed server URLs an <img> can load without a token; the defaults are public", async () => {
      const { logoUrl } = await ada.branding();
      expect(logoUrl).toMatch(
        new RegExp(
          `^/services/api-portal-customer/api/branding/branding-logo/content\\?owner=${TENANT.contoso}&v=\\d+&exp=\\d+&sig=`,
        ),
      );
      const res = await fetch(`${server.baseUrl}${logoUrl}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
      expect(res.headers.get('cache-control')).toBe('private, max-age=3600');
      expect(
        (await fetch(`${server.baseUrl}/services/api-portal-customer/api/branding/branding-logo/content?owner=default`))
          .status,
      ).toBe(200);
      expect(
        (
          await fetch(
            `${server.baseUrl}/services/api-portal-customer/api/branding/branding-logo/content?owner=${TENANT.contoso}`,
          )
        ).status,
      ).toBe(401);
    });

    it('given ada, a branding upload replaces Contoso logo and deleting it falls back to the default', async () => {
      await ada.uploadFile('branding-logo-short', new Blob([PNG], { type: 'image/png' }), 'short.png');
      expect((await ada.file('branding-logo-short')).contentType).toBe('image/png');
      await ada.deleteFile('branding-logo-short');
      expect((await ada.branding()).logoShortUrl).toContain('owner=default');
    });

    it('given max, Contoso files and branding are out of reach: read, delete and owner are refused', async () => {
      await ada.uploadFile('contoso-secret', new Blob(['contoso only'], { type: 'text/plain' }), 'secret.txt');
      await expectStatus(max.file('contoso-secret'), 404);
      await expectStatus(max.fileContent('contoso-secret'), 404);
      await expectStatus(max.deleteFile('contoso-secret'), 404);
      await expectStatus(max.brandingFile('branding-logo', TENANT.contoso), 403);
      // Max's own file of the same id is his, not Contoso's.
      await max.uploadFile('contoso-secret', new Blob(['fabrikam'], { type: 'text/plain' }), 'mine.txt');
      expect(await (await ada.fileContent('contoso-secret')).text()).toBe('contoso only');
      expect(await (await max.fileContent('contoso-secret')).text()).toBe('fabrikam');
    });
  });

  describe('licences', () => {
    it('given each tenant, GET /api/license lists only its own licences', async () => {
      expect((await ada.licenses()).map((l) => l.licenseKey)).toEqual([
        'CONTOSO-AZURE-ESSENTIALS',
        'CONTOSO-M365-CORE',
        'CONTOSO-M365-PILOT',
      ]);
      expect(await max.licenses()).toEqual([
        expect.objectContaining({
          licenseKey: 'FABRIKAM-M365-ESSENTIALS',
          licenseModule: 'm365',
          licenseSku: 'essentials',
          active: true,
        }),
      ]);
    });

    it('given Litware (inactive licence), the activated call is empty while the licence list is not', async () => {
      expect(await sam.activatedLicenses()).toEqual([]);
      expect(await sam.licenses()).toHaveLength(1);
    });

    it('answers the catalogue of spec §5', async () => {
      const defs = await max.licenseDefinitions();
      expect(defs.map((d) => d.module)).toEqual(['azure', 'm365']);
      expect(defs[0]!.skus).toEqual([
        'azure.poc',
        'essentials',
        'core',
        'essentials.enterprise',
        'essentials.epa',
        'essentials.sva',
      ]);
      expect(defs[1]!.skus).toContain('m365.poc');
    });

    it('given ada, de-activating and activating a Contoso licence changes the activated list', async () => {
      expect((await ada.deactivateLicense('CONTOSO-M365-CORE')).active).toBe(false);
      expect((await ada.activatedLicenses()).map((l) => l.licenseKey)).toEqual(['CONTOSO-AZURE-ESSENTIALS']);
      const back = await ada.activateLicense('CONTOSO-M365-CORE');
      expect(back.active).toBe(true);
      expect(back.activatedAt).not.toBeNull();
      expect(await ada.activatedLicenses()).toHaveLength(2);
    });

    it('given a malformed key, activation is a 400; an unknown or another tenant key is a 404', async () => {
      await expectStatus(ada.activateLicense("x' or 1=1"), 400);
      await expectStatus(
        ada.activateLicense('NO-SUCH-KEY'),
        404,
        'Licence NO-SUCH-KEY does not exist for your tenant.',
      );
      await expectStatus(ada.deactivateLicense('FABRIKAM-M365-ESSENTIALS'), 404);
      expect((await max.activatedLicenses()).map((l) => l.licenseKey)).toEqual(['FABRIKAM-M365-ESSENTIALS']);
    });

    it('given max (not an administrator), licence changes are refused with 403', async () => {
      await expectStatus(max.deactivateLicense('FABRIKAM-M365-ESSENTIALS'), 403, FORBIDDEN);
      await expectStatus(max.activateLicense('FABRIKAM-M365-ESSENTIALS'), 403, FORBIDDEN);
    });
  });

  describe('features', () => {
    it('answers each features call per tenant; status includes m365DeIdentifiedReports', async () => {
      expect(await ada.featureStatus()).toMatchObject({ m365DeIdentifiedReports: true });
      expect(await max.featureStatus()).toMatchObject({ m365DeIdentifiedReports: false });
      expect(await ada.featureState()).toMatchObject({ assistant: true, customReports: true });
      expect(await sam.featureState()).toMatchObject({ assistant: false });
      expect(Object.keys(await max.featureExtra())).toEqual(['csvExport', 'scheduledEmails']);
      expect(await max.featurePbi()).toMatchObject({ pbiEmbedding: true, pbiExport: false });
    });

    it('given ada, activating a feature changes Contoso only; max is refused; unknown names are a 400', async () => {
      expect(await ada.activateFeature({ name: 'csvExport', enabled: false })).toMatchObject({ csvExport: false });
      expect((await ada.featureExtra()).csvExport).toBe(false);
      expect((await ada.activateFeature({ name: 'csvExport' })).csvExport).toBe(true);
      await expectStatus(max.activateFeature({ name: 'm365DeIdentifiedReports' }), 403, FORBIDDEN);
      expect((await max.featureStatus()).m365DeIdentifiedReports).toBe(false);
      await expectStatus(ada.activateFeature({ name: 'everything' }), 400);
    });
  });

  describe('e-mail notification, system messages, custom content', () => {
    it("given ada, an administrator, a notification to her tenant's own users is queued in its outbox with 202 and no mail sent", async () => {
      const c = await signInAs(server, 'ada@contoso.example');
      const directory = await server.db.query<{ upn: string }>(
        'select upn from m365_users where tenant_id = $1 order by upn limit 1',
        [TENANT.contoso],
      );
      const colleague = directory.rows[0]!.upn;
      const res = await c.http.exchange<{ id: string; status: string }>(
        'POST',
        '/services/api-portal-customer/api/notification/email',
        { json: { recipients: ['ADA@contoso.example', colleague], subject: 'Report', body: 'See the report.' } },
      );
      expect(res.status).toBe(202);
      expect(res.body.status).toBe('queued');
      const { rows } = await server.db.query<{ tenant_id: string; recipients: string[]; sent_at: unknown }>(
        'select tenant_id, recipients, sent_at from notification_outbox where id = $1',
        [res.body.id],
      );
      expect(rows).toEqual([
        { tenant_id: TENANT.contoso, recipients: ['ada@contoso.example', colleague.toLowerCase()], sent_at: null },
      ]);
    });

    it("is nobody's open relay (issue 39 §7): only an administrator sends, only to the tenant's own users, at most 50 an hour", async () => {
      await expectStatus(
        max.sendEmail({ recipients: ['max@fabrikam.example'], subject: 's', body: 'b' }),
        403,
        'Only tenant administrators may send e-mail notifications.',
      );
      await expectStatus(
        ada.sendEmail({
          recipients: ['ada@contoso.example', 'someone@elsewhere.example', 'max@fabrikam.example'],
          subject: 's',
          body: 'b',
        }),
        400,
        "E-mail notifications go only to your tenant's own users; not to someone@elsewhere.example, max@fabrikam.example.",
      );
      // The hour's quota used up, the oldest queued 31 minutes ago: it leaves the hour in 29 minutes and some seconds.
      await server.db.query(
        `insert into notification_outbox (id, tenant_id, user_id, recipients, subject, body, created_at)
         select 'quota-' || i, $1, 'u', array['ada@contoso.example'], 's', 'b', now() - interval '31 minutes' + i * interval '1 second'
           from generate_series(1, $2::int) as i`,
        [TENANT.contoso, EMAIL_TENANT_HOURLY_MAX],
      );
      try {
        const refused = await refusal(ada.sendEmail({ recipients: ['ada@contoso.example'], subject: 's', body: 'b' }));
        expect(refused.status).toBe(429);
        expect(refused.message).toBe(
          `Your tenant has queued ${EMAIL_TENANT_HOURLY_MAX} e-mails in the last hour, the most it may: try again in 30 min.`,
        );
        const retryAfter = Number(refused.headers?.get('Retry-After'));
        expect(retryAfter).toBeGreaterThan(28 * 60);
        expect(retryAfter).toBeLessThanOrEqual(29 * 60 + 1);
      } finally {
        await server.db.query("delete from notification_outbox where id like 'quota-%'");
      }
    });

    it('given invalid notifications, each is a readable 400', async () => {
      await expectStatus(max.sendEmail({ recipients: [], subject: 's', body: 'b' }), 400);
      await expectStatus(
        max.sendEmail({ recipients: Array.from({ length: 21 }, (_, i) => `u${i}@x.example`), subject: 's', body: 'b' }),
        400,
      );
      await expectStatus(max.sendEmail({ recipients: ['not-an-address'], subject: 's', body: 'b' }), 400);
      await expectStatus(max.sendEmail({ recipients: ['a@x.example'], subject: 'x'.repeat(201), body: 'b' }), 400);
      await expectStatus(max.sendEmail({ recipients: ['a@x.example'], subject: 's', body: 'x'.repeat(20_001) }), 400);
    });

    it('answers only the current system messages', async () => {
      const messages = await max.systemMessages();
      expect(messages.map((m) => m.id)).toEqual(['welcome-v2']);
      expect(messages[0]).toMatchObject({ severity: 'info', title: 'Welcome to Cloud Portal 2' });
    });

    it('given Contoso, custom reports and dashboards are listed; Fabrikam has none of them', async () => {
      expect((await ada.customReports()).map((r) => r.id)).toEqual(['finance-monthly', 'license-utilisation']);
      expect((await ada.customDashboards()).map((r) => r.id)).toEqual(['executive-overview']);
      expect(await max.customReports()).toEqual([]);
      expect(await max.customDashboards()).toEqual([]);
    });
  });

  it('given no token, every call of this service answers 401', async () => {
    const calls: (() => Promise<unknown>)[] = [
      () => anonymous.settings(),
      () => anonymous.saveSettings({ productName: 'x' }),
      () => anonymous.acceptEula(),
      () => anonymous.uploadFile('x', new Blob(['x'], { type: 'text/plain' }), 'x.txt'),
      () => anonymous.file('x'),
      () => anonymous.fileContent('x'),
      () => anonymous.deleteFile('x'),
      () => anonymous.branding(),
      // A tenant's branding file needs its user (or a signed address); the server's defaults are public.
      () => anonymous.brandingFile('branding-logo', TENANT.contoso),
      () => anonymous.licenses(),
      () => anonymous.activatedLicenses(),
      () => anonymous.licenseDefinitions(),
      () => anonymous.activateLicense('CONTOSO-M365-CORE'),
      () => anonymous.deactivateLicense('CONTOSO-M365-CORE'),
      () => anonymous.featureState(),
      () => anonymous.featureStatus(),
      () => anonymous.featureExtra(),
      () => anonymous.featurePbi(),
      () => anonymous.activateFeature({ name: 'csvExport' }),
      () => anonymous.sendEmail({ recipients: ['a@x.example'], subject: 's', body: 'b' }),
      () => anonymous.systemMessages(),
      () => anonymous.customReports(),
      () => anonymous.customDashboards(),
    ];
    for (const call of calls) await expectStatus(call(), 401);
  });
});
