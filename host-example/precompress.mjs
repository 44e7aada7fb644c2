// Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every text file of a
// built folder (JavaScript, CSS, HTML, SVG, JSON) of at least 1 KB, as a CDN would keep them: the
// server answers with the copy the browser accepts (`preCompressed` of @fastify/static), so no byte
// is compressed per request. A copy no smaller than its file is not written; copies whose file is
// gone (an older build's chunk) are removed. Source maps are left as they are: only developer tools
// read them.
//
// As a command: `node host-example/precompress.mjs <folder>…` (buildSteps.mjs runs it after each step).
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
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

async function filesUnder(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/**
 * Compresses every compressible file under `dirs` (zlib works in its thread pool, so both cores
 * share it); answers how many files got copies and their bytes before and after brotli.
 */
export async function precompress(dirs) {
  const totals = { files: 0, bytes: 0, brotli: 0 };
  for (const dir of dirs) {
    const files = await filesUnder(dir).catch(() => []);
    const present = new Set(files);
    const stale = files.filter((f) => ENCODINGS.some(({ ext }) => f.endsWith(ext) && !present.has(f.slice(0, -3))));
    await Promise.all(stale.map((f) => rm(f, { force: true })));
    const sources = files.filter((f) => COMPRESSIBLE.test(f));
    await Promise.all(
      sources.map(async (file) => {
        if ((await stat(file)).size < MIN_BYTES) return;
        const data = await readFile(file);
        totals.files++;
        totals.bytes += data.length;
        for (const { ext, compress } of ENCODINGS) {
          const packed = await compress(data);
          if (packed.length < data.length) await writeFile(file + ext, packed);
          else await rm(file + ext, { force: true });
          if (ext === '.br') totals.brotli += Math.min(packed.length, data.length);
        }
      }),
    );
  }
  return totals;
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
