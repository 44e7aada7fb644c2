import { describe, expect, it } from 'vitest';
import { isUnavailableError } from '../http/databaseErrors';
import { databases, freshDatabase } from '../test-support';

const onPostgres = databases.some((d) => d.databaseUrl);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Issue 39 §2 / §4: a PostgreSQL restart ends every connection, including one a transaction holds
// between two statements. node-postgres then reports it on that client, which its pool no longer
// listens to: unheard, the 'error' event ended the whole process (seen in bench:load's restart phase).
describe.runIf(onPostgres)('a PostgreSQL connection ended while a transaction holds it (issue 39 §2)', () => {
  it('given the server ends it between two statements, then the transaction fails as unavailable, the process goes on, and the next transaction works', async () => {
    const { db, drop } = await freshDatabase();
    try {
      const ended = db.transaction(async (tx) => {
        const { rows } = await tx.query<{ pid: number }>('select pg_backend_pid() as pid');
        await db.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
        // The termination arrives while no statement of the transaction is in flight.
        await sleep(300);
        await tx.query('select 1');
      });
      await expect(ended).rejects.toSatisfy(isUnavailableError);
      const { rows } = await db.transaction((tx) => tx.query<{ n: number }>('select 1 as n'));
      expect(rows[0]!.n).toBe(1);
    } finally {
      await drop();
    }
  });
});
