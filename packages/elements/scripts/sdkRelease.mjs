// The standalone bundle as a release of its own: `releases/{version}/` beside the package's dist/,
// holding the entry, its chunks, their source maps and precompressed copies, the theme's font, and
// `integrity.json` — every file of the release with its sha384 hash (Subresource Integrity). The
// reference server serves it under `/sdk/{version}/` as immutable files (packages/server/src/sdk/).
//
// The folder is written whole beside the old one and then put in its place, so a server reading
// the releases while a build runs sees the old release or the new one, never half of either.
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

/** The copies the build compresses beside a file: served in its place, so part of the release, but not hashed. */
const COPIES = ['.br', '.gz'];

/** The Subresource Integrity value of `data`: `sha384-` and its base64 digest. */
export function sriOf(data) {
  return `sha384-${createHash('sha384').update(data).digest('base64')}`;
}

/** Every file under `dir`, as paths relative to it with forward slashes, in a stable order. */
export function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'))
    .sort();
}

/**
 * What `integrity.json` says of a release folder: the package, its version, the entry, and the
 * sha384 of every file (precompressed copies aside: the browser checks the decoded file).
 */
export function integrityOf(dir, { name, version, entry }) {
  const files = {};
  for (const file of filesUnder(dir)) {
    if (file === 'integrity.json' || COPIES.some((ext) => file.endsWith(ext))) continue;
    files[file] = sriOf(readFileSync(join(dir, file)));
  }
  return { name, version, entry, algorithm: 'sha384', files };
}

/**
 * A Rollup plugin for the standalone build: once its files (and their compressed copies) are
 * written, copies them and the font `extra` names (files or folders of `distDir`) into
 * `releasesDir/{version}/` and writes its integrity.json.
 */
export function sdkRelease({ packageDir, extra = [] }) {
  const { name, version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  const releasesDir = join(packageDir, 'releases');
  let written = [];
  let outDir;
  let entry;
  return {
    name: 'cp-sdk-release',
    writeBundle(options, bundle) {
      outDir = options.dir;
      written = Object.keys(bundle);
      entry = Object.values(bundle).find((chunk) => chunk.type === 'chunk' && chunk.isEntry)?.fileName;
    },
    closeBundle() {
      if (!outDir || !entry) return;
      const target = join(releasesDir, version);
      const staging = join(releasesDir, `.${version}-${process.pid}`);
      rmSync(staging, { recursive: true, force: true });
      const copy = (file) => {
        const from = join(outDir, file);
        if (!existsSync(from)) throw new Error(`cp-sdk-release: ${file} was not written to ${outDir}`);
        mkdirSync(dirname(join(staging, file)), { recursive: true });
        cpSync(from, join(staging, file), { recursive: statSync(from).isDirectory() });
        for (const ext of COPIES) if (existsSync(from + ext)) cpSync(from + ext, join(staging, file + ext));
      };
      for (const file of [...written, ...extra]) copy(file);
      const integrity = integrityOf(staging, { name, version, entry });
      writeFileSync(join(staging, 'integrity.json'), `${JSON.stringify(integrity, null, 2)}\n`);
      // Put in place: the old folder out of the way first (a rename cannot replace a folder).
      const old = join(releasesDir, `.${version}-old-${process.pid}`);
      if (existsSync(target)) renameSync(target, old);
      renameSync(staging, target);
      rmSync(old, { recursive: true, force: true });
    },
  };
}
