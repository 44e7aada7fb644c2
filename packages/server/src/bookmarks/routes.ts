import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  execute,
  GraphQLError,
  Kind,
  OperationTypeNode,
  parse,
  validate,
  type DocumentNode,
  type ExecutionResult,
} from 'graphql';
import { KeptWhileUnwritten } from '../cache/unwritten';
import { PORTAL } from '../account/routes';
import { principalOf, type ServerContext } from '../context';
import { answerText } from '../http/answers';
import { bookmarksRoot, bookmarksSchema, bookmarksValidationRules, MAX_TOKENS, type BookmarksContext } from './schema';
import { errorAnswer, reasonPhrase } from '../http/errorHandler';

/** The GraphQL endpoint (the spec does not show the path; the issue names it). */
export const GRAPHQL_ROUTE = `${PORTAL}/graphql`;

/** Longest GraphQL document accepted; the client's documents are under 400 characters, states travel as variables. */
export const GRAPHQL_QUERY_MAX = 8 * 1024;
/**
 * Largest request body: one 64 KB view state, JSON-escaped in the worst case (6 bytes per character
 * for control characters), plus the document.
 */
export const GRAPHQL_BODY_LIMIT = 512 * 1024;

/** A GraphQL-over-HTTP request body. */
interface GraphQLBody {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
  extensions?: Record<string, unknown> | null;
}

/** The keys of a GraphQL-over-HTTP request body. */
const BODY_KEYS = ['query', 'variables', 'operationName', 'extensions'] as const;

const bodySchema = {
  type: 'object',
  required: ['query'],
  // A misspelt key is a readable 400, not silently ignored.
  propertyNames: { enum: [...BODY_KEYS] },
  properties: {
    query: { type: 'string', minLength: 1, maxLength: GRAPHQL_QUERY_MAX },
    variables: { type: ['object', 'null'] },
    operationName: { type: ['string', 'null'], maxLength: 100 },
    extensions: { type: ['object', 'null'] },
  },
};

/** One error as GraphQL answers it. */
interface ErrorEntry {
  message: string;
  locations?: readonly { line: number; column: number }[];
  path?: readonly (string | number)[];
  extensions?: Record<string, unknown>;
}

/**
 * A 4xx answer of this route: GraphQL-over-HTTP's `{errors:[…]}`, plus the server's usual
 * `{error, message}` so every client (and `ApiError`'s message) reads it.
 */
function refuse(reply: FastifyReply, status: number, errors: readonly ErrorEntry[]) {
  const message = errors.map((e) => e.message).join(' ') || 'Bad Request';
  return reply.code(status).send({
    errors,
    error: reasonPhrase(status),
    message,
  });
}

const toEntry = (error: GraphQLError): ErrorEntry => error.toJSON();

/** Body-schema failures, one message each; an unknown key is named (Ajv's own message does not name it). */
function validationMessages(validation: NonNullable<FastifyError['validation']>): ErrorEntry[] {
  const messages = new Set<string>();
  for (const item of validation) {
    const unknownKey = (item as { propertyName?: unknown }).propertyName;
    if (typeof unknownKey === 'string')
      messages.add(`Unknown key "${unknownKey}" in the request body; allowed keys are ${BODY_KEYS.join(', ')}.`);
    else if (item.keyword !== 'propertyNames') messages.add(`body${item.instancePath} ${item.message ?? 'is invalid'}`);
  }
  return [...messages].map((message) => ({ message }));
}

/**
 * The route's error handler: body-schema, JSON and size failures in the GraphQL error shape; the rest
 * as the app answers it (`errorAnswer`: a value the database refuses is a 400, a database unavailable
 * right now a 503 with Retry-After, anything else a 500 without internals), with `errors` beside.
 */
function routeErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.validation) return refuse(reply, 400, validationMessages(error.validation));
  const { status, body, headers } = errorAnswer(error, request);
  if (status < 500) return refuse(reply, status, [{ message: body.message }]);
  return reply
    .code(status)
    .headers(headers)
    .send({ errors: [{ message: body.message }], ...body });
}

