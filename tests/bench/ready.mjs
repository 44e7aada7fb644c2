// `npm run bench:ready` (issue 42 §6): each cp-* element alone on a partner's page, cold, beside
// deep-chat (its demo mode) in the same run, interleaved: bytes on the wire, API round trips in
// sequence, the time from navigation to ready at 1× and 4× CPU (CDP throttling), and the JS heap
// after ready (after a garbage collection). Our pages are on the reference server's origin (as the
// issue measured), signed in by the refresh cookie, served with its compression; deep-chat's page and
// bundle come from a small static server of the bench with brotli, as a CDN would send them. Every
// sample is a new browser context (nothing cached). Not a test: nothing fails on a slow machine.
// BENCH_RUNS sets the samples per element and CPU rate (default 5; medians are printed). The server
// runs on PostgreSQL as a partner's portal does (BENCH_DATABASE_URL, or the one tests/tools/postgres.mjs
// finds or installs), else — or with BENCH_PGLITE=1 — on the embedded PGlite of `npm start`, whose
// queries share the server's one thread with the files it sends.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync } from 'node:zlib';
import { buildSync } from 'esbuild';
import { launchBenchChromium, median } from './browserPage.mjs';
import { benchCommand, markdownTable, writeBenchReport } from './report.mjs';
import { isAwaitedApiPath, longestChain } from './roundTrips.mjs';
import { contextPost, freePort, postgresEnv, signIn, startServer } from './serverProcess.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const RATES = [1, 4];

/** When a piece is ready, checked in the page at every frame (open shadow roots searched too). */
const READY = {
  assistant: `!!find('textarea:not([disabled])') && find('[aria-busy]')?.getAttribute('aria-busy') === 'false'`,
  search: `!!findByText('button:not([disabled])', 'Search')`,
  feedback: `!!findByText('button:not([disabled])', 'Feedback')`,
  // Its first rows, not the loading rows the grid draws while they come (data-loading).
  page: `findAll('[role="row"]:not([data-loading])').length > 1 && !find('[role="grid"][aria-busy]')`,
  report: `window.__reportLoaded === true`,
  'deep-chat': `find('#text-input')?.getAttribute('contenteditable') === 'true'`,
  react: `!!find('textarea:not([disabled])')`,
};

const ELEMENTS = {
  assistant: '<cp-assistant mode="page"></cp-assistant>',
  search: '<cp-search></cp-search>',
  feedback: '<cp-feedback page="azure-budgets"></cp-feedback>',
  page: '<cp-page name="azure-budgets"></cp-page>',
  report:
    '<cp-report report-id="billing-overview"></cp-report><script>document.querySelector("cp-report").addEventListener("cp-report-loaded", () => (window.__reportLoaded = true));</script>',
};

/** The in-page helpers READY uses, and the recorder of when the condition first held. */
const PROBE = `
  const roots = () => { const all = [document]; for (let i = 0; i < all.length; i++) for (const el of all[i].querySelectorAll('*')) if (el.shadowRoot) all.push(el.shadowRoot); return all; };
  const findAll = (sel) => roots().flatMap((r) => [...r.querySelectorAll(sel)]);
  const find = (sel) => findAll(sel)[0] ?? null;
  const findByText = (sel, text) => findAll(sel).find((el) => el.textContent.includes(text) || (el.getAttribute('aria-label') ?? '').includes(text)) ?? null;
  const tick = () => (CONDITION ? (window.__readyAt = performance.now()) : requestAnimationFrame(tick));
  requestAnimationFrame(tick);`;

