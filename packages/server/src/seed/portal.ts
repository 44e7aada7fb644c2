import { isAllowedGuidanceVideo, pageKeyFromUrl } from '@cloudportal/core/rules';
import type { Database } from '../db/database';
import { videoEmbedPath } from '../videos/catalog';
import { demoUsers, TENANT, userId } from './tenants';

/**
 * The demo menu (spec §3 "Menu node"), its page descriptions (spec §3 "Page description") and a
 * little navigation history. The menu and pages are the same for every tenant: features (spec §6)
 * and personas decide who sees what. Features are those of `seed/tenants.ts`; report ids are the
 * demo reports of `seed/reports.ts`; component names are `FEATURE_COMPONENTS` of
 * `@cloudportal/core/rules` (plus one moved and one unknown name, so the host can show those states).
 *
 * Uuids are fixed (`uuid(n)`): links, feedback and tests refer to them.
 */

/** A tab of a tabbed page. */
interface SeedTab {
  name: string;
  displayName?: string;
  description: string;
  /** A `report` tab embeds `reportId`; a `ui` tab shows `componentClass`. */
  reportId?: string;
  componentClass?: string;
  assistanceSrc?: string;
  features?: string[];
  personas?: string[];
}

/** A page description; `id` defaults to the item's name. */
type SeedPage = { id?: string; assistanceSrc?: string } & (
  | { type: 'tabbed'; tabs: SeedTab[] }
  | { type: 'ui'; componentClass: string }
  | { type: 'pbiReport'; reportId: string; pages: string[] }
  | { type: 'error'; error: string }
);

/** A menu node: with a page of its own, or pointing at another item's page (`url`), or a section without one. */
interface SeedItem {
  /** Fixed uuid number. */
  n: number;
  name: string;
  displayName: string;
  description: string;
  icon?: string;
  features?: string[];
  personas?: string[];
  tags?: string[];
  preview?: boolean;
  assistanceSrc?: string;
  tabName?: string;
  page?: SeedPage;
  /** The page of another item (several items may open one page on different tabs). */
  url?: string;
  children?: SeedItem[];
}

/** The fixed uuid of demo menu item `n`. */
export const menuUuid = (n: number) => `6d5f3a10-4b2c-4e8a-9c1d-${n.toString().padStart(12, '0')}`;

/**
 * Guidance videos (spec §2 "Guidance dialog"): the server's own demo videos (`src/videos`), whose
 * embed pages play offline. A deployment's menu holds any embeddable https URL instead, its origin
 * listed in GUIDANCE_VIDEO_ORIGINS. (Migration 010 moved databases seeded with the earlier
 * placeholder URLs to these.)
 */
const VIDEO = {
  billing: videoEmbedPath('billing'),
  licenceCosts: videoEmbedPath('licence-costs'),
  azureCosts: videoEmbedPath('azure-costs'),
  m365Licences: videoEmbedPath('m365-licences'),
  security: videoEmbedPath('security'),
  usage: videoEmbedPath('usage'),
  reports: videoEmbedPath('reports'),
  assistant: videoEmbedPath('assistant'),
  releaseNotes: videoEmbedPath('release-notes'),
};

const FINANCE = ['Finance'];
const IT = ['IT'];

