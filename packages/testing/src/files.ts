import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The built frame's files, each with its content type. The page loads its script and stylesheet relatively.
 * @public
 */
export const EMULATOR_FILES: Readonly<Record<string, string>> = {
  'report-embed.html': 'text/html; charset=utf-8',
  'report-embed.js': 'text/javascript; charset=utf-8',
  'report-embed.js.map': 'application/json; charset=utf-8',
  'report-embed.css': 'text/css; charset=utf-8',
};

/**
 * The folder of the built emulator frame (`dist/emulator` of this package), found through the
 * package's own name, so it is right from its dist, from its source, and from a bundle that inlined
 * it. Throws a readable error when the frame is not built.
 * @public
 */
export function emulatorDir(): string {
  const pkg = createRequire(import.meta.url).resolve('@cloudportal/testing/package.json');
  const dir = join(dirname(pkg), 'dist', 'emulator');
  if (!existsSync(join(dir, 'report-embed.html'))) {
    throw new Error(
      `The Power BI embed emulator frame is not built (no ${join(dir, 'report-embed.html')}): run \`npm run build:packages\`.`,
    );
  }
  return dir;
}

/**
 * One file of the built frame (a name of {@link EMULATOR_FILES}), or undefined for any other name.
 * @public
 */
export function emulatorFile(name: string): { body: Buffer; contentType: string } | undefined {
  const contentType = EMULATOR_FILES[name];
  if (!contentType || !Object.hasOwn(EMULATOR_FILES, name)) return undefined;
  const file = join(emulatorDir(), name);
  if (!existsSync(file)) return undefined;
  return { body: readFileSync(file), contentType };
}
