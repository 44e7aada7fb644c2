// Debian's HAProxy (2.6 on Debian 12) in front of a bench's server instances (issue 39 §4), set up as
// an operator would: round robin, a health check on /readyz, a server taken out after two failed
// checks and put back after two good ones, connection failures retried on another server. Installed
// with apt-get when running as root, as Chromium, PostgreSQL and PgBouncer are.
// `startHaproxy(port, backends)` answers `{ base, config, stop() }`, or undefined with the reason printed.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { aptInstall } from './chromium.mjs';

const BINARY = '/usr/sbin/haproxy';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The health check's rhythm: every second, out after two failures, back after two successes. */
export const HEALTH_CHECK = { interMs: 1000, fall: 2, rise: 2 };

/** The configuration for a front end on `port` and the instances `backends` (`[{ name, port }]`). */
export function haproxyConfig(port, backends) {
  return `global
  maxconn 4096

defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  # A request whose connection could not be made goes to another server (none of it was sent).
  retries 2
  option redispatch
  # A client that goes (an assistant's Stop) closes the server's connection at once; without it the
  # server learns only when it next writes, up to a keep-alive comment (15 s) later.
  option abortonclose

frontend portal
  bind 127.0.0.1:${port}
  default_backend instances

backend instances
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter ${HEALTH_CHECK.interMs}ms fall ${HEALTH_CHECK.fall} rise ${HEALTH_CHECK.rise}
${backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port} check`).join('\n')}
`;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Whether HAProxy can run here: Debian's binary is installed, or can be (apt-get, as root). */
export const haproxyAvailable = () => existsSync(BINARY) || isRoot();

/** Starts HAProxy in the foreground on `port` in front of `backends`; waits until it answers. */
export async function startHaproxy(port, backends) {
  if (!existsSync(BINARY) && !(isRoot() && aptInstall('haproxy'))) {
    console.log('HAProxy phases skipped: install Debian haproxy (apt-get install -y haproxy), or run as root.');
    return undefined;
  }
  const dir = mkdtempSync(join(tmpdir(), 'cp-haproxy-'));
  const config = haproxyConfig(port, backends);
  writeFileSync(join(dir, 'haproxy.cfg'), config);
  const child = spawn(BINARY, ['-db', '-f', join(dir, 'haproxy.cfg')], { stdio: ['ignore', 'ignore', 'pipe'] });
  const tail = [];
  child.stderr.on('data', (c) => tail.push(String(c)));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`HAProxy exited (${child.exitCode}): ${tail.join('')}`);
    const up = await fetch(`${base}/healthz`).then(
      (r) => r.status < 500,
      () => false,
    );
    if (up) break;
    await sleep(100);
  }
  return {
    base,
    config,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.on('exit', resolve)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
