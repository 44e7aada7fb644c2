import type {
  Chat,
  ChatAnswer,
  ChatCreated,
  ChatDataset,
  ChatOpened,
  ChatFollowup,
  ChatQuestion,
  ChatSettings,
  Translate,
} from '@cloudportal/core';
import {
  ASSISTANT_RATE_LIMIT_PER_MINUTE,
  availableDatasets,
  CHAT_DATASETS,
  CHAT_MESSAGE_MAX,
  CHAT_MESSAGES,
  CHAT_SCREENSHOT_MAX_DATA_URL,
  chatScreenshotError,
  datasetAvailability,
  normalizePageActions,
  normalizePageContext,
  PAGE_ACTION_LIMITS,
  pageActionResultIssue,
  pageActionsIssue,
  pageContextIssue,
  reportContextIssue,
  validateChatName,
  type PageAction,
  type PageContext,
  type ReportContext,
} from '@cloudportal/core/rules';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { principalOf, type ServerContext } from '../context';
import type { Database } from '../db/database';
import { answerText, englishAnswer } from '../http/answers';
import { errorAnswer } from '../http/errorHandler';
import { passedOnHeaders } from '../http/passOn';
import { problem, tooManyRequests } from '../http/problem';
import { createBuiltinEngine } from './builtin';
import { exchangeCost } from './cost';
import { datasetText, possessive } from './format';
import {
  AnswerStoppedError,
  type AnswerStream,
  type AssistantEngine,
  type AssistantReply,
  type AssistantRequest,
  type AssistantTenant,
} from './engine';
import { menuLinkResolver } from './links';
import { AssistantProviderError, createOpenAiEngine } from './openai';
import { sanitizeQuestion } from './sanitize';
import { checkScreenshot, type ScreenshotCheck } from './screenshot';
import { openEventStream } from './stream';
import {
  CHAT_NAME_MAX,
  chatForEngine,
  chatHistory,
  createChat,
  deleteChat,
  lastFollowups,
  latestChatId,
  loadChat,
  renameChat,
  saveExchange,
  savePageActionResult,
  takeRequestSlot,
  type ChatOwner,
} from './store';

/** The chatbot service's base (spec §7 "Chatbot service"). */
export const CHATBOT = '/services/ai-chatbot/api/chat';

/** Spec §5 "Chat message": the text the widget shows when no dataset is available. */
export const ASSISTANT_NOT_ENABLED = CHAT_MESSAGES.notEnabled;

/** A chat that is unknown or another user's, in the request's language. */
const notFound = (request: FastifyRequest) => problem('Not Found', answerText(request)('server.chat.notFound'));

/**
 * The body limit of `POST …/generate`: a question (at most 2000 characters, JSON-escaped) with a
 * screenshot of at most 2 MiB as a base64 data: URL (about 2.7 MiB). The app's default is 1 MiB.
 */
export const GENERATE_BODY_LIMIT = 3 * 1024 * 1024;

/** The readable messages of the generate route's own 400 and 413 answers, in English (`server.chat.*`). */
export const GENERATE_MESSAGES = {
  questionRequired: englishAnswer('server.chat.questionRequired'),
  tooLarge: englishAnswer('server.chat.tooLarge'),
} as const;

const chatId = { type: 'string', minLength: 1, maxLength: 100 } as const;
const idParams = { type: 'object', required: ['id'], properties: { id: chatId }, additionalProperties: false } as const;

