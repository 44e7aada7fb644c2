// `npm run bench:data`: p50/p95 of every dataset read of a feature page — first page, sorts, filters,
// free-text search, a middle and the last page, key figures, chart series — one request at a time,
// for the FOCUS cost rows and two other large datasets, and CSV export rows/s. It runs the built
// server as `npm start` does: on embedded PGlite at DEMO_SCALE=1, and, when a PostgreSQL is at hand
// (BENCH_DATABASE_URL, or the one tests/tools/postgres.mjs finds or installs), on PostgreSQL at
// DEMO_SCALE=1 and 20, then the ratios 20× / 1× of the p50 and the p95. Targets (issue 22 §4): p95 ≤
// 100 ms at 1× on PGlite, ≤ 150 ms at 20× on PostgreSQL, ratio ≤ 2 (`grewWithData`). The PostgreSQL
// databases are kept between runs (cp_bench_scale1, cp_bench_scale20), so only the first run pays
// for seeding.
//
//   BENCH_RUNS=50            requests per read (p50/p95 over them, after one warm-up; fewer make the p95
//                            of a read of a few milliseconds a matter of the machine's other work)
//   BENCH_ONLY=pglite|pg     one of the two
//   BENCH_SCALES=1,20        the PostgreSQL scales
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchCommand, markdownTable, writeBenchReport } from './report.mjs';
import { freePort, signIn, startServer } from './serverProcess.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 50);
const only = process.env.BENCH_ONLY;
const scales = (process.env.BENCH_SCALES ?? '1,20').split(',').map(Number);
const portal = '/services/api-portal-customer';

/** Starts the built server; resolves when it says it is ready (seeding included). */
async function start(env) {
  const server = startServer(await freePort(), { APP_TOKEN_SECRET: 'bench-secret-0123456789abcdef0123456789', ...env });
  return { ...server, startSeconds: await server.ready };
}

/** The reads of one dataset: name → path (with the query string). `total` is the unfiltered row count. */
function readsOf(ds, total) {
  const base = `${portal}/api/data/${ds.id}`;
  const q = (params) => `${base}?${new URLSearchParams(params)}`;
  const last = Math.max(0, total - 100);
  return [
    ['first page', q({ limit: '100' })],
    ...ds.sorts.map((s) => [`sort ${s}`, q({ limit: '100', sort: s })]),
    ...ds.filters.map((f) => [`filter ${f}`, q({ limit: '100', f })]),
    [`search q=${ds.q}`, q({ limit: '100', q: ds.q })],
    ['middle page', q({ limit: '100', offset: String(Math.floor(total / 2)) })],
    ['last page', q({ limit: '100', offset: String(last) })],
    ['last page, sorted', q({ limit: '100', offset: String(last), sort: ds.sorts[0] })],
    ['key figures', `${base}/summary`],
    ...ds.filters.slice(0, 1).map((f) => [`key figures, ${f}`, `${base}/summary?${new URLSearchParams({ f })}`]),
    ...ds.series.map((s) => [`series ${s}`, `${base}/series?${s}`]),
  ];
}

const DATASETS = [
  {
    id: 'focus',
    sorts: ['billedCost:desc', 'serviceName:asc', 'resourceName:desc'],
    filters: ['serviceCategory:eq:Compute', 'chargePeriodStart:gte:2026-10-01', 'billedCost:gt:100'],
    q: 'sql',
    series: [
      'x=chargePeriodStart&y=billedCost&grain=day',
      'x=chargePeriodStart&y=billedCost&grain=month&split=serviceCategory',
      // A chart by a dimension that is not time (issue 39 §5): the top services by cost.
      'x=serviceName&y=billedCost',
    ],
  },
  {
    id: 'resources',
    sorts: ['costLastMonth:desc', 'name:asc'],
    filters: ['region:eq:westeurope'],
    q: 'sql',
    series: ['x=region&y=costLastMonth'],
  },
  {
    id: 'users',
    sorts: ['displayName:asc', 'daysInactive:desc'],
    filters: ['department:eq:Finance'],
    q: 'an',
    series: ['x=department&y=licenceCost'],
  },
];

/**
 * The p95 of a read of a few milliseconds moves by a few milliseconds with the machine's other work
 * (a two-core machine: one scheduling pause in fifty requests), which alone can double it. A read
 * grows with the data when its median more than doubles, or its p95 more than doubles by more than
 * this — a read that grows doubles its median too (the chart by service before migration 026: p50
 * 17.5 → 42.7 ms, p95 19.0 → 47.7 ms).
 */
