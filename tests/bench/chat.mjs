// `npm run bench:chat`: what appending one question and its answer costs in a 1,000-message
// conversation against an empty one, in Chromium, in the same run (the assistant issue: aim ≤ 2, so
// rows must not all re-render). The page (tests/bench/chat) renders <AssistantChat mode="page"> over
// the chatbot at the network edge, built with React's profiling build. Printed per size: the median
// React render time of the append (the Profiler's actualDuration, summed over its commits) and the
// median wall time from send() to the answer's row laid out. Not a test: nothing here fails on a
// slow machine. BENCH_RUNS sets the measured appends per size (default 25).
// Then (issue 40 §3) a 20 KB answer received whole against the same answer in 1,000 server-sent
// events: the main thread's time for each (BENCH_STREAM_RUNS runs, default 5).
import { median, openBenchPage } from './browserPage.mjs';
import { benchCommand, markdownTable, writeBenchReport } from './report.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 25);
const WARMUP = 3;
const SIZES = [0, 1000];

const streamRuns = Number(process.env.BENCH_STREAM_RUNS ?? 5);
const STREAM_CASES = [
  { label: 'back to back: whole (one event, the last)', pieces: 1, paceMs: 0 },
  { label: 'back to back: 1,000 events', pieces: 1000, paceMs: 0 },
  { label: '4 ms apart (a fast model): whole, after 4 s', pieces: 1, paceMs: 4 },
  { label: '4 ms apart: 1,000 events', pieces: 1000, paceMs: 4 },
];

/**
 * Issue 40 §3: the main thread's time for an answer received whole and in 1,000 pieces (Chromium's
 * TaskDuration over the whole span), interleaved, each in a new chat after a warm-up round.
 */
async function streamCases(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const busy = async () =>
    (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration').value * 1000;
  const results = STREAM_CASES.map(() => []);
  let bytes = 0;
  for (let round = 0; round < 1 + streamRuns; round++) {
    for (const [i, c] of STREAM_CASES.entries()) {
      await page.evaluate(() => window.chatBench.open(0));
      const before = await busy();
      const timing = await page.evaluate(([n, pace]) => window.chatBench.stream(n, pace), [c.pieces, c.paceMs]);
      const spent = (await busy()) - before;
      bytes = timing.bytes;
      if (round > 0) results[i].push({ busy: spent, wall: timing.wallMs });
    }
  }
  return {
    bytes,
    cases: STREAM_CASES.map((c, i) => {
      const b = median(results[i].map((r) => r.busy));
      // Against the answer received whole over the same span (the case before, same pace).
      const whole = c.pieces === 1 ? b : median(results[i - 1].map((r) => r.busy));
      return { label: c.label, busy: b, wall: median(results[i].map((r) => r.wall)), ratio: b / whole };
    }),
  };
}

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

  const streamed = await streamCases(page);
  console.log(
    `\nA ${(streamed.bytes / 1024).toFixed(1)} KB answer, as it is written (${streamRuns} runs each, medians; main-thread time from Chromium's TaskDuration):\n`,
  );
  console.log(`${'answer arrives'.padEnd(46)}${pad('main thread ms', 16)}${pad('wall ms', 10)}${pad('/ whole', 9)}`);
  for (const c of streamed.cases)
    console.log(
      `${c.label.padEnd(46)}${pad(c.busy.toFixed(1), 16)}${pad(c.wall.toFixed(0), 10)}${pad(c.ratio.toFixed(2), 9)}`,
    );
  const [, backToBack, , paced] = streamed.cases;
  console.log(
    `\n1,000 events / whole: ${backToBack.ratio.toFixed(2)} (issue 40 §3's case, aim ≤ 2); spread over 4 s, ${paced.ratio.toFixed(2)} (each of its 40 visible updates costs a frame)`,
  );
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
      '',
      `### An answer as it is written (issue 40 §3)`,
      '',
      `A ${(streamed.bytes / 1024).toFixed(1)} KB Markdown answer (headings, paragraphs, lists, tables, code) in a new chat, over 1,000 tasks of the fake network — back to back, or 4 ms apart as a fast model writes — received whole on the last task or in 1,000 server-sent events; ${streamRuns} runs each, interleaved, medians. Main thread: Chromium's \`TaskDuration\` from the question to the complete answer laid out — parsing the events, the store, the blocks rendered as they finish, the text as it comes, style, layout and paint of each frame, and the final answer's render. Aim (issue 40 §3): 1,000 pieces cost at most 2× the answer received whole (back to back); spread over 4 s the page also paints each of its 40 visible updates, which the answer received whole does not.`,
      '',
      markdownTable(
        ['answer arrives', 'main thread ms:', 'wall ms:', '/ whole:'],
        streamed.cases.map((c) => [c.label, c.busy.toFixed(1), c.wall.toFixed(0), c.ratio.toFixed(2)]),
      ),
    ].join('\n'),
  });
} finally {
  await close();
}