const schemas = {
  // No body at all is read as {} (the latest chat): the spec shows the call without one.
  restore: { body: { type: ['object', 'null'], properties: { chatId }, additionalProperties: false } },
  generate: {
    description:
      "The answer to a question (spec §7), or with `Accept: text/event-stream` the answer as it is written: server-sent events `text` {delta}, `restart`, `links` {related_links}, `done` (the spec's answer) and `error` {status, error, message} (issue 40).",
    body: {
      type: 'object',
      required: ['chatId', 'question', 'chat_dataset'],
      properties: {
        chatId,
        // Spec §5 "Chat message": may be empty when a screenshot is attached (checked after sanitizing).
        question: { type: 'string', maxLength: CHAT_MESSAGE_MAX },
        chat_dataset: { type: 'string', enum: CHAT_DATASETS },
        // Spec §3 "Message" data.screenshot: a base64 data: URL of a PNG, JPEG or WebP image of at most 2 MiB (screenshot.ts); null = none.
        screenshot: { type: ['string', 'null'], maxLength: CHAT_SCREENSHOT_MAX_DATA_URL },
        // Beyond the spec: the live report view (core rules/reportContext); checked whole by `reportContextIssue`; null = none.
        reportContext: { type: ['object', 'null'] },
        // Not in the spec: what the host page says the visitor looks at (core rules/pageContext); checked whole by `pageContextIssue`; null = none.
        pageContext: { type: ['object', 'null'] },
        // Not in the spec: the actions the host page offers (core rules/pageActions); checked whole by `pageActionsIssue`; null = none.
        pageActions: { type: ['array', 'null'] },
        // Beyond the spec (issue 40 §2): Regenerate — the answer replaces the chat's last question and answer.
        regenerate: {
          type: 'boolean',
          description:
            "Regenerate: ask this question again in place of the chat's last one; the new answer replaces the last question and answer (the chat's cost still grows). A chat with no question yet answers 400.",
        },
      },
      additionalProperties: false,
    },
  },
  followup: { body: { type: 'object', required: ['chatId'], properties: { chatId }, additionalProperties: false } },
  // Not in the spec: what the host page answered for an action the visitor ran (core rules/pageActions).
  actionResult: {
    description:
      "Stores what the host page answered for the action the visitor ran from one of the caller's answers; 404 for an answer that is not the caller's or proposed no action.",
    body: {
      type: 'object',
      required: ['chatId', 'messageId', 'result'],
      properties: {
        chatId,
        messageId: { type: 'string', minLength: 1, maxLength: 20 },
        // Checked by `pageActionResultIssue` (1 to PAGE_ACTION_LIMITS.result characters).
        result: { type: 'string', maxLength: PAGE_ACTION_LIMITS.result * 2 },
      },
      additionalProperties: false,
    },
  },
  history: { params: idParams },
  rename: {
    params: idParams,
    body: { type: 'object', properties: { chatName: { type: ['string', 'null'] } }, additionalProperties: false },
  },
};

/**
 * The generate route's answer to a body it could not take: over {@link GENERATE_BODY_LIMIT} a 413
 * that says what the limit is for, and a screenshot longer than the largest 2 MiB image's data URL
 * the same 400 as a 2 MiB + 1 byte one. Anything else goes on to the app's error handler.
 */
function generateErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return reply.code(413).send(problem('Payload Too Large', answerText(request)('server.chat.tooLarge')));
  const first = error.validation?.[0];
  if (first && first.instancePath === '/screenshot' && first.keyword === 'maxLength')
    return reply.code(400).send(problem('Bad Request', chatScreenshotError('size', answerText(request))));
  throw error;
}

/** The tenant's name and the datasets it may use (spec §5 "Dataset availability"), read from its rows, not the token. */
async function tenantOf(db: Database, tenantId: string): Promise<AssistantTenant> {
  const { rows } = await db.query<{ display_name: string; account_types: string[] }>(
    'select display_name, account_types from tenants where id = $1',
    [tenantId],
  );
  const { rows: licenses } = await db.query<{ license_module: string; license_sku: string; active: boolean }>(
    'select license_module, license_sku, active from tenant_licenses where tenant_id = $1',
    [tenantId],
  );
  const availability = datasetAvailability(
    rows[0]?.account_types ?? [],
    licenses.map((l) => ({ licenseModule: l.license_module, licenseSku: l.license_sku, active: l.active })),
  );
  return {
    id: tenantId,
    displayName: rows[0]?.display_name ?? 'your tenant',
    datasets: availableDatasets(availability),
  };
}

