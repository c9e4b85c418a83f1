import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The store's metrics in the Prometheus text format (ADR 085), one registry per process:
 * requests by route, the supplier's calls, live order streams, the process itself; and, read from
 * the database when scraped (`collect`), job queues, orders by kind and state, payments and refunds.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'openline_' });

export const httpRequests = new Counter({
  name: 'openline_http_requests_total',
  help: 'Requests answered, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: 'openline_http_request_duration_seconds',
  help: 'Time to answer a request, by method and route pattern',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const supplierCalls = new Counter({
  name: 'openline_supplier_calls_total',
  help: 'Calls to the unlock supplier, by action and outcome (ok, transport, account, rejected)',
  labelNames: ['supplier', 'action', 'outcome'] as const,
  registers: [registry],
});

export const supplierDuration = new Histogram({
  name: 'openline_supplier_call_duration_seconds',
  help: 'Time the unlock supplier took to answer, by action',
  labelNames: ['supplier', 'action'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  registers: [registry],
});

export const orderStreams = new Gauge({
  name: 'openline_order_streams',
  help: 'Live order event streams open on this instance',
  registers: [registry],
});

/** Database figures read at each scrape, by whoever owns the database (bootstrap). */
export interface ScrapedFigures {
  readonly queues: readonly { queue: string; state: string; jobs: number; oldestSeconds: number }[];
  readonly orders: readonly { kind: string; status: string; orders: number }[];
  readonly paymentEvents: readonly { outcome: string; events: number }[];
  readonly refunds: readonly { kind: string; refunds: number }[];
}

const queueJobs = new Gauge({
  name: 'openline_job_queue_jobs',
  help: 'Jobs waiting, retrying or running, by queue and state',
  labelNames: ['queue', 'state'] as const,
  registers: [registry],
});
const queueAge = new Gauge({
  name: 'openline_job_queue_oldest_seconds',
  help: 'Age of the oldest job not yet done, by queue and state',
  labelNames: ['queue', 'state'] as const,
  registers: [registry],
});
const ordersByState = new Gauge({
  name: 'openline_orders',
  help: 'Orders, by kind and state',
  labelNames: ['kind', 'status'] as const,
  registers: [registry],
});
const paymentEvents = new Gauge({
  name: 'openline_payment_events',
  help: 'Payment provider events handled in the retention window, by outcome',
  labelNames: ['outcome'] as const,
  registers: [registry],
});
const refunds = new Gauge({
  name: 'openline_refunds',
  help: 'Orders refunded, by kind',
  labelNames: ['kind'] as const,
  registers: [registry],
});

/** The Prometheus text of every metric, the database's figures read now. */
export async function scrape(read: () => Promise<ScrapedFigures>): Promise<string> {
  const figures = await read();
  for (const gauge of [queueJobs, queueAge, ordersByState, paymentEvents, refunds]) gauge.reset();
  for (const row of figures.queues) {
    queueJobs.set({ queue: row.queue, state: row.state }, row.jobs);
    queueAge.set({ queue: row.queue, state: row.state }, row.oldestSeconds);
  }
  for (const row of figures.orders) ordersByState.set({ kind: row.kind, status: row.status }, row.orders);
  for (const row of figures.paymentEvents) paymentEvents.set({ outcome: row.outcome }, row.events);
  for (const row of figures.refunds) refunds.set({ kind: row.kind }, row.refunds);
  return registry.metrics();
}
