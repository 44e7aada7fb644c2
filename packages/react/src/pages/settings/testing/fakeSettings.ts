import type {
  ConnectedSite,
  ConnectedSiteChange,
  ConnectedSiteInput,
  FeatureFlags,
  TenantLicense,
} from '@cloudportal/core';
import { signedInRoutes, type FakeAnswer } from '../../../testing/fakeApi';

const API = '/services/api-portal-customer/api';

/** Contoso's connected site, as the reference server answers it. */
const DEMO_SITE: ConnectedSite = {
  id: 'site_demo',
  name: 'Contoso partner site',
  origins: ['https://partner.example'],
  pieces: {
    assistant: true,
    search: true,
    feedback: false,
    savedViews: false,
    pages: ['azure-budgets'],
    reports: 'all',
  },
  jwksUrl: null,
  publicKey: null,
  enabled: true,
  secrets: [{ id: 'key_one', createdAt: '2026-01-05T10:00:00.000Z' }],
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
};

/** The connected sites: one stored; a new one is `site_new`; every change goes to the trail. */
function connectedSiteRoutes(): Routes {
  const sites = new Map<string, ConnectedSite>([[DEMO_SITE.id, DEMO_SITE]]);
  const changes: ConnectedSiteChange[] = [];
  const log = (site: ConnectedSite, action: ConnectedSiteChange['action']) =>
    changes.unshift({
      siteId: site.id,
      siteName: site.name,
      by: 'ada@contoso.example',
      action,
      at: '2026-01-06T10:00:00.000Z',
    });
  const put =
    (id: string) =>
    ({ body }: { body: unknown }) => {
      const input = body as ConnectedSiteInput;
      const site = {
        ...sites.get(id)!,
        ...input,
        enabled: input.enabled ?? true,
        jwksUrl: input.jwksUrl ?? null,
        publicKey: input.publicKey ?? null,
      };
      sites.set(id, site);
      log(site, 'updated');
      return { json: site };
    };
  return {
    [`GET ${API}/connected-sites`]: () => ({ json: [...sites.values()] }),
    [`GET ${API}/connected-sites/changes`]: () => ({ json: changes }),
    [`POST ${API}/connected-sites`]: ({ body }) => {
      const input = body as ConnectedSiteInput;
      const site: ConnectedSite = {
        ...DEMO_SITE,
        ...input,
        id: 'site_new',
        jwksUrl: input.jwksUrl ?? null,
        publicKey: input.publicKey ?? null,
        enabled: true,
        secrets: [{ id: 'key_new', createdAt: '2026-01-06T10:00:00.000Z' }],
      };
      sites.set(site.id, site);
      log(site, 'created');
      return { status: 201, json: { site, secret: { id: 'key_new', value: 'shown-once-secret-value' } } };
    },
    [`PUT ${API}/connected-sites/site_demo`]: put('site_demo'),
    [`DELETE ${API}/connected-sites/site_demo`]: () => {
      log(sites.get('site_demo')!, 'deleted');
      sites.delete('site_demo');
      return { status: 204 };
    },
  };
}

/** Options of {@link settingsRoutes}. */
export interface FakeSettingsOptions {
  /** Answer every dashboard call with this status (e.g. 500) instead. */
  failWith?: number;
  /** The tenant's stored logo. @default none */
  logo?: Blob;
  /**
   * The address the fake server hands out for a stored file (`contentUrl`). @default the reference
   * server's signed path; a story passes one its browser can show.
   */
  contentUrl?: (kind: string, file: Blob) => string;
}

type Routes = Record<string, FakeAnswer>;

/** A connection test's answer: passed or not, with one check. */
const check = (ok: boolean) => ({
  ok,
  checks: [{ name: 'saved', ok, message: ok ? 'The settings are saved.' : 'No settings are saved.' }],
  message: 'No external service was called.',
  testedAt: '2026-01-05T10:00:00.000Z',
});

/** The tenant's settings, which a POST merges into. */
function tenantSettingsRoutes(): Routes {
  let settings = {
    productName: 'Cloud Portal',
    productVersion: '2.0.1',
    instanceId: 'demo',
    eula: '/api/public/eula',
    uiSessionTimeout: 30,
    salesEmail: 'sales@contoso.example',
    plgDisabled: false,
  };
  return {
    [`GET ${API}`]: () => ({ json: settings }),
    [`POST ${API}`]: ({ body }) => ((settings = { ...settings, ...(body as object) }), { json: settings }),
  };
}

/** Contoso's two licences, which activate and de-activate (404 for a key not stored). */
function licenseRoutes(): Routes {
  const licenses: TenantLicense[] = [
    {
      licenseKey: 'CONTOSO-AZURE-ESSENTIALS',
      licenseModule: 'azure',
      licenseSku: 'essentials',
      active: true,
      activatedAt: '2026-01-01T09:00:00.000Z',
    },
    {
      licenseKey: 'CONTOSO-M365-CORE',
      licenseModule: 'm365',
      licenseSku: 'core',
      active: true,
      activatedAt: '2026-01-01T09:00:00.000Z',
    },
  ];
  const license =
    (activate: boolean): FakeAnswer =>
    ({ url }) => {
      const found = licenses.find((l) => l.licenseKey === url.searchParams.get('licenseKey'));
      if (!found)
        return {
          status: 404,
          json: { message: `No licence ${url.searchParams.get('licenseKey')} is stored for your tenant.` },
        };
      Object.assign(found, {
        active: activate,
        activatedAt: activate ? '2026-01-05T10:00:00.000Z' : found.activatedAt,
      });
      return { json: found };
    };
  return {
    [`GET ${API}/license`]: () => ({ json: licenses }),
    [`PUT ${API}/license/activate`]: license(true),
    [`PUT ${API}/license/de-activate`]: license(false),
  };
}

