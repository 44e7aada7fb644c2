import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from './db/database';

/**
 * Prometheus metrics (text format, `prom-client`). Two registries:
 *
 * - the process's shared one: Node's default process metrics and the caches' hit and miss counters
 *   ({@link cacheMetric}), which modules create at load time without an app at hand;
 * - one per app ({@link createMetrics}): HTTP requests by route pattern and status, and the
 *   PostgreSQL pool. Per app, so several test servers in one process never register a name twice.
 *
 * `GET /metrics` answers both (src/ops/routes.ts), behind METRICS_TOKEN.
 */
export const sharedRegistry = new Registry();
collectDefaultMetrics({ register: sharedRegistry, prefix: 'cloudportal_' });

const cacheRequests = new Counter({
  name: 'cloudportal_cache_requests_total',
  help: 'Cache look-ups by cache and result (hit or miss); the hit ratio is hit / (hit + miss).',
  labelNames: ['cache', 'result'] as const,
  registers: [sharedRegistry],
});

/** A cache's hit and miss counter. */
export interface CacheMetric {
  hit(): void;
  miss(): void;
}

const CACHE_NAME = /^[a-z][a-z0-9_.-]{0,63}$/;

/**
 * The counter of the cache `name` (lower-case letters, digits, `_`, `.`, `-`; at most 64): call
 * `hit()` or `miss()` on every look-up. Cheap; the same name answers the same counter.
 */
export function cacheMetric(name: string): CacheMetric {
  if (!CACHE_NAME.test(name)) throw new Error(`A cache metric name must match ${CACHE_NAME.source}, got "${name}"`);
  const hit = cacheRequests.labels(name, 'hit');
  const miss = cacheRequests.labels(name, 'miss');
  // Listed at 0 from the start, so a ratio over a fresh process is defined.
  hit.inc(0);
  miss.inc(0);
  return { hit: () => hit.inc(), miss: () => miss.inc() };
}

/** What a pg.Pool reports about its connections. */
export interface PoolStats {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

/** The PostgreSQL pool behind `db`, when the database exposes one (`pool`), else undefined. */
export function poolOf(db: Database): PoolStats | undefined {
  const pool = (db as { pool?: Partial<PoolStats> }).pool;
  return pool &&
    typeof pool.totalCount === 'number' &&
    typeof pool.idleCount === 'number' &&
    typeof pool.waitingCount === 'number'
    ? (pool as PoolStats)
    : undefined;
}

/** One app's metrics. */
export interface AppMetrics {
  readonly registry: Registry;
  /** Records one answered request: `route` is the route pattern (e.g. `/api/data/:dataset`), never the raw URL. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** Counts one Content-Security-Policy violation a browser reported, by the directive it broke. */
  countCspReport(directive: string): void;
  /** The text format of this app's metrics and the shared ones. */
  text(): Promise<string>;
  readonly contentType: string;
}

/** The metrics of one app; `pool` (a pg.Pool, see {@link poolOf}) adds the connection gauges. */
export function createMetrics(options: { pool?: PoolStats } = {}): AppMetrics {
  const registry = new Registry();
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'cloudportal_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'cloudportal_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const cspReports = new Counter({
    name: 'cloudportal_csp_reports_total',
    help: "Content-Security-Policy violations browsers reported from the portal's pages, by the directive broken.",
    labelNames: ['directive'] as const,
    registers: [registry],
  });
  const { pool } = options;
  if (pool) {
    new Gauge({
      name: 'cloudportal_db_pool_connections',
      help: 'PostgreSQL pool: open connections (total), idle ones, and queries waiting for a connection.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }
  return {
    registry,
    contentType: registry.contentType,
    observeRequest(method, route, status, seconds) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      durations.observe(labels, seconds);
    },
    countCspReport(directive) {
      cspReports.inc({ directive });
    },
    async text() {
      return `${await registry.metrics()}\n${await sharedRegistry.metrics()}`;
    },
  };
}
