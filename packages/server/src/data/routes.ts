import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  columnLabel,
  csvLine,
  DATA_CURSOR_ERROR,
  DATA_EXPORT_MAX,
  DATASETS,
  exportFileName,
  isDatasetId,
  LICENSE_DEFINITIONS,
  parseDataQuery,
  parseSeriesQuery,
  type DataPage,
  type DatasetId,
  type DataSeries,
  type DataSummary,
  type ParsedDataQuery,
} from '@cloudportal/core/rules';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { principalOf, type ServerContext } from '../context';
import type { Database } from '../db/database';
import { PORTAL } from '../settings/paths';
import { requestTranslator } from '../http/locale';
import { answerText } from '../http/answers';
import { problem } from '../http/problem';
import { tenantModules } from '../settings/access';
import { RowJumps } from './jumps';
import {
  currencyFor,
  decodeCursor,
  readCsv,
  readPage,
  readRow,
  readSeries,
  readSummary,
  type DataScope,
} from './query';
import { DATASET_SQL, type DatasetSql } from './registry';

/** Where the feature datasets are served (spec §7 names "cost-management calls" without paths). */
export const DATA_BASE = `${PORTAL}/api/data`;

/** Rows an export reads per batch; the event loop gets a turn between batches (PGlite runs on it). */
export const EXPORT_BATCH = 2000;