async function displayNameOf(db: Database, owner: ChatOwner): Promise<string> {
  const { rows } = await db.query<{ display_name: string }>(
    'select display_name from users where id = $1 and tenant_id = $2',
    [owner.userId, owner.tenantId],
  );
  return rows[0]?.display_name ?? '';
}

/** The greeting of a new chat: who the assistant is and what it answers on the chat's dataset. */
function greeting(assistantName: string, userName: string, tenant: AssistantTenant, dataset: ChatDataset): string {
  const first = userName.trim().split(/\s+/)[0];
  const about = {
    all: `${possessive(tenant.displayName)} Azure costs, budgets, reservations and recommendations, or its Microsoft 365 licences, users, usage and Secure Score`,
    azure: `${possessive(tenant.displayName)} Azure costs, budgets, reservations and recommendations`,
    m365: `${possessive(tenant.displayName)} Microsoft 365 licences, users, usage, Secure Score and recommendations`,
  }[dataset];
  return `Hello${first ? ` ${first}` : ''}! I'm ${assistantName}. Ask me about ${about}.`;
}

/** What the chatbot routes share: the database, the assistant's configuration and the engine that answers. */
interface ChatbotDeps {
  ctx: ServerContext;
  db: Database;
  assistant: ServerContext['config']['assistant'];
  engine: AssistantEngine;
}

/** The caller as a chat owner: its tenant and user. */
const ownerOf = (request: FastifyRequest): ChatOwner => {
  const p = principalOf(request);
  return { tenantId: p.tenantId, userId: p.userId };
};

/** The body of `POST …/generate`, as its schema lets it through. */
type GenerateBody = Omit<ChatQuestion, 'screenshot' | 'reportContext' | 'pageContext' | 'pageActions'> & {
  screenshot?: string | null;
  reportContext?: unknown;
  pageContext?: unknown;
  pageActions?: unknown;
};

/** What the generate route took from a body: the question and what came with it, checked. */
interface CheckedBody {
  question: string;
  screenshot?: CheckedScreenshot;
  reportContext: unknown;
  pageContext?: PageContext;
  pageActions?: PageAction[];
}

/** A screenshot the generate route accepted. */
type CheckedScreenshot = Extract<ScreenshotCheck, { ok: true }>['screenshot'];

/** Owns the start of a chat: the assistant's settings, a new chat, the restored one and the history list. */
function registerChatStartRoutes(app: FastifyInstance, { ctx, db, assistant, engine }: ChatbotDeps) {
  app.get(`${CHATBOT}/settings`, { preHandler: ctx.requireUser }, async () => {
    const settings: ChatSettings = { name: assistant.name, modelName: assistant.modelName };
    return settings;
  });

  app.post(`${CHATBOT}/create`, { preHandler: ctx.requireUser }, async (request, reply) => {
    const who = ownerOf(request);
    const tenant = await tenantOf(db, who.tenantId);
    const dataset = tenant.datasets[0];
    if (!dataset) return reply.code(403).send(problem('Forbidden', answerText(request)('chat.notEnabled')));
    const id = await createChat(db, who, dataset, assistant.currency);
    const created: ChatCreated = {
      chatId: id,
      chat_dataset: dataset,
      chat_cost: 0,
      chat_cost_currency: assistant.currency,
      response: greeting(assistant.name, await displayNameOf(db, who), tenant, dataset),
      // The suggestions a restored empty chat offers too (loadChat): the dataset's starter questions.
      followup: engine.starterQuestions(dataset),
    };
    return created;
  });

  app.post<{ Body: { chatId?: string } | null | undefined }>(
    `${CHATBOT}/restore`,
    { preHandler: ctx.requireUser, schema: schemas.restore },
    async (request, reply) => {
      const who = ownerOf(request);
      const wanted = request.body?.chatId;
      const id = wanted ?? (await latestChatId(db, who));
      if (!id) return reply.type('application/json').send('null');
      const chat = await loadChat(db, who, id, engine.starterQuestions);
      if (!chat) return wanted ? reply.code(404).send(notFound(request)) : reply.type('application/json').send('null');
      return chat;
    },
  );

  app.get(`${CHATBOT}/history`, { preHandler: ctx.requireUser }, async (request) => chatHistory(db, ownerOf(request)));

  registerChatOpenRoute(app, ctx);
}

