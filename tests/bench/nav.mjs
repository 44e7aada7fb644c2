// `npm run bench:nav`: the portal's side navigation with a 5,000-item menu in Chromium (the issue:
// render the menu with every parent expanded against the same items as a plain flat list, in the same
// run, aim ≤ 2; keyboard navigation under one frame, 16 ms, per key). The page (tests/bench/nav)
// renders <SideNav> pinned open in the shell's frame over the fake portal service of the component
// tests (`bigMenu(5000)`: 50 sections › 10 groups › 10 items, 5,550 rows), built from source with
// React's profiling build. Interleaved per round: the flat list mounted; the expanded menu mounted in
// one commit; a re-render of it on an unrelated layout change; SideNav mounted and every parent opened
// by its own toggle, click after click. Printed: medians of React's render time (Profiler
// actualDuration over the commits), the forced layout at the end, wall time to laid out and to the
// next frame; then ms per key in the expanded menu. Not a test: nothing here fails on a slow machine.
// BENCH_RUNS sets the measured rounds (default 15, after 3 warm-up rounds); the click-by-click step,
// 549 commits, runs only in the first BENCH_STEPWISE_RUNS of them (default 3).
import { median, openBenchPage, percentile } from './browserPage.mjs';
import { benchCommand, markdownTable, writeBenchReport } from './report.mjs';

const started = performance.now();
const runs = Number(process.env.BENCH_RUNS ?? 15);
const stepwiseRuns = Math.min(runs, Number(process.env.BENCH_STEPWISE_RUNS ?? 3));
const WARMUP = 3;
const FRAME_MS = 16;
const AIM_RATIO = 2;

const { browser, newPage, close } = await openBenchPage('nav');
const pad = (s, n) => String(s).padStart(n);
const fmt = (n) => (n >= 100 ? n.toFixed(0) : n.toFixed(2));
const met = (ok) => (ok ? 'met' : 'not met');