/** The CSP integration (not configured until saved), the connection tests, the e-mail and the system messages. */
function integrationRoutes(): Routes {
  return {
    [`GET ${API}/csp`]: { json: { kind: 'csp', configured: false, settings: {}, hasSecret: false, updatedAt: null } },
    [`GET ${API}/csp/customer/settings`]: {
      json: {
        cspCustomer: false,
        configured: false,
        integration: { enabled: false, mode: null, updatedAt: null },
        secureSettings: [],
        hasUnbilledInvoiceData: false,
        unbilledPeriods: [],
      },
    },
    [`POST ${API}/csp`]: ({ body }) => ({
      json: {
        kind: 'csp',
        configured: true,
        settings: { ...(body as object), applicationSecret: undefined },
        hasSecret: true,
        updatedAt: '2026-01-05T10:00:00.000Z',
      },
    }),
    [`POST ${API}/csp/test`]: { json: check(true) },
    [`POST ${API}/surveil/test`]: { json: check(false) },
    [`GET ${API}/test/access`]: { json: check(true) },
    [`GET ${API}/test/tag`]: { json: { ...check(true), resourceCount: 9, taggedCount: 5, untaggedCount: 4, tags: [] } },
    [`POST ${API}/notification/email`]: { status: 202, json: { id: 'mail-1', status: 'queued' } },
    [`GET ${API}/system/messages`]: {
      json: [
        {
          id: 'm1',
          severity: 'warning',
          title: 'Maintenance',
          message: 'The portal is read-only on Saturday from 8:00 to 10:00.',
          validFrom: '2026-01-01T00:00:00.000Z',
          validTo: '2026-12-31T00:00:00.000Z',
        },
      ],
    },
  };
}

/** The feature flags by group: each group answers, and activating a flag changes it in its group. */
function featureRoutes(): Routes {
  const flags: Record<string, FeatureFlags> = {
    state: { assistant: true, savedViews: true, customReports: true, search: true },
    status: { m365DeIdentifiedReports: false, azureCostReports: true, securityReports: true },
    extra: { csvExport: true, scheduledEmails: false },
    pbi: { pbiEmbedding: true, pbiExport: false, pbiBookmarks: true },
  };
  const routes: Routes = {
    [`POST ${API}/features/activate`]: ({ body }) => {
      const { name, enabled = true } = body as { name: string; enabled?: boolean };
      const group = Object.keys(flags).find((g) => name in flags[g]!) ?? 'state';
      flags[group] = { ...flags[group], [name]: enabled };
      return { json: flags[group] };
    },
  };
  for (const group of Object.keys(flags)) routes[`GET ${API}/features/${group}`] = () => ({ json: flags[group] });
  return routes;
}

/** The branding and its three files (logo, short logo, icon), which upload, answer their info and delete. */
function brandingRoutes(files: Map<string, Blob>, contentUrl: FakeSettingsOptions['contentUrl']): Routes {
  const routes: Routes = {
    [`GET ${API}/branding`]: () => ({
      json: {
        branded: true,
        brandedBy: 'Contoso Cloud Partners',
        logoUrl: `${API}/branding/branding-logo/content`,
        logoShortUrl: `${API}/branding/branding-logo-short/content`,
        iconUrl: `${API}/branding/branding-icon/content`,
      },
    }),
  };
  for (const kind of ['branding-logo', 'branding-logo-short', 'branding-icon']) {
    const info = (file: Blob) => ({
      id: kind,
      kind,
      filename: file instanceof File ? file.name : `${kind}.svg`,
      contentType: file.type,
      size: file.size,
      uploadedAt: '2026-01-05T10:00:00.000Z',
      contentUrl:
        contentUrl?.(kind, file) ??
        `${API}/files/${kind}/content?owner=tenant-1&v=1767607200000&exp=1767614400&sig=fake-signature`,
    });
    routes[`GET ${API}/files/${kind}`] = () =>
      files.has(kind) ? { json: info(files.get(kind)!) } : { status: 404, json: { message: 'No such file.' } };
    routes[`POST ${API}/files/${kind}/upload`] = ({ body }) => {
      const file = (body as FormData).get('file') as File;
      files.set(kind, file);
      return { status: 201, json: info(file) };
    };
    routes[`DELETE ${API}/files/${kind}`] = () => (files.delete(kind), { status: 204 });
  }
  return routes;
}

// spec §7
/**
 * The settings service as the reference server answers it for Contoso's admin, with
 * state: licences switch, files upload and delete, feature flags change. For the dashboard's
 * tests and stories; the real service runs in the server tests and e2e.
 */
export function settingsRoutes(
  options: FakeSettingsOptions = {},
): Record<string, FakeAnswer> & { files: Map<string, Blob> } {
  const files = new Map<string, Blob>(options.logo ? [['branding-logo', options.logo]] : []);
  const routes: Routes = {
    ...tenantSettingsRoutes(),
    ...licenseRoutes(),
    ...integrationRoutes(),
    ...featureRoutes(),
    ...brandingRoutes(files, options.contentUrl),
    ...connectedSiteRoutes(),
  };
  // The session's own calls (settings, branding) still answer, so the page itself is shown.
  if (options.failWith)
    for (const key of Object.keys(routes))
      if (key !== `GET ${API}` && key !== `GET ${API}/branding`)
        routes[key] = { status: options.failWith, json: { message: 'The settings service is unavailable.' } };
  return Object.assign(signedInRoutes(routes), { files });
}
