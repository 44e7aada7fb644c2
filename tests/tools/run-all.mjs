// `npm test`: every layer in order — typecheck, lint, the format check and the import-loop check (side by side),
// vitest (unit, component, server), build and the bundle size budget, then Playwright e2e in Chromium (the
// portal's tests) beside Storybook's build and the server suite on PostgreSQL, followed by the PgBouncer pass,
// the stories' sweep (a Playwright run of its own), vitest's stories, publint, the API reports and the pack test — then
// the timing check (the 10 slowest tests and those past half their timeout, reported but never failing the run),
// one summary line "N passed, N failed" covering all of them, and the total time. Exits non-zero when anything failed.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './chromium.mjs';
import { startPgbouncer } from './pgbouncer.mjs';
import { ensurePostgres } from './postgres.mjs';
import { checkTimings, readPlaywrightTimings, readVitestTimings } from './timing.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'cloudportal-test-'));
const layers = [];
/** Each failed test's name and its error's first line, printed after the summary (the end of a CI log is what is read). */
const failures = [];
const startedAt = Date.now();
const timings = [];

/**
 * Runs a command to its end: its output on this terminal, or (`log`) into that file, for a command
 * that runs beside others and is printed whole once it is done.
 */
function run(cmd, args, env = {}, log) {
  const started = Date.now();
  const out = log ? openSync(log, 'w') : 'inherit';
  return new Promise((done) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', out, out], env: { ...process.env, ...env } });
    child.on('close', (code) => {
      if (log) closeSync(out);
      done({ ok: code === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
    });
  });
}

function banner(name) {
  console.log(`\n━━ ${name} ${'━'.repeat(Math.max(0, 60 - name.length))}`);
}

/** A layer that is one check: it passes or fails as a whole. */
async function check(name, cmd, args, env) {
  banner(name);
  const { ok, seconds } = await run(cmd, args, env);
  layers.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0, seconds });
  return ok;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const npx = (...args) => ['npx', ['--no-install', ...args]];

/** The project of a vitest file, as tests/vitest.config.ts's projects include them: the rest (core, testing, tests/bench, tests/aliases) is unit. */
function vitestProject(path) {
  if (path.startsWith('packages/server/')) return 'server';
  if (path.startsWith('tests/stories/')) return 'stories';
  if (path.startsWith('packages/react/') || path.startsWith('packages/elements/')) return 'component';
  return 'unit';
}

/**
 * One vitest run's layers, a layer per project (`label project`) counted from its JSON report; its
 * tests' durations join the timing report. A file that failed to load, or a run that failed with no
 * failed test, counts as a failure.
 */
function countVitest(label, projects, result, jsonFile, timingFile, timingLayer) {
  timings.push(...readVitestTimings(timingFile).map((t) => (timingLayer ? { ...t, layer: timingLayer } : t)));
  const report = readJson(jsonFile);
  if (!report) {
    layers.push({ name: `${label} (no report)`, passed: 0, failed: 1, skipped: 0, seconds: result.seconds });
    return;
  }
  const byProject = new Map(projects.map((name) => [name, { passed: 0, failed: 0, skipped: 0 }]));
  for (const file of report.testResults ?? []) {
    const entry = byProject.get(vitestProject(file.name.replace(root, '')));
    if (!entry) continue;
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'passed') entry.passed++;
      else if (t.status === 'failed') {
        entry.failed++;
        failures.push({
          layer: label,
          name: `${file.name.replace(root, '')} › ${t.fullName}`,
          error: t.failureMessages?.[0],
        });
      } else entry.skipped++;
    }
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
      entry.failed++;
      failures.push({ layer: label, name: file.name.replace(root, ''), error: file.message });
    }
  }
  for (const [name, e] of byProject)
    layers.push({ name: projects.length > 1 ? `${label} ${name}` : label, ...e, seconds: result.seconds });
  if (!result.ok && ![...byProject.values()].some((e) => e.failed))
    layers.push({ name: `${label} run`, passed: 0, failed: 1, skipped: 0, seconds: result.seconds });
}

/** The tests of a Playwright JSON report that did not pass as expected (failed, timed out, or passed only on a retry). */
function playwrightFailures(report, layer) {
  const found = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected' && t.status !== 'flaky') continue;
        const error = t.results?.find((r) => r.error)?.error;
        found.push({ layer, name: [...path, spec.title].join(' › '), error: error?.message ?? t.status });
      }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of report?.suites ?? []) walk(suite, [suite.title]);
  return found;
}

