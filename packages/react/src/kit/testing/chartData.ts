/**
 * Deterministic chart data for the kit's stories and tests: daily cost over 13 months (a weekly
 * rhythm, slow growth and three spikes), monthly cost by service, cost by region.
 */

/** The calendar days from `start` (`YYYY-MM-DD`), `count` of them. */
export function days(start: string, count: number): string[] {
  const first = Date.parse(`${start}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(first + i * 86_400_000).toISOString().slice(0, 10));
}

/** 2025-06-01 to 2026-06-30: 13 months of days. */
export const DAYS_13_MONTHS = days('2025-06-01', 395);

/** The spikes of {@link dailyCost}: day index → label. */
export const SPIKES = new Map<number, string>([
  [75, 'Spike: Data Factory'],
  [212, 'Spike: new VM scale set'],
  [330, 'Spike: log ingestion'],
]);

/** A daily cost for each of `categories`, around $900 a day with weekends lower and three spikes. */
export function dailyCost(categories: readonly string[] = DAYS_13_MONTHS): number[] {
  return categories.map((day, i) => {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    const weekend = weekday === 0 || weekday === 6 ? 0.72 : 1;
    const wave = 1 + 0.06 * Math.sin(i / 9) + 0.03 * Math.cos(i / 3.7);
    const spike = SPIKES.has(i) ? 2.1 : 1;
    return Math.round(900 * (1 + i / 1500) * weekend * wave * spike * 100) / 100;
  });
}

/** 2025-06 to 2026-06: thirteen months. */
export const MONTHS_13 = Array.from({ length: 13 }, (_, i) => {
  const d = new Date(Date.UTC(2025, 5 + i, 1));
  return d.toISOString().slice(0, 7);
});

/** Monthly cost by service, for stacked bars. */
export const COST_BY_SERVICE = [
  { name: 'Virtual machines', values: MONTHS_13.map((_, i) => 12_400 + i * 310) },
  { name: 'Storage', values: MONTHS_13.map((_, i) => 4_100 + (i % 4) * 220) },
  { name: 'SQL Database', values: MONTHS_13.map((_, i) => 6_800 - i * 90) },
  { name: 'Networking', values: MONTHS_13.map((_, i) => 1_900 + (i % 3) * 150) },
];

/** Cost by region, for a donut. */
export const COST_BY_REGION = {
  categories: ['West Europe', 'North Europe', 'East US', 'UK South', 'Southeast Asia'],
  series: [{ name: 'Cost', values: [48_200, 21_700, 15_300, 9_800, 5_000] }],
};
