// A brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every text file the build
// writes for the server to send (JavaScript, CSS, HTML, SVG, JSON) of at least 1 KB, as a CDN would
// keep them: the server answers with the copy the browser accepts (`preCompressed` of
// @fastify/static), so no byte is compressed per request. A copy no smaller than its file is not
// kept. Source maps are left as they are: only developer tools read them.
//
// The copies are written by the build that writes the files (`precompressPlugin()` in
// rollup.config.mjs and host-example/vite.config.ts), so no build can leave a file beside an older
// copy; a copy whose file is gone or newer is removed (`dropStaleCopies`), since the server would
// send it in the file's place. As a command: `node host-example/precompress.mjs <folder>…`.
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** The files worth a compressed copy. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json)$/;
/** Below this a response's headers outweigh what compression saves. */
export const MIN_BYTES = 1024;

const ENCODINGS = [
  {
    ext: '.br',
    compress: (data) =>
      promisify(brotliCompress)(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
  },
  { ext: '.gz', compress: (data) => promisify(gzip)(data, { level: constants.Z_BEST_COMPRESSION }) },
];

const isCopy = (file) => ENCODINGS.some(({ ext }) => file.endsWith(ext));

async function filesUnder(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

const mtimeOf = (file) =>
  stat(file).then(
    (s) => s.mtimeMs,
    () => undefined,
  );

/** Removes every copy under `dir` whose file is gone or was written after it. */
export async function dropStaleCopies(dir) {
  const copies = (await filesUnder(dir)).filter(isCopy);
  await Promise.all(
    copies.map(async (copy) => {
      const source = await mtimeOf(copy.slice(0, -3));
      if (source === undefined || source > (await mtimeOf(copy))) await rm(copy, { force: true });
    }),
  );
}

/**
 * Writes the copies of each of `files` worth them (zlib works in its thread pool, so the cores
 * share it) and removes those of the others; answers the compressed files' bytes before and after
 * brotli.
 */
export async function compressFiles(files) {
  const totals = { files: 0, bytes: 0, brotli: 0 };
  await Promise.all(
    files.map(async (file) => {
      const data = COMPRESSIBLE.test(file) ? await readFile(file) : undefined;
      for (const { ext, compress } of ENCODINGS) {
        const packed = data && data.length >= MIN_BYTES ? await compress(data) : undefined;
        if (packed && packed.length < data.length) await writeFile(file + ext, packed);
        else await rm(file + ext, { force: true });
        if (ext === '.br' && packed) {
          totals.files++;
          totals.bytes += data.length;
          totals.brotli += Math.min(packed.length, data.length);
        }
      }
    }),
  );
  return totals;
}

/** Compresses every file under `dirs` after dropping stale copies. */
export async function precompress(dirs) {
  const totals = { files: 0, bytes: 0, brotli: 0 };
  for (const dir of dirs) {
    await dropStaleCopies(dir);
    const found = await compressFiles((await filesUnder(dir)).filter((f) => !isCopy(f)));
    for (const key of Object.keys(totals)) totals[key] += found[key];
  }
  return totals;
}

/**
 * A Rollup (and Vite) plugin: once an output is written, the copies of its files, and no stale
 * copy left in its folder.
 */
export function precompressPlugin() {
  return {
    name: 'cp-precompress',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? dirname(options.file);
      await compressFiles(Object.keys(bundle).map((name) => join(dir, name)));
      await dropStaleCopies(dir);
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dirs = process.argv.slice(2);
  const started = Date.now();
  const { files, bytes, brotli } = await precompress(dirs);
  const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
  console.log(
    `precompressed ${files} files of ${dirs.join(', ')}: ${kb(bytes)} → ${kb(brotli)} brotli, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