const datasetParams = {
  type: 'object',
  required: ['dataset'],
  properties: { dataset: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;
const actionParams = {
  type: 'object',
  required: ['dataset', 'id', 'verb'],
  properties: {
    dataset: { type: 'string', minLength: 1, maxLength: 64 },
    id: { type: 'string', minLength: 1, maxLength: 512 },
    verb: { type: 'string', minLength: 1, maxLength: 32 },
  },
} as const;
const actionBody = {
  type: 'object',
  additionalProperties: false,
  properties: { reason: { type: 'string', maxLength: 500 } },
} as const;

/**
 * The dataset of the request, with the caller's scope; or a 404 (no such dataset) or a 403 (the
 * tenant has no licence for the dataset's module, spec §5) already answered.
 */
async function open(
  db: Database,
  request: FastifyRequest<{ Params: { dataset: string } }>,
  reply: FastifyReply,
): Promise<{ ds: DatasetId; scope: DataScope } | null> {
  const { dataset } = request.params;
  // An unknown dataset or a malformed query (parseDataQuery's errors) is the calling code's mistake: English.
  if (!isDatasetId(dataset)) {
    await reply
      .code(404)
      // eslint-disable-next-line no-restricted-syntax -- for the calling code's developer (see above): English
      .send(problem('Not Found', `There is no dataset '${dataset}'. Datasets: ${Object.keys(DATASETS).join(', ')}.`));
    return null;
  }
  const { tenantId } = principalOf(request);
  const { modules } = await tenantModules(db, tenantId);
  const module = DATASETS[dataset].module;
  if (module && !modules.includes(module)) {
    const name = LICENSE_DEFINITIONS.find((d) => d.module === module)?.displayName ?? module;
    await reply
      .code(403)
      .send(problem('Forbidden', answerText(request)('server.data.unlicensed', { dataset, licence: name })));
    return null;
  }
  return { ds: dataset, scope: { tenantId, modules, now: new Date() } };
}

/** The query string checked against the dataset; a 400 with the reason answered when it is wrong. */
async function parse(ds: DatasetId, request: FastifyRequest, reply: FastifyReply): Promise<ParsedDataQuery | null> {
  const parsed = parseDataQuery(DATASETS[ds], (request.query ?? {}) as Record<string, unknown>);
  if ('error' in parsed) {
    await reply.code(400).send(problem('Bad Request', parsed.error));
    return null;
  }
  return parsed.query;
}

/** The caller's name as a status shows it: the display name, or the upn. */
export async function callerName(db: Database, request: FastifyRequest): Promise<string> {
  const p = principalOf(request);
  const { rows } = await db.query<{ display_name: string | null; upn: string }>(
    'select display_name, upn from users where id = $1 and tenant_id = $2',
    [p.userId, p.tenantId],
  );
  return rows[0]?.display_name || rows[0]?.upn || p.userId;
}

/** What the data routes share: the context's guard, the database and the row jumps of the large sorts. */
interface DataDeps {
  ctx: ServerContext;
  db: Database;
  /** Samples of the large sorts, so that a page at any offset costs what the first does. */
  jumps: RowJumps;
}

type DatasetRequest = FastifyRequest<{ Params: { dataset: string } }>;

/** Owns `GET {dataset}`: a page of rows, after a cursor or at an offset. */
async function pageAnswer({ db, jumps }: DataDeps, request: DatasetRequest, reply: FastifyReply) {
  const opened = await open(db, request, reply);
  if (!opened) return reply;
  const query = await parse(opened.ds, request, reply);
  if (!query) return reply;
  const afterKeys = query.after ? decodeCursor(query, opened.ds, query.after) : undefined;
  if (afterKeys === null) return reply.code(400).send(problem('Bad Request', DATA_CURSOR_ERROR));
  const read = readPage(db, opened.ds, opened.scope, query, afterKeys, jumps);
  // A cursor's values are bound as parameters of their keys' types: one that does not cast (SQLSTATE class 22) was not ours.
  const { rows, total, capped, next } = await (
    afterKeys
      ? read.catch((error: unknown) => {
          if (String((error as { code?: unknown }).code ?? '').startsWith('22')) return null;
          throw error;
        })
      : read
  ).then((page) => page ?? { rows: [], total: 0, capped: false, next: undefined, bad: true });
  const page: DataPage = {
    rows,
    total,
    ...(capped ? { totalCapped: true } : {}),
    offset: query.offset,
    limit: query.limit,
    sort: query.sort,
    currency: await currencyFor(db, opened.ds, opened.scope),
    ...(next ? { next } : {}),
  };
  return page;
}

/** Owns the read routes: a page of rows, the key figures and a chart's series. */
function registerReadRoutes(app: FastifyInstance, deps: DataDeps) {
  const { ctx, db } = deps;
  app.get<{ Params: { dataset: string } }>(
    `${DATA_BASE}/:dataset`,
    { preHandler: ctx.requireUser, schema: { params: datasetParams } },
    (request, reply) => pageAnswer(deps, request, reply),
  );

  app.get<{ Params: { dataset: string } }>(
    `${DATA_BASE}/:dataset/summary`,
    { preHandler: ctx.requireUser, schema: { params: datasetParams } },
    async (request, reply) => {
      const opened = await open(db, request, reply);
      if (!opened) return reply;
      const query = await parse(opened.ds, request, reply);
      if (!query) return reply;
      const values = await readSummary(db, opened.ds, opened.scope, query);
      const summary: DataSummary = {
        kpis: DATASETS[opened.ds].kpis.map((k) => ({
          id: k.id,
          label: k.label,
          type: k.type,
          value: values[k.id] ?? 0,
        })),
        currency: await currencyFor(db, opened.ds, opened.scope),
      };
      return summary;
    },
  );

  app.get<{ Params: { dataset: string } }>(
    `${DATA_BASE}/:dataset/series`,
    { preHandler: ctx.requireUser, schema: { params: datasetParams } },
    async (request, reply) => {
      const opened = await open(db, request, reply);
      if (!opened) return reply;
      const parsed = parseSeriesQuery(DATASETS[opened.ds], (request.query ?? {}) as Record<string, unknown>);
      if ('error' in parsed) return reply.code(400).send(problem('Bad Request', parsed.error));
      const { categories, series } = await readSeries(db, opened.ds, opened.scope, parsed.query);
      const answer: DataSeries = { categories, series, currency: await currencyFor(db, opened.ds, opened.scope) };
      return answer;
    },
  );
}

/** Owns `GET {dataset}/export.csv`: every matching row, streamed in batches with a turn for others between them. */
function registerExportRoute(app: FastifyInstance, { ctx, db }: DataDeps) {
  app.get<{ Params: { dataset: string } }>(
    `${DATA_BASE}/:dataset/export.csv`,
    { preHandler: ctx.requireUser, schema: { params: datasetParams } },
    async (request, reply) => {
      const opened = await open(db, request, reply);
      if (!opened) return reply;
      const query = await parse(opened.ds, request, reply);
      if (!query) return reply;
      const { ds, scope } = opened;
      // The header is the columns' labels in the request's language (issue 24 §2).
      const t = requestTranslator(request);
      const labels = new Map<string, string>(DATASETS[ds].columns.map((c) => [c.id, columnLabel(t, ds, c)]));
      const log = request.log;
      async function* lines(): AsyncGenerator<string> {
        yield csvLine(query!.columns.map((id) => labels.get(id)!));
        try {
          for await (const text of readCsv(db, ds, scope, query!, { batch: EXPORT_BATCH, max: DATA_EXPORT_MAX })) {
            yield text;
            // PGlite answers on this event loop: let other requests in between batches.
            await nextTurn();
          }
        } catch (error) {
          // The status line has gone out: the client sees a cut-off file, the log says why.
          log.error(error);
          throw error;
        }
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${exportFileName(ds, scope.now)}"`)
        .header('Cache-Control', 'no-store')
        .header('Vary', 'Accept-Language')
        .send(Readable.from(lines()));
    },
  );
}

/** A dataset's SQL of its row actions (table, key, verbs), when it has any. */
type RowActionsSql = NonNullable<DatasetSql['actions']>;

/** Owns an action's write: the row's new status, its reason and, for alerts, a history entry — in one transaction. */
async function writeAction(
  db: Database,
  sql: RowActionsSql,
  row: { tenantId: string; id: string; status: string; by: string; reason: string | null },
): Promise<void> {
  const { tenantId, id, status, by, reason } = row;
  await db.transaction(async (tx) => {
    const sets = ['status = $3', 'status_by = $4', 'status_at = now()'];
    if (sql.reasonColumn) sets.push(`${sql.reasonColumn} = $5`);
    const params: unknown[] = [tenantId, id, status, by];
    if (sql.reasonColumn) params.push(status === 'open' ? null : reason);
    await tx.query(`update ${sql.table} set ${sets.join(', ')} where tenant_id = $1 and ${sql.key} = $2`, params);
    if (sql.history) {
      await tx.query(
        `insert into alert_history (tenant_id, alert_id, seq, at, status, by_name, note)
         select $1, $2, coalesce(max(seq), 0) + 1, now(), $3, $4, $5 from alert_history where tenant_id = $1 and alert_id = $2`,
        [tenantId, id, status, by, reason],
      );
    }
  });
}

/** Owns `POST {dataset}/{id}/{verb}`: an action on one row the caller may see, its reason when it needs one. */
function registerActionRoute(app: FastifyInstance, { ctx, db }: DataDeps) {
  app.post<{ Params: { dataset: string; id: string; verb: string }; Body: { reason?: string } | undefined }>(
    `${DATA_BASE}/:dataset/:id/:verb`,
    { preHandler: ctx.requireUser, schema: { params: actionParams, body: actionBody } },
    async (request, reply) => {
      const opened = await open(db, request, reply);
      if (!opened) return reply;
      const { ds, scope } = opened;
      const { id, verb } = request.params;
      const action = (
        'actions' in DATASETS[ds]
          ? (DATASETS[ds] as { actions: readonly { verb: string; reason?: boolean }[] }).actions
          : []
      ).find((a) => a.verb === verb);
      const sql = DATASET_SQL[ds].actions;
      const effect = sql?.verbs[verb];
      if (!action || !sql || !effect) {
        const verbs = Object.keys(sql?.verbs ?? {});
        return reply
          .code(400)
          .send(
            problem(
              'Bad Request',
              verbs.length
                ? `The ${ds} data has no action '${verb}'; it has ${verbs.join(', ')}.`
                : `The ${ds} data has no actions.`,
            ),
          );
      }
      const reason = request.body?.reason?.trim() || null;
      if (action.reason && !reason)
        return reply
          .code(400)
          .send(problem('Bad Request', answerText(request)('server.data.reasonRequired', { verb: action.verb })));
      // Through the dataset's own source, so a row the caller may not see (another tenant's, an unlicensed module's) is unknown.
      const before = await readRow(db, ds, scope, id);
      if (!before)
        return reply
          .code(404)
          .send(problem('Not Found', answerText(request)('server.data.rowNotFound', { dataset: ds, id })));
      if (before.status === effect.status) return before;
      if (!effect.from.includes(String(before.status))) {
        return reply
          .code(409)
          .send(
            problem(
              'Conflict',
              answerText(request)('server.data.notApplicable', { status: String(before.status).toLowerCase(), verb }),
            ),
          );
      }
      const by = await callerName(db, request);
      await writeAction(db, sql, { tenantId: scope.tenantId, id, status: effect.status, by, reason });
      return readRow(db, ds, scope, id);
    },
  );
}

/**
 * The feature pages' data (spec §2 "Dynamic page"): `GET {base}/{dataset}` (a page of rows),
 * `{dataset}/summary` (key figures), `{dataset}/series` (a chart's sums, grouped in SQL),
 * `{dataset}/export.csv` (every matching row, streamed) and `POST {dataset}/{id}/{verb}` (an action
 * on one row). Tenant and user come from the app token only.
 */
export function dataRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const deps: DataDeps = { ctx, db: ctx.db, jumps: new RowJumps(ctx.db) };
  registerReadRoutes(app, deps);
  registerExportRoute(app, deps);
  registerActionRoute(app, deps);
}
