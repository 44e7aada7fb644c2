import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from './context';
import { problem } from './http/problem';

/** Where the fault rules are managed. Public (no app token): it exists only with FAULTS=on. */
export const FAULTS_PATH = '/api/test/faults';

/**
 * Where an end-to-end test gives back the assistant questions its accounts asked (FAULTS=on only):
 * spec §9's 2 a minute stays enforced; a test that asked starts the next one from a clean minute
 * instead of sleeping through it.
 */
export const RATE_LIMITS_PATH = '/api/test/rate-limits';

/** The longest delay a rule may ask for. */
export const FAULT_DELAY_MAX_MS = 60_000;
/** The most requests one rule may affect. */
export const FAULT_TIMES_MAX = 10_000;
/** The most rules held at once. */
export const FAULT_RULES_MAX = 100;

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** Body of `PUT /api/test/faults`: which requests to affect, and how. */
export interface FaultRuleInput {
  /** Only requests with this method; every method when left out. */
  method?: (typeof METHODS)[number];
  /** The request path (no query): exact, or a prefix when it ends in `*`. */
  path: string;
  /** Answer this status instead of the route. */
  status?: number;
  /** Wait this long first (then answer `status`, or let the route answer). */
  delayMs?: number;
  /** JSON body of the `status` answer. @default {error: <status text>, message: 'Injected fault'} */
  body?: unknown;
  /** Headers of the `status` answer, e.g. `{'Retry-After': '3'}` with a 429. */
  headers?: Record<string, string>;
  /** Affect only this many requests, then the rule is removed. @default every request until cleared */
  times?: number;
}

/** A stored rule, as `PUT` and `GET /api/test/faults` answer it. */
export interface FaultRule extends FaultRuleInput {
  id: string;
  /** Requests it still affects; `null` for no limit. */
  remaining: number | null;
  /** Requests it affected so far. */
  hits: number;
}

const FIELDS = ['method', 'path', 'status', 'delayMs', 'body', 'headers', 'times'];

const ruleSchema = {
  body: {
    type: 'object',
    required: ['path'],
    // No additionalProperties: Fastify's Ajv would strip them silently, and a misspelt field
    // (`delay`) must be a readable 400 naming it, not a rule that silently does nothing.
    properties: {
      method: { type: 'string', enum: [...METHODS] },
      path: { type: 'string', minLength: 1, maxLength: 2048, pattern: '^/[^\\s?#]*$' },
      // 1xx are interim answers, never a final one: a client would wait forever for the real answer.
      status: { type: 'integer', minimum: 200, maximum: 599 },
      delayMs: { type: 'integer', minimum: 0, maximum: FAULT_DELAY_MAX_MS },
      body: {},
      // Header names as HTTP allows them (a token); values without line breaks. The answer's own
      // Content-Type is the JSON one.
      headers: {
        type: 'object',
        maxProperties: 20,
        propertyNames: {
          pattern: "^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,64}$",
          not: { pattern: '^[Cc][Oo][Nn][Tt][Ee][Nn][Tt]-' },
        },
        additionalProperties: { type: 'string', maxLength: 1024, pattern: '^[^\\r\\n]*$' },
      },
      times: { type: 'integer', minimum: 1, maximum: FAULT_TIMES_MAX },
    },
  },
} as const;

function matches(rule: FaultRule, method: string, path: string): boolean {
  if (rule.method && rule.method !== method) return false;
  return rule.path.endsWith('*') ? path.startsWith(rule.path.slice(0, -1)) : path === rule.path;
}

/** Waits at least `ms` by the monotonic clock (a timer may fire a millisecond early). */
async function waitAtLeast(ms: number): Promise<void> {
  const start = performance.now();
  for (let left = ms; left > 0; left = ms - (performance.now() - start)) await sleep(Math.ceil(left));
}

/**
 * Fault injection for tests (off unless the server starts with FAULTS=on): chosen routes answer a
 * chosen status and/or after a delay, so end-to-end tests reach every entry of the spec's error
 * catalogue (§8). Registered before every other route, as the first `onRequest` hook, so a fault
 * answers in place of any route — before its guard, body parsing or validation. Rules live in
 * memory, per server process, and never match the control route itself.
 */
export function registerFaults(app: FastifyInstance, ctx: ServerContext): void {
  // Off: no control route (it answers 404 like any unknown route) and no hook.
  if (!ctx.config.faults) return;
  app.log.warn(
    `Fault injection is ON (FAULTS=on): ${FAULTS_PATH} can make any route fail or stall. Never use this setting outside tests.`,
  );

  let rules: FaultRule[] = [];

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path === FAULTS_PATH || path === RATE_LIMITS_PATH || rules.length === 0) return;
    const rule = rules.find((r) => matches(r, request.method, path));
    if (!rule) return;
    // Counted before any wait, so concurrent requests never overdraw `times`.
    rule.hits += 1;
    if (rule.remaining !== null && --rule.remaining === 0) rules = rules.filter((r) => r !== rule);
    if (rule.delayMs) await waitAtLeast(rule.delayMs);
    if (rule.status === undefined) return;
    const body =
      'body' in rule ? rule.body : { error: STATUS_CODES[rule.status] ?? 'Error', message: 'Injected fault' };
    request.log.info({ fault: rule.id, status: rule.status }, 'injected fault');
    if (rule.headers) reply.headers(rule.headers);
    return reply
      .code(rule.status)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(body ?? null));
  });

  // A test's tool, not a user's: its refusals stay English (issue 24 §2 translates what users read).
  app.put<{ Body: FaultRuleInput }>(FAULTS_PATH, { schema: ruleSchema }, async (request, reply) => {
    const input = request.body;
    const unknown = Object.keys(input).find((k) => !FIELDS.includes(k));
    if (unknown !== undefined) {
      return reply
        .code(400)
        .send(problem('Bad Request', `Unknown field "${unknown}": a fault rule has ${FIELDS.join(', ')}.`));
    }
    if (input.status === undefined && input.delayMs === undefined) {
      return reply.code(400).send(problem('Bad Request', 'A fault needs a status, a delayMs or both.'));
    }
    if ('body' in input && input.status === undefined) {
      return reply.code(400).send(problem('Bad Request', 'A fault body needs a status to answer it with.'));
    }
    if ('headers' in input && input.status === undefined) {
      return reply.code(400).send(problem('Bad Request', 'Fault headers need a status to answer them with.'));
    }
    if (rules.length >= FAULT_RULES_MAX) {
      return reply
        .code(409)
        .send(
          problem(
            'Conflict',
            `At most ${FAULT_RULES_MAX} fault rules may be set; clear them with DELETE ${FAULTS_PATH}.`,
          ),
        );
    }
    const rule: FaultRule = { id: randomUUID(), ...input, remaining: input.times ?? null, hits: 0 };
    rules.push(rule);
    return reply.code(201).send(rule);
  });

  app.get(FAULTS_PATH, async () => rules);

  app.delete(FAULTS_PATH, async (_request, reply) => {
    rules = [];
    return reply.code(204).send();
  });

  app.delete(RATE_LIMITS_PATH, async (_request, reply) => {
    await ctx.db.query('delete from assistant_requests');
    return reply.code(204).send();
  });
}
