// `npm test`: every layer in order — typecheck, lint, the format check and the import-loop check (side by side), vitest (unit, component, stories, server),
// build, then the server suite on PostgreSQL beside publint, Storybook build, the pack test and Playwright e2e in Chromium — then the timing check (the 10 slowest
// tests and those past half their timeout, reported but never failing the run), one summary line "N passed, N failed"
// covering all of them, and the total time. Exits non-zero when anything failed.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './chromium.mjs';
import { ensurePostgres } from './postgres.mjs';
import { checkTimings, readPlaywrightTimings, readVitestTimings } from './timing.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'cloudportal-test-'));
const layers = [];
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

// vitest: one run over its four projects, counted per project from the JSON report.
banner('vitest: unit, component, stories, server');
const vitestJson = join(scratch, 'vitest.json');
const vitest = await run(...npx('vitest', 'run', '--config', 'tests/vitest.config.ts'), {
  CP_VITEST_JSON: vitestJson,
  CP_TIMING_JSON: join(scratch, 'timing.json'),
  ...(postgresUrl ? { CP_POSTGRES_PASS_FOLLOWS: '1' } : {}),
});
timings.push(...readVitestTimings(join(scratch, 'timing.json')));
const report = readJson(vitestJson);
if (report) {
  const byProject = new Map();
  for (const file of report.testResults ?? []) {
    const path = file.name.replace(root, '');
    // As tests/vitest.config.ts's projects include them: the rest (core, testing, tests/bench, tests/aliases) is unit.
    const project = path.startsWith('packages/server/')
      ? 'server'
      : path.startsWith('tests/stories/')
        ? 'stories'
        : path.startsWith('packages/react/') || path.startsWith('packages/elements/')
          ? 'component'
          : 'unit';
    const entry = byProject.get(project) ?? { passed: 0, failed: 0, skipped: 0 };
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'passed') entry.passed++;
      else if (t.status === 'failed') entry.failed++;
      else entry.skipped++;
    }
    // A file that failed to load has no assertions but must count as a failure.
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) entry.failed++;
    byProject.set(project, entry);
  }
  for (const name of ['unit', 'component', 'stories', 'server']) {
    const e = byProject.get(name) ?? { passed: 0, failed: 0, skipped: 0 };
    layers.push({ name: `vitest ${name}`, ...e, seconds: vitest.seconds });
  }
  if (!vitest.ok && ![...byProject.values()].some((e) => e.failed))
    layers.push({ name: 'vitest run', passed: 0, failed: 1, skipped: 0, seconds: vitest.seconds });
} else {
  layers.push({ name: 'vitest (no report)', passed: 0, failed: 1, skipped: 0, seconds: vitest.seconds });
}

const built = await check('build (rollup packages + vite host)', 'npm', ['run', '--silent', 'build']);

// The server suite again, on PostgreSQL, when one is available (installed and started when root): after
// the build, whose code and type declarations build in two processes with both cores to themselves;
// beside publint, Storybook's build, the pack test (about one core between them) and the e2e layer,
// whose one worker leaves about a fifth of the two cores idle (its browser and servers wait on each
// other and on animations). Its output is printed whole once it is done.
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
// Built here, swept by the e2e layer: every story through axe in Chromium, light and dark (tests/e2e/stories-axe.spec.ts).
const storybookStatic = join(scratch, 'storybook-static');
const chromium = built ? ensureChromium() : undefined;
if (built) {
  await check('publint', 'node', ['tests/tools/publint-all.mjs']);
  // The partner bundle's budget (bench:size): the initial load ≤ 100 KB gzip, React included.
  await check('bundle size budget', 'node', ['tests/bench/size.mjs', '--check']);
  await check('storybook build', ...npx('storybook', 'build', '-c', '.storybook', '-o', storybookStatic, '--quiet'));
  console.log(`Chromium: ${chromium}`);
  await check('pack: the packages outside the workspace', 'node', ['tests/pack/pack.mjs'], { CHROMIUM_PATH: chromium });
}

banner('e2e: Playwright in Chromium');
if (!built) {
  console.log('Skipped: the build failed, so there is no server to test.');
  layers.push({ name: 'e2e', passed: 0, failed: 1, skipped: 0, seconds: '0.0' });
} else {
  const e2eJson = join(scratch, 'playwright.json');
  const e2e = await run(...npx('playwright', 'test', '-c', 'tests/playwright.config.ts'), {
    CHROMIUM_PATH: chromium,
    CP_PLAYWRIGHT_JSON: e2eJson,
    E2E_DATA_DIR: join(scratch, 'e2e-data'),
    STORYBOOK_STATIC: storybookStatic,
  });
  timings.push(...readPlaywrightTimings(e2eJson));
  const stats = readJson(e2eJson)?.stats;
  if (stats) {
    const failed = stats.unexpected + (stats.flaky ?? 0) + (e2e.ok || stats.unexpected ? 0 : 1);
    layers.push({ name: 'e2e', passed: stats.expected, failed, skipped: stats.skipped ?? 0, seconds: e2e.seconds });
  } else {
    layers.push({ name: 'e2e (no report)', passed: 0, failed: 1, skipped: 0, seconds: e2e.seconds });
  }
}

banner('vitest: server on PostgreSQL');
if (pgPass) {
  const pg = await pgPass;
  process.stdout.write(readFileSync(pgLog));
  timings.push(
    ...readVitestTimings(join(scratch, 'timing-postgres.json')).map((t) => ({ ...t, layer: 'vitest server-pg' })),
  );
  const pgReport = readJson(pgJson);
  const count = (status) =>
    (pgReport?.testResults ?? []).flatMap((f) => f.assertionResults ?? []).filter((t) => t.status === status).length;
  const loadFailures = (pgReport?.testResults ?? []).filter(
    (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((t) => t.status === 'failed'),
  ).length;
  const failed = pgReport ? count('failed') + loadFailures + (pg.ok || count('failed') || loadFailures ? 0 : 1) : 1;
  layers.push({
    name: 'vitest server (PostgreSQL)',
    passed: count('passed'),
    failed,
    skipped: count('skipped') + count('pending') + count('todo'),
    seconds: pg.seconds,
  });
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
const minutes = (Date.now() - startedAt) / 60_000;
console.log(`npm test took ${Math.floor(minutes)} min ${Math.round((minutes % 1) * 60)} s in all.`);
process.exit(total.failed > 0 ? 1 : 0);