/** The whole demo menu, in display order. */
export const DEMO_MENU: SeedItem[] = [
  {
    n: 1,
    name: 'overview',
    displayName: 'Billing Overview',
    description: 'Your costs across Azure and Microsoft 365 at a glance.',
    icon: 'home',
    features: ['billing'],
    tags: ['home', 'overview'],
    assistanceSrc: VIDEO.billing,
    page: {
      id: 'billing-overview',
      type: 'tabbed',
      assistanceSrc: VIDEO.billing,
      tabs: [
        {
          name: 'Overview',
          description: 'Costs of the billing period by service and subscription.',
          reportId: 'billing-overview',
        },
        {
          name: 'Invoices',
          description: 'Invoices and the financial summary of the billing period.',
          componentClass: 'financial-summary',
          personas: FINANCE,
        },
        {
          name: 'Azure Costs',
          description: 'Azure consumption by resource group and region.',
          reportId: 'azure-cost-analysis',
          features: ['azure'],
          assistanceSrc: VIDEO.azureCosts,
        },
        {
          name: 'Licence Costs',
          description: 'Microsoft 365 licence spend and unused seats.',
          reportId: 'm365-license-usage',
          features: ['m365'],
          assistanceSrc: VIDEO.licenceCosts,
        },
        {
          name: 'Savings Forecast',
          description: 'Projected savings from the open recommendations.',
          reportId: 'savings-forecast',
          personas: FINANCE,
        },
      ],
    },
  },
  {
    n: 2,
    name: 'azure',
    displayName: 'Azure',
    description: 'Subscriptions, resources and Azure spend.',
    icon: 'cloud',
    features: ['azure'],
    tags: ['azure'],
    page: {
      type: 'tabbed',
      tabs: [
        {
          name: 'Subscriptions',
          description: 'Every Azure subscription of the tenant.',
          componentClass: 'subscriptions',
        },
        {
          name: 'Cost Analysis',
          description: 'Azure cost by resource group and region.',
          reportId: 'azure-cost-analysis',
          personas: FINANCE,
        },
        {
          name: 'Resources',
          description: 'Azure resources by type and location.',
          componentClass: 'azure-resources',
          personas: IT,
        },
      ],
    },
    children: [
      {
        n: 3,
        name: 'azure-subscriptions',
        displayName: 'Subscriptions',
        description: 'Azure subscriptions, their owners and offers.',
        icon: 'key',
        tags: ['subscriptions'],
        page: { type: 'ui', componentClass: 'subscriptions' },
      },
      {
        n: 4,
        name: 'azure-resources',
        displayName: 'Resources',
        description: 'Azure resources by type, location and tag.',
        icon: 'server',
        personas: IT,
        page: { type: 'ui', componentClass: 'azure-resources' },
      },
      {
        n: 5,
        name: 'azure-cost-analysis',
        displayName: 'Cost Analysis',
        description: 'Azure spend by resource group and region.',
        icon: 'chart',
        personas: FINANCE,
        tags: ['costs', 'report'],
        assistanceSrc: VIDEO.azureCosts,
        page: {
          type: 'pbiReport',
          reportId: 'azure-cost-analysis',
          pages: ['Cost by Resource Group', 'Cost by Region'],
          assistanceSrc: VIDEO.azureCosts,
        },
      },
      {
        n: 6,
        name: 'azure-reservations',
        displayName: 'Reservations',
        description: 'Reserved instances and savings plans.',
        icon: 'calendar',
        tags: ['savings'],
        page: {
          type: 'tabbed',
          tabs: [
            {
              name: 'RI and SP Contracts',
              description: 'Reserved-instance and savings-plan contracts and their utilisation.',
              componentClass: 'ri-sp-contracts',
            },
            {
              name: 'Reservation Costs',
              description: 'Amortised reservation costs.',
              reportId: 'azure-cost-analysis',
              personas: FINANCE,
            },
            {
              name: 'EA Reservations',
              description: 'Reservations bought under the enterprise agreement.',
              componentClass: 'ea-reservations',
            },
          ],
        },
      },
      {
        n: 7,
        name: 'azure-enrollments',
        displayName: 'Enrollments',
        description: 'Enterprise enrollments and their accounts.',
        icon: 'id-card',
        page: { type: 'ui', componentClass: 'azure-enrollments' },
      },
      {
        n: 8,
        name: 'cost-management',
        displayName: 'Cost Management',
        description: 'Budgets, commitments and cost allocation.',
        icon: 'wallet',
        children: [
          {
            n: 9,
            name: 'azure-budgets',
            displayName: 'Budgets',
            description: 'Azure budgets and their burn rate.',
            personas: FINANCE,
            tags: ['budget'],
            page: { type: 'ui', componentClass: 'azure-budgets' },
          },
          {
            n: 10,
            name: 'azure-macc',
            displayName: 'MACC',
            description: 'Progress against the Microsoft Azure Consumption Commitment.',
            personas: FINANCE,
            page: { type: 'ui', componentClass: 'macc' },
          },
          {
            n: 11,
            name: 'azure-shared-costs',
            displayName: 'Shared Costs',
            description: 'Split shared costs across cost centres.',
            personas: FINANCE,
            page: { type: 'ui', componentClass: 'shared-costs' },
          },
          {
            n: 12,
            name: 'azure-focus',
            displayName: 'FOCUS Cost Data',
            description: 'Azure spend in the FinOps FOCUS format.',
            personas: FINANCE,
            tags: ['finops'],
            page: { type: 'ui', componentClass: 'azure-focus' },
          },
          {
            n: 13,
            name: 'azure-anomalies',
            displayName: 'Cost Anomalies',
            description: 'Unexpected spikes in daily Azure spend.',
            personas: FINANCE,
            page: { type: 'ui', componentClass: 'anomalies' },
          },
        ],
      },
    ],
  },
  {
    n: 14,
    name: 'm365',
    displayName: 'Microsoft 365',
    description: 'Licences, users, groups and devices.',
    icon: 'apps',
    features: ['m365'],
    tags: ['m365'],
    assistanceSrc: VIDEO.m365Licences,
    page: {
      type: 'tabbed',
      assistanceSrc: VIDEO.m365Licences,
      tabs: [
        {
          name: 'Licence Summary',
          description: 'Assigned, consumed and unused licences.',
          reportId: 'm365-license-usage',
        },
        { name: 'Licences', description: 'Every licence SKU with its price.', componentClass: 'licenses' },
        {
          name: 'Groups',
          description: 'Microsoft 365 groups and their owners.',
          componentClass: 'm365-groups',
          personas: IT,
        },
        {
          name: 'Devices',
          description: 'Managed devices and their compliance.',
          componentClass: 'm365-devices',
          personas: IT,
        },
      ],
    },
    children: [
      {
        n: 15,
        name: 'm365-license-users',
        displayName: 'Licence Users',
        description: 'Who holds which licence, and who never signs in.',
        icon: 'users',
        tags: ['licences'],
        page: { type: 'ui', componentClass: 'license-users' },
      },
      {
        n: 16,
        name: 'm365-license-report',
        displayName: 'Licence Report',
        description: 'Licence summary and inactive users in one report.',
        icon: 'chart',
        tags: ['licences', 'report'],
        assistanceSrc: VIDEO.m365Licences,
        page: {
          type: 'pbiReport',
          reportId: 'm365-license-usage',
          pages: ['Licence Summary', 'Inactive Users'],
          assistanceSrc: VIDEO.m365Licences,
        },
      },
      {
        n: 17,
        name: 'm365-teams-calls',
        displayName: 'Teams Calls',
        description: 'Call quality and volume in Microsoft Teams.',
        icon: 'phone',
        personas: IT,
        page: { type: 'ui', componentClass: 'teams-calls' },
      },
      {
        n: 18,
        name: 'm365-users',
        displayName: 'Users',
        description: 'Directory users and their sign-in activity.',
        icon: 'user',
        personas: IT,
        page: { type: 'ui', componentClass: 'users' },
      },
      {
        n: 19,
        name: 'm365-copilot-score',
        displayName: 'Copilot Score',
        description: 'How ready the tenant is for Microsoft 365 Copilot.',
        icon: 'sparkles',
        preview: true,
        tags: ['copilot'],
        page: { type: 'ui', componentClass: 'copilot-score' },
      },
      {
        n: 20,
        name: 'm365-people',
        displayName: 'People',
        description: 'Joiners, leavers and worker profiles.',
        icon: 'people',
        children: [
          {
            n: 21,
            name: 'm365-joiners',
            displayName: 'Joiners',
            description: 'New users of the last 30 days and their licences.',
            tabName: 'Joiners',
            page: {
              id: 'm365-joiners-leavers',
              type: 'tabbed',
              tabs: [
                {
                  name: 'Joiners',
                  description: 'New users and the licences they were given.',
                  componentClass: 'joiners',
                },
                {
                  name: 'Leavers',
                  description: 'Departed users whose licences can be reclaimed.',
                  componentClass: 'leavers',
                },
              ],
            },
          },
          {
            n: 22,
            name: 'm365-leavers',
            displayName: 'Leavers',
            description: 'Departed users whose licences can be reclaimed.',
            tabName: 'Leavers',
            url: 'm365-joiners-leavers',
          },
          {
            n: 23,
            name: 'm365-worker-profiles',
            displayName: 'Worker Profiles',
            description: 'Licence bundles by worker profile.',
            page: { type: 'ui', componentClass: 'worker-profiles' },
          },
        ],
      },
      {
        n: 24,
        name: 'm365-license-questionnaire',
        displayName: 'Licence Questionnaire',
        description: 'Answer a few questions to right-size licences.',
        icon: 'form',
        personas: FINANCE,
        page: { type: 'ui', componentClass: 'license-questionnaire' },
      },
    ],
  },
  {
    n: 25,
    name: 'security',
    displayName: 'Security',
    description: 'Security posture, secure score and alerts.',
    icon: 'shield',
    features: ['security'],
    tags: ['security'],
    assistanceSrc: VIDEO.security,
    page: {
      type: 'tabbed',
      assistanceSrc: VIDEO.security,
      tabs: [
        { name: 'Posture', description: 'The security posture report.', reportId: 'security-posture' },
        {
          name: 'Secure Score',
          description: 'Secure score profiles and their controls.',
          componentClass: 'secure-score-profiles',
        },
      ],
    },
    children: [
      {
        n: 26,
        name: 'security-alerts',
        displayName: 'Security Alerts',
        description: 'Open security alerts by severity.',
        icon: 'alert',
        personas: IT,
        page: { type: 'ui', componentClass: 'security-alerts' },
      },
      {
        n: 27,
        name: 'alerts',
        displayName: 'Alerts',
        description: 'Alerts, alert definitions and metric alerts.',
        icon: 'bell',
        page: {
          type: 'tabbed',
          tabs: [
            { name: 'Alerts', description: 'Alerts raised for the tenant.', componentClass: 'alerts' },
            {
              name: 'Alert Definitions',
              description: 'When an alert is raised, and for whom.',
              componentClass: 'alert-definitions',
            },
            {
              name: 'Metric Alerts',
              description: 'Alerts on Azure metrics.',
              componentClass: 'metric-alerts',
              features: ['azure'],
            },
          ],
        },
      },
      {
        n: 28,
        name: 'third-party-apps',
        displayName: 'Third-party Apps',
        description: 'Applications with consent to tenant data.',
        icon: 'plug',
        personas: IT,
        page: { type: 'ui', componentClass: 'third-party-apps' },
      },
    ],
  },
  {
    n: 29,
    name: 'recommendations',
    displayName: 'Recommendations',
    description: 'Ways to save and to improve.',
    icon: 'lightbulb',
    features: ['recommendations'],
    tags: ['savings'],
    page: {
      type: 'tabbed',
      tabs: [
        {
          name: 'Azure',
          displayName: 'Azure Recommendations',
          description: 'Right-sizing and reservation advice for Azure.',
          componentClass: 'recommendations-azure',
          features: ['azure'],
        },
        {
          name: 'Microsoft 365',
          displayName: 'Microsoft 365 Recommendations',
          description: 'Licence and configuration advice for Microsoft 365.',
          componentClass: 'recommendations-m365',
          features: ['m365'],
        },
        {
          name: 'Savings Forecast',
          description: 'What following the recommendations would save.',
          reportId: 'savings-forecast',
        },
      ],
    },
    children: [
      {
        n: 30,
        name: 'recommendations-aws',
        displayName: 'AWS',
        description: 'Recommendations for connected AWS accounts.',
        icon: 'cloud',
        page: { type: 'ui', componentClass: 'aws-recommendations' },
      },
      {
        n: 31,
        name: 'recommendations-archive',
        displayName: 'Archive',
        description: 'Dismissed and completed recommendations.',
        icon: 'archive',
        page: { type: 'ui', componentClass: 'recommendations-archives' },
      },
    ],
  },
  {
    n: 32,
    name: 'usage',
    displayName: 'Usage',
    description: 'How Microsoft 365 workloads are used.',
    icon: 'activity',
    features: ['usage'],
    assistanceSrc: VIDEO.usage,
    page: { id: 'usage-overview', type: 'ui', componentClass: 'usage-overview', assistanceSrc: VIDEO.usage },
    children: [
      {
        n: 33,
        name: 'usage-teams',
        displayName: 'Teams',
        description: 'Teams meetings, chats and calls.',
        icon: 'chat',
        page: { type: 'ui', componentClass: 'usage-teams' },
      },
      {
        n: 34,
        name: 'usage-mail',
        displayName: 'Mail',
        description: 'Exchange mailboxes and mail traffic.',
        icon: 'mail',
        page: { type: 'ui', componentClass: 'usage-mail' },
      },
      {
        n: 35,
        name: 'usage-sharepoint',
        displayName: 'SharePoint',
        description: 'SharePoint sites, storage and activity.',
        icon: 'folder',
        page: { type: 'ui', componentClass: 'usage-sharepoint' },
      },
      {
        n: 36,
        name: 'usage-score',
        displayName: 'Usage Score',
        description: 'Adoption score and the assessment behind it.',
        icon: 'gauge',
        page: {
          type: 'tabbed',
          tabs: [
            { name: 'Score', description: 'The adoption score by workload.', componentClass: 'usage-score' },
            { name: 'Assessment', description: 'The questions behind the score.', componentClass: 'usage-assessment' },
          ],
        },
      },
      {
        n: 37,
        name: 'usage-legacy',
        displayName: 'Legacy Usage Report',
        description: 'The previous usage report, kept for comparison.',
        icon: 'history',
        tags: ['report', 'legacy'],
        page: {
          type: 'tabbed',
          tabs: [
            { name: 'Legacy Usage', description: 'Usage as the previous report showed it.', reportId: 'usage-legacy' },
          ],
        },
      },
    ],
  },
  {
    n: 38,
    name: 'reports',
    displayName: 'Reports',
    description: 'Reports and dashboards.',
    icon: 'report',
    features: ['reports'],
    tags: ['report'],
    assistanceSrc: VIDEO.reports,
    page: { type: 'ui', componentClass: 'home-dashboards', assistanceSrc: VIDEO.reports },
    children: [
      {
        n: 39,
        name: 'billing-report',
        displayName: 'Billing Report',
        description: 'Costs by service and subscription, and the monthly trend.',
        icon: 'chart',
        personas: FINANCE,
        tags: ['costs', 'report'],
        page: {
          type: 'pbiReport',
          reportId: 'billing-overview',
          pages: ['Overview', 'Cost by Service', 'Cost by Subscription', 'Monthly Trend'],
        },
      },
      {
        n: 40,
        name: 'customer-metrics',
        displayName: 'Customer Metrics',
        description: 'Key metrics of the customer relationship.',
        icon: 'chart',
        page: { type: 'ui', componentClass: 'customer-metrics' },
      },
      {
        n: 41,
        name: 'bom-summary',
        displayName: 'Bill of Materials',
        description: 'Summary of the bill of materials.',
        icon: 'list',
        features: ['billing'],
        page: { type: 'ui', componentClass: 'bom-summary' },
      },
      {
        n: 42,
        name: 'project-costs',
        displayName: 'Project Costs',
        description: 'Costs allocated to projects by tag.',
        icon: 'briefcase',
        features: ['azure'],
        personas: FINANCE,
        page: { type: 'ui', componentClass: 'project-costs' },
      },
      {
        n: 43,
        name: 'provider-overview',
        displayName: 'Provider Overview',
        description: 'The former provider overview page.',
        icon: 'building',
        page: { type: 'ui', componentClass: 'provider-overview' },
      },
      {
        n: 44,
        name: 'insights-canvas',
        displayName: 'Insights Canvas',
        description: 'An experimental insights page.',
        icon: 'flask',
        page: { type: 'ui', componentClass: 'insights-canvas' },
      },
      {
        n: 45,
        name: 'legacy-reports',
        displayName: 'Legacy Reports',
        description: 'Reports of the previous portal.',
        icon: 'archive',
        tags: ['legacy'],
        page: { type: 'error', error: 'Legacy reports are no longer available. Their replacements are under Reports.' },
      },
    ],
  },
  {
    n: 46,
    name: 'assistant',
    displayName: 'Cloud Assistant',
    description: 'Ask questions about your Microsoft 365 and Azure data.',
    icon: 'sparkles',
    features: ['assistant'],
    tags: ['ai', 'chat'],
    assistanceSrc: VIDEO.assistant,
    page: { id: 'chat-assistant', type: 'ui', componentClass: 'chat-assistant', assistanceSrc: VIDEO.assistant },
  },
  {
    n: 47,
    name: 'admin',
    displayName: 'Administration',
    description: 'Tenant settings and operations.',
    icon: 'settings',
    features: ['admin'],
    page: {
      type: 'tabbed',
      tabs: [
        {
          name: 'Service Health',
          description: 'Health of the services the tenant uses.',
          componentClass: 'service-health',
        },
        {
          name: 'Log Analytics',
          description: 'Log Analytics workspaces and their cost.',
          componentClass: 'log-analytics',
          features: ['azure'],
        },
      ],
    },
    children: [
      {
        n: 48,
        name: 'admin-section-settings-dashboard',
        displayName: 'Settings',
        description: 'Tenant settings, integrations and licences.',
        icon: 'settings',
        page: { type: 'ui', componentClass: 'settings-dashboard' },
      },
      {
        n: 49,
        name: 'pipelines',
        displayName: 'Pipelines',
        description: 'Data pipelines and their last runs.',
        icon: 'flow',
        page: { type: 'ui', componentClass: 'pipelines' },
      },
      {
        n: 50,
        name: 'tags',
        displayName: 'Tags',
        description: 'Tag policies for cost allocation.',
        icon: 'tag',
        features: ['azure'],
        page: { type: 'ui', componentClass: 'tags' },
      },
      {
        n: 51,
        name: 'rules',
        displayName: 'Rules',
        description: 'Allocation and alerting rules.',
        icon: 'rule',
        page: { type: 'ui', componentClass: 'rules' },
      },
      {
        n: 52,
        name: 'sharepoint-tenant-settings',
        displayName: 'SharePoint Settings',
        description: 'SharePoint tenant-wide settings.',
        icon: 'folder',
        features: ['m365'],
        page: { type: 'ui', componentClass: 'sharepoint-tenant-settings' },
      },
    ],
  },
  {
    n: 53,
    name: 'release-notes',
    displayName: 'Release Notes',
    description: 'What is new in the portal.',
    icon: 'news',
    tags: ['news'],
    assistanceSrc: VIDEO.releaseNotes,
    page: { type: 'ui', componentClass: 'release-notes', assistanceSrc: VIDEO.releaseNotes },
  },
];

