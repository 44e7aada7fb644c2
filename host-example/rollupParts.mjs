// The packages' build (`rollup -c rollup.config.mjs`) as its two halves side by side — the code
// (the libraries, the standalone bundle with terser, the emulator frame, the server) and the type
// declarations (rollup-plugin-dts, a TypeScript program each) — one Rollup process each
// (CP_ROLLUP_PART), since one process builds its configs one after another on one core. Exits
// non-zero when either fails, once both have ended.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

const half = (part) =>
  new Promise((done) => {
    const child = spawn('npx', ['--no-install', 'rollup', '-c', 'rollup.config.mjs'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, CP_ROLLUP_PART: part },
    });
    child.on('close', (code) => done(code === 0));
  });

const results = await Promise.all([half('code'), half('types')]);
process.exit(results.every(Boolean) ? 0 : 1);