const P95_NOISE_MS = 5;
const grewWithData = (small, big) =>
  big.p50 / small.p50 > 2 || (big.p95 / small.p95 > 2 && big.p95 - small.p95 > P95_NOISE_MS);

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function timeRead(base, auth, path) {
  const once = async () => {
    const t = performance.now();
    const res = await fetch(base + path, { headers: auth });
    const body = await res.text();
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${body.slice(0, 300)}`);
    return performance.now() - t;
  };
  await once();
  const times = [];
  for (let i = 0; i < runs; i++) times.push(await once());
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p95: pct(times, 95) };
}

async function exportRate(base, auth, ds) {
  const t = performance.now();
  const res = await fetch(`${base}${portal}/api/data/${ds}/export.csv`, { headers: auth });
  let lines = 0;
  const decoder = new TextDecoder();
  for await (const chunk of res.body) lines += (decoder.decode(chunk, { stream: true }).match(/\n/g) ?? []).length;
  const seconds = (performance.now() - t) / 1000;
  return { rows: lines - 1, perSecond: (lines - 1) / seconds };
}

/** Runs every read against one server; answers rows { dataset, read, p50, p95 } and export figures. */
async function measure(label, env) {
  const server = await start(env);
  console.log(`\n${label}: server ready in ${server.startSeconds.toFixed(1)} s`);
  const results = [];
  Object.assign(results, { label, startSeconds: server.startSeconds, totals: {} });
  try {
    const { auth } = await signIn(server.base, 'ada@contoso.example');
    for (const ds of DATASETS) {
      const first = await (await fetch(`${server.base}${portal}/api/data/${ds.id}?limit=1`, { headers: auth })).json();
      console.log(`  ${ds.id}: ${first.total.toLocaleString('en')} rows`);
      results.totals[ds.id] = first.total;
      const reads = readsOf(ds, first.total);
      // Scrolling on from the middle: the grid asks for the next block after the last one's cursor.
      const middle = Math.floor(first.total / 2);
      const { next } = await (
        await fetch(`${server.base}${portal}/api/data/${ds.id}?limit=100&offset=${middle}`, { headers: auth })
      ).json();
      if (next)
        reads.splice(reads.findIndex(([r]) => r === 'middle page') + 1, 0, [
          'next page after the middle (cursor)',
          `${portal}/api/data/${ds.id}?${new URLSearchParams({ limit: '100', offset: String(middle + 100), after: next })}`,
        ]);
      for (const [read, path] of reads) {
        const r = await timeRead(server.base, auth, path);
        results.push({ dataset: ds.id, read, ...r });
      }
    }
    // As the reads: one export to warm up, then the median of three.
    await exportRate(server.base, auth, 'focus');
    const exports = [];
    for (let i = 0; i < 3; i++) exports.push(await exportRate(server.base, auth, 'focus'));
    const csv = exports.sort((a, b) => a.perSecond - b.perSecond)[1];
    console.log(
      `  CSV export of focus: ${csv.rows.toLocaleString('en')} rows at ${Math.round(csv.perSecond).toLocaleString('en')} rows/s (median of 3, after one to warm up)`,
    );
    results.exportRate = csv.perSecond;
  } finally {
    server.child.kill('SIGTERM');
  }
  return results;
}

/** The printed tables, again for docs/benchmarks.md. */
const reportTables = [];
const reportNotes = [];
function table(title, columns, rows) {
  reportTables.push({ title, columns, rows });
  console.log(`\n${title}`);
  console.log(columns.map(([h, w]) => (w < 0 ? h.padEnd(-w) : h.padStart(w))).join(' '));
  for (const r of rows)
    console.log(
      r
        .map((v, i) => (columns[i][1] < 0 ? String(v).padEnd(-columns[i][1]) : String(v).padStart(columns[i][1])))
        .join(' '),
    );
}
const ms = (v) => (v === undefined ? '–' : v.toFixed(1));

const outcome = {};
let failed = false;
if (only !== 'pg') {
  const dataDir = mkdtempSync(join(tmpdir(), 'cp-bench-data-'));
  try {
    outcome.pglite = await measure('PGlite, DEMO_SCALE=1', { DATA_DIR: dataDir, DATABASE_URL: '', DEMO_SCALE: '1' });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const rows = outcome.pglite.map((r) => [r.dataset, r.read, ms(r.p50), ms(r.p95), r.p95 <= 100 ? 'ok' : 'OVER']);
  table(
    `PGlite at 1× (${runs} requests each; target p95 ≤ 100 ms)`,
    [
      ['dataset', -10],
      ['read', -52],
      ['p50 ms', 8],
      ['p95 ms', 8],
      ['', 5],
    ],
    rows,
  );
  failed ||= outcome.pglite.some((r) => r.p95 > 100);
}

if (only !== 'pglite') {
  const { ensurePostgres } = await import('../tools/postgres.mjs');
  const adminUrl = process.env.BENCH_DATABASE_URL ?? ensurePostgres();
  if (!adminUrl) {
    console.log('\nPostgreSQL runs skipped: no PostgreSQL (set BENCH_DATABASE_URL).');
    reportNotes.push('PostgreSQL runs skipped: no PostgreSQL (set `BENCH_DATABASE_URL`).');
  } else {
    const { default: pg } = await import('pg');
    for (const scale of scales) {
      const name = `cp_bench_scale${scale}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (!rowCount) await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      outcome[`pg${scale}`] = await measure(`PostgreSQL, DEMO_SCALE=${scale}`, {
        DATABASE_URL: url.toString(),
        DEMO_SCALE: String(scale),
        DATA_DIR: tmpdir(),
      });
      const rows = outcome[`pg${scale}`].map((r) => [r.dataset, r.read, ms(r.p50), ms(r.p95)]);
      table(
        `PostgreSQL at ${scale}× (${runs} requests each)`,
        [
          ['dataset', -10],
          ['read', -52],
          ['p50 ms', 8],
          ['p95 ms', 8],
        ],
        rows,
      );
    }
    const base = outcome[`pg${scales[0]}`];
    const big = outcome[`pg${scales.at(-1)}`];
    if (base && big && base !== big) {
      const rows = base.map((r, i) => {
        const b = big[i];
        const grew = grewWithData(r, b);
        return [
          r.dataset,
          r.read,
          ms(r.p50),
          ms(b.p50),
          (b.p50 / r.p50).toFixed(2),
          ms(r.p95),
          ms(b.p95),
          (b.p95 / r.p95).toFixed(2),
          b.p95 <= 150 && !grew ? 'ok' : 'OVER',
        ];
      });
      table(
        `PostgreSQL at ${scales[0]}× and ${scales.at(-1)}× (${runs} requests each; target p95 ≤ 150 ms at 20×, ratio ≤ 2 — of the p95 once it is ${P95_NOISE_MS} ms apart)`,
        [
          ['dataset', -10],
          ['read', -52],
          [`${scales[0]}× p50`, 8],
          [`${scales.at(-1)}× p50`, 8],
          ['ratio', 6],
          [`${scales[0]}× p95`, 8],
          [`${scales.at(-1)}× p95`, 8],
          ['ratio', 6],
          ['', 5],
        ],
        rows,
      );
      failed ||= rows.some((r) => r.at(-1) !== 'ok');
    }
  }
}
// Issue 22 §2: CSV export streams ≥ 100,000 rows/s to a local client — on PostgreSQL, the server as a
// service. Embedded PGlite runs its queries on the server's own event loop (WebAssembly, one thread),
// so its figure is shown, not judged.
const EXPORT_TARGET = 100_000;
const exportsMeasured = Object.entries(outcome).filter(([, r]) => r?.exportRate);
const judged = (server) => /^pg\d/.test(server);
if (exportsMeasured.length) {
  table(
    `CSV export of focus (median of 3 after a warm-up; target on PostgreSQL ≥ ${EXPORT_TARGET.toLocaleString('en')} rows/s)`,
    [
      ['server', -10],
      ['rows/s', 10],
      ['', 5],
    ],
    exportsMeasured.map(([server, r]) => [
      server,
      Math.round(r.exportRate).toLocaleString('en'),
      !judged(server) ? '' : r.exportRate >= EXPORT_TARGET ? 'ok' : 'UNDER',
    ]),
  );
  failed ||= exportsMeasured.some(([server, r]) => judged(server) && r.exportRate < EXPORT_TARGET);
}
if (failed) {
  console.log('\nSome reads are over their target (marked OVER), or an export under its own (UNDER).');
  reportNotes.push('Some reads are over their target (marked OVER), or an export under its own (UNDER).');
  process.exitCode = 1;
}

