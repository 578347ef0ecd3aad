/**
 * The portal measured from inside, in Prometheus' text format (prom-client), one registry per process.
 * docs/operations.md lists every family, what moves it and the alerts built on it. The families are
 * defined here, once; the code where an event happens only increments them (a counter is a few
 * nanoseconds and allocates nothing after its first label set, so the hot path is unaffected).
 *
 * Money counters count committed work only: a movement inside a database transaction that is later
 * rolled back must not be counted, so ledger callers count through `afterCommit` (db/transaction.ts).
 */
import type pg from 'pg';
import client from 'prom-client';

export const registry = new client.Registry();
const scrapeReaders: Array<() => void | Promise<void>> = [];
registry.setDefaultLabels({ role: process.env.PORTAL_ROLE ?? 'all' });
/**
 * The event loop is sampled every this many ms (prom-client's default). Node's monitorEventLoopDelay records
 * the time between samples, so its nodejs_eventloop_lag_* figures include this interval: an idle process
 * reads p50 10.1 ms. Readers that show a delay subtract it (eventLoopDelayMs).
 */
export const EVENT_LOOP_SAMPLING_MS = 10;
/** The event loop's delay from a nodejs_eventloop_lag_* figure in seconds: what blocked it beyond the sampling interval. */
export const eventLoopDelayMs = (lagSeconds: number) => Math.max(0, lagSeconds * 1000 - EVENT_LOOP_SAMPLING_MS);
// process CPU, memory, GC, event-loop lag (nodejs_eventloop_lag_*), open handles
client.collectDefaultMetrics({
  register: registry,
  prefix: 'portal_',
  eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLING_MS,
});

const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
  new client.Counter<L>({ name, help, labelNames, registers: [registry] });
const gauge = <L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[] = [],
  collect?: (this: client.Gauge<L>) => void | Promise<void>,
) => new client.Gauge<L>({ name, help, labelNames, registers: [registry], ...(collect ? { collect } : {}) });
const histogram = <L extends string>(name: string, help: string, labelNames: readonly L[], buckets: number[]) =>
  new client.Histogram<L>({ name, help, labelNames, buckets, registers: [registry] });

/** Request latencies: 1 ms to 10 s; a transfer answers in 2-30 ms, so most buckets sit there. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const metrics = {
  httpRequests: counter('portal_http_requests_total', 'HTTP requests answered, by route template, method and status', [
    'method',
    'route',
    'status',
  ]),
  httpDuration: histogram(
    'portal_http_request_duration_seconds',
    'Time to answer an HTTP request, by route template, method and status',
    ['method', 'route', 'status'],
    LATENCY_BUCKETS,
  ),
  ledgerTransactions: counter(
    'portal_ledger_transactions_total',
    'Committed ledger transactions, by transaction type',
    ['type'],
  ),
  escrowMovements: counter(
    'portal_escrow_movements_total',
    'Committed escrow movements (hold, release, refund), by reference type',
    ['movement', 'reference'],
  ),
  idempotency: counter(
    'portal_idempotency_total',
    'Requests with an Idempotency-Key that were replays of a stored answer or refused as a conflict',
    ['outcome'],
  ),
  rateLimitRefusals: counter('portal_rate_limit_refusals_total', 'Requests refused by a rate limit, by limit', [
    'limit',
  ]),
  jobRuns: counter('portal_job_runs_total', 'Scheduled job runs, by job and outcome', ['job', 'outcome']),
  jobDuration: histogram(
    'portal_job_duration_seconds',
    'Time a scheduled job run took',
    ['job'],
    [0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120],
  ),
  jobQueueDepth: gauge('portal_job_queue_depth', 'Jobs waiting in a queue (read at scrape time)', ['job']),
  openSockets: gauge('portal_open_sockets', 'Live WebSocket connections on this process'),
  notifyLag: histogram(
    'portal_realtime_delivery_lag_seconds',
    'From NOTIFY (the event committed) to the event written to the sockets of this process',
    [],
    [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
  ),
  poolConnections: gauge(
    'portal_db_pool_connections',
    'Connections of the shared database pool, by state (idle, busy)',
    ['state'],
  ),
  poolWaiting: gauge('portal_db_pool_waiting', 'Queries waiting for a connection of the shared database pool'),
  booksCheck: gauge(
    'portal_books_check_ok',
    '1 when the last books check found the books balanced, 0 when it found a difference',
  ),
  booksCheckTime: gauge('portal_books_check_timestamp_seconds', 'When the last books check ran (Unix time)'),
};

/** The shared pool's use and wait, read at scrape time. */
export function watchPool(pool: pg.Pool): void {
  onScrape(() => {
    metrics.poolConnections.set({ state: 'idle' }, pool.idleCount);
    metrics.poolConnections.set({ state: 'busy' }, pool.totalCount - pool.idleCount);
    metrics.poolWaiting.set(pool.waitingCount);
  });
}

/** Values read only when scraped (pool use, queue depth): each source registers a reader here. */
export function onScrape(read: () => void | Promise<void>): void {
  scrapeReaders.push(read);
}

/** The registry's text, after the scrape-time readers ran (a failing reader leaves its last values). */
export async function metricsText(): Promise<string> {
  await Promise.allSettled(scrapeReaders.map((read) => read()));
  return registry.metrics();
}

export const METRICS_CONTENT_TYPE = registry.contentType;

/** The result of a books check (platform/ledger/check-books.ts) over the whole ledger. */
export function recordBooksCheck(ok: boolean): void {
  metrics.booksCheck.set(ok ? 1 : 0);
  metrics.booksCheckTime.set(Date.now() / 1000);
}

const startedAt = new Date();

/** This process's figures since it started, for the admin System page (Prometheus has them across processes). */
export async function processFigures() {
  await Promise.allSettled(scrapeReaders.map((read) => read()));
  const families = new Map((await registry.getMetricsAsJSON()).map((m) => [m.name, m.values]));
  const sum = (name: string, keep: (labels: Partial<Record<string, string | number>>) => boolean = () => true) =>
    (families.get(name) ?? []).filter((v) => keep(v.labels)).reduce((total, v) => total + v.value, 0);
  return {
    started_at: startedAt.toISOString(),
    requests: sum('portal_http_requests_total'),
    server_errors: sum('portal_http_requests_total', (l) => String(l.status).startsWith('5')),
    rate_limited: sum('portal_rate_limit_refusals_total'),
    open_sockets: sum('portal_open_sockets'),
    pool_busy: sum('portal_db_pool_connections', (l) => l.state === 'busy'),
    pool_idle: sum('portal_db_pool_connections', (l) => l.state === 'idle'),
    pool_waiting: sum('portal_db_pool_waiting'),
    event_loop_p99_ms: Math.round(eventLoopDelayMs(sum('portal_nodejs_eventloop_lag_p99_seconds')) * 10) / 10,
    memory_mib: Math.round(process.memoryUsage().rss / 2 ** 20),
  };
}

/** The rate-limit family's label: a key's first two segments ('sign-in:ip:1.2.3.4' -> 'sign-in:ip'); never the person. */
export const rateLimitName = (key: string) => key.split(':').slice(0, 2).join(':');
