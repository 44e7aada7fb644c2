// Finds a Chromium for the e2e layer, installing Debian's `chromium` with apt-get when running as root.
// Order: CHROMIUM_PATH, /usr/bin/chromium, Playwright's own browsers. Prints the path it found.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

function playwrightChromium() {
  try {
    const result = spawnSync(
      process.execPath,
      ['-e', "import('@playwright/test').then(m => process.stdout.write(m.chromium.executablePath()))"],
      { encoding: 'utf8' },
    );
    const path = result.stdout.trim();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROMIUM_PATH is set to ${fromEnv}, which does not exist.`);
  }
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  return playwrightChromium();
}

export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      'No Chromium found: install it (sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary.',
    );
    process.exit(1);
  }
  console.log('No Chromium found: installing Debian chromium with apt-get (about a minute)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (r.status !== 0) {
      console.error(
        `apt-get ${args.join(' ')} failed (exit ${r.status}); install chromium by hand or set CHROMIUM_PATH.`,
      );
      process.exit(1);
    }
  }
  if (!existsSync('/usr/bin/chromium')) {
    console.error('apt-get finished but /usr/bin/chromium is missing; set CHROMIUM_PATH.');
    process.exit(1);
  }
  return '/usr/bin/chromium';
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(ensureChromium());
