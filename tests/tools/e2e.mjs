// `npm run test:e2e`: build, find (or install) Chromium, then Playwright — the e2e layer alone.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureChromium } from './chromium.mjs';

const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
// The stories' axe sweep (stories-axe.spec.ts) judges a Storybook build: made here, as `npm test` does.
const storybook = join(mkdtempSync(join(tmpdir(), 'cp-storybook-')), 'static');
const stories = spawnSync(
  'npx',
  ['--no-install', 'storybook', 'build', '-c', '.storybook', '-o', storybook, '--quiet'],
  { stdio: 'inherit' },
);
if (stories.status !== 0) process.exit(stories.status ?? 1);
const chromium = ensureChromium();
const r = spawnSync(
  'npx',
  ['--no-install', 'playwright', 'test', '-c', 'tests/playwright.config.ts', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: { ...process.env, CHROMIUM_PATH: chromium, STORYBOOK_STATIC: process.env.STORYBOOK_STATIC ?? storybook },
  },
);
process.exit(r.status ?? 1);