/** Ada's navigation history on first start: path, tab, hours ago (spec §7 "navigation event"). */
const ADA_VISITS: { location: string; locationName: string; tabName: string | null; hoursAgo: number }[] = [
  { location: '/billing/overview', locationName: 'Billing Overview', tabName: 'Overview', hoursAgo: 1 },
  { location: '/billing/azure-cost-analysis', locationName: 'Cost Analysis', tabName: null, hoursAgo: 3 },
  {
    location: '/billing/m365?tab=Licence+Summary',
    locationName: 'Microsoft 365',
    tabName: 'Licence Summary',
    hoursAgo: 5,
  },
  { location: '/billing/security', locationName: 'Security', tabName: 'Posture', hoursAgo: 8 },
  { location: '/billing/m365-copilot-score', locationName: 'Copilot Score', tabName: null, hoursAgo: 12 },
  { location: '/billing/overview?tab=Invoices', locationName: 'Billing Overview', tabName: 'Invoices', hoursAgo: 26 },
  { location: '/billing/azure-cost-analysis', locationName: 'Cost Analysis', tabName: null, hoursAgo: 30 },
  { location: '/billing/overview', locationName: 'Billing Overview', tabName: 'Overview', hoursAgo: 50 },
];

/**
 * A guidance video as stored: the seed's own addresses must pass the rule every reader applies
 * (core's `isAllowedGuidanceVideo`; the demo's videos are this server's `/videos/` pages).
 */
