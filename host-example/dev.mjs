// `npm run dev`: the reference server (API, partner page, SDK bundle) on API_PORT, and Vite with
// hot reload on DEV_PORT proxying to it. Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { buildIfStale } from './buildSteps.mjs';

const apiPort = process.env.API_PORT ?? '4174';
const devPort = process.env.DEV_PORT ?? '5173';

// The server and the standalone bundle run from their builds; the host itself hot-reloads from source.
if (!buildIfStale('packages')) process.exit(1);

const children = [
  spawn('node', ['packages/server/dist/main.js'], { stdio: 'inherit', env: { ...process.env, PORT: apiPort } }),
  spawn('npx', ['--no-install', 'vite', '--config', 'host-example/vite.config.ts', '--port', devPort, '--strictPort'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
