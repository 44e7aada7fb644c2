// `npm run test:visual`: the stories' sweep alone (tests/e2e/stories-axe.spec.ts) — every story in
// Chromium in light and dark, compared with its committed screenshot (tests/e2e/__screenshots__/stories),
// judged by axe and checked in the pseudo-locale on the way. `npm test` runs the same sweep in its e2e
// layer.
//
//   npm run test:visual                    compare with the baselines
//   npm run test:visual -- --update        write the baselines of the stories that changed or are new
//   npm run test:visual -- --grep "chunk 3"   any other argument goes to Playwright
//   STORIES_AXE_ONLY=feedback npm run test:visual   only the stories whose id contains "feedback"
//
// Builds what it needs when it is stale (the packages, for the Power BI stand-in's frame) and Storybook
// into a temporary folder (or uses STORYBOOK_STATIC). A failure leaves Playwright's HTML report, with
// each differing story's expected, actual and diff images, in playwright-report/index.html.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './chromium.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const args = process.argv.slice(2);
const update = args.includes('--update');
const passOn = args.filter((a) => a !== '--update');

const run = (cmd, cmdArgs, env = {}) =>
  spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

if (run('node', ['host-example/buildSteps.mjs', 'packages']) !== 0) process.exit(1);
let built;
let storybook = process.env.STORYBOOK_STATIC;
if (!storybook) {
  built = mkdtempSync(join(tmpdir(), 'cloudportal-visual-'));
  storybook = join(built, 'storybook-static');
  console.log('Building Storybook…');
  if (run('npx', ['--no-install', 'storybook', 'build', '-c', '.storybook', '-o', storybook, '--quiet']) !== 0)
    process.exit(1);
}
const status = run(
  'npx',
  [
    '--no-install',
    'playwright',
    'test',
    '-c',
    'tests/playwright.config.ts',
    '--project',
    'stories',
    ...(update ? ['--update-snapshots=changed'] : []),
    ...passOn,
  ],
  { CP_STORIES_ONLY: '1', STORYBOOK_STATIC: storybook, CHROMIUM_PATH: process.env.CHROMIUM_PATH || ensureChromium() },
);
if (built) rmSync(built, { recursive: true, force: true });
if (status !== 0)
  console.log(
    `\nThe report, with each differing story's expected, actual and diff images: ${join(root, 'playwright-report/index.html')}`,
  );
process.exit(status);
