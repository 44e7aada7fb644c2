import { randomUUID } from 'node:crypto';
import {
  DEFAULT_PRODUCT_NAME,
  DEFAULT_PRODUCT_VERSION,
  LICENSE_DEFINITIONS,
  UI_SESSION_TIMEOUT_DEFAULT_MINUTES,
} from '@cloudportal/core/rules';
import type { Database } from '../db/database';
import { brandingContentPath, DEFAULT_OWNER, EULA_PATH } from '../settings/paths';
import { TENANT } from './tenants';

/** The server's settings defaults (spec §3 "Settings"); the instance id is made once, on first start. */
function serverDefaults() {
  return {
    productName: DEFAULT_PRODUCT_NAME,
    productVersion: DEFAULT_PRODUCT_VERSION,
    instanceId: randomUUID(),
    eula: EULA_PATH,
    uiSessionTimeout: UI_SESSION_TIMEOUT_DEFAULT_MINUTES,
    salesEmail: 'sales@cloudportal.example',
    powerBiAzureMarketing: brandingContentPath('marketing-azure', DEFAULT_OWNER),
    powerBiOfficeMarketing: brandingContentPath('marketing-office', DEFAULT_OWNER),
    defaultLogoUrl: brandingContentPath('branding-logo', DEFAULT_OWNER),
    defaultLogoShortUrl: brandingContentPath('branding-logo-short', DEFAULT_OWNER),
    faviconUrl: brandingContentPath('branding-icon', DEFAULT_OWNER),
  };
}

/** The terms document served at EULA_PATH: static, script-free HTML. */
const EULA_HTML = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Terms and Conditions</title></head>
<body>
<h1>Terms and Conditions</h1>
<p>These terms govern your use of the Cloud Portal (the "Service") on behalf of your organisation.</p>
<h2>1. Use of the Service</h2>
<p>You may use the Service only for your organisation's internal cloud-management purposes and only with the access your administrator granted.</p>
<h2>2. Your data</h2>
<p>Usage, billing and security data shown in the Service belongs to your organisation. We process it only to provide the Service.</p>
<h2>3. Confidentiality</h2>
<p>Do not share reports, exports or credentials with anyone outside your organisation unless your administrator allows it.</p>
<h2>4. Availability</h2>
<p>We aim to keep the Service available but do not guarantee uninterrupted access. Planned maintenance is announced in system messages.</p>
<h2>5. Changes</h2>
<p>We may update these terms; you will be asked to accept the new version before continuing.</p>
<p>By ticking "I have read and agree to the Terms and Conditions." and choosing Accept, you agree to these terms.</p>
</body>
</html>
`;

const svg = (body: string, w: number, h: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>\n`;

/** Small SVG files: the server's default branding and marketing images, and Contoso's own branding. */
const FILES: { owner: string; id: string; filename: string; content: string }[] = [
  {
    owner: DEFAULT_OWNER,
    id: 'branding-logo',
    filename: 'logo.svg',
    content: svg(
      '<rect width="160" height="40" rx="6" fill="#0f6cbd"/><text x="80" y="26" font-family="sans-serif" font-size="16" fill="#fff" text-anchor="middle">Cloud Portal</text>',
      160,
      40,
    ),
  },
  {
    owner: DEFAULT_OWNER,
    id: 'branding-logo-short',
    filename: 'logo-short.svg',
    content: svg(
      '<rect width="40" height="40" rx="6" fill="#0f6cbd"/><text x="20" y="27" font-family="sans-serif" font-size="18" fill="#fff" text-anchor="middle">CP</text>',
      40,
      40,
    ),
  },
  {
    owner: DEFAULT_OWNER,
    id: 'branding-icon',
    filename: 'favicon.svg',
    content: svg('<circle cx="16" cy="16" r="15" fill="#0f6cbd"/>', 32, 32),
  },
  {
    owner: DEFAULT_OWNER,
    id: 'marketing-azure',
    filename: 'azure-marketing.svg',
    content: svg(
      '<rect width="480" height="240" fill="#e8f1fb"/><text x="240" y="120" font-family="sans-serif" font-size="20" fill="#0f6cbd" text-anchor="middle">Unlock Azure cost reports</text>',
      480,
      240,
    ),
  },
  {
    owner: DEFAULT_OWNER,
    id: 'marketing-office',
    filename: 'office-marketing.svg',
    content: svg(
      '<rect width="480" height="240" fill="#fbeee8"/><text x="240" y="120" font-family="sans-serif" font-size="20" fill="#c43e1c" text-anchor="middle">Unlock Microsoft 365 reports</text>',
      480,
      240,
    ),
  },
  {
    owner: TENANT.contoso,
    id: 'branding-logo',
    filename: 'contoso-logo.svg',
    content: svg(
      '<rect width="160" height="40" rx="6" fill="#5b2d90"/><text x="80" y="26" font-family="sans-serif" font-size="16" fill="#fff" text-anchor="middle">Contoso</text>',
      160,
      40,
    ),
  },
  {
    owner: TENANT.contoso,
    id: 'branding-logo-short',
    filename: 'contoso-logo-short.svg',
    content: svg(
      '<rect width="40" height="40" rx="6" fill="#5b2d90"/><text x="20" y="27" font-family="sans-serif" font-size="18" fill="#fff" text-anchor="middle">C</text>',
      40,
      40,
    ),
  },
  {
    owner: TENANT.contoso,
    id: 'branding-icon',
    filename: 'contoso-icon.svg',
    content: svg('<circle cx="16" cy="16" r="15" fill="#5b2d90"/>', 32, 32),
  },
];