function storedVideo(src: string | null | undefined): string | null {
  if (src == null) return null;
  if (!isAllowedGuidanceVideo(src, []))
    throw new Error(`The guidance video "${src}" is not one of this server's /videos/ pages.`);
  return src;
}

async function insertPage(tx: Database, id: string, page: SeedPage): Promise<void> {
  const componentClass = page.type === 'ui' ? page.componentClass : null;
  const reportId = page.type === 'pbiReport' ? page.reportId : null;
  const pageFilter = page.type === 'pbiReport' ? page.pages : [];
  const error = page.type === 'error' ? page.error : null;
  await tx.query(
    `insert into menu_pages (id, type, component_class, report_id, pbi_report_page_filter, assistance_src, error)
     values ($1, $2, $3, $4, $5, $6, $7) on conflict do nothing`,
    [id, page.type, componentClass, reportId, pageFilter, storedVideo(page.assistanceSrc), error],
  );
  if (page.type !== 'tabbed') return;
  for (const [position, tab] of page.tabs.entries()) {
    await tx.query(
      `insert into menu_page_tabs (page_id, position, name, display_name, description, type, assistance_src, component_class, report_id, features, personas)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) on conflict do nothing`,
      [
        id,
        position,
        tab.name,
        tab.displayName ?? tab.name,
        tab.description,
        tab.reportId ? 'report' : 'ui',
        storedVideo(tab.assistanceSrc),
        tab.componentClass ?? null,
        tab.reportId ?? null,
        tab.features ?? [],
        tab.personas ?? [],
      ],
    );
  }
}