/**
 * `POST …/api/chat/open` (issue 42 §3, an addition to the spec's calls): what opening the assistant
 * asks, in one round trip — `POST …/restore {}` and, when that finds no chat (or fails), `POST
 * …/create`, exactly as the client would make them one after the other. Each is its own route's
 * answer, called in-process with the caller's headers (every hook and guard applies): `{restored}`,
 * `{created}`, or the create call's refusal as it answered.
 */
function registerChatOpenRoute(app: FastifyInstance, ctx: ServerContext) {
  app.post(`${CHATBOT}/open`, { preHandler: ctx.requireUser }, async (request, reply) => {
    const headers = passedOnHeaders(request, ['authorization']);
    const restored = await app.inject({ method: 'POST', url: `${CHATBOT}/restore`, headers, payload: {} });
    const chat = restored.statusCode === 200 ? restored.json<Chat | null>() : null;
    if (chat) return { restored: chat } satisfies ChatOpened;
    const created = await app.inject({ method: 'POST', url: `${CHATBOT}/create`, headers });
    if (created.statusCode === 200) return { created: created.json<ChatCreated>() } satisfies ChatOpened;
    return reply.code(created.statusCode).type('application/json').send(created.body);
  });
}

/**
 * Owns the generate body's checks, all before the rate-limit slot is taken (bad input does not spend
 * the user's 2 a minute, spec §9): the question, the screenshot and the report context, or the 400's message.
 */
function checkGenerateBody(
  body: GenerateBody,
  t: Translate,
): { ok: false; message: string } | ({ ok: true } & CheckedBody) {
  const question = sanitizeQuestion(body.question);
  // The screenshot's and the report context's format checks answer the calling code (the SDK's client
  // refuses the same screenshots first, in the user's words): English.
  const shot = typeof body.screenshot === 'string' ? checkScreenshot(body.screenshot) : null;
  if (shot && !shot.ok) return { ok: false, message: shot.message };
  const screenshot = shot?.ok ? shot.screenshot : undefined;
  // Beyond the spec: the live report view, within its limits (REPORT_CONTEXT_LIMITS) and with no other fields.
  const reportContext = body.reportContext ?? null;
  const contextIssue = reportContext === null ? null : reportContextIssue(reportContext);
  if (contextIssue) return { ok: false, message: contextIssue };
  // What the host page says the visitor looks at: a title and a JSON object within PAGE_CONTEXT_LIMITS.
  const page = body.pageContext ?? null;
  const pageIssue = page === null ? null : pageContextIssue(page);
  if (pageIssue) return { ok: false, message: pageIssue };
  // The actions the host page offers: at most PAGE_ACTION_LIMITS.actions, each named once, its parameters a JSON object schema.
  const actions = body.pageActions ?? null;
  const actionsIssue = actions === null ? null : pageActionsIssue(actions);
  if (actionsIssue) return { ok: false, message: actionsIssue };
  // Spec §5 "Chat message": required — text, or a screenshot.
  if (!question && !screenshot) return { ok: false, message: t('server.chat.questionRequired') };
  const pageContext = page === null ? undefined : normalizePageContext(page as PageContext);
  const pageActions = actions === null ? [] : normalizePageActions(actions as PageAction[]);
  return {
    ok: true,
    question,
    screenshot,
    reportContext,
    ...(pageContext ? { pageContext } : {}),
    ...(pageActions.length ? { pageActions } : {}),
  };
}