try {
  const page = await newPage();
  const { rows, parents } = await page.evaluate(() => window.navBench.ready());

  // Interleaved, so a slow spell of the machine falls on every step alike; the first rounds warm up.
  const STEPS = ['flat', 'oneCommit', 'rerender', 'stepwise'];
  const results = Object.fromEntries(STEPS.map((s) => [s, []]));
  for (let round = 0; round < WARMUP + runs; round++) {
    for (const step of STEPS) {
      // Clicking every parent open takes tens of seconds: measured rounds only, and only the first few.
      if (step === 'stepwise' && (round < WARMUP || round >= WARMUP + stepwiseRuns)) continue;
      const timing = await page.evaluate((s) => window.navBench[s](), step);
      const expected = step === 'flat' || step === 'stepwise' ? rows : rows + 1;
      if (timing.rows !== expected)
        throw new Error(`${step}: ${timing.rows} rows in the document, expected ${expected}`);
      if (round >= WARMUP) results[step].push(timing);
      if (step !== 'oneCommit') await page.evaluate(() => window.navBench.clear());
    }
  }
  const summary = (step) => {
    const r = results[step];
    if (r.length === 0) return null;
    const m = (k) => median(r.map((t) => t[k]));
    return {
      render: m('renderMs'),
      layout: m('layoutMs'),
      wall: m('wallMs'),
      frame: m('frameMs'),
      commits: m('commits'),
      clicks: m('clicks'),
      mountRender: m('mountRenderMs'),
      mountWall: m('mountWallMs'),
    };
  };
  const flat = summary('flat');
  const one = summary('oneCommit');
  const rerender = summary('rerender');
  const stepwise = summary('stepwise');

  console.log(
    `\nSide navigation, 5,000-item menu (${rows.toLocaleString('en')} rows: ${parents} parents, ${rows - parents} items), ${runs} runs each after ${WARMUP} warm-up rounds (click by click: ${stepwiseRuns} runs), medians, Chromium ${browser.version()}:\n`,
  );
  console.log(
    `${''.padEnd(52)}${pad('render ms', 11)}${pad('layout ms', 11)}${pad('wall ms', 10)}${pad('frame ms', 10)}${pad('commits', 9)}`,
  );
  const line = (label, r) =>
    console.log(
      `${label.padEnd(52)}${pad(fmt(r.render), 11)}${pad(fmt(r.layout), 11)}${pad(fmt(r.wall), 10)}${pad(fmt(r.frame), 10)}${pad(r.commits, 9)}`,
    );
  line('flat list (<ul><li><a href>), mounted', flat);
  line('SideNav, every parent expanded, one commit', one);
  if (stepwise) line(`SideNav mounted, then ${stepwise.clicks} parents clicked open`, stepwise);
  line('SideNav expanded, unrelated layout change', rerender);
  console.log(
    `\n  one commit: ${rows + 1} rows (the 50 sections under one root section, whose toggle is the click timed).`,
  );
  if (stepwise)
    console.log(
      `  click by click: SideNav's mount alone ${fmt(stepwise.mountRender)} ms render, ${fmt(stepwise.mountWall)} ms wall; each click one commit (rows are memoized: only the toggled rows render).`,
    );
  console.log('  frame: to the end of the next frame after it (rendering included; frames are ~16.7 ms apart).');

  const oneRatio = { render: one.render / flat.render, wall: one.wall / flat.wall };
  const stepRatio = stepwise ? { render: stepwise.render / flat.render, wall: stepwise.wall / flat.wall } : null;
  console.log(
    `\nratio SideNav / flat list, expanded menu rendered in one commit: render ${oneRatio.render.toFixed(2)}, wall ${oneRatio.wall.toFixed(2)}`,
  );
  const perClick = stepwise
    ? { render: stepwise.render / stepwise.clicks, wall: stepwise.wall / stepwise.clicks }
    : null;
  if (perClick)
    console.log(
      `click by click, per toggle in the 5,550-row menu: ${fmt(perClick.render)} ms render, ${fmt(perClick.wall)} ms wall (${stepRatio.wall.toFixed(1)}× the flat list's whole mount for ${stepwise.clicks} commits)`,
    );
  // The aim is judged on wall time, rendered and laid out — what a user waits for; React's render
  // alone is printed beside it (a row has more elements than a bare link: icon, label, toggle).
  const renderAim = oneRatio.wall <= AIM_RATIO;
  console.log(
    `aim ≤ ${AIM_RATIO} (expanded menu in one commit, wall to laid out): ${met(renderAim)} (React render alone ${oneRatio.render.toFixed(2)})`,
  );

  // Keyboard, in the expanded 5,550-row menu: each kind once in the page (keydown dispatched on the
  // focused item → focus moved → laid out) and once through Playwright (keyboard.press, wall time),
  // from the same item, a frame apart.
  await page.evaluate(() => window.navBench.keyboardSetup());
  const KINDS = [
    { name: 'ArrowDown', keys: ['ArrowDown'], count: 200, from: 'Item 1.1.1', gapMs: 0, moves: true },
    { name: 'ArrowUp', keys: ['ArrowUp'], count: 100, from: 'Item 3.1.1', gapMs: 0, moves: true },
    { name: 'End / Home', keys: ['End', 'Home'], count: 20, from: 'Item 1.1.1', gapMs: 0, moves: true },
    // A fresh letter (500 ms apart, so not joined): the next item starting with it, here the next section.
    { name: 'type-ahead "s" (next section)', keys: ['s'], count: 15, from: 'Item 1.1.1', gapMs: 550, moves: true },
    // Letters matching no label: every item's text is read, the worst case of type-ahead.
    { name: 'type-ahead miss "z"', keys: ['z'], count: 20, from: 'Item 25.5.5', gapMs: 0, moves: false },
  ];
  // Warm-up: the handler and focus paths compiled and the menu scrolled once.
  await page.evaluate(() => window.navBench.focus('Item 1.1.1'));
  await page.evaluate(() => window.navBench.keys('ArrowDown', 30, 0));
  for (let i = 0; i < 30; i++) await page.keyboard.press('ArrowDown');

  const keyRows = [];
  for (const kind of KINDS) {
    const inPage = [];
    const press = [];
    let unmoved = 0;
    await page.evaluate((l) => window.navBench.focus(l), kind.from);
    for (let i = 0; i < kind.count; i++) {
      const key = kind.keys[i % kind.keys.length];
      const [t] = await page.evaluate(([k, gap]) => window.navBench.keys(k, 1, gap), [key, kind.gapMs]);
      inPage.push(t.ms);
      if (t.moved !== kind.moves) unmoved += 1;
    }
    const afterInPage = await page.evaluate(() => window.navBench.position());
    await page.evaluate((l) => window.navBench.focus(l), kind.from);
    for (let i = 0; i < kind.count; i++) {
      const key = kind.keys[i % kind.keys.length];
      if (kind.gapMs) await new Promise((r) => setTimeout(r, kind.gapMs));
      // From a rendered frame: after an idle gap a press took ~30 ms more whatever the key, without one.
      await page.evaluate(() => window.navBench.nextFrame());
      const start = performance.now();
      await page.keyboard.press(key);
      press.push(performance.now() - start);
    }
    const afterPress = await page.evaluate(() => window.navBench.position());
    if (afterPress.index !== afterInPage.index)
      console.error(
        `${kind.name}: in the page focus ended on ${afterInPage.label}, through Playwright on ${afterPress.label}`,
      );
    if (unmoved)
      console.error(
        `${kind.name}: ${unmoved} of ${kind.count} presses did not do what was expected (focus ${kind.moves ? 'moved' : 'stayed'})`,
      );
    keyRows.push({
      name: kind.name,
      n: kind.count,
      end: afterInPage.label,
      page: { median: median(inPage), p95: percentile(inPage, 95) },
      press: { median: median(press), p95: percentile(press, 95) },
    });
  }
  console.log(
    `\nKeyboard in the expanded menu, ms per key (in page: keydown dispatched → focus moved → laid out; press: Playwright keyboard.press):\n`,
  );
  console.log(
    `${'keys'.padEnd(32)}${pad('n', 5)}${pad('in page median', 16)}${pad('p95', 8)}${pad('press median', 14)}${pad('p95', 8)}   focus ended on`,
  );
  for (const k of keyRows)
    console.log(
      `${k.name.padEnd(32)}${pad(k.n, 5)}${pad(fmt(k.page.median), 16)}${pad(fmt(k.page.p95), 8)}${pad(fmt(k.press.median), 14)}${pad(fmt(k.press.p95), 8)}   ${k.end}`,
    );
  const worstPage = Math.max(...keyRows.map((k) => k.page.p95));
  const worstPress = Math.max(...keyRows.map((k) => k.press.p95));
  const keysAim = worstPage < FRAME_MS;
  console.log(
    `< ${FRAME_MS} ms per key (p95 in page, every kind): ${met(keysAim)} (worst p95 ${fmt(worstPage)} ms in page, ${fmt(worstPress)} ms through Playwright)`,
  );

  const seconds = (performance.now() - started) / 1000;
  console.log(
    `\nsummary: expanded menu ${fmt(one.render)} ms render / ${fmt(one.wall)} ms wall vs flat list ${fmt(flat.render)} / ${fmt(flat.wall)} → ratio ${oneRatio.render.toFixed(2)} / ${oneRatio.wall.toFixed(2)} (aim ≤ ${AIM_RATIO} on wall: ${met(renderAim)}); ` +
      `${perClick ? `one toggle ${fmt(perClick.wall)} ms wall; ` : ''}keys worst p95 ${fmt(worstPage)} ms (< ${FRAME_MS} ms: ${met(keysAim)}); ${seconds.toFixed(0)} s`,
  );
  const figures = (label, r) => [label, fmt(r.render), fmt(r.layout), fmt(r.wall), fmt(r.frame), r.commits];
  writeBenchReport('nav', {
    title: 'Side navigation with a 5,000-item menu',
    command: benchCommand('npm run bench:nav', ['BENCH_RUNS', 'BENCH_STEPWISE_RUNS']),
    body: [
      `${rows.toLocaleString('en')} rows (${parents} parents, ${rows - parents} items); ${runs} runs after ${WARMUP} warm-up rounds (click by click: ${stepwiseRuns} runs), medians, Chromium ${browser.version()}; the run took ${seconds.toFixed(0)} s.`,
      '',
      markdownTable(
        [`${rows.toLocaleString('en')} rows`, 'render ms:', 'layout ms:', 'wall ms:', 'frame ms:', 'commits:'],
        [
          figures('flat list, mounted', flat),
          figures('SideNav, every parent expanded, one commit', one),
          [
            '**ratio**',
            oneRatio.render.toFixed(2),
            '',
            `**${oneRatio.wall.toFixed(2)}** (aim ≤ ${AIM_RATIO}: ${met(renderAim)})`,
            '',
            '',
          ],
          ...(stepwise
            ? [
                figures(
                  `SideNav mounted, then ${stepwise.clicks} parents clicked open (per toggle ${fmt(perClick.render)} ms render, ${fmt(perClick.wall)} ms wall)`,
                  stepwise,
                ),
              ]
            : []),
          figures('SideNav expanded, unrelated layout change', rerender),
        ],
      ),
      '',
      markdownTable(
        ['keys (expanded menu)', 'n:', 'in page median:', 'p95:', 'press median:', 'p95:'],
        keyRows.map((k) => [k.name, k.n, fmt(k.page.median), fmt(k.page.p95), fmt(k.press.median), fmt(k.press.p95)]),
      ),
      '',
      `Under ${FRAME_MS} ms per key (p95 in the page, every kind): ${met(keysAim)} (worst p95 ${fmt(worstPage)} ms in the page, ${fmt(worstPress)} ms through Playwright).`,
    ].join('\n'),
  });
} finally {
  await close();
}
