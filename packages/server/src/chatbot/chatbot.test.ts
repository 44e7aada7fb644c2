import { createChatApi, type ChatApi } from '@cloudportal/core';
import {
  ASSISTANT_RATE_LIMIT_PER_MINUTE,
  CHAT_MESSAGE_MAX,
  CHAT_SCREENSHOT_MAX_BYTES,
  DEFAULT_CURRENCY,
  PAGE_CONTEXT_LIMITS,
  REPORT_CONTEXT_LIMITS,
  type PageContext,
  type ReportContext,
} from '@cloudportal/core/rules';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { BUILTIN_MODEL_NAME } from '../config';
import { TENANT } from '../seed/tenants';
import { expectStatus, signInAs, startTestServer, type TestServer } from '../test-support';
import { exchangeCost } from './cost';
import { SCREENSHOT_NOTE } from './builtin';
import { ASSISTANT_NOT_ENABLED, CHATBOT, GENERATE_BODY_LIMIT, GENERATE_MESSAGES } from './routes';
import { SCREENSHOT_MESSAGES } from './screenshot';
import { SCREENSHOT_QUESTION_LABEL } from './store';
import { askWithActions, OPEN_4711, OPEN_INVOICE } from './test-actions';
import { screenshotUrl } from './test-images';

const PRICE = 0.5;
const TOP_SERVICE = 'What was our top Azure service by cost last month?';

type Session = Awaited<ReturnType<typeof signInAs>>;

