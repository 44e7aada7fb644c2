// What the browser benchmarks share (bench:chat, bench:nav): a page of tests/bench/{name} built from
// the SDK's source with React's profiling build, served from a temporary folder, and Chromium.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { build, defaultClientConditions } from 'vite';
import { CHROMIUM_FLAGS, ensureChromium } from '../tools/chromium.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.map': 'application/json' };

/**
 * Builds tests/bench/{name}, serves it on a free port and launches Chromium (`--expose-gc` so a page
 * may collect garbage between timed steps). Returns the page's URL, the browser and `close()`.
 */
export async function openBenchPage(name) {
  const outDir = mkdtempSync(join(tmpdir(), `cp-bench-${name}-`));
  await build({
    configFile: false,
    logLevel: 'warn',
    root: join(root, 'tests/bench', name),
    mode: 'production',
    plugins: [react()],
    // The SDK from source, as the host builds it; React DOM's profiling build, so Profiler reports times.
    resolve: {
      conditions: ['source', ...defaultClientConditions],
      alias: [{ find: /^react-dom\/client$/, replacement: 'react-dom/profiling' }],
    },
    build: { outDir, emptyOutDir: true, minify: true },
  });
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^([/\\])+/, '');
    const file = join(outDir, path || 'index.html');
    if (!file.startsWith(outDir) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser = await launchBenchChromium(['--js-flags=--expose-gc']);
  const url = `http://127.0.0.1:${server.address().port}/`;
  return {
    url,
    browser,
    /** A 1280 × 900 tab on the bench page that reports the page's errors (and, with `warnings`, its console errors and warnings). */
    async newPage({ warnings = true } = {}) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      page.on('pageerror', (e) => console.error('page error:', e.message));
      if (warnings) {
        page.on('console', (m) => {
          if (m.type() === 'error' || m.type() === 'warning') console.error(`page ${m.type()}:`, m.text());
        });
      }
      await page.goto(url);
      return page;
    },
    async close() {
      await browser.close();
      server.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

/** The benches' Chromium (CHROMIUM_PATH, or the full browser the project installs), with `extra` flags. */
export function launchBenchChromium(extra = []) {
  return chromium.launch({
    executablePath: ensureChromium('browser'),
    args: [...CHROMIUM_FLAGS, ...extra],
  });
}

/** The median of `xs`. */
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Nearest-rank percentile. */
export function percentile(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}
