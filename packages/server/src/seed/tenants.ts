/**
 * The demo tenants and accounts (DESIGN.md "Demo accounts"), each with exactly the behaviour listed there.
 * Ids are fixed so links, tests and bookmarks stay stable across restarts.
 */

export interface DemoTenant {
  id: string;
  displayName: string;
  onboarded: boolean;
  accountTypes: string[];
  demo: boolean;
  /** Settings this tenant overrides (branding, plgDisabled…). */
  settings: Record<string, unknown>;
  licenses: { key: string; module: string; sku: string; active: boolean }[];
}

export interface DemoUser {
  email: string;
  displayName: string;
  /** Identity object id (the `oid` claim). */
  oid: string;
  /** Home tenant of the identity (the `tid` claim). */
  homeTenantId: string;
  /** Tenants the user may use; empty for an identity with no access (guest) or of a tenant not onboarded. */
  memberships: {
    tenantId: string;
    role: 'ADMIN' | 'USER';
    personas: string[];
    features: string[];
    canManageSettings: boolean;
    forceEula: boolean;
    canAcceptEula: boolean;
  }[];
}

export const TENANT = {
  contoso: '5f0a7e32-8d2c-4c47-9a55-1b3f6c1d0a01',
  fabrikam: '5f0a7e32-8d2c-4c47-9a55-1b3f6c1d0a02',
  northwind: '5f0a7e32-8d2c-4c47-9a55-1b3f6c1d0a03',
  litware: '5f0a7e32-8d2c-4c47-9a55-1b3f6c1d0a04',
  tailspin: '5f0a7e32-8d2c-4c47-9a55-1b3f6c1d0a05',
  wingtip: '5f0a7e32-8d2c-4c47-9a55-1b3f6c1d0a06',
} as const;

/** Features are the menu's gates (spec §6): an item shows when the principal has any of its features. */
const ALL_FEATURES = [
  'billing',
  'azure',
  'm365',
  'security',
  'recommendations',
  'usage',
  'reports',
  'assistant',
  'admin',
];
const M365_FEATURES = ['billing', 'm365', 'security', 'recommendations', 'usage', 'reports', 'assistant'];
const AZURE_FEATURES = ['billing', 'azure', 'recommendations', 'reports', 'assistant'];

export const demoTenants: DemoTenant[] = [
  {
    id: TENANT.contoso,
    displayName: 'Contoso Ltd',
    onboarded: true,
    accountTypes: ['ARM', 'Office365'],
    demo: false,
    settings: { branded: true, brandedBy: 'Contoso Cloud Partners' },
    licenses: [
      { key: 'CONTOSO-AZURE-ESSENTIALS', module: 'azure', sku: 'essentials', active: true },
      { key: 'CONTOSO-M365-CORE', module: 'm365', sku: 'core', active: true },
      // Bought for a pilot and not activated yet: the settings dashboard's licence to switch.
      { key: 'CONTOSO-M365-PILOT', module: 'm365', sku: 'essentials.enterprise', active: false },
    ],
  },
  {
    id: TENANT.fabrikam,
    displayName: 'Fabrikam Inc',
    onboarded: true,
    accountTypes: ['Office365'],
    demo: true,
    settings: {},
    licenses: [{ key: 'FABRIKAM-M365-ESSENTIALS', module: 'm365', sku: 'essentials', active: true }],
  },
  {
    id: TENANT.northwind,
    displayName: 'Northwind Traders',
    onboarded: true,
    accountTypes: ['CSPCustomer'],
    demo: false,
    settings: {},
    licenses: [{ key: 'NORTHWIND-AZURE-CORE', module: 'azure', sku: 'core', active: true }],
  },
  {
    id: TENANT.litware,
    displayName: 'Litware',
    onboarded: true,
    accountTypes: ['EA'],
    demo: false,
    settings: { plgDisabled: true },
    licenses: [{ key: 'LITWARE-AZURE-CORE', module: 'azure', sku: 'core', active: false }],
  },
  {
    id: TENANT.tailspin,
    displayName: 'Tailspin Toys',
    onboarded: false,
    accountTypes: ['Office365'],
    demo: false,
    settings: {},
    licenses: [],
  },
  {
    id: TENANT.wingtip,
    displayName: 'Wingtip Toys',
    onboarded: true,
    accountTypes: ['ARM'],
    demo: false,
    settings: {},
    licenses: [{ key: 'WINGTIP-AZURE-POC', module: 'azure', sku: 'azure.poc', active: true }],
  },
];

const member = (
  tenantId: string,
  over: Partial<DemoUser['memberships'][number]> = {},
): DemoUser['memberships'][number] => ({
  tenantId,
  role: 'USER',
  personas: [],
  features: ALL_FEATURES.filter((f) => f !== 'admin'),
  canManageSettings: false,
  forceEula: false,
  canAcceptEula: true,
  ...over,
});

export const demoUsers: DemoUser[] = [
  {
    email: 'ada@contoso.example',
    displayName: 'Ada Lovelace',
    oid: '0b7e5c1a-0000-4000-8000-00000000a0a1',
    homeTenantId: TENANT.contoso,
    memberships: [
      member(TENANT.contoso, {
        role: 'ADMIN',
        personas: ['Finance', 'IT'],
        features: ALL_FEATURES,
        canManageSettings: true,
      }),
    ],
  },
  {
    email: 'max@fabrikam.example',
    displayName: 'Max Mustermann',
    oid: '0b7e5c1a-0000-4000-8000-00000000a0a2',
    homeTenantId: TENANT.fabrikam,
    memberships: [
      member(TENANT.fabrikam, { personas: ['IT'], features: M365_FEATURES, forceEula: true, canAcceptEula: true }),
    ],
  },
  {
    email: 'eve@northwind.example',
    displayName: 'Eve Adams',
    oid: '0b7e5c1a-0000-4000-8000-00000000a0a3',
    homeTenantId: TENANT.northwind,
    memberships: [
      member(TENANT.northwind, {
        personas: ['Finance'],
        features: AZURE_FEATURES,
        forceEula: true,
        canAcceptEula: false,
      }),
    ],
  },
  {
    email: 'sam@litware.example',
    displayName: 'Sam Taylor',
    oid: '0b7e5c1a-0000-4000-8000-00000000a0a4',
    homeTenantId: TENANT.litware,
    memberships: [member(TENANT.litware, { personas: ['Finance'], features: AZURE_FEATURES })],
  },
  {
    email: 'new@tailspin.example',
    displayName: 'Nia Newcomer',
    oid: '0b7e5c1a-0000-4000-8000-00000000a0a5',
    homeTenantId: TENANT.tailspin,
    memberships: [],
  },
  {
    email: 'guest@contoso.example',
    displayName: 'Gus Guest',
    oid: '0b7e5c1a-0000-4000-8000-00000000a0a6',
    homeTenantId: TENANT.contoso,
    memberships: [],
  },
  {
    email: 'multi@wingtip.example',
    displayName: 'Mia Multi',
    oid: '0b7e5c1a-0000-4000-8000-00000000a0a7',
    homeTenantId: TENANT.wingtip,
    memberships: [
      member(TENANT.wingtip, { personas: ['IT'], features: AZURE_FEATURES }),
      member(TENANT.contoso, { personas: ['Finance'] }),
    ],
  },
];

/** The user-row id of a demo user in a tenant. */
export const userId = (oid: string, tenantId: string) => `${tenantId}:${oid}`;
