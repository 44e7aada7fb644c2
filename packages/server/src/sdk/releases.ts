import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** A release's `integrity.json`, as the build writes it (packages/elements/scripts/sdkRelease.mjs). */
export interface ReleaseIntegrity {
  name: string;
  version: string;
  /** The entry's file name, e.g. `cloudportal-elements.js`. */
  entry: string;
  algorithm: 'sha384';
  /** Every file of the release (paths relative to its folder) with its `sha384-…` value. */
  files: Record<string, string>;
}

/** A full version, `1.2.3` or `1.2.3-rc.1`: the folder name of a release. */
export const VERSION = /^(\d{1,6})\.(\d{1,6})\.(\d{1,6})(?:-([0-9A-Za-z.-]{1,40}))?$/;
/** A major alone, `1`: the alias of that major's newest release. */
export const MAJOR = /^\d{1,6}$/;

/**
 * Orders versions as semver does: by major, minor and patch, a pre-release before its release, and
 * pre-releases by their dot-separated identifiers (numbers numerically, below words).
 */
export function compareVersions(a: string, b: string): number {
  const [, ...pa] = VERSION.exec(a) ?? [];
  const [, ...pb] = VERSION.exec(b) ?? [];
  for (let i = 0; i < 3; i++) {
    const d = Number(pa[i]) - Number(pb[i]);
    if (d) return d;
  }
  const [preA, preB] = [pa[3], pb[3]];
  if (preA === preB) return 0;
  if (preA === undefined) return 1;
  if (preB === undefined) return -1;
  const [ia, ib] = [preA.split('.'), preB.split('.')];
  for (let i = 0; i < Math.max(ia.length, ib.length); i++) {
    const [x, y] = [ia[i], ib[i]];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (x === y) continue;
    const [nx, ny] = [/^\d+$/.test(x), /^\d+$/.test(y)];
    if (nx && ny) return Number(x) - Number(y);
    if (nx !== ny) return nx ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return 0;
}

/** The newest release of `major` among `versions`, pre-releases left out (as a `^major` range does). */
export function newestOfMajor(versions: readonly string[], major: string): string | undefined {
  return versions
    .filter((v) => VERSION.exec(v)?.[1] === String(Number(major)) && !v.includes('-'))
    .sort(compareVersions)
    .at(-1);
}

/** The versions whose release folders (with their integrity.json) are in `dir`, oldest first. */
export function releasesIn(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && VERSION.test(e.name) && existsSync(join(dir, e.name, 'integrity.json')))
    .map((e) => e.name)
    .sort(compareVersions);
}

/** A release's integrity.json, or undefined when it is missing or unreadable. */
export function readIntegrity(dir: string, version: string): ReleaseIntegrity | undefined {
  try {
    return JSON.parse(readFileSync(join(dir, version, 'integrity.json'), 'utf8')) as ReleaseIntegrity;
  } catch {
    return undefined;
  }
}

/** What {@link carryReleasesForward} did: the releases it added and pruned, and those it refused to change. */
export interface CarryResult {
  added: string[];
  pruned: string[];
  /** Versions whose folder already held other files than this build's: kept as first published. */
  conflicts: string[];
}

/**
 * Adds this build's releases (`from`) to the deployment's folder of releases (`to`), which keeps the
 * releases of earlier deployments: a release already there is never changed — its files are
 * immutable once served — and one of the same version with other hashes is reported as a conflict.
 * With `keep` > 0, only the newest `keep` releases stay, and this build's own beside them.
 * A folder is copied whole beside the others and then renamed, so an instance reading the folder
 * meanwhile sees the release complete or not at all.
 */
export function carryReleasesForward(from: string, to: string, keep = 0): CarryResult {
  const result: CarryResult = { added: [], pruned: [], conflicts: [] };
  mkdirSync(to, { recursive: true });
  const own = releasesIn(from);
  for (const version of own) {
    const target = join(to, version);
    if (existsSync(join(target, 'integrity.json'))) {
      const [mine, theirs] = [readIntegrity(from, version), readIntegrity(to, version)];
      if (JSON.stringify(mine?.files) !== JSON.stringify(theirs?.files)) result.conflicts.push(version);
      continue;
    }
    const staging = join(to, `.${version}-${process.pid}-${Date.now()}`);
    cpSync(join(from, version), staging, { recursive: true });
    try {
      renameSync(staging, target);
      result.added.push(version);
    } catch {
      // Another instance put the same release in place first.
      rmSync(staging, { recursive: true, force: true });
    }
  }
  if (keep > 0) {
    const all = releasesIn(to);
    const newest = all.slice(-keep);
    const prunable = all.filter((v) => !newest.includes(v) && !own.includes(v));
    for (const version of prunable) {
      rmSync(join(to, version), { recursive: true, force: true });
      result.pruned.push(version);
    }
  }
  return result;
}
