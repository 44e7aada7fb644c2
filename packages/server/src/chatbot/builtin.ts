/**
 * The built-in assistant engine: reads the question (keywords; entities such as services,
 * subscriptions, licence SKUs and workloads from the tenant's own data; time ranges such as "last 3
 * months", "this month", "in June"), calls the data query tools of `tools.ts` and writes the answer in
 * Markdown with related links and follow-up questions. Deterministic: the same data and question
 * give the same answer, so tests can assert answers. A question about the live report view ("what
 * am I looking at?", "this page", "these filters") is answered from the question's report context,
 * and a cost question about it is narrowed to the service, subscription or month its filters select.
 */
import type { ChatDataset } from '@cloudportal/core';
import {
  describeReportFilter,
  quickStarts,
  type PageContext,
  type ReportContext,
  type ReportContextFilter,
} from '@cloudportal/core/rules';
import { BUILTIN_MODEL_NAME } from '../config';
import type { Database } from '../db/database';
import type { AssistantEngine, AssistantReply, AssistantRequest, AssistantTenant } from './engine';
import { change, count, datasetText, literal, money, percent, possessive, table } from './format';
import type { LinkResolver } from './links';
import { builtinActionAnswer } from './pageActions';
import { writeInPieces } from './stream';
import {
  azureBudgets,
  azureCosts,
  azureReservations,
  m365InactiveUsers,
  m365Licenses,
  m365Usage,
  recommendations,
  secureScore,
  type AzureCostsArgs,
  type ToolContext,
  type Workload,
} from './tools';
import {
  isPeriod,
  lastMonths,
  monthsBetween,
  parseTimeRange,
  periodLabel,
  periodOf,
  rangeLabel,
  type PeriodRange,
} from './time';

/** The two datasets a question can be about. */
type Dataset = 'azure' | 'm365';

/** What a question can ask about, besides an overview and help. */
type Topic =
  'costs' | 'budgets' | 'reservations' | 'recommendations' | 'licenses' | 'inactive' | 'usage' | 'secureScore';

const TOPIC_DATASET: Readonly<Record<Exclude<Topic, 'recommendations'>, Dataset>> = {
  costs: 'azure',
  budgets: 'azure',
  reservations: 'azure',
  licenses: 'm365',
  inactive: 'm365',
  usage: 'm365',
  secureScore: 'm365',
};

const DATASET_NAME: Readonly<Record<Dataset, string>> = { azure: 'Azure', m365: 'Microsoft 365' };
const WORKLOAD_NAME: Readonly<Record<Workload, string>> = {
  teams: 'Microsoft Teams',
  mail: 'Exchange mail',
  sharepoint: 'SharePoint',
};

/** A follow-up question and the dataset it needs. Each is one the engine answers. */
interface Followup {
  text: string;
  dataset: Dataset;
}

// Spec §2: the quick-start buttons send their text; the engine answers it with the company overview.
const [QUICK_START_AZURE, QUICK_START_M365] = quickStarts('all').map((q) => q.text) as [string, string];

const F = {
  overviewAzure: { text: QUICK_START_AZURE, dataset: 'azure' },
  overviewM365: { text: QUICK_START_M365, dataset: 'm365' },
  services: { text: 'Which Azure services cost the most last month?', dataset: 'azure' },
  subscriptions: { text: 'Which subscriptions cost the most last month?', dataset: 'azure' },
  trend: { text: 'Show the monthly Azure cost trend for the last 6 months', dataset: 'azure' },
  drivers: { text: 'What are our top cost drivers last month?', dataset: 'azure' },
  budgets: { text: 'How are we doing against our budgets?', dataset: 'azure' },
  reservations: { text: 'How well are our reservations utilised?', dataset: 'azure' },
  azureRecommendations: { text: 'Which Azure recommendations would save the most?', dataset: 'azure' },
  licenses: { text: 'How many Microsoft 365 licences are assigned?', dataset: 'm365' },
  inactive30: { text: 'How many users have been inactive for 30 days?', dataset: 'm365' },
  inactive90: { text: 'Which users have been inactive for 90 days?', dataset: 'm365' },
  teams: { text: 'How is Microsoft Teams being used?', dataset: 'm365' },
  mail: { text: 'How is email being used?', dataset: 'm365' },
  sharepoint: { text: 'How is SharePoint being used?', dataset: 'm365' },
  secureScore: { text: 'What is our secure score?', dataset: 'm365' },
  m365Recommendations: { text: 'Which Microsoft 365 recommendations would save the most?', dataset: 'm365' },
} as const satisfies Record<string, Followup>;

/** One part of an answer. */
interface Section {
  markdown: string;
  pages: string[];
  followups: Followup[];
}

// ---------------------------------------------------------------------------------------------
// Reading the question

/** The names in the tenant's data a question may mention. */
interface Vocabulary {
  services: string[];
  subscriptions: string[];
  skus: { sku: string; part: string }[];
}

