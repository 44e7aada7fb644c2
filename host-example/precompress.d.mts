/** The files worth a compressed copy. */
export declare const COMPRESSIBLE: RegExp;
/** Below this a response's headers outweigh what compression saves. */
export declare const MIN_BYTES: number;
/** Writes the brotli and gzip copies of every compressible file under `dirs` (see precompress.mjs). */
export declare function precompress(dirs: string[]): Promise<{ files: number; bytes: number; brotli: number }>;
