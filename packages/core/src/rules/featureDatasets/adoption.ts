// spec §2 names the pages only.
/**
 * The feature datasets of Microsoft 365 adoption (third-party apps, SharePoint tenant settings, Teams calls, Copilot and usage scores, the usage assessment)
 * and their pages: their columns, key figures, actions and layout
 * (label, fixed filters, charts) are decided here. Joined into `DATASETS` and `DATASET_PAGES` by
 * `../featureData`.
 */

import type { DatasetChartDefinition, DatasetDef, DatasetPageDefinition } from '../featureDataTypes';

/** The levels of a risk, a permission or an impact, the highest first. */
const LEVELS = ['High', 'Medium', 'Low'] as const;

/**
 * The adoption domain's datasets (third-party applications, SharePoint settings, Teams call days, adoption checks), joined into `DATASETS`.
 * @public
 */
export const ADOPTION_DATASETS = {
  /**
   * The OAuth applications with a consent grant in the tenant (Entra ID enterprise applications), one row
   * per app. `permissionLevel` is the highest level of the permissions granted (Microsoft's classification:
   * read of the signed-in user's own data is Low, read of other users' mail or files is Medium, tenant-wide
   * write or directory access is High). `users` is how many users consented (an admin consent counts every
   * enabled user). `risk` weighs the permission level against a publisher Microsoft has not verified.
   */
  thirdPartyApps: {
    module: 'm365',
    columns: [
      { id: 'app', label: 'App', type: 'text' },
      { id: 'publisher', label: 'Publisher', type: 'text' },
      { id: 'verified', label: 'Verified publisher', type: 'boolean' },
      { id: 'permissions', label: 'Permissions', type: 'text' },
      { id: 'permissionLevel', label: 'Highest permission', type: 'enum', options: ['Low', 'Medium', 'High'] },
      { id: 'consentType', label: 'Consent', type: 'enum', options: ['Admin', 'User'] },
      { id: 'users', label: 'Users who consented', type: 'number' },
      { id: 'risk', label: 'Risk', type: 'enum', options: LEVELS },
      { id: 'lastUsed', label: 'Last used', type: 'date' },
    ],
    defaultSort: [{ id: 'users', desc: true }],
    kpis: [
      { id: 'apps', label: 'Apps', type: 'number' },
      { id: 'highRisk', label: 'High-risk apps', type: 'number' },
      { id: 'unverified', label: 'Unverified publishers', type: 'number' },
    ],
  },
  /**
   * SharePoint and OneDrive tenant settings (SharePoint admin center, `Set-SPOTenant`), each with the value
   * the tenant has and the one Microsoft's security baseline recommends. `result` says `compliant` in words
   * (a chart splits by it).
   */
  sharepointSettings: {
    module: 'm365',
    columns: [
      { id: 'setting', label: 'Setting', type: 'text' },
      {
        id: 'category',
        label: 'Category',
        type: 'enum',
        options: ['Sharing', 'Access control', 'OneDrive', 'Retention', 'Sync', 'Sites'],
      },
      { id: 'currentValue', label: 'Current value', type: 'text' },
      { id: 'recommendedValue', label: 'Recommended value', type: 'text' },
      { id: 'compliant', label: 'Compliant', type: 'boolean' },
      { id: 'result', label: 'Result', type: 'enum', options: ['Compliant', 'Not compliant'] },
      { id: 'impact', label: 'Impact', type: 'enum', options: LEVELS },
    ],
    defaultSort: [{ id: 'setting', desc: false }],
    kpis: [
      { id: 'settings', label: 'Settings', type: 'number' },
      { id: 'compliantShare', label: 'Compliant', type: 'percent' },
      { id: 'nonCompliantHigh', label: 'Not compliant, high impact', type: 'number' },
    ],
  },
  /**
   * Microsoft Teams calls and meetings a day over the last 90 days (the Teams call quality dashboard's
   * daily figures). The last 30 days add up to the assistant's Teams 'Calls' and 'Meetings' usage.
   * `poorShare` is the day's calls rated poor over its calls (a fraction); the key figure weighs the days
   * by their calls: the sum of `poorCalls` over the sum of `calls`.
   */
  teamsCallDays: {
    module: 'm365',
    columns: [
      { id: 'date', label: 'Date', type: 'date' },
      { id: 'weekday', label: 'Weekday', type: 'text' },
      { id: 'calls', label: 'Calls', type: 'number' },
      { id: 'meetings', label: 'Meetings', type: 'number' },
      { id: 'averageMinutes', label: 'Average duration (minutes)', type: 'number' },
      { id: 'poorShare', label: 'Poor quality', type: 'percent' },
      { id: 'poorCalls', label: 'Poor-quality calls', type: 'number', visible: false },
      { id: 'pstnMinutes', label: 'PSTN minutes', type: 'number' },
      { id: 'participants', label: 'Participants', type: 'number' },
    ],
    defaultSort: [{ id: 'date', desc: true }],
    kpis: [
      { id: 'calls', label: 'Calls (90 days)', type: 'number' },
      { id: 'meetings', label: 'Meetings (90 days)', type: 'number' },
      { id: 'poorShare', label: 'Poor quality', type: 'percent' },
    ],
  },
  /**
   * The checks behind the adoption scores, one row per check of a `kind`: Microsoft 365 Copilot readiness,
   * the usage (adoption) score and the usage assessment's findings per workload; each page shows one kind.
   * `score` is achieved / possible (a fraction); `status` is 'Achieved' at full points, 'Not started' at
   * none, else 'Partially achieved'. The score key figure is the sum of achieved over the sum of possible.
   */
  adoptionChecks: {
    module: 'm365',
    columns: [
      { id: 'check', label: 'Check', type: 'text' },
      {
        id: 'kind',
        label: 'Kind',
        type: 'enum',
        options: ['Copilot readiness', 'Usage score', 'Usage assessment'],
        visible: false,
      },
      { id: 'category', label: 'Category', type: 'text' },
      { id: 'achieved', label: 'Points achieved', type: 'number' },
      { id: 'possible', label: 'Points possible', type: 'number' },
      { id: 'score', label: 'Score', type: 'percent' },
      { id: 'status', label: 'Status', type: 'enum', options: ['Achieved', 'Partially achieved', 'Not started'] },
      { id: 'recommendation', label: 'Recommendation', type: 'text' },
    ],
    defaultSort: [{ id: 'score', desc: false }],
    kpis: [
      { id: 'score', label: 'Score achieved', type: 'percent' },
      { id: 'pointsAvailable', label: 'Points available', type: 'number' },
      { id: 'notStarted', label: 'Checks not started', type: 'number' },
    ],
  },
} as const satisfies Record<string, DatasetDef>;