/** What a question asks. */
interface Analysis {
  overview: boolean;
  help: boolean;
  topics: Topic[];
  mentions: { azure: boolean; m365: boolean };
  range?: PeriodRange;
  groupBy?: AzureCostsArgs['groupBy'];
  service?: string;
  subscription?: string;
  sku?: string;
  workload?: Workload;
  days?: number;
  top?: number;
  /** "What about …", "and …": a question that continues the previous one. */
  continues: boolean;
  /** "What am I looking at?", "this page", "these filters": a question about the live report view. */
  view: boolean;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const words = (pattern: string) => new RegExp(`\\b(?:${pattern})\\b`);

/** Other ways to name a service than its own name. */
const SERVICE_ALIASES: Readonly<Record<string, string>> = {
  'virtual machines': 'vms?|virtual machines?|compute',
  'sql database': 'sql(?: databases?)?|databases?',
  'azure kubernetes service': 'aks|kubernetes',
  storage: 'storage(?: accounts?)?|disks?|blob storage',
  'app service': 'app services?|web apps?',
  'application gateway': 'app(?:lication)? gateways?',
  'virtual network': 'virtual networks?|vnets?|networking',
  'azure synapse analytics': 'synapse',
  'log analytics': 'log analytics',
  'key vault': 'key ?vaults?',
  'container registry': 'container registr(?:y|ies)|acr',
};

/** Words of a SKU name that do not tell SKUs apart. */
const SKU_NOISE = new Set(['microsoft', '365', 'office', 'plan', 'for', 'standard', '1', '2', '3']);

const NUMBER_WORDS: Readonly<Record<string, number>> = { three: 3, five: 5, ten: 10 };

const P = {
  overview: /\boverview\b|\bsummar(?:y|ise|ize)\b|\bat a glance\b|\bsnapshot\b|\bhighlights\b/,
  companyOverview: /\bcompany overview\b|\boverview of (?:the |our )?(?:company|tenant|organi[sz]ation|everything)\b/,
  help: /^(?:hi|hello|hey|hiya|good (?:morning|afternoon|evening))\b|\bhelp\b|\bwhat can you (?:do|answer|tell)\b|\bwhat (?:questions )?can i ask\b|\bhow (?:can|do) you help\b|\bwho are you\b/,
  azure: /\bazure\b/,
  m365: /\bm365\b|\bmicrosoft 365\b|\boffice 365\b|\bo365\b/,
  secureScore: /\bsecure ?score\b|\bsecurity (?:score|posture)\b|\bposture\b|\bimprovement actions?\b/,
  inactive:
    /\binactive\b|\bdormant\b|\bnot (?:signed|logged) in\b|\bhaven'?t (?:signed|logged) in\b|\bnever (?:signed|logged) in\b|\bunused accounts?\b|\bstale (?:users|accounts)\b|\bsign-?ins?\b/,
  licenses: /\blicen[cs](?:e|es|ed|ing)\b|\bseats?\b|\bskus?\b|\bunassigned\b|\bassigned\b/,
  licenseCounts: /\bunassigned\b|\bassigned\b|\bavailable\b|\bpurchased\b|\bbought\b|\bspare\b/,
  usage: /\busage\b|\badoption\b|\bactive users\b|\bmeetings?\b|\bchat messages\b|\bcalls\b|\bworkloads?\b/,
  budgets: /\bbudget(?:s|ed)?\b/,
  reservations: /\breserv(?:ation|ations|ed)\b|\bsavings? plans?\b|\bris?\b|\bcommitments?\b/,
  recommendations:
    /\brecommend\w*|\bsave\b|\bsaving\b(?! plans?)|\bsavings\b(?! plans?)|\boptimi[sz]\w*|\badvi[cs]e\b|\bcut (?:our |my |the )?costs?\b|\breduce (?:our |my |the )?(?:costs?|spend\w*|bill)\b|\bwaste\w*|\bimprove\w*|\bquick wins?\b/,
  recommendWord: /\brecommend\w*|\badvi[cs]e\b|\bquick wins?\b/,
  costs:
    /\bcosts?\b|\bcosting\b|\bspend\w*|\bspent\b|\bbill(?:s|ed|ing)?\b|\bcharges?\b|\bcharged\b|\bexpensive\b|\bhow much\b|\btrend\b|\binvoices?\b|\bconsumption\b/,
  continues: /^(?:and|what about|how about|same for|and for|what for|now for|then for)\b/,
  view: /\bwhat am i (?:looking at|seeing|viewing)\b|\b(?:this|current) (?:page|report|view|tab|screen|dashboard)\b|\b(?:these|the|my|current|applied|which|what|any) filters?\b|\bfiltered\b|\bon (?:my |the )?screen\b/,
  groupMonth:
    /\btrend\b|\bper month\b|\bby month\b|\bmonthly\b|\bmonth by month\b|\bmonth[- ]over[- ]month\b|\bover time\b|\beach month\b|\bevery month\b|\bhistory\b/,
  groupResourceGroup: /\bresource groups?\b/,
  groupResource: /\bcost drivers?\b|\bdrivers\b|\bresources?\b|\bmost expensive (?:items?|things)\b/,
  groupSubscription: /\bsubscriptions?\b/,
  groupService: /\bservices?\b|\bproducts?\b|\bcategor(?:y|ies)\b|\bmeters?\b/,
};

function findService(q: string, services: readonly string[]): string | undefined {
  const byLength = [...services].sort((a, b) => b.length - a.length);
  for (const service of byLength) {
    const own = escape(service.toLowerCase()).replace(/\\ /g, ' ');
    const alias = SERVICE_ALIASES[service.toLowerCase()];
    if (words(`${own}s?${alias ? `|${alias}` : ''}`).test(q)) return service;
  }
  return undefined;
}

function findSubscription(q: string, subscriptions: readonly string[]): string | undefined {
  for (const name of subscriptions) {
    const lower = name.toLowerCase();
    const rest = lower.split(' ').slice(1).join(' ');
    if (q.includes(lower) || (rest.length >= 4 && words(escape(rest)).test(q))) return name;
  }
  return undefined;
}

function findSku(q: string, skus: Vocabulary['skus']): string | undefined {
  let best: { sku: string; score: number } | undefined;
  for (const { sku, part } of skus) {
    const lower = sku.toLowerCase();
    const tokens = lower.split(/\s+/).filter((t) => !SKU_NOISE.has(t));
    let score = 0;
    if (q.includes(lower) || words(escape(part.toLowerCase())).test(q)) score = 100;
    else if (tokens.length && tokens.every((t) => words(escape(t)).test(q))) score = tokens.length;
    if (score && (!best || score > best.score)) best = { sku, score };
  }
  return best?.sku;
}

function findWorkload(q: string): Workload | undefined {
  if (/\bteams\b(?! phone)/.test(q)) return 'teams';
  if (/\be-?mails?\b|\bmail(?:boxes)?\b|\bexchange\b|\boutlook\b/.test(q)) return 'mail';
  if (/\bsharepoint\b|\bonedrive\b/.test(q)) return 'sharepoint';
  return undefined;
}

/** Reads one question. */
function analyse(question: string, now: Date, vocabulary: Vocabulary): Analysis {
  const q = question.toLowerCase().replace(/[’‘`]/g, "'").replace(/\s+/g, ' ').trim();
  const mentions = { azure: P.azure.test(q), m365: P.m365.test(q) };
  const service = findService(q, vocabulary.services);
  const subscription = findSubscription(q, vocabulary.subscriptions);
  const sku = findSku(q, vocabulary.skus);
  const workload = findWorkload(q);
  const daysMatch = /\b(\d{1,3})\s*\+?\s*days?\b/.exec(q);
  const days = daysMatch ? Math.min(365, Math.max(1, Number(daysMatch[1]))) : undefined;
  const topMatch = /\btop\s+(\d{1,2}|three|five|ten)\b/.exec(q);
  const top = topMatch ? Math.min(50, Math.max(1, NUMBER_WORDS[topMatch[1]!] ?? Number(topMatch[1]))) : undefined;
  let groupBy: AzureCostsArgs['groupBy'] | undefined;
  if (P.groupMonth.test(q)) groupBy = 'month';
  else if (P.groupResourceGroup.test(q)) groupBy = 'resourceGroup';
  else if (P.groupResource.test(q)) groupBy = 'resource';
  else if (P.groupSubscription.test(q) && !subscription) groupBy = 'subscription';
  else if (P.groupService.test(q) && !service) groupBy = 'service';

  const topics = new Set<Topic>();
  if (P.secureScore.test(q)) topics.add('secureScore');
  if (P.inactive.test(q)) topics.add('inactive');
  if (P.licenses.test(q) || (sku && !P.usage.test(q))) topics.add('licenses');
  const strongUsage = P.usage.test(q);
  if (strongUsage || workload) topics.add('usage');
  if (P.budgets.test(q)) topics.add('budgets');
  if (P.reservations.test(q)) topics.add('reservations');
  if (P.recommendations.test(q)) topics.add('recommendations');
  if (P.costs.test(q) || ((service || subscription || groupBy) && topics.size === 0)) topics.add('costs');

  // Words several topics share: keep the reading the question means.
  const m365Topic = ['licenses', 'inactive', 'usage', 'secureScore'].some((t) => topics.has(t as Topic));
  if (topics.has('usage') && !strongUsage && topics.has('licenses')) topics.delete('usage'); // "Teams Phone licences"
  if (topics.has('usage') && !workload && mentions.azure && !mentions.m365) {
    topics.delete('usage'); // "Azure usage" is Azure consumption
    topics.add('costs');
  }
  if (topics.has('costs') && m365Topic && !mentions.azure && !service && !subscription) topics.delete('costs'); // licence costs
  if (topics.has('costs') && mentions.m365 && !mentions.azure && !service && !subscription) {
    topics.delete('costs'); // what Microsoft 365 costs is its licences
    topics.add('licenses');
  }
  if (
    topics.has('costs') &&
    !groupBy &&
    ['budgets', 'reservations', 'recommendations'].some((t) => topics.has(t as Topic))
  )
    topics.delete('costs');
  if (
    topics.has('recommendations') &&
    (topics.has('secureScore') || (topics.has('reservations') && !P.recommendWord.test(q)))
  )
    topics.delete('recommendations');
  if (topics.has('licenses') && topics.has('inactive') && !P.licenseCounts.test(q)) topics.delete('licenses');

  const overview = P.companyOverview.test(q) || (P.overview.test(q) && topics.size === 0);
  return {
    overview,
    help: !overview && topics.size === 0 && P.help.test(q),
    topics: overview ? [] : [...topics],
    mentions,
    range: parseTimeRange(q, now),
    groupBy,
    service,
    subscription,
    sku,
    workload,
    days,
    top,
    continues: P.continues.test(q),
    view: P.view.test(q),
  };
}

/** A question without a topic of its own continues the previous one with what it adds ("and last month?"). */
function continueFrom(current: Analysis, previous: Analysis): Analysis {
  return {
    ...previous,
    range: current.range ?? previous.range,
    groupBy: current.groupBy ?? previous.groupBy,
    service: current.service ?? previous.service,
    subscription: current.subscription ?? previous.subscription,
    sku: current.sku ?? previous.sku,
    workload: current.workload ?? previous.workload,
    days: current.days ?? previous.days,
    top: current.top ?? previous.top,
    mentions: current.mentions.azure || current.mentions.m365 ? current.mentions : previous.mentions,
    continues: true,
    view: current.view,
  };
}

const addsDetail = (a: Analysis) =>
  !!(a.continues || a.range || a.groupBy || a.service || a.subscription || a.sku || a.workload || a.days || a.top);

// ---------------------------------------------------------------------------------------------
// Writing the answer

const bold = (text: string) => `**${text}**`;

// ---------------------------------------------------------------------------------------------
// What the host page says the visitor looks at (not in the spec: rules/pageContext)

/** Whether a question is about what the page shows: "this", "it", "here", or the item's own title. */
const aboutThePage = (question: string, context: PageContext) =>
  /\b(?:this|these|that|it|here)\b/i.test(question) ||
  question.toLowerCase().includes(context.title.trim().toLowerCase());

/** Literal Markdown for a table cell: its pipes are the table's to escape (`table`), once. */
const cellText = (text: string) => literal(text).replace(/\\\|/g, '|');

/** At most this many of the page's details are shown. */
const PAGE_DETAILS_SHOWN = 8;

/**
 * "On this page you are looking at **Invoice 4711**:" and its details (the data's top-level text,
 * numbers and yes/no values) as a table. Everything from the page is literal Markdown: data, never
 * formatting or links of its own.
 */
export function pageContextLead(context: PageContext): string {
  const details = Object.entries(context.data ?? {})
    .filter(([, v]) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
    .slice(0, PAGE_DETAILS_SHOWN)
    .map(([key, v]) => [cellText(key), cellText(typeof v === 'boolean' ? (v ? 'yes' : 'no') : String(v))]);
  const sentence = `On this page you are looking at ${bold(literal(context.title.trim()))}${details.length ? ':' : '.'}`;
  return details.length ? `${sentence}\n\n${table(['Detail', 'Value'], details)}` : sentence;
}

// ---------------------------------------------------------------------------------------------
// The live report view (beyond the spec: the question carries the report the user looks at)

/** The answer to a question about the view when no report is open beside the chat. */
export const NO_REPORT_VIEW =
  "I can't see a report beside this chat, so I can't tell what it shows: open a report in the portal and ask again.";

/**
 * "You are looking at **Billing overview** — page **Cost by Service**, filtered to Service =
 * Virtual Machines; saved view **My VMs**." Every name from the view is literal Markdown.
 */
export function viewSentence(view: ReportContext): string {
  const filters = view.filters.length
    ? `, filtered to ${view.filters.map((f) => literal(describeReportFilter(f))).join(' and ')}`
    : ', with no filters applied';
  const saved = view.savedView ? `; saved view ${bold(literal(view.savedView))}` : '';
  return `You are looking at ${bold(literal(view.reportName))} — page ${bold(literal(view.page.displayName))}${filters}${saved}.`;
}

/**
 * A cost question about the view is answered for what its filters show: a Costs filter selecting
 * one service, one subscription or one month narrows the answer (unless the question names its
 * own). Other filters of the Costs table cannot be applied and are named in a note.
 */
function narrowToView(
  a: Analysis,
  view: ReportContext,
  vocabulary: Vocabulary,
): { analysis: Analysis; unapplied: ReportContextFilter[] } {
  const analysis = { ...a };
  const unapplied: ReportContextFilter[] = [];
  const known = (names: readonly string[], value: string) => names.find((n) => n.toLowerCase() === value.toLowerCase());
  for (const filter of view.filters) {
    if (filter.table.toLowerCase() !== 'costs') continue;
    const column = filter.column.toLowerCase();
    const only = filter.operator === 'In' && filter.values.length === 1 ? filter.values[0]! : undefined;
    if (column === 'service' && only && known(vocabulary.services, only))
      analysis.service ??= known(vocabulary.services, only);
    else if (column === 'subscription' && only && known(vocabulary.subscriptions, only))
      analysis.subscription ??= known(vocabulary.subscriptions, only);
    else if (column === 'month' && only && isPeriod(only))
      analysis.range ??= { from: only, to: only, label: periodLabel(only) };
    else unapplied.push(filter);
  }
  return { analysis, unapplied };
}

/** The note on view filters a cost answer could not apply. */
function unappliedNote(filters: readonly ReportContextFilter[]): string {
  const names = filters.map((f) => literal(describeReportFilter(f))).join('; ');
  return `These figures are not narrowed to the filter${filters.length === 1 ? '' : 's'} ${names}: I can narrow costs to one service, one subscription or one month.`;
}

/** The month(s) a result covers, said with "so far" when the range reaches into the current month. */
function spanLabel(from: string, to: string, now: Date): string {
  const label = rangeLabel(from, to);
  return to >= periodOf(now) ? `${label} (month to date)` : label;
}

async function costsSection(ctx: ToolContext, a: Analysis, tenant: AssistantTenant): Promise<Section> {
  const multiMonth = a.range ? monthsBetween(a.range.from, a.range.to) > 1 : false;
  const groupBy = a.groupBy ?? (a.service || a.subscription ? 'resource' : multiMonth ? 'month' : 'service');
  const range = a.range ?? (groupBy === 'month' ? lastMonths(ctx.now, 6) : undefined);
  const r = await azureCosts(ctx, {
    groupBy,
    from: range?.from,
    to: range?.to,
    service: a.service,
    subscription: a.subscription,
    top: groupBy === 'resource' ? (a.top ?? 5) : a.top,
  });
  const pages = ['azure-cost-analysis', 'billing-report'];
  const followups: Followup[] = {
    service: [F.subscriptions, F.drivers, F.trend],
    subscription: [F.services, F.budgets, F.trend],
    resourceGroup: [F.services, F.drivers, F.budgets],
    resource: [F.azureRecommendations, F.reservations, F.services],
    month: [F.services, F.drivers, F.budgets],
  }[groupBy];
  if (!r.coverage)
    return { markdown: `I have no Azure cost data for ${tenant.displayName} yet.`, pages: [], followups: [] };
  const scope = [
    a.service ? ` on ${a.service}` : '',
    a.subscription ? ` in the ${a.subscription} subscription` : '',
  ].join('');
  const on = `on ${a.service ?? 'Azure'}${a.subscription ? ` in the ${a.subscription} subscription` : ''}`;
  const span = spanLabel(r.from, r.to, ctx.now);
  const inSpan = `${r.from === r.to ? 'In' : 'From'} ${span}`;
  if (r.rows.length === 0) {
    return {
      markdown: `I have no Azure cost data${scope} for ${rangeLabel(r.from, r.to)}. ${possessive(tenant.displayName)} cost data covers ${rangeLabel(r.coverage.from, r.coverage.to)}.`,
      pages,
      followups,
    };
  }
  const c = r.currency;
  const partial =
    r.from < r.coverage.from
      ? `\n\nCost data starts in ${periodLabel(r.coverage.from)}, so earlier months are not included.`
      : '';
  const first = r.rows[0]!;
  if (groupBy === 'month') {
    const last = r.rows[r.rows.length - 1]!;
    const rows = r.rows.map((row, i) => [
      periodLabel(row.name) + (row.name === periodOf(ctx.now) ? ' (to date)' : ''),
      money(row.amount, c),
      i === 0 ? '—' : change(row.amount, r.rows[i - 1]!.amount),
    ]);
    const peak = [...r.rows].sort((x, y) => y.amount - x.amount)[0]!;
    const lead =
      r.rows.length === 1
        ? `${possessive(tenant.displayName)} Azure cost${scope} in ${span} was ${bold(money(first.amount, c))}.`
        : `${possessive(tenant.displayName)} Azure cost${scope} from ${span} was ${bold(money(r.total, c))}, from ${money(first.amount, c)} in ${periodLabel(first.name)} to ${money(last.amount, c)} in ${periodLabel(last.name)}. The highest month was ${bold(periodLabel(peak.name))} at ${money(peak.amount, c)}.`;
    return { markdown: `${lead}\n\n${table(['Month', 'Cost', 'Change'], rows, [1, 2])}${partial}`, pages, followups };
  }
  if (groupBy === 'resource') {
    const lead =
      a.service || a.subscription
        ? `${inSpan}, ${tenant.displayName} spent ${bold(money(r.total, c))} ${on}. The largest cost was ${bold(first.name)} at ${bold(money(first.amount, c))} (${percent(first.amount, r.total)}).`
        : `The top cost drivers in ${span} were these resources; the largest was ${bold(first.name)} (${first.service}) at ${bold(money(first.amount, c))}, ${percent(first.amount, r.total)} of the ${money(r.total, c)} total.`;
    const rows = r.rows.map((row) => [
      row.name,
      row.service ?? '',
      row.subscription ?? '',
      money(row.amount, c),
      percent(row.amount, r.total),
    ]);
    return {
      markdown: `${lead}\n\n${table(['Resource', 'Service', 'Subscription', 'Cost', 'Share'], rows, [3, 4])}${partial}`,
      pages: [...pages, 'azure-resources'],
      followups,
    };
  }
  const noun = { service: 'service', subscription: 'subscription', resourceGroup: 'resource group' }[groupBy];
  const lead = `${inSpan}, ${tenant.displayName} spent ${bold(money(r.total, c))} ${on}. The largest ${noun} was ${bold(first.name)} at ${bold(money(first.amount, c))} (${percent(first.amount, r.total)}).`;
  const shown = r.rows.slice(0, a.top ?? 10);
  const rest = r.groups - shown.length;
  const rows = shown.map((row) => [row.name, money(row.amount, c), percent(row.amount, r.total)]);
  const more = rest > 0 ? `\n\n${rest} more ${rest === 1 ? noun : `${noun}s`} make up the rest.` : '';
  const header = noun[0]!.toUpperCase() + noun.slice(1);
  return {
    markdown: `${lead}\n\n${table([header, 'Cost', 'Share'], rows, [1, 2])}${more}${partial}`,
    pages,
    followups,
  };
}

async function budgetsSection(ctx: ToolContext, a: Analysis, tenant: AssistantTenant): Promise<Section> {
  const r = await azureBudgets(ctx, { month: a.range?.to });
  const pages = ['azure-budgets'];
  const followups = [F.subscriptions, F.azureRecommendations, F.trend];
  if (r.budgets.length === 0)
    return { markdown: `${tenant.displayName} has no Azure budgets set up.`, pages, followups };
  const c = r.currency;
  const span = r.period >= periodOf(ctx.now) ? `${periodLabel(r.period)} so far` : periodLabel(r.period);
  const note =
    a.range && monthsBetween(a.range.from, a.range.to) > 1
      ? `Budgets are monthly, so this is ${periodLabel(r.period)}, the last month of ${a.range.label}.\n\n`
      : '';
  if (!r.hasCosts)
    return {
      markdown: `${note}I have no Azure cost data for ${periodLabel(r.period)}, so I cannot compare it with ${possessive(tenant.displayName)} budgets.`,
      pages,
      followups,
    };
  const over = r.budgets.filter((b) => b.status === 'over');
  let lead: string;
  if (over.length) {
    const items = over.map(
      (b) =>
        `${bold(b.name)} spent ${bold(money(b.actual, c))} of ${bold(money(b.amount, c))} (${percent(b.actual, b.amount)}), ${bold(`${money(-b.remaining, c)} over`)}`,
    );
    lead = `In ${span}, ${bold(`${over.length} of ${r.budgets.length}`)} ${r.budgets.length === 1 ? 'budget' : 'budgets'} went over: ${items.join('; ')}.`;
  } else {
    const closest = [...r.budgets].sort((x, y) => y.used - x.used)[0]!;
    const current = r.period >= periodOf(ctx.now);
    const left = `${percent(closest.actual, closest.amount)} (${money(closest.remaining, c)} left)`;
    lead =
      r.budgets.length === 1
        ? `In ${span}, ${bold(closest.name)} ${current ? 'is within' : 'stayed within'} its amount at ${left}.`
        : `In ${span}, all ${r.budgets.length} budgets ${current ? 'are within' : 'stayed within'} their amounts; the closest was ${bold(closest.name)} at ${left}.`;
  }
  const rows = r.budgets.map((b) => [
    b.name,
    b.scope,
    money(b.amount, c),
    money(b.actual, c),
    percent(b.actual, b.amount),
    b.status === 'over' ? `Over by ${money(-b.remaining, c)}` : `Under by ${money(b.remaining, c)}`,
  ]);
  return {
    markdown: `${note}${lead}\n\n${table(['Budget', 'Scope', 'Budget amount', 'Actual', 'Used', 'Status'], rows, [2, 3, 4])}`,
    pages,
    followups,
  };
}

async function reservationsSection(ctx: ToolContext, tenant: AssistantTenant): Promise<Section> {
  const r = await azureReservations(ctx);
  const pages = ['azure-reservations'];
  const followups = [F.azureRecommendations, F.drivers, F.budgets];
  if (r.reservations.length === 0)
    return {
      markdown: `${tenant.displayName} has no Azure reservations or savings plans.`,
      pages,
      followups: [F.azureRecommendations, F.services],
    };
  const c = r.currency;
  const n = r.reservations.length;
  const notes: string[] = [];
  for (const res of r.reservations) {
    if (res.utilisation < 80)
      notes.push(
        `${bold(res.name)} is only ${res.utilisation.toFixed(1)}% utilised: consider exchanging it or moving workloads onto it.`,
      );
    if (res.daysToExpiry >= 0 && res.daysToExpiry <= 60)
      notes.push(
        `${bold(res.name)} expires in ${res.daysToExpiry} ${res.daysToExpiry === 1 ? 'day' : 'days'} (${res.expiresOn}): decide whether to renew it.`,
      );
    if (res.daysToExpiry < 0) notes.push(`${bold(res.name)} expired on ${res.expiresOn}.`);
  }
  const lead = `${tenant.displayName} has ${bold(String(n))} ${n === 1 ? 'reservation or savings plan' : 'reservations and savings plans'}, saving ${bold(money(r.totalMonthlySavings, c))} a month with an average utilisation of ${bold(`${(r.averageUtilisation ?? 0).toFixed(1)}%`)}.`;
  const rows = r.reservations.map((res) => [
    res.name,
    res.sku,
    String(res.quantity),
    res.term,
    `${res.utilisation.toFixed(1)}%`,
    money(res.monthlySavings, c),
    res.expiresOn,
  ]);
  const body = table(
    ['Reservation', 'SKU', 'Quantity', 'Term', 'Utilisation', 'Savings a month', 'Expires'],
    rows,
    [2, 4, 5],
  );
  return {
    markdown: `${lead}\n\n${body}${notes.length ? `\n\n${notes.map((x) => `- ${x}`).join('\n')}` : ''}`,
    pages,
    followups,
  };
}

async function recommendationsSection(
  ctx: ToolContext,
  dataset: Dataset | 'all',
  tenant: AssistantTenant,
): Promise<Section> {
  const r = await recommendations(ctx, { dataset });
  const pages = ['recommendations'];
  const followups =
    dataset === 'm365'
      ? [F.licenses, F.inactive30, F.secureScore]
      : dataset === 'azure'
        ? [F.reservations, F.drivers, F.budgets]
        : [F.drivers, F.inactive30, F.budgets];
  const what = dataset === 'all' ? '' : `${DATASET_NAME[dataset]} `;
  if (r.recommendations.length === 0)
    return { markdown: `There are no open ${what}recommendations for ${tenant.displayName}.`, pages, followups };
  const c = r.currency;
  const n = r.recommendations.length;
  const top = r.recommendations[0]!;
  const saving =
    top.monthlySavings > 0 ? ` The biggest saving: ${bold(top.title)} (${money(top.monthlySavings, c)} a month).` : '';
  const lead = `There ${n === 1 ? 'is' : 'are'} ${bold(String(n))} open ${what}${n === 1 ? 'recommendation' : 'recommendations'} for ${tenant.displayName}, worth up to ${bold(money(r.totalMonthlySavings, c))} a month.${saving}`;
  const shown = r.recommendations.slice(0, 10);
  const rows = shown.map((x) => [
    x.title,
    ...(dataset === 'all' ? [DATASET_NAME[x.dataset]] : []),
    x.category,
    x.impact,
    x.monthlySavings > 0 ? money(x.monthlySavings, c) : '—',
  ]);
  const headers = [
    'Recommendation',
    ...(dataset === 'all' ? ['Dataset'] : []),
    'Category',
    'Impact',
    'Savings a month',
  ];
  return { markdown: `${lead}\n\n${table(headers, rows, [headers.length - 1])}`, pages, followups };
}

async function licensesSection(ctx: ToolContext, a: Analysis, tenant: AssistantTenant): Promise<Section> {
  const r = await m365Licenses(ctx, { sku: a.sku });
  const pages = ['m365', 'm365-license-report'];
  const followups = [F.inactive30, F.m365Recommendations, F.teams];
  if (r.licenses.length === 0)
    return { markdown: `I have no Microsoft 365 licence data for ${tenant.displayName}.`, pages: [], followups: [] };
  const c = r.currency;
  const rows = r.licenses.map((l) => [
    l.sku,
    count(l.available),
    count(l.assigned),
    count(l.unassigned),
    money(l.monthlyCost, c),
    money(l.unassignedMonthlyCost, c),
  ]);
  const body = table(
    ['SKU', 'Available', 'Assigned', 'Unassigned', 'Cost a month', 'Unassigned cost a month'],
    rows,
    [1, 2, 3, 4, 5],
  );
  if (a.sku && r.licenses.length === 1) {
    const l = r.licenses[0]!;
    const idle = l.unassigned
      ? `so ${bold(count(l.unassigned))} ${l.unassigned === 1 ? 'is' : 'are'} unassigned, costing ${bold(money(l.unassignedMonthlyCost, c))} a month`
      : 'so every licence is in use';
    return {
      markdown: `${bold(l.sku)}: ${bold(`${count(l.assigned)} of ${count(l.available)}`)} available licences are assigned, ${idle}.\n\n${body}`,
      pages,
      followups,
    };
  }
  const t = r.totals;
  const worst = [...r.licenses].sort((x, y) => y.unassignedMonthlyCost - x.unassignedMonthlyCost)[0]!;
  const lead = `${tenant.displayName} has ${bold(count(t.available))} Microsoft 365 licences across ${r.licenses.length} SKUs, costing ${bold(money(t.monthlyCost, c))} a month: ${bold(count(t.assigned))} are assigned and ${bold(count(t.unassigned))} unassigned, costing ${bold(money(t.unassignedMonthlyCost, c))} a month.${worst.unassigned ? ` The most idle spend is on ${bold(worst.sku)} (${count(worst.unassigned)} unassigned, ${money(worst.unassignedMonthlyCost, c)} a month).` : ''}`;
  return { markdown: `${lead}\n\n${body}`, pages, followups };
}

async function inactiveSection(ctx: ToolContext, a: Analysis, tenant: AssistantTenant): Promise<Section> {
  const r = await m365InactiveUsers(ctx, { days: a.days, sku: a.sku });
  const pages = ['m365-license-users', 'm365-license-report'];
  const followups = [r.days >= 90 ? F.inactive30 : F.inactive90, F.licenses, F.m365Recommendations];
  const { rows: known } = await ctx.db.query('select 1 from assistant_m365_licenses where tenant_id = $1 limit 1', [
    ctx.tenantId,
  ]);
  if (known.length === 0)
    return { markdown: `I have no Microsoft 365 sign-in data for ${tenant.displayName}.`, pages: [], followups: [] };
  const holding = a.sku ? ` holding ${a.sku}` : '';
  if (r.count === 0)
    return { markdown: `No licensed user${holding} has been inactive for ${r.days} days or more.`, pages, followups };
  const never = r.neverSignedIn ? ` (${r.neverSignedIn} of them never signed in)` : '';
  const lead = `${bold(count(r.count))} licensed ${r.count === 1 ? 'user' : 'users'}${holding} ${r.count === 1 ? 'has' : 'have'} not signed in for ${r.days} days or more${never}. Their licences cost ${bold(money(r.licenseMonthlyCost, r.currency))} a month.`;
  const shown = r.users.slice(0, 15);
  const rows = shown.map((u) => [
    u.displayName,
    u.department,
    u.licenses.join(', '),
    u.daysSinceSignIn === null ? 'Never' : `${u.daysSinceSignIn} days ago`,
  ]);
  const more = r.users.length > shown.length ? `\n\n${r.users.length - shown.length} more users are not shown.` : '';
  const asOf = r.asOf ? `\n\nSign-in data as of ${r.asOf}.` : '';
  return {
    markdown: `${lead}\n\n${table(['User', 'Department', 'Licences', 'Last sign-in'], rows)}${more}${asOf}`,
    pages,
    followups,
  };
}

async function usageSection(ctx: ToolContext, a: Analysis, tenant: AssistantTenant): Promise<Section> {
  const r = await m365Usage(ctx, { workload: a.workload ?? 'all' });
  const pages = a.workload ? [`usage-${a.workload}`] : ['usage-teams', 'usage-mail', 'usage-sharepoint'];
  const others = ([F.teams, F.mail, F.sharepoint] as Followup[]).filter(
    (f) => !a.workload || !f.text.toLowerCase().includes(a.workload === 'mail' ? 'email' : a.workload),
  );
  const followups = [...others, F.secureScore].slice(0, 3);
  if (r.workloads.length === 0)
    return { markdown: `I have no Microsoft 365 usage data for ${tenant.displayName}.`, pages: [], followups: [] };
  const days = `In the ${r.periodDays} days to ${r.asOf ?? 'the last report'}`;
  if (a.workload && r.workloads.length === 1) {
    const w = r.workloads[0]!;
    const share =
      w.activeUsers !== null && w.enabledUsers
        ? `${bold(`${count(w.activeUsers)} of ${count(w.enabledUsers)}`)} enabled users (${percent(w.activeUsers, w.enabledUsers)}) were active in ${WORKLOAD_NAME[w.workload]}`
        : `this is how ${WORKLOAD_NAME[w.workload]} was used`;
    const rows = w.metrics.map((m) => [m.name, count(m.value, 1)]);
    return { markdown: `${days}, ${share}.\n\n${table(['Metric', 'Value'], rows, [1])}`, pages, followups };
  }
  const rows = r.workloads.map((w) => [
    WORKLOAD_NAME[w.workload],
    count(w.activeUsers ?? 0),
    count(w.enabledUsers ?? 0),
    w.enabledUsers ? percent(w.activeUsers ?? 0, w.enabledUsers) : '—',
  ]);
  const rated = r.workloads.filter((w) => w.enabledUsers);
  const lowest = [...rated].sort(
    (x, y) => (x.activeUsers ?? 0) / x.enabledUsers! - (y.activeUsers ?? 0) / y.enabledUsers!,
  )[0];
  const low = lowest
    ? ` ${bold(WORKLOAD_NAME[lowest.workload])} has the lowest adoption at ${percent(lowest.activeUsers ?? 0, lowest.enabledUsers!)} of enabled users.`
    : '';
  return {
    markdown: `${days}, this is how ${tenant.displayName} used Microsoft 365.${low}\n\n${table(['Workload', 'Active users', 'Enabled users', 'Active share'], rows, [1, 2, 3])}`,
    pages,
    followups,
  };
}

async function secureScoreSection(ctx: ToolContext, tenant: AssistantTenant): Promise<Section> {
  const r = await secureScore(ctx);
  const pages = ['security'];
  const followups = [F.inactive30, F.m365Recommendations, F.teams];
  if (r.current === null || r.max === null)
    return { markdown: `I have no Microsoft Secure Score for ${tenant.displayName}.`, pages: [], followups: [] };
  const pct = percent(r.current, r.max);
  const similar =
    r.similarOrganisationsPct !== null
      ? `, ${r.current / r.max >= r.similarOrganisationsPct / 100 ? 'above' : 'below'} the ${r.similarOrganisationsPct.toFixed(1)}% average of similar organisations`
      : '';
  const lead = `${possessive(tenant.displayName)} Microsoft Secure Score is ${bold(`${count(r.current, 1)} of ${count(r.max, 1)} (${pct})`)}${similar}.`;
  if (r.actions.length === 0) return { markdown: lead, pages, followups };
  const top = r.actions.slice(0, 3);
  const gain = top.reduce((s, x) => s + x.points, 0);
  const next = ` Completing the top ${top.length} improvement ${top.length === 1 ? 'action' : 'actions'} would add ${count(gain, 1)} points (to ${percent(r.current + gain, r.max)}).`;
  const rows = r.actions.map((x) => [x.title, x.category, `+${count(x.points, 1)}`]);
  return {
    markdown: `${lead}${next}\n\n${table(['Improvement action', 'Category', 'Points'], rows, [2])}`,
    pages,
    followups,
  };
}

async function azureOverview(ctx: ToolContext, tenant: AssistantTenant): Promise<Section> {
  const lastMonth = periodOf(ctx.now, -1);
  const byService = await azureCosts(ctx, { groupBy: 'service', from: lastMonth, to: lastMonth });
  const pages = ['billing-report', 'azure-cost-analysis', 'azure-budgets', 'azure-reservations', 'recommendations'];
  const followups = [F.services, F.budgets, F.azureRecommendations];
  if (!byService.coverage)
    return { markdown: `I have no Azure data for ${tenant.displayName} yet.`, pages: [], followups: [] };
  const c = byService.currency;
  const months = await azureCosts(ctx, { groupBy: 'month', from: periodOf(ctx.now, -6), to: lastMonth });
  const bySubscription = await azureCosts(ctx, { groupBy: 'subscription', from: lastMonth, to: lastMonth });
  const budgets = await azureBudgets(ctx, {});
  const reservations = await azureReservations(ctx);
  const recs = await recommendations(ctx, { dataset: 'azure' });
  const previous = months.rows.find((r) => r.name === periodOf(ctx.now, -2));
  const topService = byService.rows[0];
  const topSubscription = bySubscription.rows[0];
  const over = budgets.budgets.filter((b) => b.status === 'over');
  const trend = previous
    ? `, ${change(byService.total, previous.amount)} on ${periodLabel(previous.name)} (${money(previous.amount, c)})`
    : '';
  const lead = `## Azure overview for ${tenant.displayName}\n\nIn ${bold(periodLabel(lastMonth))}, ${tenant.displayName} spent ${bold(money(byService.total, c))} on Azure${trend}.`;
  const facts: string[][] = [
    [`Cost in ${periodLabel(lastMonth)}`, money(byService.total, c)],
    [
      `Cost from ${rangeLabel(months.from, months.to)}`,
      `${money(months.total, c)} (${months.rows.length} ${months.rows.length === 1 ? 'month' : 'months'} of data)`,
    ],
  ];
  if (topService)
    facts.push([
      'Top service',
      `${topService.name}: ${money(topService.amount, c)} (${percent(topService.amount, byService.total)})`,
    ]);
  if (topSubscription)
    facts.push([
      'Top subscription',
      `${topSubscription.name}: ${money(topSubscription.amount, c)} (${percent(topSubscription.amount, bySubscription.total)})`,
    ]);
  if (budgets.budgets.length)
    facts.push([
      'Budgets over',
      over.length
        ? `${over.length} of ${budgets.budgets.length} (${over.map((b) => b.name).join(', ')})`
        : `0 of ${budgets.budgets.length}`,
    ]);
  facts.push([
    'Reservations',
    reservations.reservations.length
      ? `${reservations.reservations.length}, ${(reservations.averageUtilisation ?? 0).toFixed(1)}% average utilisation, saving ${money(reservations.totalMonthlySavings, c)} a month`
      : 'None',
  ]);
  facts.push([
    'Open recommendations',
    recs.recommendations.length
      ? `${recs.recommendations.length}, saving up to ${money(recs.totalMonthlySavings, c)} a month`
      : 'None',
  ]);
  const services = table(
    ['Service', 'Cost', 'Share'],
    byService.rows.slice(0, 3).map((r) => [r.name, money(r.amount, c), percent(r.amount, byService.total)]),
    [1, 2],
  );
  return {
    markdown: `${lead}\n\n${table(['Key figure', 'Value'], facts)}\n\nTop services in ${periodLabel(lastMonth)}:\n\n${services}`,
    pages,
    followups,
  };
}

async function m365Overview(ctx: ToolContext, tenant: AssistantTenant): Promise<Section> {
  const licenses = await m365Licenses(ctx, {});
  const pages = ['m365', 'm365-license-users', 'usage-teams', 'security', 'recommendations'];
  const followups = [F.licenses, F.inactive30, F.secureScore];
  if (licenses.licenses.length === 0)
    return { markdown: `I have no Microsoft 365 data for ${tenant.displayName} yet.`, pages: [], followups: [] };
  const c = licenses.currency;
  const inactive = await m365InactiveUsers(ctx, {});
  const usage = await m365Usage(ctx, { workload: 'all' });
  const score = await secureScore(ctx);
  const recs = await recommendations(ctx, { dataset: 'm365' });
  const t = licenses.totals;
  const lead = `## Microsoft 365 overview for ${tenant.displayName}\n\n${tenant.displayName} has ${bold(count(t.available))} Microsoft 365 licences, of which ${bold(count(t.assigned))} are assigned (${percent(t.assigned, t.available)}).`;
  const facts: string[][] = [
    [
      'Licences',
      `${count(t.assigned)} of ${count(t.available)} assigned; ${count(t.unassigned)} unassigned cost ${money(t.unassignedMonthlyCost, c)} a month`,
    ],
    [
      'Inactive users (30+ days)',
      `${count(inactive.count)}, holding licences worth ${money(inactive.licenseMonthlyCost, inactive.currency)} a month`,
    ],
  ];
  for (const w of usage.workloads) {
    if (w.activeUsers !== null && w.enabledUsers)
      facts.push([
        WORKLOAD_NAME[w.workload],
        `${count(w.activeUsers)} of ${count(w.enabledUsers)} enabled users active (${percent(w.activeUsers, w.enabledUsers)})`,
      ]);
  }
  if (score.current !== null && score.max !== null) {
    const similar =
      score.similarOrganisationsPct !== null
        ? `; similar organisations ${score.similarOrganisationsPct.toFixed(1)}%`
        : '';
    facts.push([
      'Secure Score',
      `${count(score.current, 1)} of ${count(score.max, 1)} (${percent(score.current, score.max)})${similar}`,
    ]);
  }
  facts.push([
    'Open recommendations',
    recs.recommendations.length
      ? `${recs.recommendations.length}, saving up to ${money(recs.totalMonthlySavings, c)} a month`
      : 'None',
  ]);
  return { markdown: `${lead}\n\n${table(['Key figure', 'Value'], facts)}`, pages, followups };
}

/** What each dataset lets the assistant answer, for help and for questions it cannot answer. */
const CAPABILITIES: Readonly<Record<Dataset, readonly string[]>> = {
  azure: [
    '**Azure costs** by service, subscription, resource group, resource or month — e.g. "Which Azure services cost the most last month?"',
    '**Budgets** against actual cost — "How are we doing against our budgets?"',
    '**Reservations and savings plans** — "How well are our reservations utilised?"',
    '**Azure recommendations** and their savings — "Which Azure recommendations would save the most?"',
  ],
  m365: [
    '**Microsoft 365 licences** assigned and available per SKU — "How many Microsoft 365 licences are assigned?"',
    '**Inactive users** and the licences they hold — "How many users have been inactive for 30 days?"',
    '**Usage** of Teams, mail and SharePoint — "How is Microsoft Teams being used?"',
    '**Secure Score** and improvement actions — "What is our secure score?"',
    '**Microsoft 365 recommendations** — "Which Microsoft 365 recommendations would save the most?"',
  ],
};

const datasetsOf = (dataset: ChatDataset): Dataset[] => (dataset === 'all' ? ['azure', 'm365'] : [dataset]);

function capabilityList(dataset: ChatDataset): string {
  const overview = datasetsOf(dataset)
    .map((d) => `'${d === 'azure' ? QUICK_START_AZURE : QUICK_START_M365}'`)
    .join(' and ');
  return [...datasetsOf(dataset).flatMap((d) => CAPABILITIES[d]), `A **company overview**: ask ${overview}`]
    .map((x) => `- ${x}`)
    .join('\n');
}

/** Why a dataset the question needs cannot be used in this chat. */
function outOfScope(needed: Dataset, request: AssistantRequest): string {
  const name = DATASET_NAME[needed];
  if (request.tenant.datasets.includes(needed)) {
    return `This chat is on the ${bold(datasetText(request.dataset))} dataset, so I can't answer questions about ${name} here. Choose ${bold(datasetText(needed))} or ${bold(datasetText('all'))} in the dataset selector to ask about ${name}.`;
  }
  const enabled = request.tenant.datasets.filter((d) => d !== 'all').map((d) => DATASET_NAME[d as Dataset]);
  return `${name} data is not available for ${request.tenant.displayName}: the assistant is enabled for ${enabled.join(' and ') || 'no dataset'} only.`;
}

/**
 * Spec §3 "Message" data.screenshot: the built-in engine reads text only. A screenshot without a
 * question gets this honest answer — it cannot read the image; describe it in words — with the list
 * of what it answers; a question with a screenshot is answered from its text, with {@link SCREENSHOT_NOTE}.
 */
function screenshotOnly(request: AssistantRequest): string {
  return (
    "I can't read screenshots: the built-in assistant understands only the text of a question. " +
    `Please describe in words what you want to know about ${possessive(request.tenant.displayName)} data. In this chat I can answer questions about:\n\n${capabilityList(request.dataset)}`
  );
}

/** The sentence after an answer to a question sent with a screenshot. */
export const SCREENSHOT_NOTE =
  'Your screenshot is kept with this chat, but the built-in assistant reads only the text of your question.';

function starters(dataset: ChatDataset): Followup[] {
  if (dataset === 'azure') return [F.overviewAzure, F.services, F.budgets];
  if (dataset === 'm365') return [F.overviewM365, F.licenses, F.inactive30];
  return [F.overviewAzure, F.overviewM365, F.services];
}

/** Options of the built-in engine. */
export interface BuiltinEngineOptions {
  db: Database;
  /** Resolves the pages of an answer to related links. */
  links: LinkResolver;
  /** The current time, for "last month" and friends. @default () => new Date() */
  clock?: () => Date;
}

async function vocabularyOf(db: Database, tenantId: string): Promise<Vocabulary> {
  const services = await db.query<{ service: string }>(
    'select distinct service from assistant_azure_costs where tenant_id = $1 order by service',
    [tenantId],
  );
  const subscriptions = await db.query<{ name: string }>(
    'select distinct subscription_name as name from assistant_azure_costs where tenant_id = $1 order by name',
    [tenantId],
  );
  const skus = await db.query<{ sku: string; part: string }>(
    'select sku, sku_part_number as part from assistant_m365_licenses where tenant_id = $1 order by position',
    [tenantId],
  );
  return {
    services: services.rows.map((r) => r.service),
    subscriptions: subscriptions.rows.map((r) => r.name),
    skus: skus.rows,
  };
}

/** The embedded, deterministic assistant engine. */
export function createBuiltinEngine(options: BuiltinEngineOptions): AssistantEngine {
  const clock = options.clock ?? (() => new Date());

  async function answer(request: AssistantRequest): Promise<AssistantReply> {
    const now = clock();
    const ctx: ToolContext = { db: options.db, tenantId: request.tenant.id, now };
    if (!request.question.trim() && request.screenshot) {
      return {
        markdown: screenshotOnly(request),
        relatedLinks: [],
        followups: starters(request.dataset).map((f) => f.text),
      };
    }
    // Not in the spec: a question that names one of the host page's actions is answered with it.
    const proposed = builtinActionAnswer(request);
    if (proposed) return { ...proposed, relatedLinks: [], followups: [] };
    const vocabulary = await vocabularyOf(options.db, request.tenant.id);
    let a = analyse(request.question, now, vocabulary);
    if (!a.overview && !a.help && a.topics.length === 0 && addsDetail(a)) {
      // A screenshot-only question has no text to continue from: the last question with text.
      const previous = [...request.history].reverse().find((m) => m.sender === 'user' && m.message.trim());
      if (previous) {
        const before = analyse(previous.message, now, vocabulary);
        if (before.overview || before.topics.length) a = continueFrom(a, before);
      }
    }
    // Beyond the spec: a question about the live view (undefined: not one; null: no report is open beside the chat).
    const view = a.view ? (request.reportContext ?? null) : undefined;
    let unapplied: ReportContextFilter[] = [];
    if (view && a.topics.includes('costs')) ({ analysis: a, unapplied } = narrowToView(a, view, vocabulary));
    const allowed = datasetsOf(request.dataset);
    const sections: Section[] = [];
    const blocked = new Set<Dataset>();

    if (a.overview) {
      const wanted: Dataset[] =
        a.mentions.azure || a.mentions.m365 ? (['azure', 'm365'] as Dataset[]).filter((d) => a.mentions[d]) : allowed;
      for (const d of wanted) {
        if (!allowed.includes(d)) blocked.add(d);
        else
          sections.push(
            d === 'azure' ? await azureOverview(ctx, request.tenant) : await m365Overview(ctx, request.tenant),
          );
      }
    }
    for (const topic of a.topics.slice(0, 3)) {
      if (topic === 'recommendations') {
        const named = (['azure', 'm365'] as Dataset[]).filter((d) => a.mentions[d]);
        const wanted = named.length ? named : allowed;
        const usable = wanted.filter((d) => allowed.includes(d));
        for (const d of wanted) if (!allowed.includes(d)) blocked.add(d);
        if (usable.length)
          sections.push(await recommendationsSection(ctx, usable.length === 2 ? 'all' : usable[0]!, request.tenant));
        continue;
      }
      const needed = TOPIC_DATASET[topic];
      if (!allowed.includes(needed)) {
        blocked.add(needed);
        continue;
      }
      if (topic === 'costs') sections.push(await costsSection(ctx, a, request.tenant));
      else if (topic === 'budgets') sections.push(await budgetsSection(ctx, a, request.tenant));
      else if (topic === 'reservations') sections.push(await reservationsSection(ctx, request.tenant));
      else if (topic === 'licenses') sections.push(await licensesSection(ctx, a, request.tenant));
      else if (topic === 'inactive') sections.push(await inactiveSection(ctx, a, request.tenant));
      else if (topic === 'usage') sections.push(await usageSection(ctx, a, request.tenant));
      else sections.push(await secureScoreSection(ctx, request.tenant));
    }

    const notes = [...blocked].map((d) => outOfScope(d, request));
    if (unapplied.length && sections.length) notes.unshift(unappliedNote(unapplied));
    const page =
      request.pageContext && !view && aboutThePage(request.question, request.pageContext)
        ? pageContextLead(request.pageContext)
        : null;
    const lead = page ? [page] : view ? [viewSentence(view)] : view === null ? [NO_REPORT_VIEW] : [];
    let markdown: string;
    let followups: Followup[];
    if (sections.length) {
      markdown = [...lead, ...sections.map((s) => s.markdown), ...notes].join('\n\n');
      followups = sections.flatMap((s) => s.followups);
    } else if (notes.length || lead.length) {
      markdown = [...lead, ...notes].join('\n\n');
      followups = starters(request.dataset);
    } else if (a.help) {
      markdown = `I answer questions about ${possessive(request.tenant.displayName)} data. In this chat you can ask about:\n\n${capabilityList(request.dataset)}`;
      followups = starters(request.dataset);
    } else {
      markdown = `I can't answer that from ${possessive(request.tenant.displayName)} data. In this chat I can answer questions about:\n\n${capabilityList(request.dataset)}`;
      followups = starters(request.dataset);
    }
    if (request.screenshot) markdown = `${markdown}\n\n${SCREENSHOT_NOTE}`;
    const asked = request.question.trim().toLowerCase();
    const texts = [
      ...new Set(
        followups.filter((f) => allowed.includes(f.dataset) && f.text.toLowerCase() !== asked).map((f) => f.text),
      ),
    ].slice(0, 3);
    const relatedLinks = await options.links(
      sections.flatMap((s) => s.pages),
      request.viewer.features,
    );
    return { markdown, relatedLinks, followups: texts };
  }

  return {
    modelName: BUILTIN_MODEL_NAME,
    // Composed at once (no network), then written to a stream in pieces of a few words (issue 40 §1).
    async answer(request, stream) {
      const reply = await answer(request);
      if (stream) await writeInPieces(reply.markdown, stream);
      return reply;
    },
    starterQuestions: (dataset) => starters(dataset).map((f) => f.text),
  };
}
