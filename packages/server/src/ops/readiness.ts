import type { Database } from '../db/database';

/** Where a server is in its life: preparing its data, answering, or stopping. */
export type Phase = 'starting' | 'ready' | 'stopping';

/** What `/readyz` answers in its `status`. */
export type ReadyStatus = 'ready' | 'starting' | 'stopping' | 'database unreachable';

/** A server's readiness: its phase, and whether its database answers (checked at most once per `cacheMs`). */
export interface Readiness {
  readonly phase: Phase;
  /** Migrations and seed are done: the server answers every route. */
  ready(): void;
  /** The server is stopping (SIGTERM): a load balancer should send no more requests. */
  stopping(): void;
  check(): Promise<{ ready: boolean; status: ReadyStatus }>;
}

export interface ReadinessOptions {
  /** @default 'ready' (a test server built on a seeded database) */
  phase?: Phase;
  /** How long `select 1` may take before the database counts as unreachable. @default 1000 */
  timeoutMs?: number;
  /** How long a database check's answer is reused, so probes cost at most one query a second. @default 1000 */
  cacheMs?: number;
}

/** The readiness of a server over `db`. */
export function createReadiness(db: Database, options: ReadinessOptions = {}): Readiness {
  const { timeoutMs = 1000, cacheMs = 1000 } = options;
  let phase: Phase = options.phase ?? 'ready';
  let last: { at: number; ok: boolean } | undefined;
  let pending: Promise<boolean> | undefined;

  const probe = async (): Promise<boolean> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
    try {
      const answered = db.query('select 1').then(
        () => true,
        () => false,
      );
      return await Promise.race([answered, timeout]);
    } finally {
      clearTimeout(timer);
    }
  };

  const databaseOk = async (): Promise<boolean> => {
    if (last && Date.now() - last.at < cacheMs) return last.ok;
    pending ??= probe().then((ok) => {
      last = { at: Date.now(), ok };
      pending = undefined;
      return ok;
    });
    return pending;
  };

  return {
    get phase() {
      return phase;
    },
    ready() {
      if (phase === 'starting') phase = 'ready';
    },
    stopping() {
      phase = 'stopping';
    },
    async check() {
      if (phase !== 'ready') return { ready: false, status: phase };
      return (await databaseOk()) ? { ready: true, status: 'ready' } : { ready: false, status: 'database unreachable' };
    },
  };
}
