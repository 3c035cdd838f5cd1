import type { IncomingMessage, ServerResponse } from 'node:http'
import { BlockList } from 'node:net'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { Database } from '~/server/db/connection.server'
import { outboxBacklog } from '~/server/repositories/outbox.server'
import { logger } from '~/server/log.server'

/*
 * The instance's figures in Prometheus' text format at GET /metrics (docs/operations.md), for the
 * addresses METRICS_ALLOW names only: they tell how busy the site is and what fails. Counted as
 * things happen, but for the outbox and the database pool, which are read at each scrape.
 */

// From a cache hit (a fraction of a millisecond) to a slow render.
const SECONDS_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
const REQUEST_LABELS = ['route', 'method', 'status'] as const

// server.ts and React Router's build (which renders) are two bundles, each with a copy of this
// module: the one set of metrics lives on globalThis, so that both count into what /metrics shows.
const SHARED = Symbol.for('bayline.metrics')
const metrics = ((globalThis as Record<symbol, ReturnType<typeof createMetrics> | undefined>)[SHARED] ??= createMetrics())
const { registry } = metrics

function createMetrics() {
  const registry = new Registry()
  // The host's own answers, counted in plain numbers and added to the counter at each scrape: a
  // cache hit is too cheap to pay for prom-client's label lookup.
  const hostAnswers = new Map<string, { labels: Record<(typeof REQUEST_LABELS)[number], string>; count: number }>()
  // Node's own figures: event-loop lag, heap, CPU, open handles.
  collectDefaultMetrics({ register: registry })
  return {
    registry,
    hostAnswers,
    requests: new Counter({
      name: 'site_http_requests_total',
      help: 'Requests answered, by route (a route id of the app, or cached, redirect, static, media, data, admin, not-found, refused, other), method and status.',
      labelNames: REQUEST_LABELS,
      registers: [registry],
      collect() {
        for (const answers of hostAnswers.values()) {
          if (answers.count) this.inc(answers.labels, answers.count)
          answers.count = 0
        }
      },
    }),
    requestDuration: new Histogram({
      name: 'site_http_request_duration_seconds',
      help: 'Time from a request to its answer by the application, with the labels of site_http_requests_total.',
      labelNames: REQUEST_LABELS,
      buckets: SECONDS_BUCKETS,
      registers: [registry],
    }),
    pageCacheHits: new Counter({
      name: 'site_page_cache_hits_total',
      help: 'Requests for a public page answered from the page cache.',
      registers: [registry],
    }),
    pageCacheMisses: new Counter({
      name: 'site_page_cache_misses_total',
      help: 'Requests for a public page the page cache did not hold, rendered instead.',
      registers: [registry],
    }),
    renderDuration: new Histogram({
      name: 'site_page_render_duration_seconds',
      help: 'Time React takes to render a whole document.',
      buckets: SECONDS_BUCKETS,
      registers: [registry],
    }),
    outboxFailures: new Counter({
      name: 'site_outbox_failures_total',
      help: 'Failed attempts to deliver a notification (each is retried until it is given up).',
      registers: [registry],
    }),
    purges: new Counter({
      name: 'site_cache_purges_total',
      help: 'Purges sent to the shared caches in front, by result (ok or failed).',
      labelNames: ['result'] as const,
      registers: [registry],
    }),
    // One child per set of labels, kept: a cache hit must not build and hash its labels every time.
    requestChildren: new Map<string, { count: Counter.Internal; time: Histogram.Internal<(typeof REQUEST_LABELS)[number]> }>(),
  }
}

/** Counts an answered request. `route` must come from a bounded set: never a path, which would grow the metrics without end. */
export function countRequest(route: string, method: string, status: number, seconds: number) {
  const key = `${route} ${method} ${status}`
  let child = metrics.requestChildren.get(key)
  if (!child) {
    const labels = { route, method, status: String(status) }
    child = { count: metrics.requests.labels(labels), time: metrics.requestDuration.labels(labels) }
    metrics.requestChildren.set(key, child)
  }
  child.count.inc()
  child.time.observe(seconds)
}

/**
 * Counts a request answered before the application (how: cached, redirect, refused), which takes
 * well under a millisecond: its time is not kept.
 */
export function countHostAnswer(how: string, method: string, status: number) {
  const key = `${how} ${method} ${status}`
  const answers = metrics.hostAnswers.get(key)
  if (answers) answers.count++
  else metrics.hostAnswers.set(key, { labels: { route: how, method, status: String(status) }, count: 1 })
}

export const countPageCacheHit = () => metrics.pageCacheHits.inc()
export const countPageCacheMiss = () => metrics.pageCacheMisses.inc()
export const observeRender = (seconds: number) => metrics.renderDuration.observe(seconds)
export const countOutboxFailure = () => metrics.outboxFailures.inc()
export const countPurge = (ok: boolean) => metrics.purges.inc({ result: ok ? 'ok' : 'failed' })

type Backlog = Awaited<ReturnType<typeof outboxBacklog>>

/** Adds the figures read from the database at each scrape: the outbox's backlog and the pool's connections. */
function measureDatabase(database: Database) {
  // One query per scrape for both outbox gauges, started by the scrape itself.
  let backlog: Promise<Backlog | null> = Promise.resolve(null)
  const readBacklog = () => {
    backlog = outboxBacklog(database.db).catch((error: unknown) => {
      logger.warn({ err: error }, 'Reading the outbox for /metrics failed')
      return null
    })
  }
  new Gauge({
    name: 'site_outbox_backlog',
    help: 'Notifications waiting to be delivered (failing ones among them).',
    registers: [registry],
    async collect() {
      const read = await backlog
      if (read) this.set(read.pending)
    },
  })
  new Gauge({
    name: 'site_outbox_failed',
    help: 'Notifications given up on after a day of retries, until retried from the back office.',
    registers: [registry],
    async collect() {
      const read = await backlog
      if (read) this.set(read.failed)
    },
  })
  // SQLite has no pool: one connection, always open.
  if (database.connections) {
    const connections = database.connections
    new Gauge({
      name: 'site_db_pool_connections',
      help: 'PostgreSQL connections of this instance: total open, idle, and requests waiting for one.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const { total, idle, waiting } = connections()
        this.set({ state: 'total' }, total)
        this.set({ state: 'idle' }, idle)
        this.set({ state: 'waiting' }, waiting)
      },
    })
  }
  return readBacklog
}

/**
 * Answers GET /metrics for an allowed client, 403 for any other; false for every other request. The
 * client is the connection's own address, never X-Forwarded-For: behind a proxy, the proxy asks.
 */
export function metricsEndpoint(database: Database, allowed: BlockList) {
  const readBacklog = measureDatabase(database)
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.url !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) return false
    if (!isAllowed(allowed, req.socket.remoteAddress)) {
      res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' })
      res.end('The metrics are not shown to this address (METRICS_ALLOW).')
      return true
    }
    readBacklog()
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' })
        res.end(req.method === 'HEAD' ? undefined : text)
      },
      (error: unknown) => {
        logger.error({ err: error, path: '/metrics' }, 'Collecting the metrics failed')
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' })
        res.end('The metrics could not be collected.')
      },
    )
    return true
  }
}

function isAllowed(allowed: BlockList, address: string | undefined): boolean {
  if (!address) return false
  // An IPv4 client of a dual-stack socket shows as ::ffff:a.b.c.d.
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1]
  return v4 ? allowed.check(v4, 'ipv4') : allowed.check(address, address.includes(':') ? 'ipv6' : 'ipv4')
}
