// `npm run test:e2e`: build, find (or install) Chromium, then Playwright — the e2e layer alone.
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './chromium.mjs';

const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const chromium = ensureChromium();
const r = spawnSync('npx', ['--no-install', 'playwright', 'test', '-c', 'tests/playwright.config.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
process.exit(r.status ?? 1);