/** The 429 of a caller over the assistant's rate limit, with the seconds to wait. */
function rateLimited(request: FastifyRequest, reply: FastifyReply, wait: number) {
  return tooManyRequests(
    reply,
    wait,
    answerText(request)(wait === 1 ? 'server.chat.rateLimited.second' : 'server.chat.rateLimited.seconds', {
      max: ASSISTANT_RATE_LIMIT_PER_MINUTE,
      count: wait,
    }),
  );
}

/** The model's API failed: 502 (503 for its own rate limit, never our 429) with a readable message, nothing stored. */
function providerFailure(request: FastifyRequest, reply: FastifyReply, error: AssistantProviderError) {
  request.log.warn({ status: error.statusCode }, error.message);
  if (error.retryAfter !== undefined) reply.header('Retry-After', String(error.retryAfter));
  return reply
    .code(error.statusCode)
    .send(problem(error.statusCode === 503 ? 'Service Unavailable' : 'Bad Gateway', error.message));
}

/** A question the generate route admitted: who asks, in which chat, and what the engine is asked. */
interface AdmittedQuestion {
  who: ChatOwner;
  chatId: string;
  dataset: ChatDataset;
  screenshot?: CheckedScreenshot;
  /** Regenerate: the answer replaces the chat's last question and answer. */
  regenerate: boolean;
  ask: AssistantRequest;
}

/**
 * Owns the generate route's admission: the body's checks, the tenant's dataset, the chat and the
 * rate limit. Answers the admitted question, or null once it has sent the refusal (400, 403, 404, 429).
 */
async function admitQuestion(
  { db }: ChatbotDeps,
  request: FastifyRequest<{ Body: GenerateBody }>,
  reply: FastifyReply,
): Promise<AdmittedQuestion | null> {
  const who = ownerOf(request);
  const { chatId, chat_dataset: dataset } = request.body;
  const t = answerText(request);
  const refuse = (status: number, body: unknown) => {
    reply.code(status).send(body);
    return null;
  };
  const checked = checkGenerateBody(request.body, t);
  if (!checked.ok) return refuse(400, problem('Bad Request', checked.message));
  const { question, screenshot, reportContext, pageContext, pageActions } = checked;
  // Spec §5: the dataset must be one the tenant may use; with none, the widget's 'not enabled' text.
  const tenant = await tenantOf(db, who.tenantId);
  if (!tenant.datasets.includes(dataset)) {
    const message = tenant.datasets.length
      ? t('server.chat.datasetNotEnabled', { dataset: datasetText(dataset) })
      : t('chat.notEnabled');
    return refuse(403, problem('Forbidden', message));
  }
  const regenerate = request.body.regenerate === true;
  const chat = await chatForEngine(db, who, chatId, { withoutLastExchange: regenerate });
  if (!chat) return refuse(404, notFound(request));
  if (regenerate && chat.questions === 0)
    return refuse(400, problem('Bad Request', t('server.chat.nothingToRegenerate')));
  const wait = await takeRequestSlot(db, who, ASSISTANT_RATE_LIMIT_PER_MINUTE);
  if (wait !== null) {
    rateLimited(request, reply, wait);
    return null;
  }
  const ask: AssistantRequest = {
    question,
    ...(screenshot ? { screenshot: { type: screenshot.type, base64: screenshot.base64 } } : {}),
    dataset,
    history: chat.history,
    tenant,
    viewer: { displayName: await displayNameOf(db, who), features: principalOf(request).features },
    ...(reportContext ? { reportContext: reportContext as ReportContext } : {}),
    ...(pageContext ? { pageContext } : {}),
    ...(pageActions ? { pageActions } : {}),
  };
  return { who, chatId, dataset, ...(screenshot ? { screenshot } : {}), regenerate, ask };
}

/**
 * Stores a question and its answer (`stopped`: as far as it was written when the visitor stopped
 * it) and answers the spec's answer; null when the chat went meanwhile.
 */