/**
 * One Playwright run's layer, counted from its JSON report (a test that passed only on a retry counts
 * as failed); its tests' durations join the timing report and its failures the list at the end.
 */
function countPlaywright(name, result, jsonFile) {
  timings.push(...readPlaywrightTimings(jsonFile));
  const report = readJson(jsonFile);
  failures.push(...playwrightFailures(report, name));
  const stats = report?.stats;
  if (stats) {
    const failed = stats.unexpected + (stats.flaky ?? 0) + (result.ok || stats.unexpected ? 0 : 1);
    layers.push({ name, passed: stats.expected, failed, skipped: stats.skipped ?? 0, seconds: result.seconds });
  } else {
    layers.push({ name: `${name} (no report)`, passed: 0, failed: 1, skipped: 0, seconds: result.seconds });
  }
}

/** An error's first line without colour codes, short enough for one line of the log. */
function firstLine(text) {
  const line = stripVTControlCharacters(String(text ?? ''))
    .split('\n')
    .find((l) => l.trim());
  return (line ?? '').trim().slice(0, 300);
}

/** Colours in a command's output kept in a file, when this terminal shows them. */
const colour = { FORCE_COLOR: process.stdout.isTTY ? '1' : '0' };

/**
 * Checks that each keep one core busy, run side by side on the machine's cores; each one's output is
 * printed whole, in order, once all have finished.
 */
async function checkSideBySide(checks) {
  const results = await Promise.all(
    checks.map(([name, cmd, args], i) =>
      run(cmd, args, colour, join(scratch, `side-${i}.log`)).then((r) => ({ name, ...r })),
    ),
  );
  results.forEach((r, i) => {
    banner(r.name);
    process.stdout.write(readFileSync(join(scratch, `side-${i}.log`)));
    layers.push({ name: r.name, passed: r.ok ? 1 : 0, failed: r.ok ? 0 : 1, skipped: 0, seconds: r.seconds });
  });
}

await checkSideBySide([
  ['typecheck', ...npx('tsc', '-p', 'tsconfig.json')],
  ['lint', ...npx('eslint', '-c', 'tests/eslint.config.mjs', '--max-warnings', '0', '.')],
  // Prettier's style (.prettierrc.json, width 120); `npm run format` writes it.
  ['format', ...npx('prettier', '--check', '.')],
  // No two modules of the packages import each other, type imports included (.dependency-cruiser.mjs).
  ['import loops', ...npx('depcruise', 'packages', '--config', '.dependency-cruiser.mjs', '--output-type', 'err')],
]);

// Found first: when the server suite runs again on PostgreSQL, the files that need run only once
// (SERVER_TESTS_ONCE_ON_POSTGRES in tests/vitest.config.ts) run in that pass alone.
banner('PostgreSQL for the server suite');
const postgresUrl = ensurePostgres();

// vitest: one run over the unit, component (with component-mocking, the component files that mock a
// module, run isolated) and server projects, counted per layer from the JSON report; the stories
// project runs beside the e2e layer (below).
const vitestProjects = (names) => names.flatMap((n) => ['--project', n]);
const vitest = await run(
  ...npx(
    'vitest',
    'run',
    '--config',
    'tests/vitest.config.ts',
    ...vitestProjects(['unit', 'component', 'component-mocking', 'server']),
  ),
  {
    CP_VITEST_JSON: join(scratch, 'vitest.json'),
    CP_TIMING_JSON: join(scratch, 'timing.json'),
    ...(postgresUrl ? { CP_POSTGRES_PASS_FOLLOWS: '1' } : {}),
  },
);
countVitest(
  'vitest',
  ['unit', 'component', 'server'],
  vitest,
  join(scratch, 'vitest.json'),
  join(scratch, 'timing.json'),
);

const built = await check('build (rollup packages + vite host)', 'npm', ['run', '--silent', 'build']);