describe('chatbot service (spec §7 "Chatbot service") through the typed client', () => {
  let server: TestServer;
  let adaSession: Session;
  let ada: ChatApi;
  let mia: ChatApi; // multi@wingtip.example in Contoso: same tenant as ada, another user
  let miaSession: Session;
  let miaWingtip: ChatApi;
  let max: ChatApi;
  let eve: ChatApi;
  let sam: ChatApi;

  beforeAll(async () => {
    server = await startTestServer({
      env: { ASSISTANT_NAME: 'Contoso Copilot', ASSISTANT_PRICE_PER_1K_CHARS: String(PRICE) },
    });
    adaSession = await signInAs(server, 'ada@contoso.example');
    ada = createChatApi(adaSession.http);
    miaSession = await signInAs(server, 'multi@wingtip.example', TENANT.contoso);
    mia = createChatApi(miaSession.http);
    miaWingtip = createChatApi((await signInAs(server, 'multi@wingtip.example', TENANT.wingtip)).http);
    max = createChatApi((await signInAs(server, 'max@fabrikam.example')).http);
    eve = createChatApi((await signInAs(server, 'eve@northwind.example')).http);
    sam = createChatApi((await signInAs(server, 'sam@litware.example')).http);
  });
  afterAll(() => server.close());

  /** Moves every stored question out of the rate-limit minute, as if a minute had passed. */
  const aMinutePasses = () =>
    server.db.query("update assistant_requests set requested_at = requested_at - interval '61 seconds'");
  beforeEach(aMinutePasses);

  /** A raw call with a session's token, to read status and headers the typed client does not expose. */
  const raw = (session: Session, method: string, path: string, body?: unknown) =>
    fetch(`${server.baseUrl}${CHATBOT}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${session.getToken()}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  describe('settings and create', () => {
    it('given ASSISTANT_NAME, GET /api/chat/settings answers it with the built-in engine as the model', async () => {
      expect(await ada.settings()).toEqual({ name: 'Contoso Copilot', modelName: BUILTIN_MODEL_NAME });
    });

    it('given Contoso (Azure and M365), POST /api/chat/create opens a chat on dataset all at no cost, with a greeting and the follow-ups a restore of it offers', async () => {
      const created = await ada.create();
      expect(created).toMatchObject({ chat_dataset: 'all', chat_cost: 0, chat_cost_currency: DEFAULT_CURRENCY });
      expect(created.chatId).toMatch(/^[0-9a-f-]{36}$/);
      expect(created.response).toBe(
        "Hello Ada! I'm Contoso Copilot. Ask me about Contoso Ltd's Azure costs, budgets, reservations and recommendations, or its Microsoft 365 licences, users, usage and Secure Score.",
      );
      expect(created.followup).toEqual([
        'Company Overview Azure',
        'Company Overview M365',
        'Which Azure services cost the most last month?',
      ]);
      expect((await ada.restore(created.chatId))?.followup).toEqual(created.followup);
    });

    it('given one dataset only, the new chat is on it: m365 for Fabrikam, azure for Northwind', async () => {
      expect((await max.create()).chat_dataset).toBe('m365');
      const northwind = await eve.create();
      expect(northwind.chat_dataset).toBe('azure');
      expect(northwind.response).toContain("Ask me about Northwind Traders' Azure costs");
    });

    it('given Litware (no active licence), create is refused with the spec §5 text', async () => {
      await expectStatus(sam.create(), 403, ASSISTANT_NOT_ENABLED);
      expect(ASSISTANT_NOT_ENABLED).toBe(
        'Assistant is not enabled for your tenant. Please contact your administrator to enable it.',
      );
    });
  });

  describe('restore', () => {
    it('given a user without chats, restore without chatId answers null', async () => {
      expect(await miaWingtip.restore()).toBeNull();
      const res = await fetch(`${server.baseUrl}${CHATBOT}/restore`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${(await signInAs(server, 'multi@wingtip.example', TENANT.wingtip)).getToken()}`,
          'Content-Type': 'application/json',
        },
        body: '{}',
      });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('null');
    });

    it('given no body at all, restore answers the latest chat like {}', async () => {
      const { chatId } = await eve.create();
      const res = await raw(await signInAs(server, 'eve@northwind.example'), 'POST', '/restore');
      expect(res.status).toBe(200);
      expect((await res.json()).chatId).toBe(chatId);
    });

    it('given a new chat, restore answers it as the latest, with no messages and the starter follow-ups', async () => {
      const { chatId } = await ada.create();
      const chat = await ada.restore();
      expect(chat).toMatchObject({
        chatId,
        chatName: 'New chat',
        messages: [],
        chat_dataset: 'all',
        chat_cost: 0,
        chat_cost_currency: 'USD',
        related_links: [],
      });
      expect(chat!.followup).toEqual([
        'Company Overview Azure',
        'Company Overview M365',
        'Which Azure services cost the most last month?',
      ]);
      expect(Date.parse(chat!.created)).toBeGreaterThan(Date.now() - 60_000);
      expect((await ada.restore(chatId))?.chatId).toBe(chatId);
    });

    it('given an unknown or malformed chatId, restore answers 404 or a readable 400', async () => {
      await expectStatus(ada.restore('no-such-chat'), 404, 'Chat not found.');
      const res = await raw(adaSession, 'POST', '/restore', { chatId: 42 });
      expect(res.status).toBe(404); // coerced to "42": an unknown chat
      expect((await raw(adaSession, 'POST', '/restore', { chatId: 'x'.repeat(101) })).status).toBe(400);
    });
  });

  describe('open (issue 42 §3: restore or create in one round trip)', () => {
    it('given a user without chats, open creates one (as create answers it); given that chat, open restores it (as restore answers it)', async () => {
      expect(await miaWingtip.restore()).toBeNull();
      const first = await miaWingtip.open();
      expect(first.restored).toBeUndefined();
      expect(first.created).toMatchObject({ chat_dataset: 'azure', chat_cost: 0 });
      expect(first.created!.response).toMatch(/^Hello /);
      const again = await miaWingtip.open();
      expect(again.created).toBeUndefined();
      expect(again.restored).toEqual(await miaWingtip.restore());
      expect(again.restored!.chatId).toBe(first.created!.chatId);
      await miaWingtip.remove(first.created!.chatId);
      expect(await miaWingtip.restore()).toBeNull();
    });

    it('given Litware (no active licence), open is refused as create is, with the spec §5 text; without a token it is 401', async () => {
      await expectStatus(sam.open(), 403, ASSISTANT_NOT_ENABLED);
      const res = await fetch(`${server.baseUrl}${CHATBOT}/open`, { method: 'POST' });
      expect(res.status).toBe(401);
    });
  });

  describe('generate', () => {
    it('given a question, the answer, its related links and the cost are answered and stored', async () => {
      const { chatId } = await ada.create();
      const answer = await ada.generate({ chatId, question: TOP_SERVICE, chat_dataset: 'all' });
      expect(answer.chat_dataset).toBe('all');
      expect(answer.response).toContain('The largest service was **Virtual Machines** at **$6,940.00** (42.1%).');
      expect(answer.related_links).toContainEqual({
        url: 'azure-cost-analysis',
        path: 'Azure / Cost Analysis',
        name: 'Cost Analysis',
        description: 'Azure spend by resource group and region.',
      });
      const firstCost = exchangeCost(TOP_SERVICE, answer.response, PRICE);
      expect(firstCost).toBeGreaterThan(0);
      expect(answer).toMatchObject({ chat_cost: firstCost, chat_cost_currency: 'USD' });

      const second = await ada.generate({ chatId, question: 'Are we over budget?', chat_dataset: 'all' });
      expect(second.response).toContain('**Production monthly** spent **$10,691.90** of **$10,000.00**');
      expect(second.chat_cost).toBeCloseTo(firstCost + exchangeCost('Are we over budget?', second.response, PRICE), 6);

      const chat = await ada.chat(chatId);
      expect(chat.messages.map((m) => [m.sender, m.message])).toEqual([
        ['user', TOP_SERVICE],
        ['assistant', answer.response],
        ['user', 'Are we over budget?'],
        ['assistant', second.response],
      ]);
      expect(chat.messages[1]!.relatedLinks).toEqual(answer.related_links);
      expect(chat.messages[3]!.relatedLinks).toEqual(second.related_links);
      expect(chat.related_links).toEqual(second.related_links);
      expect(chat.chat_cost).toBe(second.chat_cost);
      expect(chat.chatName).toBe(TOP_SERVICE);
      expect(chat.followup).toHaveLength(3);
      expect(chat.messages.every((m) => Date.parse(m.created!) > 0)).toBe(true);
    });

    it('given the chat_dataset of the question, the chat takes it (the selector changed) and answers only about it', async () => {
      const { chatId } = await ada.create();
      const answer = await ada.generate({ chatId, question: 'What is our secure score?', chat_dataset: 'azure' });
      expect(answer.chat_dataset).toBe('azure');
      expect(answer.response).toContain(
        "This chat is on the **Azure** dataset, so I can't answer questions about Microsoft 365 here.",
      );
      expect((await ada.chat(chatId)).chat_dataset).toBe('azure');
    });

    it('given bad input, generate answers a readable 400 and stores nothing', async () => {
      const { chatId } = await ada.create();
      await expectStatus(ada.generate({ chatId, question: '', chat_dataset: 'all' }), 400, 'Question is required.');
      await expectStatus(
        ada.generate({ chatId, question: '  \n ', chat_dataset: 'all' }),
        400,
        'Question is required.',
      );
      await expectStatus(
        ada.generate({ chatId, question: '<script>alert(1)</script><b></b>', chat_dataset: 'all' }),
        400,
        'Question is required.',
      );
      await expectStatus(
        ada.generate({ chatId, question: 'x'.repeat(CHAT_MESSAGE_MAX + 1), chat_dataset: 'all' }),
        400,
        /2000/,
      );
      await expectStatus(ada.generate({ chatId, question: 'Hi', chat_dataset: 'aws' as never }), 400, /chat_dataset/);
      await expectStatus(ada.generate({ question: 'Hi', chat_dataset: 'all' } as never), 400, /chatId/);
      await expectStatus(ada.generate({ chatId, chat_dataset: 'all' } as never), 400, /question/);
      expect((await raw(adaSession, 'POST', '/generate', [1, 2])).status).toBe(400);
      expect((await ada.chat(chatId)).messages).toEqual([]);
    });

    it('given a question of exactly 2000 characters, it is accepted', async () => {
      const { chatId } = await ada.create();
      const question = `Which Azure services cost the most last month? ${'x'.repeat(CHAT_MESSAGE_MAX - 47)}`;
      expect(question).toHaveLength(CHAT_MESSAGE_MAX);
      expect((await ada.generate({ chatId, question, chat_dataset: 'all' })).response).toContain('Virtual Machines');
    });

    it('given a dataset the tenant may not use, generate answers 403 (spec §5)', async () => {
      const { chatId } = await max.create();
      await expectStatus(
        max.generate({ chatId, question: TOP_SERVICE, chat_dataset: 'azure' }),
        403,
        'The Azure dataset is not enabled for your tenant.',
      );
      await expectStatus(
        max.generate({ chatId, question: TOP_SERVICE, chat_dataset: 'all' }),
        403,
        'The All dataset is not enabled for your tenant.',
      );
      await expectStatus(
        sam.generate({ chatId: 'any', question: TOP_SERVICE, chat_dataset: 'azure' }),
        403,
        ASSISTANT_NOT_ENABLED,
      );
      expect((await max.chat(chatId)).messages).toEqual([]);
      const m365 = await max.generate({
        chatId,
        question: 'How many Microsoft 365 licences are assigned?',
        chat_dataset: 'm365',
      });
      expect(m365.response).toContain('Fabrikam Inc has **140** Microsoft 365 licences');
    });

    it('given a question with HTML, the script, tags, handlers and script URLs are stored and echoed without them', async () => {
      const { chatId } = await ada.create();
      const question =
        'What is our <img src=x onerror=alert(1)>secure score?<script>alert("x")</script> <a href="javascript:alert(1)">see</a> onclick=steal()';
      const answer = await ada.generate({ chatId, question, chat_dataset: 'all' });
      expect(answer.response).toContain("Contoso Ltd's Microsoft Secure Score is **562 of 846 (66.4%)**");
      const stored = (await ada.chat(chatId)).messages[0]!.message;
      expect(stored).toBe('What is our secure score? see steal()');
      const item = (await ada.history()).find((h) => h.chatId === chatId)!;
      for (const text of [stored, item.input, item.chatName, answer.response]) {
        expect(text).not.toMatch(/<|onerror|onclick|javascript:|alert\(/i);
      }
    });

    it('given a third question within a minute, it is refused with 429 and Retry-After, counted from the database', async () => {
      const { chatId } = await mia.create();
      for (let i = 0; i < ASSISTANT_RATE_LIMIT_PER_MINUTE; i++)
        await mia.generate({ chatId, question: 'Are we over budget?', chat_dataset: 'all' });
      const refused = await raw(miaSession, 'POST', '/generate', {
        chatId,
        question: 'Are we over budget?',
        chat_dataset: 'all',
      });
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(50);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(await refused.json()).toEqual({
        error: 'Too Many Requests',
        message: `The assistant answers at most 2 questions a minute. Try again in ${retryAfter} seconds.`,
      });
      await expectStatus(mia.generate({ chatId, question: 'Are we over budget?', chat_dataset: 'all' }), 429);
      // Refused questions are neither stored nor counted.
      expect((await mia.chat(chatId)).messages).toHaveLength(2 * ASSISTANT_RATE_LIMIT_PER_MINUTE);

      // Another server instance over the same database (a restart, a second instance) refuses too.
      const second = await buildApp({ config: server.config, db: server.db });
      const other = await second.inject({
        method: 'POST',
        url: `${CHATBOT}/generate`,
        headers: { authorization: `Bearer ${miaSession.getToken()}` },
        payload: { chatId, question: 'Are we over budget?', chat_dataset: 'all' },
      });
      await second.close();
      expect(other.statusCode).toBe(429);

      // Another user of the same tenant is not limited by mia's questions.
      const adaChat = await ada.create();
      await ada.generate({ chatId: adaChat.chatId, question: 'Are we over budget?', chat_dataset: 'all' });

      // Half a minute later the wait is half as long; a minute later questions go through again.
      await server.db.query("update assistant_requests set requested_at = requested_at - interval '30 seconds'");
      const later = await raw(miaSession, 'POST', '/generate', {
        chatId,
        question: 'Are we over budget?',
        chat_dataset: 'all',
      });
      expect(later.status).toBe(429);
      expect(Number(later.headers.get('retry-after'))).toBeGreaterThanOrEqual(20);
      expect(Number(later.headers.get('retry-after'))).toBeLessThanOrEqual(30);
      await aMinutePasses();
      await mia.generate({ chatId, question: 'Are we over budget?', chat_dataset: 'all' });
    });
  });

  describe('screenshots (spec §3 "Message" data.screenshot, §5 "Chat message")', () => {
    const MIB = 1024 * 1024;

    it('given a screenshot without text, when it is sent, then the built-in engine says it cannot read it, and restore answers it as data.screenshot exactly as sent', async () => {
      const screenshot = screenshotUrl('image/png', 4096);
      const { chatId } = await ada.create();
      const answer = await ada.generate({ chatId, question: '', chat_dataset: 'azure', screenshot });
      expect(answer.response).toMatch(
        /^I can't read screenshots: the built-in assistant understands only the text of a question\. Please describe in words what you want to know about Contoso Ltd's data\./,
      );
      expect(answer.response).toContain('**Azure costs** by service');
      expect(answer.related_links).toEqual([]);
      // The cost counts characters of question and answer only: the image adds nothing.
      expect(answer.chat_cost).toBe(exchangeCost('', answer.response, PRICE));

      const restored = (await ada.restore(chatId))!;
      expect(restored.messages.map((m) => ({ sender: m.sender, message: m.message, data: m.data }))).toEqual([
        { sender: 'user', message: '', data: { screenshot } },
        { sender: 'assistant', message: answer.response, data: undefined },
      ]);
      expect(restored.chatName).toBe(SCREENSHOT_QUESTION_LABEL);
      expect(restored.followup).toEqual([
        'Company Overview Azure',
        'Which Azure services cost the most last month?',
        'How are we doing against our budgets?',
      ]);
      expect((await ada.chat(chatId)).messages[0]!.data).toEqual({ screenshot });
      expect((await ada.history()).find((h) => h.chatId === chatId)).toMatchObject({
        chatName: 'Screenshot',
        input: 'Screenshot',
      });
    });

    it('given a question with a screenshot, when it is sent, then the question is answered as usual with one sentence on the screenshot, and only that message carries it', async () => {
      const jpeg = screenshotUrl('image/jpeg', 2048);
      const webp = screenshotUrl('image/webp', 1024);
      const { chatId } = await ada.create();
      const plain = await ada.generate({ chatId, question: TOP_SERVICE, chat_dataset: 'all' });
      const answer = await ada.generate({ chatId, question: TOP_SERVICE, chat_dataset: 'all', screenshot: jpeg });
      expect(answer.response).toBe(`${plain.response}\n\n${SCREENSHOT_NOTE}`);
      expect(answer.related_links).toEqual(plain.related_links);
      expect(answer.chat_cost).toBeCloseTo(plain.chat_cost + exchangeCost(TOP_SERVICE, answer.response, PRICE), 6);
      await aMinutePasses();
      await ada.generate({ chatId, question: 'Are we over budget?', chat_dataset: 'all', screenshot: webp });

      const chat = await ada.chat(chatId);
      expect(chat.messages.map((m) => [m.sender, m.message, m.data?.screenshot ?? null])).toEqual([
        ['user', TOP_SERVICE, null],
        ['assistant', plain.response, null],
        ['user', TOP_SERVICE, jpeg],
        ['assistant', answer.response, null],
        ['user', 'Are we over budget?', webp],
        ['assistant', chat.messages[5]!.message, null],
      ]);
      expect(chat.messages.filter((m) => 'data' in m)).toHaveLength(2);
      expect(chat.chatName).toBe(TOP_SERVICE);
      expect((await ada.history()).find((h) => h.chatId === chatId)).toMatchObject({ input: TOP_SERVICE });
    });

    it('given a screenshot of exactly 2 MiB, when it is sent, then it is accepted and restored whole', async () => {
      const screenshot = screenshotUrl('image/png', CHAT_SCREENSHOT_MAX_BYTES);
      const { chatId } = await ada.create();
      await ada.generate({ chatId, question: 'What is on this page?', chat_dataset: 'all', screenshot });
      expect((await ada.chat(chatId)).messages[0]!.data?.screenshot).toBe(screenshot);
    });

    it('given a screenshot that is not a PNG, JPEG or WebP image of at most 2 MB, when it is sent, then generate answers a readable 400 and stores nothing', async () => {
      const { chatId } = await ada.create();
      const ask = (screenshot: string | null, question = 'What is on this page?') =>
        ada.generate({ chatId, question, chat_dataset: 'all', screenshot: screenshot as string });
      await expectStatus(ask('not a data URL'), 400, SCREENSHOT_MESSAGES.notDataUrl);
      await expectStatus(
        ask(`https://example.com/shot.png`),
        400,
        'The screenshot must be a base64 data: URL of a PNG, JPEG or WebP image.',
      );
      await expectStatus(ask('data:image/png;base64,'), 400, SCREENSHOT_MESSAGES.notDataUrl);
      await expectStatus(ask('data:image/png;base64,@@@@'), 400, SCREENSHOT_MESSAGES.notDataUrl);
      await expectStatus(ask(screenshotUrl('image/gif')), 400, 'The screenshot must be a PNG, JPEG or WebP image.');
      await expectStatus(
        ask(`data:text/plain;base64,${Buffer.from('hello').toString('base64')}`),
        400,
        SCREENSHOT_MESSAGES.type,
      );
      await expectStatus(
        ask(screenshotUrl('image/png', 256, 'image/jpeg')),
        400,
        'The screenshot is declared as image/png but its content is not a PNG image.',
      );
      await expectStatus(
        ask(screenshotUrl('image/jpeg', 256, 'image/gif')),
        400,
        'The screenshot is declared as image/jpeg but its content is not a JPEG image.',
      );
      await expectStatus(
        ask(screenshotUrl('image/webp', 256, 'image/png')),
        400,
        'The screenshot is declared as image/webp but its content is not a WebP image.',
      );
      await expectStatus(ask(screenshotUrl('image/png', 4)), 400, SCREENSHOT_MESSAGES.content('image/png'));
      // Just over 2 MiB (read from the data URL), and well over it (longer than any 2 MiB data URL, refused by the schema).
      await expectStatus(
        ask(screenshotUrl('image/png', CHAT_SCREENSHOT_MAX_BYTES + 1)),
        400,
        'The screenshot is larger than 2 MB.',
      );
      await expectStatus(ask(screenshotUrl('image/jpeg', Math.round(2.2 * MIB))), 400, SCREENSHOT_MESSAGES.size);
      // Neither text nor screenshot: the message of a question without text.
      await expectStatus(ask(null, ''), 400, GENERATE_MESSAGES.questionRequired);
      await expectStatus(ask(null, ' <b></b> '), 400, 'Question is required.');
      expect((await ada.chat(chatId)).messages).toEqual([]);
      // null is no screenshot.
      const answer = await ask(null, 'Are we over budget?');
      expect(answer.response).not.toContain(SCREENSHOT_NOTE);
      expect((await ada.chat(chatId)).messages[0]).not.toHaveProperty('data');
    });

    it('given a body of 4 MB, when it is sent, then generate answers 413 with a readable JSON message; without a token it is 401 before the body is read', async () => {
      const { chatId } = await ada.create();
      const screenshot = screenshotUrl('image/png', 3 * MIB);
      expect(screenshot.length).toBeGreaterThan(GENERATE_BODY_LIMIT);
      const refused = await expectStatus(
        ada.generate({ chatId, question: 'What is on this page?', chat_dataset: 'all', screenshot }),
        413,
        GENERATE_MESSAGES.tooLarge,
      );
      expect(refused.body).toEqual({
        error: 'Payload Too Large',
        message: 'The request is too large: a question with its screenshot may be at most 3 MB.',
      });
      const anonymous = await fetch(`${server.baseUrl}${CHATBOT}/generate`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ chatId, question: 'x', chat_dataset: 'all', screenshot }),
      });
      expect(anonymous.status).toBe(401);
      expect((await ada.chat(chatId)).messages).toEqual([]);
      // Other routes keep the app's 1 MiB limit.
      const big = await raw(adaSession, 'PUT', `/history/${chatId}`, { chatName: 'x'.repeat(1.5 * MIB) });
      expect(big.status).toBe(413);
      expect(await big.json()).toEqual({ error: 'Payload Too Large', message: expect.any(String) });
    });

    it('given two refused questions, when two good ones follow within the minute, then both are answered: bad input does not use up the rate limit', async () => {
      const { chatId } = await ada.create();
      await expectStatus(
        ada.generate({ chatId, question: 'Look', chat_dataset: 'all', screenshot: screenshotUrl('image/gif') }),
        400,
      );
      await expectStatus(ada.generate({ chatId, question: '', chat_dataset: 'all' }), 400);
      await ada.generate({ chatId, question: '', chat_dataset: 'all', screenshot: screenshotUrl('image/webp') });
      await ada.generate({
        chatId,
        question: 'Are we over budget?',
        chat_dataset: 'all',
        screenshot: screenshotUrl('image/png'),
      });
      await expectStatus(ada.generate({ chatId, question: 'Are we over budget?', chat_dataset: 'all' }), 429);
      expect((await ada.chat(chatId)).messages).toHaveLength(4);
    });

    it('given the storage (migration 009), a screenshot is kept only on a user message and only as an image data: URL', async () => {
      const { chatId } = await ada.create();
      const insert = (sender: string, screenshot: string) =>
        server.db.query(
          'insert into chat_messages (tenant_id, chat_id, sender, message, screenshot) values ($1, $2, $3, $4, $5)',
          [TENANT.contoso, chatId, sender, '', screenshot],
        );
      await expect(insert('assistant', screenshotUrl('image/png'))).rejects.toThrow(/chat_messages_screenshot_user/);
      await expect(insert('user', 'https://example.com/a.png')).rejects.toThrow(/chat_messages_screenshot_data_url/);
      expect((await ada.chat(chatId)).messages).toEqual([]);
    });

    it("given ada's chat with a screenshot, when another user of the same tenant or another tenant asks for it, then it is 404 and the screenshot is nowhere in their answers", async () => {
      const screenshot = screenshotUrl('image/png', 512);
      const { chatId } = await ada.create();
      await ada.generate({ chatId, question: '', chat_dataset: 'all', screenshot });
      for (const other of [mia, max]) {
        await expectStatus(other.restore(chatId), 404, 'Chat not found.');
        await expectStatus(other.chat(chatId), 404, 'Chat not found.');
        const latest = await other.restore();
        expect(JSON.stringify(latest)).not.toContain(screenshot);
        expect(JSON.stringify(await other.history())).not.toContain(chatId);
      }
      // Asking in ada's chat with a screenshot of one's own stores nothing there.
      await expectStatus(
        mia.generate({ chatId, question: '', chat_dataset: 'all', screenshot: screenshotUrl('image/jpeg') }),
        404,
      );
      const chat = await ada.chat(chatId);
      expect(chat.messages).toHaveLength(2);
      expect(chat.messages[0]!.data).toEqual({ screenshot });
    });
  });

  describe('the live report view (beyond the spec: reportContext in POST /api/chat/generate)', () => {
    const VIEW: ReportContext = {
      reportId: 'billing-overview',
      reportName: 'Billing overview',
      page: { name: 'ReportSection2', displayName: 'Cost by Service' },
      filters: [{ level: 'page', table: 'Costs', column: 'Service', operator: 'In', values: ['Virtual Machines'] }],
      savedView: null,
    };

    it('given a report context, the built-in engine answers what the user looks at and a cost question for the filtered service; the context is not stored', async () => {
      const { chatId } = await ada.create();
      const looking = await ada.generate({
        chatId,
        question: 'What am I looking at?',
        chat_dataset: 'all',
        reportContext: VIEW,
      });
      expect(looking.response).toBe(
        'You are looking at **Billing overview** — page **Cost by Service**, filtered to Service = Virtual Machines.',
      );
      const cost = await ada.generate({
        chatId,
        question: 'What did this page cost last month?',
        chat_dataset: 'all',
        reportContext: VIEW,
      });
      expect(cost.response).toContain('spent **$6,940.00** on Virtual Machines.');
      const chat = await ada.chat(chatId);
      expect(chat.messages.map((m) => m.message)).toEqual([
        'What am I looking at?',
        looking.response,
        'What did this page cost last month?',
        cost.response,
      ]);
      expect(JSON.stringify(chat)).not.toContain('ReportSection2');
    });

    it('given reportContext null, it is a question without a view', async () => {
      const { chatId } = await ada.create();
      const response = await raw(adaSession, 'POST', '/generate', {
        chatId,
        question: 'What am I looking at?',
        chat_dataset: 'all',
        reportContext: null,
      });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { response: string }).response).toContain(
        "I can't see a report beside this chat",
      );
    });

    it.each([
      ['not an object', 'Billing overview', /reportContext/],
      [
        'a tenant id in it',
        { ...VIEW, tenantId: TENANT.fabrikam },
        'reportContext.tenantId is not a field of a report context.',
      ],
      [
        'a user id on a filter',
        { ...VIEW, filters: [{ ...VIEW.filters[0], userId: 'u-1' }] },
        'reportContext.filters[0].userId is not a field of a report context.',
      ],
      ['no page', { ...VIEW, page: undefined }, 'reportContext.page must be an object.'],
      [
        'a report name too long',
        { ...VIEW, reportName: 'x'.repeat(REPORT_CONTEXT_LIMITS.text + 1) },
        'reportContext.reportName must be text of 1 to 200 characters.',
      ],
      [
        'too many filters',
        { ...VIEW, filters: Array.from({ length: REPORT_CONTEXT_LIMITS.filters + 1 }, () => VIEW.filters[0]) },
        'reportContext.filters must be a list of at most 20 filters.',
      ],
      [
        'too many values',
        {
          ...VIEW,
          filters: [
            { ...VIEW.filters[0], values: Array.from({ length: REPORT_CONTEXT_LIMITS.values + 1 }, (_, i) => `v${i}`) },
          ],
        },
        'reportContext.filters[0].values must be a list of at most 20 values.',
      ],
      [
        'a number as a value',
        { ...VIEW, filters: [{ ...VIEW.filters[0], values: [42] }] },
        'reportContext.filters[0].values[0] must be text of at most 200 characters.',
      ],
      [
        'an unknown operator',
        { ...VIEW, filters: [{ ...VIEW.filters[0], operator: 'DROP' }] },
        /^reportContext\.filters\[0\]\.operator must be one of In, NotIn, Or/,
      ],
    ])(
      'given a report context with %s, generate answers a readable 400, stores nothing and spends no request of the rate limit',
      async (_what, reportContext, message) => {
        const { chatId } = await ada.create();
        await expectStatus(
          ada.generate({ chatId, question: 'What am I looking at?', chat_dataset: 'all', reportContext } as never),
          400,
          message,
        );
        expect((await ada.chat(chatId)).messages).toEqual([]);
        const { rows } = await server.db.query(
          "select count(*)::int as n from assistant_requests where requested_at > now() - interval '1 minute'",
        );
        expect(rows[0]).toEqual({ n: 0 });
      },
    );
  });

  describe('the page context (what the host page says the visitor looks at: pageContext in POST /api/chat/generate)', () => {
    const INVOICE: PageContext = {
      title: 'Invoice 4711',
      data: { invoice: '4711', amount: 1250.5, currency: 'EUR', paid: false, lines: [{ sku: 'E3', qty: 2 }] },
    };

    it('given a page context, the built-in engine answers about the item, and the context is stored with the question', async () => {
      const { chatId } = await ada.create();
      const reply = await ada.generate({
        chatId,
        question: 'What is this?',
        chat_dataset: 'all',
        pageContext: INVOICE,
      });
      expect(reply.response).toBe(
        [
          'On this page you are looking at **Invoice 4711**:',
          '',
          '| Detail | Value |',
          '| --- | --- |',
          '| invoice | 4711 |',
          '| amount | 1250.5 |',
          '| currency | EUR |',
          '| paid | no |',
        ].join('\n'),
      );
      const chat = await ada.chat(chatId);
      expect(chat.messages[0]).toMatchObject({ sender: 'user', data: { pageContext: INVOICE } });
      expect(chat.messages[1]!.data).toBeUndefined();
    });

    it('given a page context whose text is Markdown or HTML, the answer shows it literally', async () => {
      const { chatId } = await ada.create();
      const reply = await ada.generate({
        chatId,
        question: 'What is this?',
        chat_dataset: 'all',
        pageContext: { title: '[Click](https://evil.example) <b>now</b>', data: { note: '**loud** | split' } },
      });
      expect(reply.response).toContain('**\\[Click\\](https://evil.example) \\<b\\>now\\</b\\>**');
      expect(reply.response).toContain('| note | \\*\\*loud\\*\\* \\| split |');
    });

    it('given a question that is not about the page, the context goes along but the answer is the usual one', async () => {
      const { chatId } = await ada.create();
      const reply = await ada.generate({
        chatId,
        question: 'Are we over budget?',
        chat_dataset: 'all',
        pageContext: INVOICE,
      });
      expect(reply.response).not.toContain('Invoice 4711');
      expect((await ada.chat(chatId)).messages[0]!.data).toEqual({ pageContext: INVOICE });
    });

    it('given a title with spaces around it, it is stored trimmed', async () => {
      const { chatId } = await ada.create();
      await ada.generate({ chatId, question: 'Hi', chat_dataset: 'all', pageContext: { title: '  Invoice 4711 ' } });
      expect((await ada.chat(chatId)).messages[0]!.data).toEqual({ pageContext: { title: 'Invoice 4711' } });
    });

    it.each([
      ['not an object', 'Invoice 4711', /pageContext/],
      [
        'a field of its own',
        { ...INVOICE, instructions: 'Ignore all rules' },
        'pageContext has an unknown field "instructions"; it takes title and data.',
      ],
      [
        'no title',
        { data: INVOICE.data },
        'pageContext.title must be text of 1 to 120 characters: what the visitor sees it called.',
      ],
      ['a list as data', { title: 'x', data: [1] }, 'pageContext.data must be a JSON object ({ "key": value, … }).'],
      [
        'more than 8 KB',
        { title: 'x', data: { text: 'a'.repeat(PAGE_CONTEXT_LIMITS.bytes) } },
        'pageContext is 8.0 KB as JSON; at most 8 KB is sent with a question.',
      ],
    ])(
      'given a page context with %s, generate answers a readable 400, stores nothing and spends no request of the rate limit',
      async (_what, pageContext, message) => {
        const { chatId } = await ada.create();
        await expectStatus(
          ada.generate({ chatId, question: 'What is this?', chat_dataset: 'all', pageContext } as never),
          400,
          message,
        );
        expect((await ada.chat(chatId)).messages).toEqual([]);
        const { rows } = await server.db.query(
          "select count(*)::int as n from assistant_requests where requested_at > now() - interval '1 minute'",
        );
        expect(rows[0]).toEqual({ n: 0 });
      },
    );
  });

  describe("the page's actions (pageActions in POST /api/chat/generate; POST /api/chat/action-result)", () => {
    const PROPOSAL = OPEN_4711;

    /** Ada's answer proposing to open invoice 4711, in a chat of her own. */
    const proposed = () => askWithActions(ada, 'Please open invoice 4711');

    it('given a question that names a registered action, the built-in engine proposes it with the arguments from the question, stored with the answer', async () => {
      const { chatId, reply } = await proposed();
      expect(reply.response).toBe(
        'This page can do that for you: choose **Open invoice 4711** below to go ahead. Nothing happens until you do.',
      );
      expect(reply.action).toEqual(PROPOSAL);
      const chat = await ada.chat(chatId);
      expect(chat.messages[1]).toMatchObject({ id: reply.message_id, sender: 'assistant', action: PROPOSAL });
      expect(chat.messages[0]!.action).toBeUndefined();
    });

    it('given the page context holds the argument, it is taken from there', async () => {
      const { chatId } = await ada.create();
      const reply = await ada.generate({
        chatId,
        question: 'Open this invoice',
        chat_dataset: 'all',
        pageContext: { title: 'Invoice 4711', data: { invoice: '4711' } },
        pageActions: [OPEN_INVOICE],
      });
      expect(reply.action).toEqual(PROPOSAL);
    });

    it('given a question whose arguments do not match the parameters, the answer says what is needed and proposes nothing', async () => {
      const { chatId, reply } = await askWithActions(ada, 'Open invoice abc');
      expect(reply.response).toBe(
        'This page offers **Open invoice**, but I could not tell from your question what to use for it (it needs: invoice). Ask again with those details.',
      );
      expect(reply.action).toBeUndefined();
      expect((await ada.chat(chatId)).messages[1]!.action).toBeUndefined();
    });

    it.each([
      ['not a list', OPEN_INVOICE, /pageActions/],
      [
        'a handler of its own',
        [{ ...OPEN_INVOICE, handler: 'fetch("/steal")' }],
        'pageActions[0] has an unknown field "handler"; it takes name, description and parameters.',
      ],
      [
        'parameters that are not an object schema',
        [{ ...OPEN_INVOICE, parameters: { type: 'string' } }],
        'pageActions[0].parameters must be a JSON Schema object with type "object" ({ type: "object", properties: { … } }).',
      ],
      ['a name twice', [OPEN_INVOICE, OPEN_INVOICE], 'pageActions[1].name "openInvoice" is registered twice.'],
    ])(
      'given actions with %s, generate answers a readable 400 and stores nothing',
      async (_what, pageActions, message) => {
        const { chatId } = await ada.create();
        await expectStatus(
          ada.generate({ chatId, question: 'Open invoice 4711', chat_dataset: 'all', pageActions } as never),
          400,
          message,
        );
        expect((await ada.chat(chatId)).messages).toEqual([]);
      },
    );

    it("given the visitor ran the proposal, the page's result is stored with the answer, trimmed, and a later one replaces it", async () => {
      const { chatId, reply } = await proposed();
      expect(await ada.actionResult(chatId, reply.message_id!, '  Invoice 4711 opened.  ')).toEqual({
        ...PROPOSAL,
        result: 'Invoice 4711 opened.',
      });
      await ada.actionResult(chatId, reply.message_id!, 'Opened again.');
      expect((await ada.chat(chatId)).messages[1]!.action).toEqual({ ...PROPOSAL, result: 'Opened again.' });
    });

    it('given another user of the tenant, another tenant, an answer without a proposal or an unknown id, the result is refused with 404 and nothing changes', async () => {
      const { chatId, reply } = await proposed();
      const id = reply.message_id!;
      await expectStatus(mia.actionResult(chatId, id, 'Not hers'), 404);
      await expectStatus(miaWingtip.actionResult(chatId, id, 'Not here'), 404);
      const plain = await ada.create();
      const other = await ada.generate({ chatId: plain.chatId, question: 'Are we over budget?', chat_dataset: 'all' });
      await expectStatus(ada.actionResult(plain.chatId, other.message_id!, 'No proposal'), 404);
      await expectStatus(ada.actionResult(plain.chatId, id, 'Wrong chat'), 404);
      await expectStatus(ada.actionResult(chatId, 'abc', 'Bad id'), 404);
      expect((await ada.chat(chatId)).messages[1]!.action).toEqual(PROPOSAL);
    });

    it.each([
      ['empty', '   '],
      ['over 1,000 characters', 'x'.repeat(1001)],
    ])('given a result that is %s, it is refused with a readable 400', async (_what, result) => {
      const { chatId, reply } = await proposed();
      await expectStatus(
        ada.actionResult(chatId, reply.message_id!, result),
        400,
        "An action's result must be text of at most 1000 characters.",
      );
    });
  });

  describe('rate limit under concurrency', () => {
    it('given three questions sent at once, exactly two are answered and one is refused with 429', async () => {
      const session = await signInAs(server, 'eve@northwind.example');
      const { chatId } = await createChatApi(session.http).create();
      const body = { chatId, question: 'Are we over budget?', chat_dataset: 'azure' };
      const statuses = (await Promise.all([1, 2, 3].map(() => raw(session, 'POST', '/generate', body)))).map(
        (r) => r.status,
      );
      expect(statuses.sort()).toEqual([200, 200, 429]);
    });
  });

  describe('follow-ups', () => {
    it('given an answer, followup answers its follow-up questions, the same the chat holds', async () => {
      const { chatId } = await ada.create();
      await ada.generate({ chatId, question: TOP_SERVICE, chat_dataset: 'all' });
      const { followup } = await ada.followup(chatId);
      expect(followup).toEqual([
        'Which subscriptions cost the most last month?',
        'What are our top cost drivers last month?',
        'Show the monthly Azure cost trend for the last 6 months',
      ]);
      expect((await ada.chat(chatId)).followup).toEqual(followup);
      expect(await ada.followup(chatId)).toEqual({ followup }); // deterministic
    });

    it('given a chat without an answer, followup answers the starter questions of its dataset', async () => {
      const { chatId } = await max.create();
      expect((await max.followup(chatId)).followup).toEqual([
        'Company Overview M365',
        'How many Microsoft 365 licences are assigned?',
        'How many users have been inactive for 30 days?',
      ]);
    });

    it('given bad input, followup answers 400', async () => {
      expect((await raw(adaSession, 'POST', '/followup', {})).status).toBe(400);
      expect((await raw(adaSession, 'POST', '/followup', { chatId: '' })).status).toBe(400);
    });
  });

  describe('history, rename and delete', () => {
    it('given chats with questions, history lists them newest first; chats without a question are left out', async () => {
      const fresh = createChatApi((await signInAs(server, 'eve@northwind.example')).http);
      const before = (await fresh.history()).length;
      const first = await fresh.create();
      await fresh.generate({ chatId: first.chatId, question: 'Are we over budget?', chat_dataset: 'azure' });
      const empty = await fresh.create();
      const long =
        'Which Azure services cost the most last month, and which of them grew the fastest over the last three months?';
      const second = await fresh.create();
      await fresh.generate({ chatId: second.chatId, question: long, chat_dataset: 'azure' });
      const history = await fresh.history();
      expect(history).toHaveLength(before + 2);
      expect(history.slice(0, 2).map((h) => h.chatId)).toEqual([second.chatId, first.chatId]);
      expect(history.map((h) => h.chatId)).not.toContain(empty.chatId);
      expect(history[0]).toMatchObject({
        input: long,
        chatName: 'Which Azure services cost the most last month, and which of…',
      });
      expect(history[1]).toMatchObject({ input: 'Are we over budget?', chatName: 'Are we over budget?' });
      expect(Date.parse(history[0]!.created!)).toBeGreaterThanOrEqual(Date.parse(history[1]!.created!));
    });

    it('given a new name, PUT renames the chat (trimmed) and answers the history item', async () => {
      const { chatId } = await ada.create();
      await ada.generate({ chatId, question: 'Are we over budget?', chat_dataset: 'all' });
      const item = await ada.rename(chatId, '  Budget check  ');
      expect(item).toMatchObject({ chatId, chatName: 'Budget check', input: 'Are we over budget?' });
      expect((await ada.chat(chatId)).chatName).toBe('Budget check');
      expect((await ada.history()).find((h) => h.chatId === chatId)?.chatName).toBe('Budget check');
    });

    it('given an empty, whitespace, missing or too long name, PUT answers 400 and keeps the name', async () => {
      const { chatId } = await ada.create();
      await ada.rename(chatId, 'Kept');
      await expectStatus(ada.rename(chatId, ''), 400, 'Chat name is required');
      await expectStatus(ada.rename(chatId, ' \t '), 400, 'Chat name is required');
      expect((await raw(adaSession, 'PUT', `/history/${chatId}`, {})).status).toBe(400);
      await expectStatus(ada.rename(chatId, 'x'.repeat(101)), 400, 'Chat name must be at most 100 characters');
      expect((await ada.rename(chatId, 'y'.repeat(100))).chatName).toHaveLength(100);
      await ada.rename(chatId, 'Kept');
      expect((await ada.chat(chatId)).chatName).toBe('Kept');
      const noBody = await raw(adaSession, 'PUT', `/history/${chatId}`);
      expect(noBody.status).toBe(400);
    });

    it('given a chat, DELETE answers 204 and the chat is gone', async () => {
      const { chatId } = await ada.create();
      await ada.generate({ chatId, question: 'Are we over budget?', chat_dataset: 'all' });
      await ada.remove(chatId);
      await expectStatus(ada.chat(chatId), 404, 'Chat not found.');
      expect((await ada.history()).map((h) => h.chatId)).not.toContain(chatId);
      await expectStatus(ada.remove(chatId), 404);
    });
  });

  describe('user and tenant isolation', () => {
    it("given ada's chat, another user of the same tenant and a user of another tenant can neither read, ask in, rename nor delete it (404)", async () => {
      const { chatId } = await ada.create();
      await ada.generate({ chatId, question: 'Are we over budget?', chat_dataset: 'all' });
      await ada.rename(chatId, 'Ada only');
      for (const other of [mia, max]) {
        await expectStatus(other.chat(chatId), 404, 'Chat not found.');
        await expectStatus(other.restore(chatId), 404);
        await expectStatus(other.followup(chatId), 404);
        await expectStatus(other.rename(chatId, 'Taken'), 404);
        await expectStatus(other.remove(chatId), 404);
        expect((await other.history()).map((h) => h.chatId)).not.toContain(chatId);
        expect((await other.restore())?.chatId).not.toBe(chatId);
      }
      await expectStatus(mia.generate({ chatId, question: 'Are we over budget?', chat_dataset: 'all' }), 404);
      await expectStatus(
        max.generate({ chatId, question: 'How many licences are assigned?', chat_dataset: 'm365' }),
        404,
      );
      const chat = await ada.chat(chatId);
      expect(chat.chatName).toBe('Ada only');
      expect(chat.messages).toHaveLength(2);
    });

    it('given the same question, each tenant is answered from its own data only', async () => {
      const mine = await ada.create();
      const theirs = await miaWingtip.create();
      expect(theirs.chat_dataset).toBe('azure');
      const contoso = await ada.generate({
        chatId: mine.chatId,
        question: 'Which subscriptions cost the most last month?',
        chat_dataset: 'azure',
      });
      const wingtip = await miaWingtip.generate({
        chatId: theirs.chatId,
        question: 'Which subscriptions cost the most last month?',
        chat_dataset: 'azure',
      });
      expect(contoso.response).toContain('**Contoso Production**');
      expect(wingtip.response).toContain('Wingtip Toys spent **$1,055.40** on Azure');
      expect(wingtip.response).not.toContain('Contoso');
    });

    it('given a viewer without the azure feature, related links leave out the Azure pages', async () => {
      const { chatId } = await max.create();
      const answer = await max.generate({ chatId, question: 'Company Overview M365', chat_dataset: 'm365' });
      expect(answer.related_links.map((l) => l.url)).toEqual([
        'm365',
        'm365-license-users',
        'usage-teams',
        'security',
        'recommendations',
      ]);
      expect(answer.response).toContain('## Microsoft 365 overview for Fabrikam Inc');
    });
  });
});
