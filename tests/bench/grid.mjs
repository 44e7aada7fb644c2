// `npm run bench:grid`: the feature pages' <DataGrid> (issue 13) in Chromium over an in-memory source
// of 100 and of 100,000 rows (tests/bench/grid: pages answered in a microtask, sorted outside React
// with a precomputed index per sort, as the server would), built from source with React's profiling
// build. Interleaved per round, for each size: a fresh grid mounted → first data rows → next frame;
// a header press → re-sorted rows → next frame; 60 frames of scrolling 50 px each (ms per frame);
// a jump to the middle row → its data shown → next frame. Printed: medians, and the ratio of
// rendering 100,000 rows to 100 (aim ≤ 3: a virtual grid renders a window, whatever the total).
// Not a test: nothing here fails on a slow machine. BENCH_RUNS sets the measured rounds (default 10,
// after 3 warm-up rounds).
import { median, openBenchPage } from './browserPage.mjs';
import { benchCommand, markdownTable, writeBenchReport } from './report.mjs';

const started = performance.now();
const runs = Number(process.env.BENCH_RUNS ?? 10);
const WARMUP = 3;
const AIM_RATIO = 3;
const FRAMES = 60;
const PX = 50;

const { browser, newPage, close } = await openBenchPage('grid');
const pad = (s, n) => String(s).padStart(n);
const fmt = (n) => (n >= 100 ? n.toFixed(0) : n.toFixed(2));
const met = (ok) => (ok ? 'met' : 'not met');

try {
  const page = await newPage();
  const { sizes } = await page.evaluate(() => window.gridBench.ready());

  const results = Object.fromEntries(sizes.map((n) => [n, { mount: [], sort: [], scroll: [], jump: [] }]));
  for (let round = 0; round < WARMUP + runs; round++) {
    for (const n of sizes) {
      const mount = await page.evaluate((size) => window.gridBench.mount(size), n);
      const sort = await page.evaluate(() => window.gridBench.sort());
      const scroll = await page.evaluate(([f, px]) => window.gridBench.scroll(f, px), [FRAMES, PX]);
      const jump = await page.evaluate(() => window.gridBench.jump());
      if (round >= WARMUP) {
        results[n].mount.push(mount);
        results[n].sort.push(sort);
        results[n].scroll.push(scroll);
        results[n].jump.push(jump);
      }
    }
  }
  await page.evaluate(() => window.gridBench.clear());

  const m = (list, key) => median(list.map((t) => t[key]));
  const summary = Object.fromEntries(
    sizes.map((n) => {
      const r = results[n];
      return [
        n,
        {
          mount: { wall: m(r.mount, 'wallMs'), render: m(r.mount, 'renderMs'), rows: m(r.mount, 'rows') },
          sort: { wall: m(r.sort, 'wallMs'), render: m(r.sort, 'renderMs') },
          scroll: {
            perFrame: m(r.scroll, 'msPerFrame'),
            p95: m(r.scroll, 'p95'),
            long: m(r.scroll, 'longFrames'),
            skeleton: m(r.scroll, 'skeletonFrames'),
          },
          jump: { wall: m(r.jump, 'wallMs'), render: m(r.jump, 'renderMs') },
        },
      ];
    }),
  );

  console.log(
    `\nData grid (TanStack Table 9 + Virtual 3, fixed 40 px rows, 480 px high), ${runs} runs each after ${WARMUP} warm-up rounds, medians, Chromium ${browser.version()}:\n`,
  );
  console.log(
    `${'rows'.padEnd(10)}${pad('first rows ms', 15)}${pad('render ms', 11)}${pad('DOM rows', 10)}${pad('sort ms', 10)}${pad('render ms', 11)}${pad('scroll ms/frame', 17)}${pad('p95', 8)}${pad('>20ms', 7)}${pad('jump ms', 10)}`,
  );
  for (const n of sizes) {
    const s = summary[n];
    console.log(
      `${n.toLocaleString('en').padEnd(10)}${pad(fmt(s.mount.wall), 15)}${pad(fmt(s.mount.render), 11)}${pad(s.mount.rows, 10)}${pad(fmt(s.sort.wall), 10)}${pad(fmt(s.sort.render), 11)}${pad(fmt(s.scroll.perFrame), 17)}${pad(fmt(s.scroll.p95), 8)}${pad(s.scroll.long, 7)}${pad(fmt(s.jump.wall), 10)}`,
    );
  }
  console.log(
    '\n  first rows: mount → first data row in the document → end of the next frame; sort: header press → re-sorted first row → next frame;',
  );
  console.log(
    `  scroll: ${FRAMES} frames of ${PX} px (frames are ~16.7 ms apart at 60 Hz); jump: scrollTop to the middle row → its data shown → next frame.`,
  );

  const [small, big] = sizes.map((n) => summary[n]);
  const ratios = {
    mount: big.mount.wall / small.mount.wall,
    sort: big.sort.wall / small.sort.wall,
    scroll: big.scroll.perFrame / small.scroll.perFrame,
    render: big.mount.render / small.mount.render,
  };
  const worst = Math.max(ratios.mount, ratios.sort, ratios.scroll);
  console.log(
    `\nratio 100,000 rows / 100 rows: first rows ${ratios.mount.toFixed(2)} (React render ${ratios.render.toFixed(2)}), sort ${ratios.sort.toFixed(2)}, scroll per frame ${ratios.scroll.toFixed(2)}`,
  );
  console.log(
    `aim ≤ ${AIM_RATIO} (every ratio): ${met(worst <= AIM_RATIO)} (worst ${worst.toFixed(2)}); ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  writeBenchReport('grid', {
    title: 'Data grid over 100 and 100,000 rows',
    command: benchCommand('npm run bench:grid', ['BENCH_RUNS']),
    body: [
      `TanStack Table 9 + Virtual 3, fixed 40 px rows, 480 px high; ${runs} runs each after ${WARMUP} warm-up rounds, medians, Chromium ${browser.version()}; the run took ${((performance.now() - started) / 1000).toFixed(0)} s.`,
      '',
      markdownTable(
        [
          'rows',
          'first rows ms:',
          'render ms:',
          'rows in the DOM:',
          'sort ms:',
          'sort render ms:',
          'scroll ms/frame:',
          'scroll p95:',
          'frames > 20 ms:',
          'jump ms:',
        ],
        [
          ...sizes.map((n) => {
            const s = summary[n];
            return [
              n.toLocaleString('en'),
              fmt(s.mount.wall),
              fmt(s.mount.render),
              s.mount.rows,
              fmt(s.sort.wall),
              fmt(s.sort.render),
              fmt(s.scroll.perFrame),
              fmt(s.scroll.p95),
              s.scroll.long,
              fmt(s.jump.wall),
            ];
          }),
          [
            '**ratio 100,000 / 100**',
            `**${ratios.mount.toFixed(2)}**`,
            ratios.render.toFixed(2),
            '',
            `**${ratios.sort.toFixed(2)}**`,
            '',
            `**${ratios.scroll.toFixed(2)}**`,
            '',
            '',
            '',
          ],
        ],
      ),
      '',
      `Aim ≤ ${AIM_RATIO} for every ratio: ${met(worst <= AIM_RATIO)} (worst ${worst.toFixed(2)}). First rows: mount → first data row in the document → end of the next frame; sort: header press → re-sorted first row → next frame; scroll: ${FRAMES} frames of ${PX} px; jump: scrollTop to the middle row → its data shown → next frame.`,
    ].join('\n'),
  });
} finally {
  await close();
}
