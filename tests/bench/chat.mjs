// `npm run bench:chat`: what appending one question and its answer costs in a 1,000-message
// conversation against an empty one, in Chromium, in the same run (the assistant issue: aim ≤ 2, so
// rows must not all re-render). The page (tests/bench/chat) renders <AssistantChat mode="page"> over
// the chatbot at the network edge, built with React's profiling build. Printed per size: the median
// React render time of the append (the Profiler's actualDuration, summed over its commits) and the
// median wall time from send() to the answer's row laid out. Not a test: nothing here fails on a
// slow machine. BENCH_RUNS sets the measured appends per size (default 25).
import { median, openBenchPage } from './browserPage.mjs';
import { benchCommand, markdownTable, writeBenchReport } from './report.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 25);
const WARMUP = 3;
const SIZES = [0, 1000];

const { browser, newPage, close } = await openBenchPage('chat');

try {
  const page = await newPage({ warnings: false });
  await page.evaluate(() => window.chatBench.ready());
  const results = Object.fromEntries(SIZES.map((n) => [n, []]));
  // Interleaved, so a slow spell of the machine falls on both sizes alike; the first rounds warm up.
  for (let round = 0; round < WARMUP + runs; round++) {
    for (const size of SIZES) {
      await page.evaluate((n) => window.chatBench.open(n), size);
      const timing = await page.evaluate(() => window.chatBench.append());
      if (round >= WARMUP) results[size].push(timing);
    }
  }
  const rows = SIZES.map((size) => ({
    size,
    render: median(results[size].map((t) => t.renderMs)),
    wall: median(results[size].map((t) => t.wallMs)),
    layout: median(results[size].map((t) => t.layoutMs)),
    commits: median(results[size].map((t) => t.commits)),
  }));
  const [empty, full] = rows;
  const pad = (s, n) => String(s).padStart(n);
  console.log(`\nAppend one question and its answer (${runs} runs each, medians, Chromium ${browser.version()}):\n`);
  console.log(
    `${'conversation'.padEnd(24)}${pad('render ms', 11)}${pad('layout ms', 11)}${pad('wall ms', 10)}${pad('commits', 9)}`,
  );
  for (const r of rows)
    console.log(
      `${`${r.size} messages`.padEnd(24)}${pad(r.render.toFixed(2), 11)}${pad(r.layout.toFixed(2), 11)}${pad(r.wall.toFixed(2), 10)}${pad(r.commits, 9)}`,
    );
  const renderRatio = full.render / empty.render;
  const wallRatio = full.wall / empty.wall;
  console.log(`\nratio 1,000 / empty: render ${renderRatio.toFixed(2)}, wall ${wallRatio.toFixed(2)} (aim ≤ 2)`);
  writeBenchReport('chat', {
    title: 'Appending to a 1,000-message chat',
    command: benchCommand('npm run bench:chat', ['BENCH_RUNS']),
    body: [
      `${runs} runs each after ${WARMUP} warm-up rounds, medians, Chromium ${browser.version()}.`,
      '',
      markdownTable(
        ['conversation', 'render ms:', 'layout ms:', 'wall ms:', 'commits:'],
        [
          ...rows.map((r) => [
            r.size ? `${r.size.toLocaleString('en')} messages` : 'empty',
            r.render.toFixed(2),
            r.layout.toFixed(2),
            r.wall.toFixed(2),
            r.commits,
          ]),
          ['**ratio**', `**${renderRatio.toFixed(2)}**`, '', `**${wallRatio.toFixed(2)}** (aim ≤ 2)`, ''],
        ],
      ),
    ].join('\n'),
  });
} finally {
  await close();
}
