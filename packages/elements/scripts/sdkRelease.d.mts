/** The Subresource Integrity value of `data`: `sha384-` and its base64 digest. */
export function sriOf(data: string | Uint8Array): string;
/** Every file under `dir`, as paths relative to it with forward slashes, in a stable order. */
export function filesUnder(dir: string): string[];
/** What `integrity.json` says of a release folder. */
export function integrityOf(
  dir: string,
  release: { name: string; version: string; entry: string },
): { name: string; version: string; entry: string; algorithm: 'sha384'; files: Record<string, string> };
/** The Rollup plugin that writes the standalone bundle's release folder. */
export function sdkRelease(options: { packageDir: string; extra?: string[] }): { name: string };