async function insertItems(tx: Database, items: SeedItem[], parent: string | null): Promise<void> {
  for (const [position, item] of items.entries()) {
    const url = item.page ? (item.page.id ?? item.name) : (item.url ?? null);
    if (item.page) await insertPage(tx, url!, item.page);
    await tx.query(
      `insert into menu_items (uuid, name, parent_uuid, position, display_name, description, icon, url, tab_name, features, personas, tags, preview, assistance_src)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) on conflict do nothing`,
      [
        menuUuid(item.n),
        item.name,
        parent,
        position,
        item.displayName,
        item.description,
        item.icon ?? '',
        url,
        item.tabName ?? null,
        item.features ?? [],
        item.personas ?? [],
        item.tags ?? [],
        item.preview ?? false,
        storedVideo(item.assistanceSrc),
      ],
    );
    await insertItems(tx, item.children ?? [], menuUuid(item.n));
  }
}

/** The menu tree, page descriptions and navigation history of the demo tenants. Idempotent like the rest of the seed. */
export async function seedPortal(tx: Database): Promise<void> {
  await insertItems(tx, DEMO_MENU, null);

  const ada = demoUsers.find((u) => u.email === 'ada@contoso.example');
  if (!ada) return;
  const adaId = userId(ada.oid, TENANT.contoso);
  for (const [i, visit] of ADA_VISITS.entries()) {
    await tx.query(
      `insert into audit_events (id, tenant_id, user_id, category, location, location_name, tab_name, page_key, created_at)
       values ($1, $2, $3, 'navigation', $4, $5, $6, $7, now() - make_interval(hours => $8::int)) on conflict do nothing`,
      [
        `seed-ada-nav-${String(i + 1).padStart(2, '0')}`,
        TENANT.contoso,
        adaId,
        visit.location,
        visit.locationName,
        visit.tabName,
        pageKeyFromUrl(visit.location),
        visit.hoursAgo,
      ],
    );
  }
}
