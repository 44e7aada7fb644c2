import {
  evaluateLicenses,
  LICENSE_DEFINITIONS,
  licenseAnswersJsonProblems,
  type LicenseAnswers,
  type LicenseEvaluation,
  type OwnedLicense,
} from '@cloudportal/core/rules';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { principalOf, type ServerContext } from '../context';
import type { Database } from '../db/database';
import { answerText } from '../http/answers';
import { problem } from '../http/problem';
import { tenantModules } from '../settings/access';
import { callerName, DATA_BASE } from './routes';

/** Where the licence questionnaire is served (spec §2 names the page; the paths are ours). */
export const QUESTIONNAIRE_PATH = `${DATA_BASE}/license-questionnaire`;

/** The questionnaire as the page reads it (core's `LicenseQuestionnaire`). */
interface Questionnaire {
  answers: LicenseAnswers;
  saved: boolean;
  updatedBy: string | null;
  updatedAt: string | null;
  evaluation: LicenseEvaluation;
}

/** The licences the tenant buys today (the licences page's rows: purchased and unit price). */
async function owned(db: Database, tenantId: string): Promise<OwnedLicense[]> {
  const { rows } = await db.query<{ sku: string; quantity: number; unit_price: number }>(
    'select sku, available::int as quantity, unit_price::float8 as unit_price from assistant_m365_licenses where tenant_id = $1',
    [tenantId],
  );
  return rows.map((r) => ({ sku: r.sku, quantity: r.quantity, unitPrice: r.unit_price }));
}

/**
 * Answers suggested from the tenant's enabled users and the licences they hold, until someone saves
 * answers: holders of a suite with the desktop apps are office workers, holders of a web-only suite
 * web workers, F3 holders frontline workers; Teams Phone and Copilot holders as they are; E5 means
 * advanced security is wanted.
 */
async function suggested(db: Database, tenantId: string): Promise<LicenseAnswers> {
  const { rows } = await db.query<{
    office: number;
    web: number;
    frontline: number;
    phone: number;
    copilot: number;
    e5: boolean;
    enabled: number;
  }>(
    `with held as (
       select u.id, array_agg(ul.sku) as skus from m365_users u join m365_user_licenses ul on ul.tenant_id = u.tenant_id and ul.user_id = u.id
        where u.tenant_id = $1 and u.enabled group by u.id)
     select count(*) filter (where skus && array['Microsoft 365 E3', 'Microsoft 365 E5', 'Microsoft 365 Business Premium', 'Microsoft 365 Apps for business'])::int as office,
            count(*) filter (where skus && array['Office 365 E1', 'Microsoft 365 Business Basic']
                               and not skus && array['Microsoft 365 E3', 'Microsoft 365 E5', 'Microsoft 365 Business Premium', 'Microsoft 365 Apps for business'])::int as web,
            count(*) filter (where 'Microsoft 365 F3' = any(skus))::int as frontline,
            count(*) filter (where 'Teams Phone Standard' = any(skus))::int as phone,
            count(*) filter (where 'Microsoft 365 Copilot' = any(skus))::int as copilot,
            coalesce(bool_or('Microsoft 365 E5' = any(skus)), false) as e5,
            (select count(*)::int from m365_users where tenant_id = $1 and enabled) as enabled
       from held`,
    [tenantId],
  );
  const r = rows[0]!;
  const officeWorkers = r.office + r.web + r.frontline === 0 ? Math.max(1, r.enabled) : r.office;
  const people = officeWorkers + r.web + r.frontline;
  return {
    officeWorkers,
    webWorkers: r.web,
    frontlineWorkers: r.frontline,
    phoneUsers: Math.min(r.phone, people),
    copilotUsers: Math.min(r.copilot, officeWorkers + r.web),
    advancedSecurity: r.e5,
  };
}

async function read(db: Database, tenantId: string): Promise<Questionnaire> {
  const { rows } = await db.query<{ answers: LicenseAnswers; updated_by: string; updated_at: Date }>(
    'select answers, updated_by, updated_at from license_questionnaires where tenant_id = $1',
    [tenantId],
  );
  const saved = rows[0];
  const answers = saved?.answers ?? (await suggested(db, tenantId));
  return {
    answers,
    saved: saved !== undefined,
    updatedBy: saved?.updated_by ?? null,
    updatedAt: saved ? new Date(saved.updated_at).toISOString() : null,
    evaluation: evaluateLicenses(answers, await owned(db, tenantId)),
  };
}

/** The caller's tenant when it has the Microsoft 365 licence; else a 403 already answered. */
async function licensedTenant(db: Database, request: FastifyRequest, reply: FastifyReply): Promise<string | null> {
  const { tenantId } = principalOf(request);
  const { modules } = await tenantModules(db, tenantId);
  if (!modules.includes('m365')) {
    const name = LICENSE_DEFINITIONS.find((d) => d.module === 'm365')?.displayName ?? 'm365';
    await reply
      .code(403)
      .send(problem('Forbidden', answerText(request)('server.questionnaire.unlicensed', { licence: name })));
    return null;
  }
  return tenantId;
}

/** The answers of a request body; a 400 naming each problem (core's rule, as the form shows them) already answered when they are wrong. */
async function answersOf(request: FastifyRequest, reply: FastifyReply): Promise<LicenseAnswers | null> {
  const problems = licenseAnswersJsonProblems(request.body, answerText(request));
  if (problems) {
    await reply.code(400).send({ ...problem('Bad Request', Object.values(problems).join(' ')), problems });
    return null;
  }
  const b = request.body as LicenseAnswers;
  return {
    officeWorkers: b.officeWorkers,
    webWorkers: b.webWorkers,
    frontlineWorkers: b.frontlineWorkers,
    phoneUsers: b.phoneUsers,
    copilotUsers: b.copilotUsers,
    advancedSecurity: b.advancedSecurity,
  };
}

/**
 * The licence questionnaire (spec §2 `license-questionnaire`): `GET` the tenant's answers (suggested
 * from its users until saved) with their evaluation, `PUT` new answers, `POST /evaluate` answers
 * without saving. The tenant and the person come from the token, never from the body.
 */
export function questionnaireRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { db } = ctx;
  app.get(QUESTIONNAIRE_PATH, { preHandler: ctx.requireUser }, async (request, reply) => {
    const tenantId = await licensedTenant(db, request, reply);
    if (tenantId) return read(db, tenantId);
  });

  app.put(QUESTIONNAIRE_PATH, { preHandler: ctx.requireUser }, async (request, reply) => {
    const tenantId = await licensedTenant(db, request, reply);
    if (!tenantId) return;
    const answers = await answersOf(request, reply);
    if (!answers) return;
    await db.query(
      `insert into license_questionnaires (tenant_id, answers, updated_by, updated_at) values ($1, $2, $3, now())
       on conflict (tenant_id) do update set answers = excluded.answers, updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
      [tenantId, JSON.stringify(answers), await callerName(db, request)],
    );
    return read(db, tenantId);
  });

  app.post(`${QUESTIONNAIRE_PATH}/evaluate`, { preHandler: ctx.requireUser }, async (request, reply) => {
    const tenantId = await licensedTenant(db, request, reply);
    if (!tenantId) return;
    const answers = await answersOf(request, reply);
    if (answers) return evaluateLicenses(answers, await owned(db, tenantId));
  });
}
