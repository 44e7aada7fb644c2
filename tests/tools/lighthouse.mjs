// Lighthouse over the portal's own pages (issue 42 §5), shared by the e2e layer
// (tests/e2e/lighthouse.spec.ts: accessibility, best practices and layout shift, which do not depend
// on the machine's speed) and `npm run bench:lighthouse` (the performance score, which does: a
// timed figure belongs to a bench, not to a test that a busy machine would fail).
//
// Lighthouse 12 runs on its mobile preset (a Moto G Power's screen, slow 4G and a 4× slower CPU,
// simulated) against a Chromium of our own started with a DevTools port; the signed-in pages are
// measured with ada's refresh cookie in that browser, so the portal resumes her session as after a
// reload. Every run starts with an empty HTTP cache (Lighthouse's storage reset keeps cookies).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS } from './chromium.mjs';

/** The pages of issue 42 §5: the sign-in page signed out, the landing page, a dataset page, a report page, the partner page. */
export const LIGHTHOUSE_PAGES = [
  { name: 'sign-in', path: '/login', signedIn: false },
  { name: 'overview (a report tab)', path: '/billing/overview', signedIn: true },
  { name: 'a dataset page', path: '/billing/azure-subscriptions', signedIn: true },
  { name: 'a report page', path: '/billing/azure-cost-analysis', signedIn: true },
  { name: 'the partner page', path: '/partner/', signedIn: false },
];

/** The pages in the order one browser measures them: the signed-out ones first, then ada signs in for the rest. */
export const LIGHTHOUSE_RUN_ORDER = [...LIGHTHOUSE_PAGES].sort((a, b) => Number(a.signedIn) - Number(b.signedIn));

/** The goals of issue 42 §5 (accessibility is 100 everywhere, as it was measured). */
export const LIGHTHOUSE_GOALS = { performance: 90, bestPractices: 100, accessibility: 100, cls: 0.1 };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts `executablePath` headless with a DevTools port of its own choosing (read from the profile's
 * DevToolsActivePort, so two runs never meet on one port) and a new, empty profile. Answers
 * `{ port, close() }`.
 */
export async function launchLighthouseChromium(executablePath) {
  const profile = mkdtempSync(join(tmpdir(), 'cp-lighthouse-'));
  const child = spawn(
    executablePath,
    [
      '--headless',
      '--no-sandbox',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      ...CHROMIUM_FLAGS,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const portFile = join(profile, 'DevToolsActivePort');
  const deadline = Date.now() + 30_000;
  while (!existsSync(portFile) || readFileSync(portFile, 'utf8').split('\n')[0] === '') {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Chromium (${executablePath}) did not open its DevTools port`);
    }
    await sleep(100);
  }
  const port = Number(readFileSync(portFile, 'utf8').split('\n')[0]);
  return {
    port,
    async close() {
      child.kill('SIGTERM');
      await Promise.race([new Promise((resolve) => child.once('exit', resolve)), sleep(5000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
      // Chromium's helper processes may still be writing to the profile as the browser exits (two
      // runs of bench:lighthouse ended on ENOTEMPTY here): a few tries, then the folder is left in
      // the system's temporary folder rather than failing the run that measured.
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 500 });
      } catch (error) {
        console.warn(`Lighthouse's browser profile ${profile} was left behind: ${error.code ?? error}`);
      }
    },
  };
}

/**
 * Signs `email` in on the portal at `base` inside the browser on `port` (its refresh cookie lands in
 * the browser's own profile, which Lighthouse's tab shares). Answers a function that disconnects.
 */
export async function signInBrowser(port, base, email) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const request = browser.contexts()[0].request;
  const { id_token } = await (await request.post(`${base}/api/dev/identity-token`, { data: { email } })).json();
  const claims = JSON.parse(Buffer.from(id_token.split('.')[1], 'base64url').toString());
  const res = await request.post(`${base}/api/auth/azure/token`, {
    data: { id: claims.oid, tenantId: claims.tid, upn: email, preview: false, token: id_token },
    headers: { 'X-Authorization': `Bearer ${id_token}` },
  });
  if (!res.ok()) throw new Error(`${email} could not sign in: ${res.status()}`);
  return () => browser.close();
}

const score = (category) => Math.round((category?.score ?? 0) * 100);

/**
 * One Lighthouse run of `url` (mobile preset) in the browser on `port`. Answers the scores, the
 * metrics (ms; CLS unitless), the host's CPU benchmark index, the page it ended on, and the titles of
 * the accessibility and best-practice audits that failed. With `performance: false` the performance
 * category is left out (its simulation of the throttled load, a second or more a page) but CLS is
 * still measured; its score and timings are then NaN.
 */
export async function lighthouseRun(port, url, { performance = true } = {}) {
  const { lhr } = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: performance
      ? ['performance', 'accessibility', 'best-practices']
      : ['accessibility', 'best-practices'],
    // Added to the categories' audits (Lighthouse's onlyAudits is additive with onlyCategories).
    ...(performance ? {} : { onlyAudits: ['cumulative-layout-shift'] }),
  });
  if (lhr.runtimeError) throw new Error(`Lighthouse could not measure ${url}: ${lhr.runtimeError.message}`);
  const metric = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failed = (category) =>
    lhr.categories[category].auditRefs
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative')
      .map((audit) => `${audit.id}: ${audit.title}`);
  return {
    finalUrl: lhr.finalDisplayedUrl,
    performance: lhr.categories.performance ? score(lhr.categories.performance) : Number.NaN,
    accessibility: score(lhr.categories.accessibility),
    bestPractices: score(lhr.categories['best-practices']),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    si: metric('speed-index'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    failedAccessibility: failed('accessibility'),
    failedBestPractices: failed('best-practices'),
  };
}
