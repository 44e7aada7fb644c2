/**
 * Months as the assistant's data knows them ('YYYY-MM', UTC) and the time phrases of a question
 * ("last 3 months", "this month", "in June", "2025-04").
 */

/** A calendar month, 'YYYY-MM'. */
export type Period = string;

/** A range of whole months, both ends included, with how to say it. */
export interface PeriodRange {
  from: Period;
  to: Period;
  /** E.g. 'June 2025', 'the last 3 months (April 2025 to June 2025)', 'July 2025 so far'. */
  label: string;
}

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** A 'YYYY-MM' month, as a JSON-schema `pattern` (the tools' parameters) and for {@link isPeriod}. */
export const PERIOD_PATTERN = '^[0-9]{4}-(0[1-9]|1[0-2])$';
const PERIOD_RE = new RegExp(PERIOD_PATTERN);

/** Whether `value` is a 'YYYY-MM' month. */
export const isPeriod = (value: string) => PERIOD_RE.test(value);

/** The month of `date` (UTC) shifted by `offset` months. */
export function periodOf(date: Date, offset = 0): Period {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** `period` shifted by `offset` months. */
export function addMonths(period: Period, offset: number): Period {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return periodOf(new Date(Date.UTC(y, m - 1, 1)), offset);
}

/** Months from `from` to `to`, both included (0 when `to` is before `from`). */
export function monthsBetween(from: Period, to: Period): number {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  return Math.max(0, (ty - fy) * 12 + (tm - fm) + 1);
}

/** 'June 2025'. */
export function periodLabel(period: Period): string {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return `${MONTH_NAMES[m - 1]} ${y}`;
}

/** 'June 2025', or 'April 2025 to June 2025'. */
export function rangeLabel(from: Period, to: Period): string {
  return from === to ? periodLabel(from) : `${periodLabel(from)} to ${periodLabel(to)}`;
}

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};
const MONTH_WORD =
  '(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)';

function monthIndex(word: string): number {
  const w = word.toLowerCase().slice(0, 3);
  return MONTH_NAMES.findIndex((m) => m.toLowerCase().startsWith(w));
}

/** The last `n` complete months before `now`. */
export function lastMonths(now: Date, n: number): PeriodRange {
  const from = periodOf(now, -n);
  const to = periodOf(now, -1);
  return { from, to, label: n === 1 ? periodLabel(to) : `the last ${n} months (${rangeLabel(from, to)})` };
}

/**
 * The time range a question names, relative to `now`; undefined when it names none. Understands
 * "last/past/previous N months", "last month", "this month" (month to date), "last quarter", "this
 * year" (year to date), "last year", a month name with or without a year ("in June", "June 2025";
 * without a year the latest such month not after this one), and 'YYYY-MM'.
 */
export function parseTimeRange(question: string, now: Date): PeriodRange | undefined {
  const q = question.toLowerCase();
  const thisMonth = periodOf(now);

  const lastN =
    /\b(?:last|past|previous|recent)\s+(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+months?\b/.exec(
      q,
    );
  if (lastN) {
    const n = Math.min(24, Math.max(1, NUMBER_WORDS[lastN[1]!] ?? Number(lastN[1])));
    return lastMonths(now, n);
  }
  if (/\b(?:last|previous|past|prior)\s+month\b/.test(q)) return lastMonths(now, 1);
  if (/\b(?:this|current)\s+month\b|\bmonth[- ]to[- ]date\b|\bmtd\b|\bso far this month\b/.test(q)) {
    return { from: thisMonth, to: thisMonth, label: `${periodLabel(thisMonth)} so far` };
  }
  if (/\b(?:last|previous)\s+quarter\b/.test(q)) {
    const month = now.getUTCMonth();
    const quarterStart = month - (month % 3);
    const from = periodOf(new Date(Date.UTC(now.getUTCFullYear(), quarterStart - 3, 1)));
    const to = addMonths(from, 2);
    return { from, to, label: `last quarter (${rangeLabel(from, to)})` };
  }
  if (/\b(?:this|current)\s+year\b|\byear[- ]to[- ]date\b|\bytd\b/.test(q)) {
    const from = `${now.getUTCFullYear()}-01`;
    return { from, to: thisMonth, label: `${now.getUTCFullYear()} so far` };
  }
  if (/\b(?:last|previous)\s+year\b/.test(q)) {
    const year = now.getUTCFullYear() - 1;
    return { from: `${year}-01`, to: `${year}-12`, label: String(year) };
  }
  const iso = /\b(\d{4})-(0[1-9]|1[0-2])\b/.exec(q);
  if (iso) {
    const period = `${iso[1]}-${iso[2]}`;
    return { from: period, to: period, label: periodLabel(period) };
  }
  // A month name: full names anywhere, abbreviations and "may" only after in/for/during/of/since or before a year.
  const named =
    new RegExp(`\\b(in|for|during|of|since)\\s+${MONTH_WORD}\\b(?:\\s+(\\d{4}))?`).exec(q) ??
    new RegExp(`\\b()${MONTH_WORD}\\s+(\\d{4})\\b`).exec(q) ??
    /\b()(january|february|march|april|june|july|august|september|october|november|december)\b(?:\s+(\d{4}))?/.exec(q);
  if (named) {
    const index = monthIndex(named[2]!);
    let year = named[3] ? Number(named[3]) : now.getUTCFullYear();
    if (!named[3] && index > now.getUTCMonth()) year -= 1;
    const period = `${year}-${String(index + 1).padStart(2, '0')}`;
    if (named[1] === 'since' && period < thisMonth)
      return { from: period, to: thisMonth, label: `${rangeLabel(period, thisMonth)} so far` };
    return { from: period, to: period, label: periodLabel(period) };
  }
  return undefined;
}
