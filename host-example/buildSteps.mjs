// The two steps of `npm run build`, each skipped when its inputs have not changed since it last
// succeeded here: `npm start` and `npm run dev` build only what is stale, `npm run build` builds all.
// A step's stamp (a hash of its inputs' paths and contents, and the node version) lives in
// node_modules/.cache, so a fresh `npm ci` always builds everything once.
//
// As a command: `node host-example/buildSteps.mjs [--force] [packages] [host]` (both steps when none
// is named); `npm run build` is `--force`, so it builds everything and leaves the stamps behind.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stamps = join(root, 'node_modules', '.cache', 'cloudportal-build');

/** Folders no build reads: outputs, caches, installed packages. */
const SKIP = new Set([
  'node_modules',
  'dist',
  '.data',
  '.cache',
  '.vite',
  'test-results',
  'storybook-static',
  '.test-build',
]);

/** The shared inputs of both steps: the lockfile, the TypeScript settings, every package's sources. */
const SHARED = ['package.json', 'package-lock.json', 'tsconfig.json', 'packages'];

/** The steps of `npm run build`, in order: what each reads, what it must leave behind, how it runs. */
export const STEPS = {
  packages: {
    inputs: [
      ...SHARED,
      'rollup.config.mjs',
      'host-example/precompress.mjs',
      'host-example/rollupParts.mjs',
      'host-example/echartsChunk.mjs',
    ],
    outputs: [
      'packages/server/dist/main.js',
      'packages/elements/dist/cloudportal-elements.js',
      'packages/testing/dist/emulator/report-embed.js',
    ],
    // Its code and its type declarations in two Rollup processes side by side (rollupParts.mjs).
    command: ['node', 'host-example/rollupParts.mjs'],
  },
  host: {
    inputs: [...SHARED, 'host-example'],
    outputs: ['host-example/dist/index.html'],
    command: ['npx', '--no-install', 'vite', 'build', '--config', 'host-example/vite.config.ts'],
  },
};

/** Every file under `path` (a file or a folder), outputs and caches left out, in a stable order. */
function filesOf(path) {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  let entries;
  try {
    entries = readdirSync(full, { withFileTypes: true });
  } catch {
    return [path];
  }
  return entries
    .filter((e) => !SKIP.has(e.name))
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => (e.isDirectory() ? filesOf(join(path, e.name)) : e.isFile() ? [join(path, e.name)] : []));
}

/** The hash of a step's inputs: each file's path and content, and the Node.js version that builds. */
export function inputsHash(step) {
  const hash = createHash('sha256').update(process.version);
  for (const file of step.inputs.flatMap(filesOf)) {
    hash.update(relative(root, join(root, file))).update('\0');
    hash.update(readFileSync(join(root, file))).update('\0');
  }
  return hash.digest('hex');
}

const stampOf = (name) => join(stamps, `${name}.sha256`);

/** Whether step `name` has nothing to do: its outputs are there and its inputs are those of its last success. */
export function isUpToDate(name, hash = inputsHash(STEPS[name])) {
  const step = STEPS[name];
  if (!step.outputs.every((file) => existsSync(join(root, file)))) return false;
  try {
    return readFileSync(stampOf(name), 'utf8') === hash;
  } catch {
    return false;
  }
}

/**
 * Runs step `name` unless it is up to date; answers whether it succeeded (or had nothing to do).
 * The stamp is written only after a success, with the hash taken before the step ran, so a file
 * changed while it built makes the next run build again.
 */
export function buildIfStale(name, { force = false } = {}) {
  const step = STEPS[name];
  const hash = inputsHash(step);
  if (!force && isUpToDate(name, hash)) {
    console.log(`build ${name}: up to date, skipped (npm run build builds it anyway)`);
    return true;
  }
  const [cmd, ...args] = step.command;
  const run = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) return false;
  mkdirSync(stamps, { recursive: true });
  writeFileSync(stampOf(name), hash);
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const named = args.filter((a) => a !== '--force');
  const unknown = named.filter((n) => !(n in STEPS));
  if (unknown.length) {
    console.error(`Unknown build step(s): ${unknown.join(', ')}; the steps are ${Object.keys(STEPS).join(', ')}.`);
    process.exit(2);
  }
  for (const name of named.length ? named : Object.keys(STEPS)) if (!buildIfStale(name, { force })) process.exit(1);
}