/** How many validated documents the endpoint keeps. */
const VALID_DOCUMENTS_KEPT = 100;
/** How many answers to read-only documents the endpoint keeps (PGlite). */
const ANSWERS_KEPT = 1000;

/** A document of queries only (no mutation): its answer depends on nothing but the data and its variables. */
const readsOnly = (document: DocumentNode) =>
  document.definitions.every((d) => d.kind !== Kind.OPERATION_DEFINITION || d.operation === OperationTypeNode.QUERY);

/**
 * Spec §7 "Bookmarks": the saved-views GraphQL endpoint `POST /services/api-portal-customer/graphql`.
 * graphql-js parses (with a token limit), validates (its rules, no introspection, depth and width
 * limits) and executes against {@link bookmarksSchema}. Document and variable errors answer 400
 * `{errors}`; business failures are `success: false` inside a 200 answer.
 */
export function bookmarkRoutes(app: FastifyInstance, ctx: ServerContext): void {
  // Clients send the same few documents over and over: a parsed and validated document is kept,
  // by its text, so a repeated query skips parse and validate. Only valid documents are kept, and
  // at most VALID_DOCUMENTS_KEPT of them (oldest out first).
  const validDocuments = new Map<string, DocumentNode>();
  // Answers to read-only documents, as the JSON text sent, kept while nothing was written (PGlite):
  // the saved-view list every page reads skips execution and serialisation.
  const answers = new KeptWhileUnwritten<string>(ctx.db, ANSWERS_KEPT);
  app.post<{ Body: GraphQLBody }>(
    GRAPHQL_ROUTE,
    {
      preHandler: ctx.requireUser,
      schema: { body: bodySchema },
      bodyLimit: GRAPHQL_BODY_LIMIT,
      errorHandler: routeErrorHandler,
    },
    async (request, reply) => {
      const { query, variables, operationName } = request.body;
      let document = validDocuments.get(query);
      if (!document) {
        try {
          document = parse(query, { maxTokens: MAX_TOKENS });
        } catch (error) {
          if (error instanceof GraphQLError) return refuse(reply, 400, [toEntry(error)]);
          throw error;
        }
        const invalid = validate(bookmarksSchema, document, bookmarksValidationRules);
        if (invalid.length > 0) return refuse(reply, 400, invalid.map(toEntry));
        if (validDocuments.size >= VALID_DOCUMENTS_KEPT) validDocuments.delete(validDocuments.keys().next().value!);
        validDocuments.set(query, document);
      }

      const { tenantId, userId } = principalOf(request);
      const key = readsOnly(document)
        ? [tenantId, userId, query, JSON.stringify(variables ?? null), operationName ?? ''].join('\u0000')
        : undefined;
      const kept = key === undefined ? undefined : answers.get(key);
      if (kept !== undefined) return reply.type('application/json; charset=utf-8').send(kept);
      const stamp = answers.stamp();
      const contextValue: BookmarksContext = { db: ctx.db, owner: { tenantId, userId }, t: answerText(request) };
      const result: ExecutionResult = await execute({
        schema: bookmarksSchema,
        document,
        rootValue: bookmarksRoot,
        contextValue,
        variableValues: variables ?? undefined,
        operationName: operationName ?? undefined,
      });
      // A resolver failing on its own (the database, a bug) is the server's fault: a 500 without internals.
      const unexpected = result.errors?.find((e) => e.originalError && !(e.originalError instanceof GraphQLError));
      if (unexpected) throw unexpected.originalError;
      // No data at all (bad variables, unknown operation) or a null root (bad arguments): the request was wrong.
      if (result.errors?.length && result.data == null) return refuse(reply, 400, result.errors.map(toEntry));
      if (key !== undefined && !result.errors?.length) {
        const text = JSON.stringify({ data: result.data });
        answers.set(key, stamp, text);
        return reply.type('application/json; charset=utf-8').send(text);
      }
      return reply.send({
        data: result.data,
        ...(result.errors?.length ? { errors: result.errors.map(toEntry) } : {}),
      });
    },
  );
}
