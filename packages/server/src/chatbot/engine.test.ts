import type { ChatDataset, ChatMessage, RelatedLink } from '@cloudportal/core';
import type { ReportContext } from '@cloudportal/core/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { seedChatData } from '../seed/chat';
import { DEMO_MENU } from '../seed/portal';
import { TENANT } from '../seed/tenants';
import { seededDatabase } from '../test-support';
import { createBuiltinEngine, NO_REPORT_VIEW, SCREENSHOT_NOTE } from './builtin';
import type {
  AssistantEngine,
  AssistantHistoryMessage,
  AssistantReply,
  AssistantScreenshot,
  AssistantTenant,
} from './engine';
import { menuLinkResolver } from './links';
import { ASSISTANT_TOOLS, callTool, ToolArgumentError, type ToolContext } from './tools';

/** The demo data is seeded as of this day, and the engine's clock stands still on it. */
const NOW = new Date('2025-07-15T10:00:00Z');

const CONTOSO: AssistantTenant = { id: TENANT.contoso, displayName: 'Contoso Ltd', datasets: ['all', 'm365', 'azure'] };
const FABRIKAM: AssistantTenant = { id: TENANT.fabrikam, displayName: 'Fabrikam Inc', datasets: ['m365'] };
const NORTHWIND: AssistantTenant = { id: TENANT.northwind, displayName: 'Northwind Traders', datasets: ['azure'] };
const WINGTIP: AssistantTenant = { id: TENANT.wingtip, displayName: 'Wingtip Toys', datasets: ['azure'] };
const ALL_FEATURES = ['billing', 'azure', 'm365', 'security', 'recommendations', 'usage', 'reports', 'assistant'];

/** What the engine names as answerable on the Azure dataset, in its "can't answer" replies. */
const AZURE_CAPABILITIES = [
  '- **Azure costs** by service, subscription, resource group, resource or month — e.g. "Which Azure services cost the most last month?"',
  '- **Budgets** against actual cost — "How are we doing against our budgets?"',
  '- **Reservations and savings plans** — "How well are our reservations utilised?"',
  '- **Azure recommendations** and their savings — "Which Azure recommendations would save the most?"',
  "- A **company overview**: ask 'Company Overview Azure'",
];
/** The Azure dataset's starter questions, offered as follow-ups. */
const AZURE_STARTERS = [
  'Company Overview Azure',
  'Which Azure services cost the most last month?',
  'How are we doing against our budgets?',
];

