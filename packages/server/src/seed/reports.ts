import { createHash } from 'node:crypto';
import type { EmbeddedReportPage } from '@cloudportal/core';
import type { Database } from '../db/database';
import { TENANT } from './tenants';

/** The Power BI workspace (group) the product's demo reports live in. */
export const DEMO_WORKSPACE_ID = '6f3c2b1a-9d8e-4c7b-a6f5-e4d3c2b1a001';
/** Contoso's own workspace, holding its custom reports. */
export const CONTOSO_WORKSPACE_ID = '6f3c2b1a-9d8e-4c7b-a6f5-e4d3c2b1a0c1';

/** A seeded report: the product's own (every tenant) or a tenant's custom report. */
export interface SeedReport {
  id: string;
  name: string;
  description: string;
  errorMessage: string | null;
  reportPage: string | null;
  /** Power BI report id; `null` when the report is not published here (unlicensed for everyone). */
  entityId: string | null;
  /** Licence module (spec §5) the tenant must hold actively; `null` for every tenant. */
  licenseModule: 'azure' | 'm365' | null;
  /** When set, the token call fails with 502 and this message. */
  embedFailure: string | null;
  /** Page display names in order; the first is active. Names listed in `hidden` are hidden in view mode. */
  pages: string[];
  hidden?: string[];
}

/**
 * A Power BI-style internal page name (`ReportSection` + 20 hex digits), derived from the report
 * and the page so it stays the same on every start and every server.
 */
export function pageName(reportId: string, displayName: string): string {
  return `ReportSection${createHash('sha256').update(`${reportId}/${displayName}`).digest('hex').slice(0, 20)}`;
}

/** Spec §3 "Page of an embedded report" for a seeded report: exactly one (the first) active. */
export function seedPages(report: Pick<SeedReport, 'id' | 'pages' | 'hidden'>): EmbeddedReportPage[] {
  return report.pages.map((displayName, index) => ({
    name: pageName(report.id, displayName),
    displayName,
    visibility: report.hidden?.includes(displayName) ? 1 : 0,
    isActive: index === 0,
  }));
}

/**
 * The product's demo reports. Their ids are fixed: the menu and page seed and the e2e tests name
 * them. Each shows one state of the report view (spec §4): three that embed, one unlicensed, one
 * whose configured page does not exist, one whose token call fails.
 */
export const DEMO_REPORTS: readonly SeedReport[] = [
  {
    id: 'billing-overview',
    name: 'Billing overview',
    description: 'Your cloud bill at a glance: spend by service and by subscription, and the monthly trend.',
    errorMessage: null,
    reportPage: 'Overview',
    entityId: '3b1f6d2e-8a4c-4f1e-9b7d-0a1c2e3f4b01',
    licenseModule: null,
    embedFailure: null,
    pages: ['Overview', 'Cost by Service', 'Cost by Subscription', 'Monthly Trend'],
  },
  {
    id: 'azure-cost-analysis',
    name: 'Azure cost analysis',
    description: 'Azure spend by resource group and by region, and how your reservations are used.',
    errorMessage: null,
    reportPage: 'Cost by Resource Group',
    entityId: '3b1f6d2e-8a4c-4f1e-9b7d-0a1c2e3f4b02',
    licenseModule: 'azure',
    embedFailure: null,
    pages: ['Cost by Resource Group', 'Cost by Region', 'Reservations'],
  },
  {
    id: 'm365-license-usage',
    name: 'Microsoft 365 licence usage',
    description: 'Microsoft 365 licences: what is assigned, what is used, and which users are inactive.',
    errorMessage: null,
    reportPage: 'Licence Summary',
    entityId: '3b1f6d2e-8a4c-4f1e-9b7d-0a1c2e3f4b03',
    licenseModule: 'm365',
    embedFailure: null,
    pages: ['Licence Summary', 'Inactive Users', 'Assignments'],
  },
  {
    id: 'security-posture',
    name: 'Security posture',
    description: 'Secure Score, risky sign-ins and multi-factor authentication coverage across your tenant.',
    errorMessage: 'Security posture reports need the Security module. Ask your partner to add it to your subscription.',
    reportPage: 'Secure Score',
    entityId: null,
    licenseModule: null,
    embedFailure: null,
    pages: [],
  },
  {
    id: 'usage-legacy',
    name: 'Usage (legacy)',
    description: 'Resource usage in the layout of the previous portal.',
    errorMessage: null,
    // Configured to a page the report no longer has: the client's 'Configuration Error' (spec §2).
    reportPage: 'Legacy Usage',
    entityId: '3b1f6d2e-8a4c-4f1e-9b7d-0a1c2e3f4b05',
    licenseModule: null,
    embedFailure: null,
    pages: ['Usage Summary', 'Usage by Service', 'Usage by User'],
  },
  {
    id: 'savings-forecast',
    name: 'Savings forecast',
    description: 'Forecast spend and the savings your recommendations would bring.',
    errorMessage: null,
    reportPage: 'Forecast',
    entityId: '3b1f6d2e-8a4c-4f1e-9b7d-0a1c2e3f4b06',
    licenseModule: null,
    // The embedding backend refuses this report's token: the client's marketing image (spec §8).
    embedFailure: 'The report service could not issue an embed token for Savings forecast. Please try again later.',
    pages: ['Forecast', 'Savings Opportunities'],
  },
];

/** How Contoso's custom reports (seeded in `custom_content` by the settings seed) are embedded. */
export const CONTOSO_CUSTOM_REPORTS: readonly Pick<
  SeedReport,
  'id' | 'entityId' | 'reportPage' | 'pages' | 'hidden'
>[] = [
  {
    id: 'finance-monthly',
    entityId: '3b1f6d2e-8a4c-4f1e-9b7d-0a1c2e3f4c01',
    reportPage: 'Summary',
    pages: ['Summary', 'By Cost Centre', 'Variance', 'Cost Centre Detail'],
    // A drill-through page: hidden in view mode, and not offered to external embeddings.
    hidden: ['Cost Centre Detail'],
  },
  {
    id: 'license-utilisation',
    entityId: '3b1f6d2e-8a4c-4f1e-9b7d-0a1c2e3f4c02',
    reportPage: 'Utilisation',
    pages: ['Utilisation', 'By Department'],
  },
];

/** The demo reports and Contoso's custom report embeddings. Idempotent like the rest of the seed. */
export async function seedReports(tx: Database): Promise<void> {
  for (const r of DEMO_REPORTS) {
    await tx.query(
      `insert into reports (id, name, description, error_message, report_page, entity_id, workspace_id, license_module, embed_failure, pages)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) on conflict (id) do nothing`,
      [
        r.id,
        r.name,
        r.description,
        r.errorMessage,
        r.reportPage,
        r.entityId,
        r.entityId ? DEMO_WORKSPACE_ID : null,
        r.licenseModule,
        r.embedFailure,
        JSON.stringify(seedPages(r)),
      ],
    );
  }
  for (const c of CONTOSO_CUSTOM_REPORTS) {
    await tx.query(
      `insert into custom_report_embeds (tenant_id, report_id, entity_id, workspace_id, report_page, pages)
       values ($1, $2, $3, $4, $5, $6) on conflict do nothing`,
      [TENANT.contoso, c.id, c.entityId, CONTOSO_WORKSPACE_ID, c.reportPage, JSON.stringify(seedPages(c))],
    );
  }
}