// The server suite again, on PostgreSQL, when one is available (installed and started when root): after
// the build, whose code and type declarations build in two processes with both cores to themselves;
// beside Storybook's build and the e2e layer, whose one worker leaves about a third of the two cores
// idle (its browser and servers wait on each other and on animations). Its output is printed whole
// once it is done.
const pgJson = join(scratch, 'vitest-postgres.json');
const pgLog = join(scratch, 'vitest-postgres.log');
const pgPass = postgresUrl
  ? run(
      ...npx('vitest', 'run', '--config', 'tests/vitest.config.ts', '--project', 'server'),
      {
        CP_VITEST_JSON: pgJson,
        CP_TIMING_JSON: join(scratch, 'timing-postgres.json'),
        CP_SERVER_DB: 'postgres',
        TEST_DATABASE_URL: postgresUrl,
        ...colour,
      },
      pgLog,
    )
  : undefined;
const chromium = built ? ensureChromium() : undefined;
if (built) {
  // The partner bundle's budget (bench:size): the initial load ≤ 100 KB gzip, React included.
  await check('bundle size budget', 'node', ['tests/bench/size.mjs', '--check']);
  console.log(`Chromium: ${chromium}`);
}
// Storybook's build, then the stories' sweep — every story through axe in Chromium, light and dark, and
// compared with its screenshots (tests/e2e/stories-axe.spec.ts, `npm run test:visual`) — in a Playwright
// run of its own, vitest's stories project, publint and the pack test: beside the portal's e2e tests, one
// after another once the PostgreSQL pass is done (at once without it), Storybook's build beside that
// pass. The portal's tests on their one worker leave about a third of the two cores idle (measured with
// vmstat: 30–50 % idle), which these fill instead of adding minutes in front of or after them (the
// sweep in the portal's run, first or last, kept the last minutes idle); the sweep and the stories on
// one worker, so the portal's tests keep their core. Each one's output is printed whole once the
// portal's tests are done.
const storybookStatic = join(scratch, 'storybook-static');
const sweepReport = { playwright: join(scratch, 'playwright-stories.json') };
const storiesReport = {
  json: join(scratch, 'vitest-stories.json'),
  timing: join(scratch, 'timing-stories.json'),
  projects: ['stories'],
};
// The PgBouncer pass (issue 39 §3): one file of the server suite on PostgreSQL through Debian's
// PgBouncer in transaction pooling (tests/tools/pgbouncer.mjs), the server's connections with no named
// statements (DATABASE_PREPARED_STATEMENTS=off); with them, this file fails there (42P05, 26000).
const PGBOUNCER_FILE = 'packages/server/src/bookmarks/bookmarks.test.ts';
const pgbouncerReport = {
  json: join(scratch, 'vitest-pgbouncer.json'),
  timing: join(scratch, 'timing-pgbouncer.json'),
  projects: ['server'],
};
const storybookBuild = built
  ? run(
      ...npx('storybook', 'build', '-c', '.storybook', '-o', storybookStatic, '--quiet'),
      colour,
      join(scratch, 'storybook-build.log'),
    ).then((r) => ({ name: 'storybook build', log: join(scratch, 'storybook-build.log'), ...r }))
  : undefined;
const besideE2e = Promise.all([storybookBuild, pgPass]).then(async ([storybook]) => {
  const results = storybook ? [storybook] : [];
  const bouncer = postgresUrl ? await startPgbouncer(postgresUrl) : undefined;
  for (const [name, cmd, args, env, report] of [
    ...(bouncer
      ? [
          [
            'vitest server through PgBouncer (transaction pooling)',
            ...npx('vitest', 'run', '--config', 'tests/vitest.config.ts', '--project', 'server', PGBOUNCER_FILE),
            {
              CP_SERVER_DB: 'postgres',
              TEST_DATABASE_URL: postgresUrl,
              TEST_DATABASE_POOLER_URL: bouncer.url,
              DATABASE_PREPARED_STATEMENTS: 'off',
              CP_VITEST_JSON: pgbouncerReport.json,
              CP_TIMING_JSON: pgbouncerReport.timing,
            },
            pgbouncerReport,
          ],
        ]
      : []),
    ...(storybook?.ok
      ? [
          [
            "e2e: the stories' sweep (visual)",
            ...npx('playwright', 'test', '-c', 'tests/playwright.config.ts', '--project', 'stories'),
            {
              CP_STORIES_ONLY: '1',
              CHROMIUM_PATH: chromium,
              STORYBOOK_STATIC: storybookStatic,
              CP_PLAYWRIGHT_JSON: sweepReport.playwright,
              CP_PLAYWRIGHT_HTML: join(root, 'playwright-report-stories'),
            },
            sweepReport,
          ],
        ]
      : []),
    [
      'vitest stories',
      ...npx(
        'vitest',
        'run',
        '--config',
        'tests/vitest.config.ts',
        '--maxWorkers',
        '1',
        ...vitestProjects(['stories']),
      ),
      { CP_VITEST_JSON: storiesReport.json, CP_TIMING_JSON: storiesReport.timing },
      storiesReport,
    ],
    ...(built
      ? [
          ['publint', 'node', ['tests/tools/publint-all.mjs']],
          // The public API against its checked-in reports (api/): `npm run api:update` writes them.
          ['API reports', 'node', ['tests/tools/api-report.mjs']],
          ['pack: the packages outside the workspace', 'node', ['tests/pack/pack.mjs'], { CHROMIUM_PATH: chromium }],
        ]
      : []),
  ]) {
    const log = join(scratch, `beside-e2e-${results.length}.log`);
    results.push({ name, log, report, ...(await run(cmd, args, { ...colour, ...env }, log)) });
    if (report === pgbouncerReport) await bouncer?.stop();
  }
  return results;
});

