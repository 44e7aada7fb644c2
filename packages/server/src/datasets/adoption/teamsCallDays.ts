/**
 * The `teamsCallDays` dataset (core's `ADOPTION_DATASETS.teamsCallDays`, shown by `ADOPTION_PAGES`):
 * where its rows come from (the SQL the query builder reads) and its demo rows (the seed), side by
 * side.
 */

import { usd } from '../../data/sqlParts';
import type { DatasetSql } from '../../data/types';
import type { Database } from '../../db/database';
import { DAY, hasRows, insertJson, isoDay } from '../../seed/bulk';
import { random, type Random } from '../../seed/random';
import type { M365Tenant } from './shared';

/**
 * Where the rows of core's `ADOPTION_DATASETS.teamsCallDays` come from (see `data/registry.ts` for the
 * contract).
 */
export const TEAMS_CALL_DAYS_SQL: DatasetSql = {
  from: (s) => `m365_teams_call_days d where d.tenant_id = ${s.bind(s.tenantId)}`,
  id: `to_char(d.day, 'YYYY-MM-DD')`,
  idType: 'text',
  columns: {
    date: { sql: 'd.day' },
    // Trimmed: to_char pads the day's name to nine characters.
    weekday: { sql: `trim(to_char(d.day, 'Day'))` },
    calls: { sql: 'd.calls' },
    meetings: { sql: 'd.meetings' },
    averageMinutes: { sql: 'd.average_minutes' },
    poorShare: { sql: 'case when d.calls > 0 then round(d.poor_calls::numeric / d.calls, 4) else 0 end' },
    poorCalls: { sql: 'd.poor_calls' },
    pstnMinutes: { sql: 'd.pstn_minutes' },
    participants: { sql: 'd.participants' },
  },
  kpis: {
    calls: 'coalesce(sum(t."calls"), 0)',
    meetings: 'coalesce(sum(t."meetings"), 0)',
    // Weighted by the days' calls, not an average of the days' shares.
    poorShare: 'coalesce(sum(t."poorCalls")::numeric / nullif(sum(t."calls"), 0), 0)',
  },
  currency: usd,
};

/** `total` split over `weights` in whole numbers that add up to it (largest remainder). */
function spread(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0) || 1;
  const exact = weights.map((w) => (total * w) / sum);
  const out = exact.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    out[i]! += 1;
    left -= 1;
  }
  return out;
}

/** A day's weight: working days full, weekends a tenth, with some noise. */
function dayWeight(day: Date, rnd: Random): number {
  const weekday = day.getUTCDay();
  if (weekday === 0) return 0.06 + rnd.next() * 0.03;
  if (weekday === 6) return 0.09 + rnd.next() * 0.04;
  // Fridays a little quieter, Tuesdays to Thursdays busiest.
  return (weekday === 5 ? 0.85 : weekday === 1 ? 0.95 : 1) * (0.88 + rnd.next() * 0.24);
}

/** Seeds the tenant's Teams call days (`m365_teams_call_days`): the last 30 add up to the assistant's Teams figures. */
export async function seedTeamsDays(tx: Database, t: M365Tenant): Promise<void> {
  if (await hasRows(tx, 'm365_teams_call_days', t.tenantId)) return;
  const rnd = random(`${t.tenantId}:m365_teams_call_days`);
  const asOf = Date.parse(`${t.asOf}T00:00:00Z`);
  const active = t.usage.get('teams:Active users') ?? t.enabledUsers;
  // The last 30 days are the assistant's figures; the 30 before a little fewer each (adoption grows).
  const calls30 = t.usage.get('teams:Calls') ?? Math.round(active * 7);
  const meetings30 = t.usage.get('teams:Meetings') ?? Math.round(active * 9);
  const days = Array.from({ length: 90 }, (_, i) => new Date(asOf - (90 - i) * DAY));
  const weights = days.map((d) => dayWeight(d, rnd));
  const calls: number[] = [];
  const meetings: number[] = [];
  for (const [w, growth] of [
    [0, 0.9],
    [1, 0.95],
    [2, 1],
  ] as const) {
    const slice = weights.slice(w * 30, w * 30 + 30);
    calls.push(...spread(growth === 1 ? calls30 : Math.round(calls30 * growth), slice));
    meetings.push(...spread(growth === 1 ? meetings30 : Math.round(meetings30 * growth), slice));
  }
  // One bad week of network trouble about seven weeks ago: poor calls triple.
  const incident = 40 + rnd.int(0, 10);
  const rows = days.map((d, i) => {
    const c = calls[i]!;
    const m = meetings[i]!;
    const rate = (0.018 + rnd.next() * 0.03) * (i >= incident && i < incident + 5 ? 3 : 1);
    const averageMinutes =
      Math.round((m + c > 0 ? (m * (32 + rnd.next() * 14) + c * (7 + rnd.next() * 6)) / (m + c) : 0) * 10) / 10;
    return {
      tenant_id: t.tenantId,
      day: isoDay(d),
      calls: c,
      meetings: m,
      average_minutes: averageMinutes,
      poor_calls: Math.min(c, Math.round(c * rate)),
      // About one call in six reaches a phone number, at the calls' typical length.
      pstn_minutes: Math.round(c * (0.12 + rnd.next() * 0.1) * (6 + rnd.next() * 5)),
      participants: c * 2 + Math.round(m * (3.5 + rnd.next() * 3)),
    };
  });
  await insertJson(
    tx,
    'm365_teams_call_days',
    'tenant_id, day, calls, meetings, average_minutes, poor_calls, pstn_minutes, participants',
    'tenant_id text, day date, calls integer, meetings integer, average_minutes numeric, poor_calls integer, pstn_minutes integer, participants integer',
    rows,
  );
}
