import type { MetricFamily } from 'parse-prometheus-text-format'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requestLines } from '../support/log-lines'
import { metricFamily as family, metricValue as value, scrapeMetrics } from '../support/metrics'
import { startServer, type RunningServer } from '../support/server'

/*
 * What an operator reads of a running instance: one JSON line per request, with the request's id
 * (the one a proxy in front passed on, or a new one), and /metrics in Prometheus' text format for
 * the addresses METRICS_ALLOW names (loopback unless told).
 */

let server: RunningServer

beforeAll(async () => {
  server = await startServer()
})
afterAll(async () => {
  await server?.stop()
})

async function scrape(): Promise<{ metrics: MetricFamily[]; text: string }> {
  const { metrics, text, response } = await scrapeMetrics(server.url)
  expect(response.status).toBe(200)
  expect(response.headers.get('cache-control')).toBe('no-store')
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
  return { metrics, text }
}

describe('the log', () => {
  it('writes one JSON line per request, with the id the request brought or a new one, which the answer echoes', async () => {
    const ask = async (id: string) => {
      const response = await fetch(`${server.url}/about`, { headers: { 'X-Request-Id': id } })
      await response.arrayBuffer()
      return response.headers.get('x-request-id')
    }
    // Rendered, then answered from the page cache; a token with spaces in it is no id to keep.
    expect(await ask('probe-render.1')).toBe('probe-render.1')
    expect(await ask('probe_cached-2')).toBe('probe_cached-2')
    const made = await ask('not a token')
    expect(made).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)

    const lineOf = (id: string | null) => requestLines(server.output()).filter((line) => line.reqId === id)
    await expect.poll(() => lineOf(made).length).toBe(1)
    expect(lineOf('probe-render.1')).toEqual([
      expect.objectContaining({
        level: 'info',
        method: 'GET',
        url: '/about',
        status: 200,
        how: 'rendered',
        msg: expect.stringMatching(/^GET \/about 200 [\d.]+ms$/),
      }),
    ])
    expect(lineOf('probe_cached-2')).toEqual([
      expect.objectContaining({ url: '/about', status: 200, how: 'cached', msg: 'GET /about 200 cached' }),
    ])
    expect(lineOf(made)).toEqual([expect.objectContaining({ how: 'cached' })])
    expect(lineOf('not a token')).toEqual([])
    // A hit asked for without an id is logged with one of its own, and answered in one write without it.
    const plain = await fetch(`${server.url}/about`)
    await plain.arrayBuffer()
    expect(plain.headers.get('x-request-id')).toBeNull()
    for (const line of requestLines(server.output())) expect(line.ms).toBeGreaterThanOrEqual(0)
    // Everything the server printed, from its start on, is JSON.
    const printed = server.output().split('\n').filter(Boolean)
    expect(printed.filter((line) => !isJson(line))).toEqual([])
    expect(printed.map((line) => JSON.parse(line) as { event?: string }).some((line) => line.event === 'server.listening')).toBe(true)
  })

  it('prints readable lines with LOG_FORMAT=pretty', async () => {
    const pretty = await startServer({ LOG_FORMAT: 'pretty' })
    try {
      for (let i = 0; i < 2; i++) await (await fetch(`${pretty.url}/about`)).arrayBuffer()
      await expect.poll(() => pretty.output()).toMatch(/INFO.*GET \/about 200 cached/)
      const printed = pretty.output().split('\n').filter(Boolean)
      expect(printed.filter(isJson)).toEqual([])
      expect(printed.some((line) => /INFO.*listening on http:\/\/localhost:\d+/.test(line))).toBe(true)
    } finally {
      await pretty.stop()
    }
  })
})

describe('/metrics', () => {
  it('holds the named metrics, in the text format, with figures that follow the requests', async () => {
    for (let i = 0; i < 2; i++) await (await fetch(`${server.url}/`)).arrayBuffer()
    const { metrics: before } = await scrape()
    await (await fetch(`${server.url}/`)).arrayBuffer()
    const { metrics: after, text } = await scrape()

    for (const name of [
      'site_http_requests_total',
      'site_http_request_duration_seconds',
      'site_page_cache_hits_total',
      'site_page_cache_misses_total',
      'site_page_render_duration_seconds',
      'site_outbox_backlog',
      'site_outbox_failed',
      'site_outbox_failures_total',
      'site_cache_purges_total',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(family(after, name), name).toBeDefined()
    }
    expect(value(after, 'site_page_cache_hits_total')).toBe(value(before, 'site_page_cache_hits_total') + 1)
    expect(value(after, 'site_page_cache_misses_total')).toBeGreaterThanOrEqual(2)
    expect(value(after, 'site_outbox_backlog')).toBe(0)
    expect(value(after, 'site_outbox_failed')).toBe(0)
    expect(Number(family(after, 'site_page_render_duration_seconds')!.metrics[0]!.count)).toBeGreaterThanOrEqual(2)
    // SQLite has no pool of connections to show.
    expect(family(after, 'site_db_pool_connections')).toBeUndefined()

    const requests = family(after, 'site_http_requests_total')!.metrics
    const count = (route: string) =>
      Number(requests.find((sample) => sample.labels?.route === route && sample.labels.status === '200')?.value ?? 0)
    expect(count('cached')).toBeGreaterThanOrEqual(3)
    // The home page's route, by its id: never a path, which would give each address its own series.
    expect(count('page-home')).toBe(1)
    expect(requests.filter((sample) => sample.labels?.route?.startsWith('/'))).toEqual([])
    // The parser keeps no labels of a histogram's samples: they are read from the text. The host's own
    // answers take well under a millisecond and are counted only.
    expect(family(after, 'site_http_request_duration_seconds')!.type).toBe('HISTOGRAM')
    expect(text).toMatch(/^site_http_request_duration_seconds_count\{route="page-home",method="GET",status="200"\} 1$/m)
    expect(text).not.toMatch(/^site_http_request_duration_seconds_count\{route="cached"/m)
  })

  it('is refused to an address METRICS_ALLOW does not name, whatever X-Forwarded-For says', async () => {
    const elsewhere = await startServer({ METRICS_ALLOW: '10.9.9.9', TRUST_PROXY: '1' })
    try {
      const response = await fetch(`${elsewhere.url}/metrics`, { headers: { 'X-Forwarded-For': '10.9.9.9' } })
      expect(response.status).toBe(403)
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(await response.text()).not.toContain('site_')
    } finally {
      await elsewhere.stop()
    }
  })
})

function isJson(line: string): boolean {
  try {
    JSON.parse(line)
    return true
  } catch {
    return false
  }
}