banner('e2e: Playwright in Chromium');
if (!built) {
  console.log('Skipped: the build failed, so there is no server to test.');
  layers.push({ name: 'e2e', passed: 0, failed: 1, skipped: 0, seconds: '0.0' });
} else {
  const e2eJson = join(scratch, 'playwright.json');
  const e2e = await run(...npx('playwright', 'test', '-c', 'tests/playwright.config.ts', '--project', 'chromium'), {
    CHROMIUM_PATH: chromium,
    CP_PLAYWRIGHT_JSON: e2eJson,
    E2E_DATA_DIR: join(scratch, 'e2e-data'),
  });
  countPlaywright('e2e', e2e, e2eJson);
}

for (const r of await besideE2e) {
  banner(r.name);
  process.stdout.write(readFileSync(r.log));
  if (r.report?.playwright) countPlaywright(r.name, r, r.report.playwright);
  else if (r.report) countVitest(r.name, r.report.projects, r, r.report.json, r.report.timing);
  else layers.push({ name: r.name, passed: r.ok ? 1 : 0, failed: r.ok ? 0 : 1, skipped: 0, seconds: r.seconds });
}
if (built && storybookBuild && !(await storybookBuild).ok)
  console.log("The stories' sweep did not run: Storybook's build failed.");

banner('vitest: server on PostgreSQL');
if (pgPass) {
  const pg = await pgPass;
  process.stdout.write(readFileSync(pgLog));
  countVitest(
    'vitest server (PostgreSQL)',
    ['server'],
    pg,
    pgJson,
    join(scratch, 'timing-postgres.json'),
    'vitest server-pg',
  );
} else {
  layers.push({ name: 'vitest server (PostgreSQL): not available', passed: 0, failed: 0, skipped: 0, seconds: '0.0' });
}

// A report, not a check: a test's duration follows the machine's load; a test that ran out of its
// timeout has failed in its layer already (tests/tools/timing.mjs).
banner('timing: the slowest tests, and any past half its timeout (a report)');
const late = checkTimings(timings);
console.log(
  `Load average at the end of the run: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')} (${cpus().length} cores).`,
);
if (late) console.log(`${late} test(s) past half their timeout: reported above, not counted as failures.`);

rmSync(scratch, { recursive: true, force: true });

const total = layers.reduce(
  (a, l) => ({ passed: a.passed + l.passed, failed: a.failed + l.failed, skipped: a.skipped + l.skipped }),
  { passed: 0, failed: 0, skipped: 0 },
);
console.log('\n━━ summary ' + '━'.repeat(51));
for (const l of layers) {
  const skipped = l.skipped ? `, ${l.skipped} skipped` : '';
  console.log(
    `${l.failed ? '✗' : '✓'} ${l.name.padEnd(38)} ${String(l.passed).padStart(4)} passed, ${l.failed} failed${skipped}  (${l.seconds}s)`,
  );
}
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
if (failures.length) {
  console.log('\nFailed:');
  for (const f of failures.slice(0, 20)) console.log(`✗ ${f.layer}: ${f.name}\n    ${firstLine(f.error)}`);
  if (failures.length > 20) console.log(`… and ${failures.length - 20} more, in the layers' output above.`);
}
const minutes = (Date.now() - startedAt) / 60_000;
console.log(`npm test took ${Math.floor(minutes)} min ${Math.round((minutes % 1) * 60)} s in all.`);
process.exit(total.failed > 0 ? 1 : 0);