describe('built-in assistant engine over the demo data (seeded 2025-07-15)', () => {
  let db: Database;
  let drop: () => Promise<void>;
  let engine: AssistantEngine;

  beforeAll(async () => {
    ({ db, drop } = await seededDatabase());
    // The seed counts months back from the first start; pin it to NOW so months have fixed names.
    const tables = [
      'azure_costs',
      'azure_budgets',
      'azure_reservations',
      'recommendations',
      'm365_licenses',
      'm365_inactive_users',
      'm365_usage',
      'secure_scores',
      'secure_score_actions',
    ];
    for (const table of tables) await db.query(`delete from assistant_${table}`);
    await seedChatData(db, NOW);
    engine = createBuiltinEngine({ db, links: menuLinkResolver(db), clock: () => NOW });
  });
  afterAll(() => drop());

  const ask = (
    question: string,
    options: {
      tenant?: AssistantTenant;
      dataset?: ChatDataset;
      history?: AssistantHistoryMessage[];
      features?: string[];
      screenshot?: AssistantScreenshot;
      view?: ReportContext;
    } = {},
  ): Promise<AssistantReply> => {
    const tenant = options.tenant ?? CONTOSO;
    return engine.answer({
      question,
      ...(options.screenshot ? { screenshot: options.screenshot } : {}),
      dataset: options.dataset ?? tenant.datasets[0]!,
      history: options.history ?? [],
      tenant,
      viewer: { displayName: 'Test User', features: options.features ?? ALL_FEATURES },
      ...(options.view ? { reportContext: options.view } : {}),
    });
  };
  const urls = (reply: AssistantReply) => reply.relatedLinks.map((l) => l.url);

  describe('Azure costs', () => {
    it('given Contoso, the top Azure service by cost last month is Virtual Machines', async () => {
      const reply = await ask('What was our top Azure service by cost last month?');
      expect(reply.markdown).toContain(
        'In June 2025, Contoso Ltd spent **$16,465.10** on Azure. The largest service was **Virtual Machines** at **$6,940.00** (42.1%).',
      );
      expect(reply.markdown).toContain(
        '| Service | Cost | Share |\n| --- | ---: | ---: |\n| Virtual Machines | $6,940.00 | 42.1% |\n| SQL Database | $3,050.00 | 18.5% |',
      );
      expect(urls(reply)).toEqual(['azure-cost-analysis', 'billing-report']);
      expect(reply.followups).toEqual([
        'Which subscriptions cost the most last month?',
        'What are our top cost drivers last month?',
        'Show the monthly Azure cost trend for the last 6 months',
      ]);
    });

    it('given a month by name, the cost of that month (May 2025)', async () => {
      expect((await ask('What did we spend in May?')).markdown).toContain(
        'In May 2025, Contoso Ltd spent **$15,971.15** on Azure.',
      );
    });

    it('given "last 3 months", the monthly trend of April to June', async () => {
      const reply = await ask('How did our Azure costs develop over the last 3 months?');
      expect(reply.markdown).toContain(
        "Contoso Ltd's Azure cost from April 2025 to June 2025 was **$48,078.10**, from $15,641.85 in April 2025 to $16,465.10 in June 2025.",
      );
      expect(reply.markdown).toContain('| June 2025 | $16,465.10 | +3.1% |');
    });

    it('given "this month", the month to date', async () => {
      expect((await ask('What have we spent on Azure this month?')).markdown).toContain(
        'In July 2025 (month to date), Contoso Ltd spent **$8,561.85** on Azure.',
      );
    });

    it('given a service and a subscription, the cost is narrowed to them', async () => {
      expect((await ask('How much did we spend on virtual machines last month?')).markdown).toContain(
        'Contoso Ltd spent **$6,940.00** on Virtual Machines.',
      );
      expect((await ask('What did the production subscription cost last month?')).markdown).toContain(
        'Contoso Ltd spent **$10,691.90** on Azure in the Contoso Production subscription. The largest cost was **vmss-web** at **$3,860.00** (36.1%).',
      );
    });

    it('given "top cost drivers", the five most expensive resources', async () => {
      const reply = await ask('What are our top cost drivers?');
      expect(reply.markdown).toContain(
        'the largest was **vmss-web** (Virtual Machines) at **$3,860.00**, 23.4% of the $16,465.10 total.',
      );
      expect(
        reply.markdown
          .split('\n')
          .filter((line) => line.startsWith('| ') && !line.startsWith('| Resource') && !line.startsWith('| ---')),
      ).toHaveLength(5);
      expect(urls(reply)).toContain('azure-resources');
    });

    it('given a month without data, it says which months it has', async () => {
      expect((await ask('What did Azure cost in 2023-01?')).markdown).toBe(
        "I have no Azure cost data for January 2023. Contoso Ltd's cost data covers January 2025 to July 2025.",
      );
    });
  });

  describe('budgets, reservations and recommendations', () => {
    it('given Contoso, one of three budgets went over last month', async () => {
      const reply = await ask('Are we over budget?');
      expect(reply.markdown).toContain(
        'In June 2025, **1 of 3** budgets went over: **Production monthly** spent **$10,691.90** of **$10,000.00** (106.9%), **$691.90 over**.',
      );
      expect(reply.markdown).toContain(
        '| Dev/Test monthly | Contoso Dev/Test | $3,000.00 | $2,460.00 | 82.0% | Under by $540.00 |',
      );
      expect(urls(reply)).toEqual(['azure-budgets']);
    });

    it('given Northwind, its one budget stayed within; given Wingtip, its one budget went over', async () => {
      expect((await ask('How are we doing against our budgets?', { tenant: NORTHWIND })).markdown).toContain(
        'In June 2025, **Shop monthly** stayed within its amount at 95.6% ($87.30 left).',
      );
      expect((await ask('Are we over budget?', { tenant: WINGTIP })).markdown).toContain(
        'In June 2025, **1 of 1** budget went over: **PoC monthly** spent **$1,055.40** of **$1,000.00** (105.5%), **$55.40 over**.',
      );
    });

    it('given Contoso, reservations with utilisation, savings and the warnings', async () => {
      const reply = await ask('How well are our reservations utilised?');
      expect(reply.markdown).toContain(
        'Contoso Ltd has **3** reservations and savings plans, saving **$836.00** a month with an average utilisation of **85.2%**.',
      );
      expect(reply.markdown).toContain('- **SQL Database vCore reservation** is only 71.2% utilised');
      expect(reply.markdown).toContain('- **SQL Database vCore reservation** expires in 45 days (2025-08-29)');
      expect((await ask('Do we have reservations?', { tenant: NORTHWIND })).markdown).toBe(
        'Northwind Traders has no Azure reservations or savings plans.',
      );
    });

    it('given a recommendations question, the savings of the datasets asked about', async () => {
      expect((await ask('Which Azure recommendations would save the most?')).markdown).toContain(
        'There are **6** open Azure recommendations for Contoso Ltd, worth up to **$1,761.00** a month. The biggest saving: **Buy a 3-year reservation for the vmss-web scale set** ($820.00 a month).',
      );
      const both = await ask('What do you recommend?');
      expect(both.markdown).toContain(
        'There are **11** open recommendations for Contoso Ltd, worth up to **$3,225.00** a month.',
      );
      expect(both.markdown).toContain('| Recommendation | Dataset | Category | Impact | Savings a month |');
      expect((await ask('What do you recommend?', { dataset: 'm365' })).markdown).toContain(
        'There are **5** open Microsoft 365 recommendations for Contoso Ltd, worth up to **$1,464.00** a month.',
      );
    });
  });

  describe('Microsoft 365', () => {
    it('given a SKU, its licences assigned against available', async () => {
      const reply = await ask('How many Microsoft 365 E3 licences are assigned vs available?');
      expect(reply.markdown).toContain(
        '**Microsoft 365 E3**: **231 of 250** available licences are assigned, so **19** are unassigned, costing **$684.00** a month.',
      );
      expect(urls(reply)).toEqual(['m365', 'm365-license-report']);
      expect((await ask('How many Power BI Pro seats do we have?')).markdown).toContain(
        '**Power BI Pro**: **41 of 60** available licences are assigned',
      );
    });

    it('given no SKU, every SKU with the totals; "what does Microsoft 365 cost" is the licence spend', async () => {
      const reply = await ask('What does Microsoft 365 cost us?');
      expect(reply.markdown).toContain(
        'Contoso Ltd has **575** Microsoft 365 licences across 6 SKUs, costing **$14,095.00** a month: **492** are assigned and **83** unassigned, costing **$1,471.00** a month.',
      );
      expect(reply.markdown).toContain('| Teams Phone Standard | 80 | 74 | 6 | $640.00 | $48.00 |');
    });

    it('given Contoso, 12 users inactive for 30 days, 7 for 60 and 4 for 90', async () => {
      const reply = await ask('How many users are inactive?');
      expect(reply.markdown).toContain(
        '**12** licensed users have not signed in for 30 days or more (1 of them never signed in). Their licences cost **$395.00** a month.',
      );
      expect(reply.markdown).toContain('| Hugo Martin | Operations | Office 365 E1 | Never |');
      expect(reply.markdown).toContain('Sign-in data as of 2025-07-15.');
      expect((await ask('Which users have not signed in for 60 days?')).markdown).toContain(
        '**7** licensed users have not signed in for 60 days or more',
      );
      expect((await ask('Which users have been inactive for 90 days?')).markdown).toContain(
        '**4** licensed users have not signed in for 90 days or more (1 of them never signed in). Their licences cost **$128.00** a month.',
      );
      expect((await ask('Inactive users with Microsoft 365 E5?')).markdown).toContain(
        '**2** licensed users holding Microsoft 365 E5 have not signed in for 30 days or more.',
      );
    });

    it('given a workload, its usage; given none, the adoption of each', async () => {
      const teams = await ask('How is Microsoft Teams being used?');
      expect(teams.markdown).toContain(
        'In the 30 days to 2025-07-15, **402 of 450** enabled users (89.3%) were active in Microsoft Teams.',
      );
      expect(teams.markdown).toContain('| Chat messages | 61,200 |');
      expect(urls(teams)).toEqual(['usage-teams']);
      const all = await ask('Show Microsoft 365 usage');
      expect(all.markdown).toContain('**SharePoint** has the lowest adoption at 69.1% of enabled users.');
      expect((await ask('How is SharePoint adoption?', { tenant: FABRIKAM })).markdown).toContain(
        '**41 of 97** enabled users (42.3%) were active in SharePoint.',
      );
    });

    it('given Contoso, the secure score against similar organisations and the top actions', async () => {
      const reply = await ask('What is our secure score?');
      expect(reply.markdown).toContain(
        "Contoso Ltd's Microsoft Secure Score is **562 of 846 (66.4%)**, above the 54.2% average of similar organisations. Completing the top 3 improvement actions would add 27 points (to 69.6%).",
      );
      expect(reply.markdown).toContain(
        '| Require multifactor authentication for administrative roles | Identity | +10 |',
      );
      expect(urls(reply)).toEqual(['security']);
      expect((await ask('What is our secure score?', { tenant: FABRIKAM })).markdown).toContain(
        "Fabrikam Inc's Microsoft Secure Score is **318 of 720 (44.2%)**, below the 49.6% average",
      );
    });
  });

  describe('company overviews (the quick starts)', () => {
    it("given 'Company Overview Azure', the key figures of Contoso's Azure data", async () => {
      const reply = await ask('Company Overview Azure');
      expect(reply.markdown).toContain(
        '## Azure overview for Contoso Ltd\n\nIn **June 2025**, Contoso Ltd spent **$16,465.10** on Azure, +3.1% on May 2025 ($15,971.15).',
      );
      for (const row of [
        '| Cost in June 2025 | $16,465.10 |',
        '| Cost from January 2025 to June 2025 | $92,204.58 (6 months of data) |',
        '| Top service | Virtual Machines: $6,940.00 (42.1%) |',
        '| Top subscription | Contoso Production: $10,691.90 (64.9%) |',
        '| Budgets over | 1 of 3 (Production monthly) |',
        '| Reservations | 3, 85.2% average utilisation, saving $836.00 a month |',
        '| Open recommendations | 6, saving up to $1,761.00 a month |',
      ]) {
        expect(reply.markdown).toContain(row);
      }
      expect(urls(reply)).toEqual([
        'billing-report',
        'azure-cost-analysis',
        'azure-budgets',
        'azure-reservations',
        'recommendations',
      ]);
    });

    it("given 'Company Overview M365', the key figures of Contoso's Microsoft 365 data", async () => {
      const reply = await ask('Company Overview M365');
      expect(reply.markdown).toContain(
        '## Microsoft 365 overview for Contoso Ltd\n\nContoso Ltd has **575** Microsoft 365 licences, of which **492** are assigned (85.6%).',
      );
      for (const row of [
        '| Licences | 492 of 575 assigned; 83 unassigned cost $1,471.00 a month |',
        '| Inactive users (30+ days) | 12, holding licences worth $395.00 a month |',
        '| Microsoft Teams | 402 of 450 enabled users active (89.3%) |',
        '| Exchange mail | 436 of 460 enabled users active (94.8%) |',
        '| SharePoint | 311 of 450 enabled users active (69.1%) |',
        '| Secure Score | 562 of 846 (66.4%); similar organisations 54.2% |',
        '| Open recommendations | 5, saving up to $1,464.00 a month |',
      ]) {
        expect(reply.markdown).toContain(row);
      }
    });

    it('given an overview without a dataset in an all chat, both overviews', async () => {
      const reply = await ask('Give me an overview');
      expect(reply.markdown).toContain('## Azure overview for Contoso Ltd');
      expect(reply.markdown).toContain('## Microsoft 365 overview for Contoso Ltd');
    });

    it('given Fabrikam and Northwind, the overview of their own dataset', async () => {
      expect((await ask('Company Overview M365', { tenant: FABRIKAM })).markdown).toContain(
        'Fabrikam Inc has **140** Microsoft 365 licences, of which **116** are assigned (82.9%).',
      );
      expect((await ask('Company Overview Azure', { tenant: NORTHWIND })).markdown).toContain(
        'In **June 2025**, Northwind Traders spent **$1,912.70** on Azure',
      );
    });
  });

  describe('questions outside the chat or the data', () => {
    it('given an M365 question in an azure chat, it says so and how to switch', async () => {
      const reply = await ask('How many users are inactive?', { dataset: 'azure' });
      expect(reply.markdown).toBe(
        "This chat is on the **Azure** dataset, so I can't answer questions about Microsoft 365 here. Choose **M365** or **All** in the dataset selector to ask about Microsoft 365.",
      );
      expect(reply.relatedLinks).toEqual([]);
      expect(reply.followups).toEqual(AZURE_STARTERS);
      expect((await ask('Company Overview Azure', { dataset: 'm365' })).markdown).toContain(
        "This chat is on the **M365** dataset, so I can't answer questions about Azure here.",
      );
    });

    it('given a tenant without the dataset, it says the dataset is not enabled for it', async () => {
      expect((await ask('What is our secure score?', { tenant: NORTHWIND })).markdown).toBe(
        'Microsoft 365 data is not available for Northwind Traders: the assistant is enabled for Azure only.',
      );
      expect((await ask('Are we over budget?', { tenant: FABRIKAM })).markdown).toBe(
        'Azure data is not available for Fabrikam Inc: the assistant is enabled for Microsoft 365 only.',
      );
    });

    it('given a question about both datasets in an azure chat, it answers the Azure part and says why not the rest', async () => {
      const reply = await ask('Are we over budget, and what is our secure score?', { dataset: 'azure' });
      expect(reply.markdown).toContain('**1 of 3** budgets went over');
      expect(reply.markdown).toContain(
        "This chat is on the **Azure** dataset, so I can't answer questions about Microsoft 365 here.",
      );
    });

    it('given a question it cannot answer, it says so honestly and names what it can answer', async () => {
      const reply = await ask("What's the weather in Paris tomorrow?", { dataset: 'azure' });
      expect(reply.markdown).toBe(
        [
          "I can't answer that from Contoso Ltd's data. In this chat I can answer questions about:",
          '',
          ...AZURE_CAPABILITIES,
        ].join('\n'),
      );
      expect(reply.relatedLinks).toEqual([]);
      expect(reply.followups).toEqual(AZURE_STARTERS);
    });

    it('given a greeting, the list of what it answers, without claiming it could not', async () => {
      const reply = await ask('Hello!', { tenant: FABRIKAM });
      expect(reply.markdown.startsWith("I answer questions about Fabrikam Inc's data.")).toBe(true);
      expect(reply.markdown).toContain('**Secure Score**');
      expect(reply.markdown).not.toContain('Azure costs');
    });
  });

  describe('conversation', () => {
    it('given a follow-on question with only a new time range, the previous question is answered for it', async () => {
      const history: ChatMessage[] = [
        { sender: 'user', message: 'Which Azure services cost the most last month?' },
        { sender: 'assistant', message: '…' },
      ];
      const reply = await ask('And what about the last 3 months?', { history });
      expect(reply.markdown).toContain(
        'From April 2025 to June 2025, Contoso Ltd spent **$48,078.10** on Azure. The largest service was **Virtual Machines**',
      );
    });

    it('given the same question twice, the same answer (deterministic)', async () => {
      expect(await ask('Company Overview Azure')).toEqual(await ask('Company Overview Azure'));
    });

    it('given every follow-up and starter it suggests, each is a question it answers on that dataset', async () => {
      for (const [tenant, dataset] of [
        [CONTOSO, 'all'],
        [CONTOSO, 'azure'],
        [CONTOSO, 'm365'],
        [FABRIKAM, 'm365'],
        [NORTHWIND, 'azure'],
      ] as const) {
        const seen = new Set<string>(engine.starterQuestions(dataset));
        const queue = [...seen];
        while (queue.length) {
          const question = queue.shift()!;
          const reply = await ask(question, { tenant, dataset });
          expect({ question, dataset, answer: reply.markdown.slice(0, 40) }).not.toMatchObject({
            answer: expect.stringMatching(/^I can't answer|^This chat is on|data is not available/),
          });
          for (const next of reply.followups) {
            if (!seen.has(next)) {
              seen.add(next);
              queue.push(next);
            }
          }
        }
        expect(seen.size).toBeGreaterThanOrEqual(5);
      }
    });
  });

  describe('screenshots (spec §3 "Message" data.screenshot): the built-in engine reads text only', () => {
    const screenshot: AssistantScreenshot = {
      type: 'image/png',
      base64: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]).toString('base64'),
    };

    it('given a screenshot without a question, when it is answered, then it says honestly that it cannot read it, asks for words and names what it can answer', async () => {
      const reply = await ask('', { dataset: 'azure', screenshot });
      expect(reply.markdown).toBe(
        [
          "I can't read screenshots: the built-in assistant understands only the text of a question. Please describe in words what you want to know about Contoso Ltd's data. In this chat I can answer questions about:",
          '',
          ...AZURE_CAPABILITIES,
        ].join('\n'),
      );
      expect(reply.relatedLinks).toEqual([]);
      expect(reply.followups).toEqual(AZURE_STARTERS);
      const m365 = await ask('  ', { tenant: FABRIKAM, screenshot });
      expect(m365.markdown).toContain("what you want to know about Fabrikam Inc's data");
      expect(m365.markdown).toContain('**Secure Score**');
      expect(m365.markdown).not.toContain('Azure costs');
      expect(m365.followups).toEqual([
        'Company Overview M365',
        'How many Microsoft 365 licences are assigned?',
        'How many users have been inactive for 30 days?',
      ]);
    });

    it('given a question with a screenshot, when it is answered, then the question is answered as usual plus one sentence that the screenshot is kept but not read', async () => {
      const question = 'What was our top Azure service by cost last month?';
      const plain = await ask(question);
      const reply = await ask(question, { screenshot });
      expect(reply.markdown).toBe(
        `${plain.markdown}\n\nYour screenshot is kept with this chat, but the built-in assistant reads only the text of your question.`,
      );
      expect(reply.markdown.endsWith(SCREENSHOT_NOTE)).toBe(true);
      expect(reply.relatedLinks).toEqual(plain.relatedLinks);
      expect(reply.followups).toEqual(plain.followups);
      const unknown = await ask("What's the weather in Paris tomorrow?", { dataset: 'azure', screenshot });
      expect(unknown.markdown).toMatch(/^I can't answer that from Contoso Ltd's data\./);
      expect(unknown.markdown.endsWith(`\n\n${SCREENSHOT_NOTE}`)).toBe(true);
    });

    it('given a screenshot-only question in the history, when a follow-on question comes, then it continues the last question with text', async () => {
      const history: AssistantHistoryMessage[] = [
        { sender: 'user', message: 'Which Azure services cost the most last month?' },
        { sender: 'assistant', message: '…' },
        { sender: 'user', message: '', hasScreenshot: true },
        { sender: 'assistant', message: "I can't read screenshots…" },
      ];
      const reply = await ask('And what about the last 3 months?', { history });
      expect(reply.markdown).toContain(
        'From April 2025 to June 2025, Contoso Ltd spent **$48,078.10** on Azure. The largest service was **Virtual Machines**',
      );
      expect(reply.markdown).not.toContain(SCREENSHOT_NOTE);
    });

    it('given the same screenshot question twice, the same answer (deterministic)', async () => {
      expect(await ask('', { screenshot })).toEqual(await ask('', { screenshot }));
    });
  });

  describe('the live report view (beyond the spec: the question carries the report the user looks at)', () => {
    const VIEW: ReportContext = {
      reportId: 'billing-overview',
      reportName: 'Billing overview',
      page: { name: 'ReportSection2', displayName: 'Cost by Service' },
      filters: [{ level: 'page', table: 'Costs', column: 'Service', operator: 'In', values: ['Virtual Machines'] }],
      savedView: 'My VMs',
    };

    it.each([
      'What am I looking at?',
      'What is on this page?',
      'Which filters are applied?',
      'Tell me about this report',
    ])('given %j on a report, then the answer names report, page, filters and saved view', async (question) => {
      const reply = await ask(question, { view: VIEW });
      expect(reply.markdown).toBe(
        'You are looking at **Billing overview** — page **Cost by Service**, filtered to Service = Virtual Machines; saved view **My VMs**.',
      );
      expect(reply.followups).toEqual([
        'Company Overview Azure',
        'Company Overview M365',
        'Which Azure services cost the most last month?',
      ]);
    });

    it('given a page without filters and the Default View, then the answer says no filters are applied and names no saved view', async () => {
      const reply = await ask('what am i looking at', {
        view: { ...VIEW, page: { name: 'ReportSection4', displayName: 'Monthly Trend' }, filters: [], savedView: null },
      });
      expect(reply.markdown).toBe(
        'You are looking at **Billing overview** — page **Monthly Trend**, with no filters applied.',
      );
    });

    it('given a cost question on a page filtered to one service (and a month), then it is answered for that service and month, after what the page shows', async () => {
      const reply = await ask('What did this page cost?', { view: VIEW });
      expect(reply.markdown.split('\n\n')[0]).toBe(
        'You are looking at **Billing overview** — page **Cost by Service**, filtered to Service = Virtual Machines; saved view **My VMs**.',
      );
      expect(reply.markdown).toContain('In June 2025, Contoso Ltd spent **$6,940.00** on Virtual Machines.');
      const may = await ask('What do these filters cost?', {
        view: {
          ...VIEW,
          filters: [
            ...VIEW.filters,
            { level: 'report', table: 'Costs', column: 'Month', operator: 'In', values: ['2025-05'] },
          ],
        },
      });
      expect(may.markdown).toContain('In May 2025, Contoso Ltd spent');
      expect(may.markdown).toContain('on Virtual Machines.');
      // Without the view, the same question is about all of Azure.
      expect((await ask('What did this page cost?')).markdown).toContain(
        'In June 2025, Contoso Ltd spent **$16,465.10** on Azure.',
      );
    });

    it('given view filters a cost answer cannot apply, then a note names them; filters of other tables are left alone', async () => {
      const filters: ReportContext['filters'] = [
        { level: 'page', table: 'Costs', column: 'Region', operator: 'In', values: ['westeurope'] },
        { level: 'page', table: 'Costs', column: 'Service', operator: 'In', values: ['Virtual Machines', 'Storage'] },
        { level: 'page', table: 'Licences', column: 'Licence', operator: 'In', values: ['E3'] },
      ];
      const reply = await ask('What did this page cost last month?', { view: { ...VIEW, filters } });
      expect(reply.markdown).toContain('In June 2025, Contoso Ltd spent **$16,465.10** on Azure.');
      expect(reply.markdown).toContain(
        'These figures are not narrowed to the filters Region = westeurope; Service = Virtual Machines, Storage: I can narrow costs to one service, one subscription or one month.',
      );
    });

    it('given a question about the view but no report beside the chat, then it says so; other questions are answered as before, with or without a view', async () => {
      expect((await ask('What am I looking at?')).markdown).toBe(NO_REPORT_VIEW);
      const plain = await ask('What was our top Azure service by cost last month?');
      expect(await ask('What was our top Azure service by cost last month?', { view: VIEW })).toEqual(plain);
    });

    it('given names with Markdown or HTML in the view, then they are shown literally', async () => {
      const reply = await ask('What am I looking at?', {
        view: {
          ...VIEW,
          reportName: '**Costs** <img src=x onerror=alert(1)>',
          filters: [],
          savedView: '[click](javascript:alert(1))',
        },
      });
      expect(reply.markdown).toBe(
        'You are looking at **\\*\\*Costs\\*\\* \\<img src=x onerror=alert(1)\\>** — page **Cost by Service**, with no filters applied; saved view **\\[click\\](javascript:alert(1))**.',
      );
    });
  });

  describe('related links', () => {
    const menuItems = (function flatten(
      items: typeof DEMO_MENU,
      trail: string[] = [],
    ): { name: string; path: string; description: string; ownPage: boolean }[] {
      return items.flatMap((item) => [
        {
          name: item.name,
          path: [...trail, item.displayName].join(' / '),
          description: item.description,
          ownPage: !!item.page && (item.page.id ?? item.name) === item.name,
        },
        ...flatten(item.children ?? [], [...trail, item.displayName]),
      ]);
    })(DEMO_MENU);

    it('given any answer, every link is a real menu page: url its route (= its page), path its place in the menu, name and description its own', async () => {
      const links = new Map<string, RelatedLink>();
      for (const q of [
        'Company Overview Azure',
        'Company Overview M365',
        'What are our top cost drivers?',
        'How well are our reservations utilised?',
        'Show Microsoft 365 usage',
        'How many users are inactive?',
      ]) {
        for (const link of (await ask(q)).relatedLinks) links.set(link.url, link);
      }
      expect(links.size).toBeGreaterThanOrEqual(12);
      for (const link of links.values()) {
        const item = menuItems.find((i) => i.name === link.url);
        // Every related link is a menu item with a page of its own.
        expect(item, link.url).toMatchObject({ name: link.url, ownPage: true });
        expect(item!.ownPage).toBe(true);
        expect(link.path).toBe(item!.path);
        expect(link.description).toBe(item!.description);
        expect(link.path.endsWith(link.name)).toBe(true);
      }
    });

    it('given a viewer whose features hide a page, its link is left out', async () => {
      expect(
        urls(await ask('Company Overview Azure', { features: ['billing', 'recommendations', 'assistant'] })),
      ).toEqual(['recommendations']);
    });
  });

  describe('demo data seed', () => {
    it('given a later start in another month, seeding again neither adds months nor changes amounts', async () => {
      const rows = async () =>
        (
          await db.query<{ n: number; total: number; last: string }>(
            'select count(*)::int as n, sum(amount)::float8 as total, max(period) as last from assistant_azure_costs',
          )
        ).rows[0];
      const before = await rows();
      expect(before).toEqual({ n: (15 + 4 + 4) * 7, total: expect.any(Number), last: '2025-07' });
      await seedChatData(db, new Date('2025-10-02T08:00:00Z'));
      expect(await rows()).toEqual(before);
      const { rows: counts } = await db.query<{ n: number }>(
        `select (select count(*) from assistant_m365_licenses) + (select count(*) from assistant_recommendations) + (select count(*) from assistant_m365_inactive_users)
              + (select count(*) from assistant_azure_budgets) + (select count(*) from assistant_secure_score_actions) as n`,
      );
      expect(Number(counts[0]!.n)).toBe(10 + 19 + 17 + 5 + 9);
    });
  });

  describe('data query tools', () => {
    const ctx = (tenantId: string): ToolContext => ({ db, tenantId, now: NOW });

    it('offers each tool with a name, a description, a JSON schema of its parameters and the pages that show its data', () => {
      expect(ASSISTANT_TOOLS.map((t) => t.name)).toEqual([
        'azure_costs',
        'azure_budgets',
        'azure_reservations',
        'recommendations',
        'm365_licenses',
        'm365_inactive_users',
        'm365_usage',
        'secure_score',
      ]);
      for (const tool of ASSISTANT_TOOLS) {
        expect(tool.description.length).toBeGreaterThan(30);
        expect(tool.parameters).toMatchObject({ type: 'object', additionalProperties: false });
        expect(tool.pages({} as never).length).toBeGreaterThan(0);
      }
    });

    it('given valid arguments, callTool runs the tool for the context tenant only', async () => {
      const contoso = await callTool(
        'azure_costs',
        { groupBy: 'subscription', from: '2025-06', to: '2025-06' },
        ctx(TENANT.contoso),
      );
      expect(contoso.result).toMatchObject({
        total: 16465.1,
        groups: 3,
        rows: [{ name: 'Contoso Production', amount: 10691.9 }, {}, {}],
      });
      expect(contoso.pages).toEqual(['azure-cost-analysis', 'billing-report']);
      const fabrikam = await callTool('azure_costs', { groupBy: 'service' }, ctx(TENANT.fabrikam));
      expect(fabrikam.result).toMatchObject({ total: 0, rows: [], coverage: null });
      const litware = await callTool('m365_licenses', {}, ctx(TENANT.litware));
      expect(litware.result).toMatchObject({ licenses: [] });
      const usage = await callTool('m365_usage', { workload: 'mail' }, ctx(TENANT.contoso));
      expect(usage.pages).toEqual(['usage-mail']);
    });

    it.each([
      ['azure_costs', {}, '"groupBy" is required'],
      [
        'azure_costs',
        { groupBy: 'region' },
        '"groupBy" must be one of service, subscription, resourceGroup, resource, month',
      ],
      ['azure_costs', { groupBy: 'service', tenantId: TENANT.fabrikam }, 'unknown parameter "tenantId"'],
      ['azure_costs', { groupBy: 'month', from: '2025-06', to: '2025-01' }, '"from" must not be after "to"'],
      ['azure_costs', { groupBy: 'month', from: 'June' }, '"from" does not have the expected format'],
      ['azure_costs', { groupBy: 'service', top: 0 }, '"top" must be between 1 and 50'],
      ['m365_inactive_users', { days: '30' }, '"days" must be an integer'],
      ['recommendations', { dataset: 'aws' }, '"dataset" must be one of azure, m365, all'],
      ['secure_score', [], 'the arguments must be an object'],
      ['drop_tables', {}, 'There is no tool named "drop_tables"'],
    ])('given %s with %j, callTool refuses: %s', async (name, args, message) => {
      const call = callTool(name, args, ctx(TENANT.contoso));
      await expect(call).rejects.toBeInstanceOf(ToolArgumentError);
      await expect(callTool(name, args, ctx(TENANT.contoso))).rejects.toThrow(message);
    });
  });
});