/** Feature flags per tenant: Contoso has everything; the others what their licences suggest. */
const FEATURES: Record<string, Record<string, boolean>> = {
  [TENANT.contoso]: {
    assistant: true,
    savedViews: true,
    customReports: true,
    search: true,
    m365DeIdentifiedReports: true,
    azureCostReports: true,
    securityReports: true,
    csvExport: true,
    scheduledEmails: true,
    pbiEmbedding: true,
    pbiExport: true,
    pbiBookmarks: true,
  },
  [TENANT.fabrikam]: {
    assistant: true,
    savedViews: true,
    search: true,
    m365DeIdentifiedReports: false,
    securityReports: true,
    pbiEmbedding: true,
    pbiBookmarks: true,
  },
  [TENANT.northwind]: { assistant: true, savedViews: true, search: true, azureCostReports: true, pbiEmbedding: true },
  [TENANT.litware]: { savedViews: true, search: true, pbiEmbedding: true },
  [TENANT.wingtip]: {
    assistant: true,
    savedViews: true,
    search: true,
    azureCostReports: true,
    pbiEmbedding: true,
    pbiBookmarks: true,
  },
};

const DAY = 24 * 60 * 60 * 1000;

/** Seeds the settings service's rows; idempotent like the rest of the seed. */
export async function seedSettings(tx: Database): Promise<void> {
  await tx.query('insert into server_settings (key, value) values ($1, $2) on conflict (key) do nothing', [
    'defaults',
    JSON.stringify(serverDefaults()),
  ]);
  await tx.query('insert into server_settings (key, value) values ($1, $2) on conflict (key) do nothing', [
    'eulaHtml',
    JSON.stringify(EULA_HTML),
  ]);

  for (const f of FILES) {
    const bytes = Buffer.from(f.content, 'utf8');
    await tx.query(
      `insert into files (tenant_id, id, kind, filename, content_type, size, content) values ($1, $2, $2, $3, 'image/svg+xml', $4, $5)
       on conflict do nothing`,
      [f.owner, f.id, f.filename, bytes.length, bytes],
    );
  }

  let position = 0;
  for (const d of LICENSE_DEFINITIONS) {
    for (const sku of d.skus) {
      await tx.query(
        'insert into license_definitions (module, sku, module_display_name, position) values ($1, $2, $3, $4) on conflict do nothing',
        [d.module, sku, d.displayName, position++],
      );
    }
  }

  for (const [tenantId, flags] of Object.entries(FEATURES)) {
    for (const [name, enabled] of Object.entries(flags)) {
      await tx.query(
        'insert into tenant_features (tenant_id, name, enabled) values ($1, $2, $3) on conflict do nothing',
        [tenantId, name, enabled],
      );
    }
  }

  // Windows relative to the first start: one current message, one expired, one not yet started.
  const now = Date.now();
  const messages = [
    {
      id: 'welcome-v2',
      severity: 'info',
      title: 'Welcome to Cloud Portal 2',
      message: 'Saved views and the assistant are now available on every report page.',
      from: now - 7 * DAY,
      to: now + 365 * DAY,
    },
    {
      id: 'maintenance-past',
      severity: 'warning',
      title: 'Planned maintenance',
      message: 'Reports were unavailable during planned maintenance.',
      from: now - 30 * DAY,
      to: now - 29 * DAY,
    },
    {
      id: 'maintenance-next',
      severity: 'warning',
      title: 'Upcoming maintenance',
      message: 'Reports will be unavailable for up to one hour during planned maintenance.',
      from: now + 300 * DAY,
      to: now + 301 * DAY,
    },
  ];
  for (const m of messages) {
    await tx.query(
      'insert into system_messages (id, severity, title, message, valid_from, valid_to) values ($1, $2, $3, $4, $5, $6) on conflict do nothing',
      [m.id, m.severity, m.title, m.message, new Date(m.from).toISOString(), new Date(m.to).toISOString()],
    );
  }

  const custom = [
    {
      id: 'finance-monthly',
      kind: 'report',
      name: 'Finance monthly close',
      description: 'Azure and Microsoft 365 spend by cost centre, closed each month.',
    },
    {
      id: 'license-utilisation',
      kind: 'report',
      name: 'Licence utilisation',
      description: 'Assigned versus active Microsoft 365 licences by department.',
    },
    {
      id: 'executive-overview',
      kind: 'dashboard',
      name: 'Executive overview',
      description: 'Spend, savings and security posture at a glance.',
    },
  ];
  for (const c of custom) {
    await tx.query(
      'insert into custom_content (tenant_id, id, kind, name, description) values ($1, $2, $3, $4, $5) on conflict do nothing',
      [TENANT.contoso, c.id, c.kind, c.name, c.description],
    );
  }
}