const page = (title, body) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main>${body}</main></body></html>`;

const root = new URL('../..', import.meta.url);
const deepChatBundle = readFileSync(createRequire(root).resolve('deep-chat/dist/deepChat.bundle.js'));

/**
 * The floor of any element made with React 19, the SDK's required view library: React DOM's
 * production build alone, rendering one enabled text area into a shadow root — no client, no API
 * call, no style. Bundled here with esbuild (minified, production), served like deep-chat.
 */
function reactFloorBundle() {
  const { outputFiles } = buildSync({
    stdin: {
      contents: `import { createElement } from 'react';
        import { createRoot } from 'react-dom/client';
        const host = document.querySelector('#floor');
        createRoot(host.attachShadow({ mode: 'open' })).render(createElement('textarea', { 'aria-label': 'Question' }));`,
      resolveDir: fileURLToPath(root),
    },
    bundle: true,
    minify: true,
    format: 'esm',
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
  });
  return Buffer.from(outputFiles[0].contents);
}

/**
 * The pages measured beside ours, by name: their path on the peers' static server and their row's
 * label.
 */
const PEERS = {
  'deep-chat': { path: '', label: 'deep-chat 2.4.2 (demo)' },
  react: { path: 'react', label: 'React 19 alone: one text area (the floor of a React element)' },
};

/** The peers' pages and bundles (deep-chat's, React's floor), served with brotli like a CDN. */
async function startPeersServer() {
  const files = {
    '/react': {
      type: 'text/html',
      body: Buffer.from(
        page('React 19 alone', '<div id="floor"></div><script type="module" src="/react.js"></script>'),
      ),
    },
    '/react.js': { type: 'text/javascript', body: reactFloorBundle() },
    '/': {
      type: 'text/html',
      body: Buffer.from(
        page(
          'deep-chat',
          '<deep-chat demo="true" style="width:100%;height:600px"></deep-chat><script type="module" src="/deepChat.bundle.js"></script>',
        ),
      ),
    },
    '/deepChat.bundle.js': { type: 'text/javascript', body: deepChatBundle },
  };
  const compressed = Object.fromEntries(Object.entries(files).map(([p, f]) => [p, brotliCompressSync(f.body)]));
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const file = files[path];
    if (!file) return void res.writeHead(404).end();
    const br = /\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''));
    res.writeHead(200, { 'content-type': file.type, ...(br ? { 'content-encoding': 'br' } : {}) });
    res.end(br ? compressed[path] : file.body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() };
}

/** One cold load of `name` at CPU `rate`: bytes, round trips, ms to ready, heap after. */
async function sample(browser, name, rate, base, peersUrl) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const ours = name in ELEMENTS;
    const url = ours ? `${base}/bench-ready/${name}.html` : `${peersUrl}${PEERS[name].path}`;
    if (ours) {
      // ada with a portal session: her refresh cookie in this context.
      await signIn(base, 'ada@contoso.example', contextPost(context));
      await context.route(url, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: page(name, `${ELEMENTS[name]}<script type="module" src="/sdk/cloudportal-elements.js"></script>`),
        }),
      );
    }
    const tab = await context.newPage();
    await tab.addInitScript(PROBE.replace('CONDITION', READY[name]));
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    let bytes = 0;
    const calls = [];
    const started = new Map();
    cdp.on('Network.requestWillBeSent', (e) =>
      started.set(e.requestId, { url: e.request.url, method: e.request.method, at: e.timestamp }),
    );
    cdp.on('Network.loadingFinished', (e) => {
      bytes += e.encodedDataLength;
      const request = started.get(e.requestId);
      const path = request ? new URL(request.url).pathname : '';
      if (request && isAwaitedApiPath(path))
        calls.push({ call: `${request.method} ${path}`, start: request.at, end: e.timestamp });
    });
    await tab.goto(url);
    await tab
      .waitForFunction(() => window.__readyAt !== undefined, undefined, { timeout: 90_000 })
      .catch(async (error) => {
        await tab.screenshot({ path: join(tmpdir(), `bench-ready-${name}.png`) });
        throw new Error(`${name} was not ready in 90 s (screenshot: ${join(tmpdir(), `bench-ready-${name}.png`)})`, {
          cause: error,
        });
      });
    const readyMs = await tab.evaluate(() => window.__readyAt);
    const trips = longestChain(calls).length;
    const bytesAtReady = bytes;
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    return { readyMs, bytes: bytesAtReady, trips, heap: usedSize };
  } finally {
    await context.close();
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'cp-bench-ready-'));
const database = process.env.BENCH_PGLITE === '1' ? undefined : await postgresEnv('cp_bench_ready');
const databaseName = database ? 'PostgreSQL' : 'the embedded PGlite';
const server = startServer(await freePort(), { DATA_DIR: dataDir, ...database }, 'bench:ready server');
const peers = await startPeersServer();
// The bench's pages are fulfilled by Playwright, which gives them no address: Chromium counts them as
// public pages and, since its Local Network Access checks, blocks their report's frame on the
// server's loopback twin (net::ERR_BLOCKED_BY_LOCAL_NETWORK_ACCESS_CHECKS). Served by the reference
// server, as the partner pages are, the page is loopback like the frame; the checks are off here.
const browser = await launchBenchChromium(['--disable-features=LocalNetworkAccessChecks']);
try {
  console.log(
    `bench:ready: the server seeds its demo data on ${databaseName} (${(await server.ready).toFixed(0)} s) …`,
  );
  const names = [...Object.keys(ELEMENTS), ...Object.keys(PEERS)];
  const results = Object.fromEntries(names.flatMap((n) => RATES.map((r) => [`${n}@${r}`, []])));
  // Interleaved: a slow spell of the machine falls on every element alike.
  for (let i = 0; i < runs; i++)
    for (const rate of RATES)
      for (const name of names)
        results[`${name}@${rate}`].push(await sample(browser, name, rate, server.base, peers.url));
  const at = (name, rate, key) => median(results[`${name}@${rate}`].map((s) => s[key]));
  const rows = names.map((name) => ({
    name,
    kb: at(name, 1, 'bytes') / 1024,
    trips: at(name, 1, 'trips'),
    ready1: at(name, 1, 'readyMs'),
    ready4: at(name, 4, 'readyMs'),
    heap: at(name, 1, 'heap') / 1024 / 1024,
  }));
  const dc = rows.find((r) => r.name === 'deep-chat');
  const vs = (a, b) => `${(a / b).toFixed(2)}×`;
  const table = markdownTable(
    [
      'element',
      'KB on the wire:',
      'round trips:',
      'ready ms, 1× CPU:',
      'ready ms, 4× CPU:',
      'heap MB:',
      'ready / deep-chat, 1×:',
      '4×:',
      'heap / deep-chat:',
    ],
    rows.map((r) => [
      PEERS[r.name]?.label ?? `\`<cp-${r.name}>\``,
      r.kb.toFixed(1),
      String(r.trips),
      r.ready1.toFixed(0),
      r.ready4.toFixed(0),
      r.heap.toFixed(2),
      vs(r.ready1, dc.ready1),
      vs(r.ready4, dc.ready4),
      vs(r.heap, dc.heap),
    ]),
  );
  console.log(`\n${runs} cold loads per element and CPU rate, medians, Chromium ${browser.version()}:\n\n${table}\n`);
  writeBenchReport('ready', {
    title: 'Ready against deep-chat',
    command: benchCommand('npm run bench:ready', ['BENCH_RUNS', 'BENCH_PGLITE'], ['BENCH_DATABASE_URL']),
    body: [
      `${runs} cold loads per element and CPU rate (a new browser context each), interleaved, medians, Chromium ${browser.version()}. Our elements alone on a page of the reference server's origin (on ${databaseName}), the visitor signed in by the refresh cookie; deep-chat in its demo mode from a static server with brotli, and from the same server the floor of any element made with React 19: React DOM's production build alone (esbuild, minified) rendering one text area into a shadow root. Round trips: API requests in sequence until ready (the audit service's events left out). Heap: used JS heap after a garbage collection, once ready.`,
      '',
      table,
    ].join('\n'),
  });
} finally {
  await browser.close();
  peers.close();
  server.child.kill('SIGTERM');
  await server.exit;
  rmSync(dataDir, { recursive: true, force: true });
}
