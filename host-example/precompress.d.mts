/** The files worth a compressed copy. */
export declare const COMPRESSIBLE: RegExp;
/** Below this a response's headers outweigh what compression saves. */
export declare const MIN_BYTES: number;
/** What was compressed: the files, their bytes, and their bytes as brotli. */
export interface CompressedTotals {
  files: number;
  bytes: number;
  brotli: number;
}
/** Removes every copy under `dir` whose file is gone or was written after it. */
export declare function dropStaleCopies(dir: string): Promise<void>;
/** Writes the brotli and gzip copies of each of `files` worth them, and removes those of the others. */
export declare function compressFiles(files: string[]): Promise<CompressedTotals>;
/** Compresses every file under `dirs` after dropping stale copies. */
export declare function precompress(dirs: string[]): Promise<CompressedTotals>;
/** A Rollup (and Vite) plugin: once an output is written, the copies of its files, and no stale copy left in its folder. */
export declare function precompressPlugin(): {
  name: string;
  writeBundle(options: { dir?: string; file?: string }, bundle: Record<string, unknown>): Promise<void>;
};
