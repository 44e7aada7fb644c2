// vitest globalSetup of the server project: the reference server serves the Power BI embed
// emulator frame from packages/testing/dist/emulator, and `npm test` runs vitest before the build.
// So the frame is built here with rollup.config.mjs's own `emulatorFrame` config — only when a
// source is newer than the built script (a clean clone builds once, about half a minute) — and
// written file by file through a rename, so a server reading it never sees half a file.
import { mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rollup } from 'rollup';
import { dropStaleCopies } from '../../host-example/precompress.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) latest = Math.max(latest, newest(path));
    else if (!entry.name.includes('.test.')) latest = Math.max(latest, statSync(path).mtimeMs);
  }
  return latest;
}

export default async function buildEmulatorFrame() {
  const previous = process.cwd();
  process.chdir(root);
  try {
    const { emulatorFrame } = await import('../../rollup.config.mjs');
    const out = join(root, emulatorFrame.output.file);
    let built = 0;
    try {
      built = statSync(out).mtimeMs;
    } catch {
      // not built yet
    }
    if (built > newest(join(root, 'packages/testing/src')) && built > statSync(join(root, 'rollup.config.mjs')).mtimeMs)
      return;
    const bundle = await rollup({ ...emulatorFrame, onwarn: () => {} });
    const { output } = await bundle.generate(emulatorFrame.output);
    await bundle.close();
    const dir = dirname(out);
    mkdirSync(dir, { recursive: true });
    // The script last: its time says the build is complete.
    for (const item of [...output].sort((a, b) => (a.type === 'chunk') - (b.type === 'chunk'))) {
      const tmp = join(dir, `.${item.fileName}.${process.pid}.tmp`);
      if (item.type === 'chunk') {
        writeFileSync(tmp, item.map ? `${item.code}\n//# sourceMappingURL=${item.fileName}.map\n` : item.code);
        if (item.map) {
          const mapTmp = `${tmp}.map`;
          writeFileSync(mapTmp, item.map.toString());
          renameSync(mapTmp, join(dir, `${item.fileName}.map`));
        }
      } else {
        writeFileSync(tmp, item.source);
      }
      renameSync(tmp, join(dir, item.fileName));
    }
    // The server would send a build's brotli or gzip copy in place of a file written since.
    await dropStaleCopies(dir);
  } finally {
    process.chdir(previous);
  }
}