const servers = Object.values(outcome);
if (servers.length) {
  writeBenchReport('data', {
    title: 'Feature-page data reads and CSV export',
    command: benchCommand('npm run bench:data', ['BENCH_RUNS', 'BENCH_ONLY', 'BENCH_SCALES'], ['BENCH_DATABASE_URL']),
    body: [
      `One request at a time, ${runs} requests per read after one warm-up, as Ada of Contoso. Targets (issue 22 §4): p95 ≤ 100 ms at 1× on PGlite, ≤ 150 ms at 20× on PostgreSQL, ratio 20× / 1× ≤ 2 (of the median, and of the p95 once the two are more than ${P95_NOISE_MS} ms apart: a few milliseconds of the machine's other work can double the p95 of a read of a few milliseconds); CSV export ≥ ${EXPORT_TARGET.toLocaleString('en')} rows/s on PostgreSQL.`,
      '',
      markdownTable(
        ['server', 'ready in s:', ...DATASETS.map((ds) => `${ds.id} rows:`)],
        servers.map((r) => [
          r.label,
          r.startSeconds.toFixed(1),
          ...DATASETS.map((ds) => r.totals[ds.id]?.toLocaleString('en') ?? '–'),
        ]),
      ),
      ...reportTables.flatMap(({ title, columns, rows }) => [
        '',
        `${title}:`,
        '',
        markdownTable(
          columns.map(([heading, width]) => (width < 0 ? heading : `${heading}:`)),
          rows,
        ),
      ]),
      ...reportNotes.flatMap((note) => ['', note]),
    ].join('\n'),
  });
}