/** The checks' points by category, split by how far each check got (the three score pages share it). */
const pointsByCategory: readonly DatasetChartDefinition[] = [
  { title: 'Points achieved by category', kind: 'stackedBar', x: 'category', y: 'achieved', split: 'status' },
];

/** The feature pages of Microsoft 365 adoption, one dataset each (`ADOPTION_DATASETS` above). The key is the component name the menu opens. */
export const ADOPTION_PAGES = {
  'third-party-apps': {
    dataset: 'thirdPartyApps',
    label: 'Third-party apps',
    charts: [{ title: 'Apps by risk', kind: 'donut', x: 'risk' }],
  },
  'sharepoint-tenant-settings': {
    dataset: 'sharepointSettings',
    label: 'SharePoint tenant settings',
    charts: [{ title: 'Settings by category', kind: 'stackedBar', x: 'category', split: 'result' }],
  },
  'teams-calls': {
    dataset: 'teamsCallDays',
    label: 'Teams call days',
    charts: [
      { title: 'Calls a day', kind: 'line', x: 'date', y: 'calls', grain: 'day' },
      {
        title: 'Poor-quality share by month (average of the days)',
        kind: 'bar',
        x: 'date',
        y: 'poorShare',
        grain: 'month',
      },
    ],
  },
  'copilot-score': {
    dataset: 'adoptionChecks',
    label: 'Copilot readiness checks',
    fixedFilters: [{ id: 'kind', op: 'eq', value: 'Copilot readiness' }],
    charts: pointsByCategory,
  },
  'usage-score': {
    dataset: 'adoptionChecks',
    label: 'Usage score checks',
    fixedFilters: [{ id: 'kind', op: 'eq', value: 'Usage score' }],
    charts: pointsByCategory,
  },
  'usage-assessment': {
    dataset: 'adoptionChecks',
    label: 'Usage assessment findings',
    fixedFilters: [{ id: 'kind', op: 'eq', value: 'Usage assessment' }],
    charts: pointsByCategory,
  },
} as const satisfies Record<string, DatasetPageDefinition<keyof typeof ADOPTION_DATASETS>>;
