// Finds a Chromium for the test layers and the benches, installing Debian's package with apt-get when
// running as root. Two kinds:
// - `shell` (the test layers: e2e, the pack test): Chromium's headless shell (Debian's
//   `chromium-headless-shell`, the same Blink and V8 without the browser's UI process), the build
//   Playwright itself runs headless tests in. The e2e layer took 8 % less time in it than in the full
//   browser on this 2-core machine (layout, shell, errors, grid pages and the stories' sweep: 323 s
//   against 351 s). Falls back to the full browser.
// - `browser` (the benches): the full Chromium a visitor runs, so time to ready and heap are a
//   browser's.
// Order: CHROMIUM_PATH, the kind's Debian binary, the other kind's, Playwright's own browsers. Prints
// the path it found.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/**
 * The flags every Chromium of the tests and benches starts with: without the background-networking
 * ones its connections are refused on a closed network (TOOLCHAIN.md), many at a time.
 */
export const CHROMIUM_FLAGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-gpu',
  '--disable-quic',
];

/** Debian's binary and package of each kind. */
const DEBIAN = {
  shell: { path: '/usr/bin/chromium-headless-shell', pkg: 'chromium-headless-shell' },
  browser: { path: '/usr/bin/chromium', pkg: 'chromium' },
};

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

/** CHROMIUM_PATH when set; else Debian's binary of `kind`; else `other`'s, then Playwright's. */
export function findChromium(kind = 'shell', { preferredOnly = false } = {}) {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROMIUM_PATH is set to ${fromEnv}, which does not exist.`);
  }
  if (existsSync(DEBIAN[kind].path)) return DEBIAN[kind].path;
  if (preferredOnly) return undefined;
  const other = DEBIAN[kind === 'shell' ? 'browser' : 'shell'].path;
  if (existsSync(other)) return other;
  return playwrightChromium();
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** `apt-get install` of Debian's package; answers whether it ended well. */
export function aptInstall(pkg) {
  console.log(`Installing Debian's ${pkg} with apt-get (about a minute)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', pkg],
  ]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (r.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed (exit ${r.status}).`);
      return false;
    }
  }
  return true;
}

/**
 * A Chromium of `kind` ('shell' for tests, 'browser' for benches): found, or installed from Debian
 * when running as root; another Chromium when that cannot be installed. Exits when there is none.
 */
export function ensureChromium(kind = 'shell') {
  const preferred = findChromium(kind, { preferredOnly: true });
  if (preferred) return preferred;
  if (isRoot() && aptInstall(DEBIAN[kind].pkg) && existsSync(DEBIAN[kind].path)) return DEBIAN[kind].path;
  const found = findChromium(kind);
  if (found) return found;
  console.error(
    isRoot()
      ? `No Chromium: install it by hand (apt-get install -y ${DEBIAN[kind].pkg}) or set CHROMIUM_PATH.`
      : `No Chromium found: install it (sudo apt-get install -y ${DEBIAN[kind].pkg}) or set CHROMIUM_PATH to a Chromium binary.`,
  );
  process.exit(1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  console.log(ensureChromium(process.argv[2] === 'browser' ? 'browser' : 'shell'));
