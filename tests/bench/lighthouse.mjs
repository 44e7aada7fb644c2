// `npm run bench:lighthouse` (issue 42 §5): Lighthouse 12's mobile preset over the portal's own
// pages — the sign-in page, the landing page, a dataset page, a report page and the partner page —
// BENCH_RUNS times each (default 3), interleaved so a slow spell of the machine falls on every page
// alike, medians printed. Goal: performance ≥ 90, best practices 100, accessibility 100, CLS < 0.1.
// `--check` exits non-zero under a goal (and writes nothing); otherwise the figures go to
// docs/benchmarks.md. The server runs as a partner's portal does, on PostgreSQL when there is one
// (BENCH_DATABASE_URL or tests/tools/postgres.mjs), else — or with BENCH_PGLITE=1 — on the embedded
// PGlite of `npm start`. The e2e layer runs the same pages for accessibility, best practices and
// layout shift (tests/e2e/lighthouse.spec.ts); the score, which a busy machine lowers, is checked here.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from './browserPage.mjs';
import { benchCommand, markdownTable, writeBenchReport } from './report.mjs';
import { freePort, postgresEnv, startServer } from './serverProcess.mjs';
import { ensureChromium } from '../tools/chromium.mjs';
import {
  launchLighthouseChromium,
  LIGHTHOUSE_GOALS,
  LIGHTHOUSE_PAGES,
  LIGHTHOUSE_RUN_ORDER,
  lighthouseRun,
  signInBrowser,
} from '../tools/lighthouse.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 3);
const check = process.argv.includes('--check');

const dataDir = mkdtempSync(join(tmpdir(), 'cp-bench-lighthouse-'));
const database = process.env.BENCH_PGLITE === '1' ? undefined : await postgresEnv('cp_bench_lighthouse');
const databaseName = database ? 'PostgreSQL' : 'the embedded PGlite';
// The full browser a visitor runs (not the test layers' headless shell).
const executable = ensureChromium('browser');
const server = startServer(await freePort(), { DATA_DIR: dataDir, ...database }, 'bench:lighthouse server');
// The base as a visitor types it: localhost, as `npm start` prints it.
const base = server.base.replace('127.0.0.1', 'localhost');

/** One browser per pass: the signed-out pages first, then ada signs in for the portal's pages. */
async function pass() {
  const browser = await launchLighthouseChromium(executable);
  let disconnect;
  try {
    const found = {};
    for (const page of LIGHTHOUSE_RUN_ORDER) {
      if (page.signedIn && !disconnect) disconnect = await signInBrowser(browser.port, base, 'ada@contoso.example');
      const run = await lighthouseRun(browser.port, `${base}${page.path}`);
      if (new URL(run.finalUrl).pathname !== page.path)
        throw new Error(`${page.path} ended on ${run.finalUrl}: not the page asked for`);
      found[page.path] = run;
      console.log(
        `  ${page.path.padEnd(30)} performance ${String(run.performance).padStart(3)}  LCP ${Math.round(run.lcp)} ms  TBT ${Math.round(run.tbt)} ms  CLS ${run.cls.toFixed(3)}  (benchmark index ${Math.round(run.benchmarkIndex)})`,
      );
    }
    return found;
  } finally {
    await disconnect?.();
    await browser.close();
  }
}

const failures = [];
try {
  console.log(
    `bench:lighthouse: the server seeds its demo data on ${databaseName} (${(await server.ready).toFixed(0)} s) …`,
  );
  const passes = [];
  for (let i = 0; i < runs; i++) {
    console.log(`pass ${i + 1} of ${runs}:`);
    passes.push(await pass());
  }
  const rows = LIGHTHOUSE_PAGES.map((page) => {
    const of = (key) => median(passes.map((p) => p[page.path][key]));
    return {
      page,
      performance: of('performance'),
      fcp: of('fcp'),
      lcp: of('lcp'),
      tbt: of('tbt'),
      cls: of('cls'),
      si: of('si'),
      accessibility: Math.min(...passes.map((p) => p[page.path].accessibility)),
      bestPractices: Math.min(...passes.map((p) => p[page.path].bestPractices)),
    };
  });
  const goals = LIGHTHOUSE_GOALS;
  for (const r of rows) {
    if (r.performance < goals.performance)
      failures.push(`${r.page.path}: performance ${r.performance} < ${goals.performance}`);
    if (r.bestPractices < goals.bestPractices) failures.push(`${r.page.path}: best practices ${r.bestPractices}`);
    if (r.accessibility < goals.accessibility) failures.push(`${r.page.path}: accessibility ${r.accessibility}`);
    if (r.cls >= goals.cls) failures.push(`${r.page.path}: CLS ${r.cls.toFixed(3)} ≥ ${goals.cls}`);
  }
  const benchmarkIndex = median(passes.flatMap((p) => Object.values(p).map((run) => run.benchmarkIndex)));
  const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
  const table = markdownTable(
    ['page', 'performance:', 'FCP:', 'LCP:', 'TBT ms:', 'CLS:', 'Speed Index:', 'best practices:', 'accessibility:'],
    rows.map((r) => [
      `${r.page.name} (\`${r.page.path}\`)`,
      String(r.performance),
      s(r.fcp),
      s(r.lcp),
      r.tbt.toFixed(0),
      r.cls.toFixed(3),
      s(r.si),
      String(r.bestPractices),
      String(r.accessibility),
    ]),
  );
  console.log(`\n${runs} Lighthouse runs per page (mobile preset), medians:\n\n${table}\n`);
  console.log(failures.length ? `under the goal:\n  ${failures.join('\n  ')}` : 'every page meets the goal');
  if (!check)
    writeBenchReport('lighthouse', {
      title: "Lighthouse on the portal's pages",
      command: benchCommand('npm run bench:lighthouse', ['BENCH_RUNS', 'BENCH_PGLITE'], ['BENCH_DATABASE_URL']),
      body: [
        `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile preset (simulated slow 4G, 4× CPU), ${runs} runs per page, interleaved, medians (scores: the lowest of the runs for best practices and accessibility); the server on ${databaseName}, the signed-in pages as ada; host CPU benchmark index ${Math.round(benchmarkIndex)} (median). Goal (issue 42 §5): performance ≥ ${goals.performance}, best practices ${goals.bestPractices}, CLS < ${goals.cls}.`,
        '',
        table,
        '',
        failures.length ? `Under the goal: ${failures.join('; ')}.` : 'Every page meets the goal.',
      ].join('\n'),
    });
} finally {
  server.child.kill('SIGTERM');
  await server.exit;
  rmSync(dataDir, { recursive: true, force: true });
}
if (check && failures.length) process.exitCode = 1;
