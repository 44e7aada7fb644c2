// The test suite's timing report: the 10 slowest tests of all layers, and every test that took more
// than half its own timeout. It informs and never fails the run: how long a test takes depends on what
// else the machine is doing (a fresh run on a 2-core machine at load 10 takes 2.5× as long as on a
// quiet one), and a check that fails on load is a timed test. A test that ran out of its timeout has
// already failed in its own layer; performance is measured by the benches (`npm run bench:*`).
import { readFileSync } from 'node:fs';

/** A finished test's timing: `{ layer, file, name, duration, timeout }`, durations in ms. */
export function readVitestTimings(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return [];
  }
}

/** The timings of a Playwright JSON report (each test carries its own timeout). */
export function readPlaywrightTimings(file) {
  let report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return [];
  }
  const timings = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const runs = (test.results ?? []).filter((r) => r.status === 'passed' || r.status === 'failed');
        if (!runs.length) continue;
        const timeout =
          test.timeout || report.config?.projects?.find((p) => p.id === test.projectId)?.timeout || 30_000;
        const duration = Math.max(...runs.map((r) => r.duration));
        timings.push({
          layer: 'e2e',
          file: spec.file,
          name: [...titles, spec.title].filter(Boolean).join(' › '),
          duration,
          timeout,
        });
      }
    }
    for (const child of suite.suites ?? [])
      walk(child, suite.title && !suite.file?.endsWith(suite.title) ? [...titles, suite.title] : titles);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return timings;
}

/** Prints the slowest tests and those past half their timeout (worth a look); answers how many are past it. */
export function checkTimings(timings, { show = 10 } = {}) {
  const seconds = (ms) => `${(ms / 1000).toFixed(1)}s`;
  const line = (t) =>
    `  ${seconds(t.duration).padStart(7)} of ${seconds(t.timeout).padStart(6)}  ${t.layer.padEnd(16)} ${t.file} › ${t.name}`;
  const slowest = [...timings].sort((a, b) => b.duration - a.duration).slice(0, show);
  console.log(`The ${slowest.length} slowest of ${timings.length} tests (duration of timeout):`);
  for (const t of slowest) console.log(line(t));
  const late = timings.filter((t) => t.duration > t.timeout / 2);
  if (late.length) {
    console.log(
      `\n${late.length} test(s) took more than half their timeout (not a failure: on a busy machine this is expected; on a quiet one, make them cheaper):`,
    );
    for (const t of late) console.log(line(t));
  }
  return late.length;
}
