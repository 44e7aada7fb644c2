// Finds a PostgreSQL for the server suite's second run. TEST_DATABASE_URL wins; otherwise, when
// running as root (as .ci/run does), Debian's postgresql is installed if missing, its cluster
// started, and a test role with CREATEDB created. Returns a URL, or undefined with the reason printed.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const ROLE = 'cloudportal_test';
const sh = (cmd, args, opts = {}) => spawnSync(cmd, args, { encoding: 'utf8', ...opts });

function clusters() {
  const r = sh('pg_lsclusters', ['-h']);
  if (r.status !== 0) return [];
  return r.stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [version, name, port, status] = line.split(/\s+/);
      return { version, name, port, status };
    });
}

export function ensurePostgres() {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.log('PostgreSQL run skipped: set TEST_DATABASE_URL to a PostgreSQL URL whose role may create databases.');
    return undefined;
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!existsSync('/usr/bin/pg_ctlcluster')) {
    console.log('Installing Debian postgresql with apt-get for the PostgreSQL run…');
    for (const args of [
      ['update', '-qq'],
      ['install', '-y', '-qq', 'postgresql'],
    ]) {
      const r = sh('apt-get', args, { stdio: 'inherit', env });
      if (r.status !== 0) {
        console.log(`PostgreSQL run skipped: apt-get ${args.join(' ')} failed.`);
        return undefined;
      }
    }
  }
  let cluster = clusters()[0];
  if (!cluster) {
    const versions = sh('ls', ['/usr/lib/postgresql']).stdout.trim().split('\n').filter(Boolean);
    const version = versions.sort().at(-1);
    if (!version || sh('pg_createcluster', [version, 'main'], { stdio: 'inherit' }).status !== 0) {
      console.log('PostgreSQL run skipped: no cluster could be created.');
      return undefined;
    }
    cluster = clusters()[0];
  }
  if (cluster.status !== 'online') {
    const r = sh('pg_ctlcluster', [cluster.version, cluster.name, 'start'], { stdio: 'inherit' });
    if (r.status !== 0 && clusters()[0]?.status !== 'online') {
      console.log('PostgreSQL run skipped: the cluster did not start.');
      return undefined;
    }
  }
  const sql = `do $$ begin
    if not exists (select from pg_roles where rolname = '${ROLE}') then create role ${ROLE} login createdb password '${ROLE}'; end if;
  end $$;`;
  const role = sh('runuser', ['-u', 'postgres', '--', 'psql', '-p', cluster.port, '-v', 'ON_ERROR_STOP=1', '-qc', sql]);
  if (role.status !== 0) {
    console.log(`PostgreSQL run skipped: could not create the test role (${role.stderr.trim()}).`);
    return undefined;
  }
  return `postgres://${ROLE}:${ROLE}@127.0.0.1:${cluster.port}/postgres`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(ensurePostgres() ?? '');