async function storeAnswer(
  { db, assistant }: ChatbotDeps,
  asked: AdmittedQuestion,
  result: AssistantReply,
  stopped = false,
): Promise<ChatAnswer | null> {
  const { question } = asked.ask;
  // The cost counts the characters of question and answer only (cost.ts); a screenshot adds nothing.
  const cost = exchangeCost(question, result.markdown, assistant.pricePer1kChars);
  const saved = await saveExchange(db, asked.who, asked.chatId, {
    question,
    ...(asked.screenshot ? { screenshot: asked.screenshot.dataUrl } : {}),
    ...(asked.ask.pageContext ? { pageContext: asked.ask.pageContext } : {}),
    answer: result.markdown,
    relatedLinks: result.relatedLinks,
    followups: result.followups,
    ...(result.action ? { action: result.action } : {}),
    cost,
    dataset: asked.dataset,
    ...(stopped ? { stopped } : {}),
    ...(asked.regenerate ? { replacesLast: true } : {}),
  });
  if (!saved) return null;
  return {
    response: result.markdown,
    chat_dataset: asked.dataset,
    related_links: result.relatedLinks,
    chat_cost: saved.cost,
    chat_cost_currency: saved.currency,
    message_id: saved.messageId,
    ...(result.action ? { action: result.action } : {}),
  };
}

/** Whether the caller asked for the answer as server-sent events (issue 40 §1). */
const wantsEventStream = (request: FastifyRequest) => /\btext\/event-stream\b/.test(request.headers.accept ?? '');

/**
 * Owns a streamed answer (stream.ts): the engine's text as events while it writes, then the stored
 * answer as `done`, or the failure as `error`. When the visitor stops it (closes the request), the
 * engine stops, and the text they were shown is stored as a stopped answer with its cost.
 */
async function streamAnswer(deps: ChatbotDeps, request: FastifyRequest, reply: FastifyReply, asked: AdmittedQuestion) {
  const events = openEventStream(reply);
  let written = '';
  const stream: AnswerStream = {
    text(delta) {
      written += delta;
      events.send('text', { delta });
    },
    restart() {
      written = '';
      events.send('restart', {});
    },
    signal: events.signal,
  };
  try {
    const result = await deps.engine.answer(asked.ask, stream);
    if (result.relatedLinks.length) events.send('links', { related_links: result.relatedLinks });
    const answer = await storeAnswer(deps, asked, result);
    if (answer) events.send('done', answer);
    else events.send('error', { status: 404, ...notFound(request) });
  } catch (error) {
    if (error instanceof AnswerStoppedError || events.signal.aborted) {
      const starters = deps.engine.starterQuestions(asked.dataset);
      await storeAnswer(deps, asked, { markdown: written.trim(), relatedLinks: [], followups: starters }, true);
    } else if (error instanceof AssistantProviderError) {
      request.log.warn({ status: error.statusCode }, error.message);
      const reason = error.statusCode === 503 ? 'Service Unavailable' : 'Bad Gateway';
      events.send('error', { status: error.statusCode, ...problem(reason, error.message) });
    } else {
      const failed = errorAnswer(error as Error, request);
      events.send('error', { status: failed.status, ...failed.body });
    }
  } finally {
    events.end();
  }
  return reply;
}

/** Owns `POST …/generate`: the admitted question's answer, as one JSON body or as events, stored. */
async function generateAnswer(deps: ChatbotDeps, request: FastifyRequest<{ Body: GenerateBody }>, reply: FastifyReply) {
  const asked = await admitQuestion(deps, request, reply);
  if (!asked) return reply;
  if (wantsEventStream(request)) return streamAnswer(deps, request, reply, asked);
  let result: AssistantReply;
  try {
    result = await deps.engine.answer(asked.ask);
  } catch (error) {
    if (!(error instanceof AssistantProviderError)) throw error;
    return providerFailure(request, reply, error);
  }
  const answer = await storeAnswer(deps, asked, result);
  return answer ?? reply.code(404).send(notFound(request));
}

