// A PgBouncer in transaction pooling in front of the test PostgreSQL (issue 39 §3), for the server
// suite's PgBouncer pass: Debian's `pgbouncer` (1.18 on Debian 12, which keeps no named prepared
// statements across transactions), installed with apt-get when running as root as Chromium and
// PostgreSQL are, started as the `postgres` user (PgBouncer refuses to run as root) on a free port of
// 127.0.0.1 with a configuration of its own in a scratch folder. TEST_PGBOUNCER_URL wins.
// `startPgbouncer(postgresUrl)` answers `{ url, stop() }`, or undefined with the reason printed.
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort } from '../bench/serverProcess.mjs';

const BINARY = '/usr/sbin/pgbouncer';
const sh = (cmd, args, opts = {}) => spawnSync(cmd, args, { encoding: 'utf8', ...opts });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function install() {
  if (existsSync(BINARY)) return true;
  console.log('Installing Debian pgbouncer with apt-get for the PgBouncer pass…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // Debian's package would start its own service: policy-rc.d is not ours to change, and there is no
  // init here, so the package's service start fails harmlessly; ours is started below.
  let r = sh('apt-get', ['install', '-y', '-qq', 'pgbouncer'], { stdio: 'inherit', env });
  if (r.status !== 0) {
    sh('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    r = sh('apt-get', ['install', '-y', '-qq', 'pgbouncer'], { stdio: 'inherit', env });
  }
  return existsSync(BINARY);
}

/** Starts PgBouncer (transaction pooling) in front of `postgresUrl`'s server, for its role. */
export async function startPgbouncer(postgresUrl) {
  if (process.env.TEST_PGBOUNCER_URL) return { url: process.env.TEST_PGBOUNCER_URL, stop: async () => {} };
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.log(
      'PgBouncer pass skipped: set TEST_PGBOUNCER_URL to a PgBouncer in transaction mode in front of TEST_DATABASE_URL.',
    );
    return undefined;
  }
  if (!install()) {
    console.log('PgBouncer pass skipped: Debian pgbouncer could not be installed.');
    return undefined;
  }
  const target = new URL(postgresUrl);
  const user = decodeURIComponent(target.username);
  const password = decodeURIComponent(target.password);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'cp-pgbouncer-'));
  const file = (name) => join(dir, name);
  writeFileSync(
    file('pgbouncer.ini'),
    [
      '[databases]',
      // Every database the suite creates, on the test server.
      `* = host=${target.hostname} port=${target.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      "unix_socket_dir = ''",
      'auth_type = scram-sha-256',
      `auth_file = ${file('userlist.txt')}`,
      // The mode whose named statements go astray: a transaction gets any server connection.
      'pool_mode = transaction',
      'max_client_conn = 500',
      'default_pool_size = 20',
      // node-postgres sends these at start; PgBouncer would otherwise refuse the connection.
      'ignore_startup_parameters = extra_float_digits,options',
      `pidfile = ${file('pgbouncer.pid')}`,
      `logfile = ${file('pgbouncer.log')}`,
      '',
    ].join('\n'),
  );
  writeFileSync(file('userlist.txt'), `"${user}" "${password}"\n`);
  const [uid, gid] = ['-u', '-g'].map((flag) => Number(sh('id', [flag, 'postgres']).stdout));
  for (const name of ['', 'pgbouncer.ini', 'userlist.txt']) chownSync(file(name), uid, gid);
  chmodSync(file('userlist.txt'), 0o600);
  const started = sh('runuser', ['-u', 'postgres', '--', BINARY, '-d', file('pgbouncer.ini')]);
  if (started.status !== 0) {
    console.log(`PgBouncer pass skipped: pgbouncer did not start (${started.stderr.trim()}).`);
    return undefined;
  }
  const url = new URL(postgresUrl);
  url.host = `127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  const { default: pg } = await import('pg');
  for (;;) {
    const client = new pg.Client({ connectionString: url.toString() });
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      break;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline) {
        console.log(`PgBouncer pass skipped: pgbouncer does not answer (${error.message}).`);
        return undefined;
      }
      await sleep(200);
    }
  }
  return {
    url: url.toString(),
    async stop() {
      const pid = existsSync(file('pgbouncer.pid')) ? Number(readFileSync(file('pgbouncer.pid'), 'utf8')) : 0;
      if (pid) {
        try {
          process.kill(pid, 'SIGTERM');
        } catch {
          // already gone
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { ensurePostgres } = await import('./postgres.mjs');
  const bouncer = await startPgbouncer(ensurePostgres());
  console.log(bouncer?.url ?? '');
}