/** Owns one chat's routes: its follow-up suggestions, read, rename and delete. */
function registerChatRoutes(app: FastifyInstance, { ctx, db, engine }: ChatbotDeps) {
  app.post<{ Body: { chatId: string } }>(
    `${CHATBOT}/followup`,
    { preHandler: ctx.requireUser, schema: schemas.followup },
    async (request, reply) => {
      const found = await lastFollowups(db, ownerOf(request), request.body.chatId);
      if (!found) return reply.code(404).send(notFound(request));
      const answer: ChatFollowup = { followup: found.followup ?? engine.starterQuestions(found.dataset) };
      return answer;
    },
  );

  app.post<{ Body: { chatId: string; messageId: string; result: string } }>(
    `${CHATBOT}/action-result`,
    { preHandler: ctx.requireUser, schema: schemas.actionResult },
    async (request, reply) => {
      const { chatId, messageId, result } = request.body;
      const issue = pageActionResultIssue(result);
      if (issue) return reply.code(400).send(problem('Bad Request', issue));
      const saved = await savePageActionResult(db, ownerOf(request), chatId, messageId, result.trim());
      return saved ?? reply.code(404).send(notFound(request));
    },
  );

  app.get<{ Params: { id: string } }>(
    `${CHATBOT}/history/:id`,
    { preHandler: ctx.requireUser, schema: schemas.history },
    async (request, reply) => {
      const chat = await loadChat(db, ownerOf(request), request.params.id, engine.starterQuestions);
      return chat ?? reply.code(404).send(notFound(request));
    },
  );

  app.put<{ Params: { id: string }; Body: { chatName?: string | null } }>(
    `${CHATBOT}/history/:id`,
    { preHandler: ctx.requireUser, schema: schemas.rename },
    async (request, reply) => {
      // Spec §5 "Chat rename": required, with a non-whitespace character; stored trimmed.
      const name = (request.body.chatName ?? '').trim();
      const t = answerText(request);
      const invalid = validateChatName(name, t);
      if (invalid) return reply.code(400).send(problem('Bad Request', invalid));
      if (Array.from(name).length > CHAT_NAME_MAX)
        return reply.code(400).send(problem('Bad Request', t('server.chat.nameTooLong', { max: CHAT_NAME_MAX })));
      const item = await renameChat(db, ownerOf(request), request.params.id, name);
      return item ?? reply.code(404).send(notFound(request));
    },
  );

  app.delete<{ Params: { id: string } }>(
    `${CHATBOT}/history/:id`,
    { preHandler: ctx.requireUser, schema: schemas.history },
    async (request, reply) => {
      if (!(await deleteChat(db, ownerOf(request), request.params.id))) return reply.code(404).send(notFound(request));
      return reply.code(204).send();
    },
  );
}

/** Spec §7 "Chatbot service" (base /services/ai-chatbot): the caller's own chats only, in the caller's tenant. */
export function chatbotRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { db, config } = ctx;
  const links = menuLinkResolver(db);
  const builtin = createBuiltinEngine({ db, links });
  // ASSISTANT_PROVIDER: the built-in engine by default; an OpenAI-compatible model starts chats with the same questions.
  const engine: AssistantEngine =
    config.assistant.provider === 'openai'
      ? createOpenAiEngine(config.assistant, { db, links, starterQuestions: builtin.starterQuestions })
      : builtin;
  const deps: ChatbotDeps = { ctx, db, assistant: config.assistant, engine };
  registerChatStartRoutes(app, deps);
  app.post<{ Body: GenerateBody }>(
    `${CHATBOT}/generate`,
    {
      preHandler: ctx.requireUser,
      schema: schemas.generate,
      bodyLimit: GENERATE_BODY_LIMIT,
      errorHandler: generateErrorHandler,
    },
    (request, reply) => generateAnswer(deps, request, reply),
  );
  registerChatRoutes(app, deps);
}
