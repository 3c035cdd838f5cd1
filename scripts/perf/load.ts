/*
 * `npm run load`: the production server under a crowd while an admin keeps saving posts. 200
 * connections ask for a mix of public pages for 30 s, gzip accepted, while one admin saves a post
 * through the real editor every 250 ms (each save clears the page cache, so pages are rendered again
 * under load). It prints the errors of every kind, latency and the server's memory: its level
 * before the run, its peak, and whether (and how soon, waiting at most 90 s) it comes back to that
 * level. Only 127.0.0.1 is asked; the site is built into a temp directory and served from a fresh
 * database, which are all removed at the end. It asserts nothing and exits non-zero only if the
 * server died.
 *
 * DATABASE_URL=postgres://... runs it on PostgreSQL instead: a new database is created on that
 * server (the user needs CREATEDB) and dropped afterwards. Any other DATABASE_URL is ignored.
 *
 * `npm run load -- --cluster` runs the same crowd through the cluster of `npm run cluster` (Varnish,
 * HAProxy, three instances) on a fresh PostgreSQL database (on DATABASE_URL's server, else
 * 127.0.0.1:5432). About a fifth of the requests carry a query parameter Varnish has never seen
 * (`?miss=...`, part of its cache key), so they go through to HAProxy and the instances; the admin
 * saves through Varnish, and visitors send contact forms meanwhile, each from an address of its own,
 * after taking the form's ticket and waiting as long as a person would. It prints requests/s,
 * errors, p50/p99, the hit ratio at Varnish, HAProxy's share and each instance's page cache, the
 * leads accepted against the rows stored, then the same crowd on one instance alone and the load
 * generator's own ceiling; writes bench/load-cluster.json.
 */
import { execFileSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import pg from 'pg'
import { DEFAULT_TIME_ZONE, utcToWallTime } from '~/lib/dates'
import { parseDatabaseUrl } from '~/server/config.server'
import { openDatabase } from '~/server/db/connection.server'
import { getPostForEditor } from '~/server/repositories/posts.server'
import { LEAST_FORM_MS } from '~/server/services/form-ticket.server'
import { upsertAdmin } from '~/server/services/users.server'
import { startCluster, type Cluster, type HaproxyServerStats, type VarnishStats } from '../lib/cluster'
import { measureCeiling, type LoadGenerator, type Measure } from './lib/load-generator'
import { startProductionServer } from './lib/production-server'
import { sampleRss } from './lib/rss'

const CONNECTIONS = 200
const DURATION_S = 30
const WARM_UP_S = 5
// Idle time before the baseline is read.
const IDLE_S = 15
// After the run, how long memory may take to come back to its level. V8 gives memory back lazily,
// when the process has been quiet for a while: reading it at once would measure garbage.
const SETTLE_MAX_S = 90
// A level is the median RSS over the last seconds.
const LEVEL_WINDOW_S = 5
const SAVE_EVERY_MS = 250
// Every request of the script's own (saves, light requests) gives up after this long.
const REQUEST_TIMEOUT_MS = 10_000
// "Memory returns to its level": the settled RSS is at most this much above the baseline.
const RSS_TOLERANCE = 0.1
const ADMIN = { email: 'load-admin@example.com', password: `load-${randomBytes(12).toString('hex')}` }
const CLUSTER = process.argv.includes('--cluster')
// The cluster's database is made on this server unless DATABASE_URL names another.
const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres'
// Pages asked for with a query of their own in the cluster's mix: misses at Varnish.
const MISS_PATHS = ['/', '/resources/blog', '/about']
// Visitors sending the contact form at once during the cluster run, each waiting for its answer.
const LEAD_SENDERS = 4
const CEILING_S = 10

type EditedPost = NonNullable<Awaited<ReturnType<typeof getPostForEditor>>> & { path: string }

interface Site {
  url: string
  /** The posts in the mix, as the editor loads them. */
  posts: EditedPost[]
  mix: string[]
}

interface SaveStats {
  done: number
  failed: number
  failures: string[]
  latenciesMs: number[]
}

// The server or cluster under test, to stop if this script is interrupted.
let serverChild: ChildProcess | undefined
let cluster: Cluster | undefined
// New posts are named by run and numbered across the warm-up and the run, so every slug is new.
const runId = randomBytes(3).toString('hex')
let saveCount = 0
let leadCount = 0
let missCount = 0

async function main() {
  const given = process.env.DATABASE_URL ?? ''
  const isPostgres = /^postgres(ql)?:\/\//.test(given)
  // The cluster's instances share one PostgreSQL database.
  const postgres = isPostgres || CLUSTER ? await createPostgresDatabase(isPostgres ? given : DEFAULT_POSTGRES_URL) : null
  if (given && !isPostgres)
    console.log(`DATABASE_URL is not a PostgreSQL URL: a fresh ${CLUSTER ? 'PostgreSQL' : 'SQLite'} database is used instead.`)
  const work = mkdtempSync(join(tmpdir(), 'site-load-'))
  const cleanUp = () => rmSync(work, { recursive: true, force: true })
  const onSignal = async () => {
    serverChild?.kill('SIGTERM')
    await cluster?.stop()
    cleanUp()
    if (postgres) console.error(`Interrupted: drop the database ${postgres.name} by hand.`)
    process.exit(130)
  }
  process.once('SIGINT', () => void onSignal())
  process.once('SIGTERM', () => void onSignal())
  try {
    const buildDir = join(work, 'build')
    // The build imports its packages (react, react-router…) from the nearest node_modules upward.
    symlinkSync(join(process.cwd(), 'node_modules'), join(work, 'node_modules'), 'dir')
    // ...and is an ES module like the project's own: without this, Node reads it as CommonJS and a
    // package that exports its subpaths to `import` only (the PDF renderer's hyphenation) fails.
    writeFileSync(join(work, 'package.json'), '{ "type": "module" }\n')
    console.log('Building the production site into a temp directory...')
    build(buildDir)
    return await (CLUSTER ? runCluster : run)(work, buildDir, postgres?.url ?? `file:${join(work, 'site.db')}`)
  } finally {
    cleanUp()
    await postgres?.drop()
  }
}

function build(buildDir: string) {
  try {
    execFileSync('npm', ['run', 'build'], { env: { ...process.env, BUILD_DIR: buildDir }, stdio: 'pipe' })
  } catch (error) {
    const output = error as { stdout?: Buffer; stderr?: Buffer }
    throw new Error(`The build failed:\n${output.stdout ?? ''}${output.stderr ?? ''}`)
  }
}

async function run(work: string, buildDir: string, databaseUrl: string): Promise<number> {
  const logFile = join(work, 'server.log')
  const server = await startProductionServer({ databaseUrl, logFile, env: { BUILD_DIR: buildDir } })
  serverChild = server.child
  let stopping = false
  let crashed = ''
  server.child.once('exit', (code, signal) => {
    if (!stopping) crashed = `the server exited during the run (code ${code}, signal ${signal})`
  })
  const rss = sampleRss(server.child.pid)
  try {
    const site = await prepare(server.url, databaseUrl)
    const cookie = await signIn(server.url)
    for (const path of site.mix) {
      const status = await lightRequest(server.url + path)
      if (status !== 200) throw new Error(`${path} answered ${status} before the run`)
    }

    console.log(`Warming up for ${WARM_UP_S} s, then ${IDLE_S} s idle for the baseline...`)
    const warmUpSaves = startSaving(site, cookie)
    await autocannon(loadOptions(site, WARM_UP_S))
    await warmUpSaves.stop()
    const warmUpEnd = Date.now()
    const warmUpIdle = await idle(site, () => Date.now() >= warmUpEnd + IDLE_S * 1000)
    const baseline = rss.median(warmUpIdle.end - LEVEL_WINDOW_S * 1000, warmUpIdle.end)
    const limit = Math.round(baseline * (1 + RSS_TOLERANCE))

    console.log(`${CONNECTIONS} connections for ${DURATION_S} s while an admin saves a post every ${SAVE_EVERY_MS} ms...`)
    const logStart = readFileSync(logFile).length
    const runStart = Date.now()
    const saves = startSaving(site, cookie)
    const result = await autocannon(loadOptions(site, DURATION_S))
    const saveStats = await saves.stop()
    const runEnd = Date.now()
    const served = countServed(readFileSync(logFile).subarray(logStart).toString('utf8'))

    console.log(`Load stopped; waiting up to ${SETTLE_MAX_S} s, with a few light requests, for memory to come back within ${limit} MB...`)
    const level = () => rss.median(Date.now() - LEVEL_WINDOW_S * 1000)
    const afterIdle = await idle(
      site,
      () => Date.now() >= runEnd + SETTLE_MAX_S * 1000 || (Date.now() >= runEnd + LEVEL_WINDOW_S * 1000 && level() <= limit),
    )
    const settled = rss.median(afterIdle.end - LEVEL_WINDOW_S * 1000, afterIdle.end)
    const settleS = Math.round((afterIdle.end - runEnd) / 1000)
    const peak = rss.peak(runStart, runEnd)
    const health = crashed ? 0 : await lightRequest(`${server.url}/healthz`)

    report({
      mix: site.mix,
      result,
      saveStats,
      warmUpFailures: warmUpSaves.stats.failed + warmUpIdle.failed,
      lightFailures: afterIdle.failed,
      served,
      baseline,
      limit,
      peak,
      settled,
      settleS,
      crashed,
      health,
      databaseUrl,
      timeline: timeline(rss.samples, runStart),
    })
    return crashed ? 1 : 0
  } finally {
    rss.stop()
    stopping = true
    // A server that does not stop within its own grace period (10 s) is killed.
    const kill = setTimeout(() => server.child.kill('SIGKILL'), 15_000)
    await server.stop()
    clearTimeout(kill)
  }
}

/** Creates the admin, and reads the posts to edit and the pages to ask for from the seeded site. */
async function prepare(url: string, databaseUrl: string): Promise<Site> {
  const database = openDatabase(parseDatabaseUrl(databaseUrl))
  try {
    await upsertAdmin(database.db, ADMIN.email, ADMIN.password)
    const rows = await database.db
      .selectFrom('blog_posts')
      .select(['id', 'slug'])
      .where('published', '=', 1)
      .orderBy('published_at', 'desc')
      .limit(3)
      .execute()
    if (rows.length === 0) throw new Error('The seeded site has no published post')
    const posts: EditedPost[] = []
    for (const row of rows) {
      const post = await getPostForEditor(database.db, row.id)
      if (post) posts.push({ ...post, path: `/resources/blog/${row.slug}` })
    }
    const first = posts[0]!
    const tag = first.tags[0] ?? ''
    const word =
      first.title
        .split(/\s+/)
        .find((w) => w.length >= 5)
        ?.toLowerCase() ?? 'ai'
    const mix = [
      '/',
      '/solutions',
      '/case-studies',
      '/resources/blog',
      `/resources/blog?q=${encodeURIComponent(word)}`,
      `/resources/blog?tag=${encodeURIComponent(tag)}`,
      ...posts.map((post) => post.path),
      '/about',
      '/contact',
    ]
    return { url, posts, mix }
  } finally {
    await database.close()
  }
}

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/admin/login`, {
    method: 'POST',
    body: new URLSearchParams(ADMIN),
    headers: { Origin: url },
    redirect: 'manual',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  })
  const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith('session='))
  if (response.status !== 302 || !session) throw new Error(`Signing in answered ${response.status}`)
  return session.split(';')[0]!
}

/** Every connection walks the mix in turn, asking for gzip like a browser. */
function loadOptions(site: Site, duration: number): autocannon.Options {
  const headers = { 'accept-encoding': 'gzip' }
  return {
    url: site.url,
    connections: CONNECTIONS,
    duration,
    headers,
    requests: site.mix.map((path) => ({ method: 'GET', path, headers })),
  }
}

/**
 * An admin saving through the post editor until stopped: edits of the posts in the mix (new title
 * and content, same address and publish time) alternating with new published posts.
 */
function startSaving(site: Site, cookie: string) {
  const stats: SaveStats = { done: 0, failed: 0, failures: [], latenciesMs: [] }
  let stopped = false
  const loop = (async () => {
    while (!stopped) {
      const n = saveCount++
      const started = Date.now()
      const post = site.posts[Math.floor(n / 2) % site.posts.length]!
      const outcome = await save(site, cookie, n % 2 === 0 ? post : null, n).catch((error: unknown) =>
        error instanceof Error ? error.message : String(error),
      )
      stats.latenciesMs.push(Date.now() - started)
      if (outcome === 'saved') stats.done++
      else {
        stats.failed++
        if (stats.failures.length < 5) stats.failures.push(outcome)
      }
      await sleep(SAVE_EVERY_MS - (Date.now() - started))
    }
  })()
  return {
    stats,
    stop: async () => {
      stopped = true
      await loop
      return stats
    },
  }
}

/** One submission of the editor's form, editing `post` or creating one; 'saved' or what went wrong. */
async function save(site: Site, cookie: string, post: EditedPost | null, n: number): Promise<string> {
  const form = new FormData()
  if (post) {
    fill(form, {
      title: `${post.title} (edit ${n})`,
      slug: post.slug,
      content: `${post.content}\n\nUpdated under load, save ${n}.`,
      excerpt: post.excerpt,
      authorId: post.authorId,
      // A fresh database: the site's zone is the default one.
      publishAt: post.publishedAt ? utcToWallTime(post.publishedAt, DEFAULT_TIME_ZONE) : '',
    })
    for (const tag of post.tags) form.append('tags', tag)
  } else {
    const authorId = site.posts[0]!.authorId
    fill(form, {
      title: `Load test post ${runId} ${n}`,
      slug: `load-test-${runId}-${n}`,
      content: postBody(n),
      excerpt: '',
      authorId,
      publishAt: '',
    })
    for (const tag of ['Load Test', ...site.posts[0]!.tags.slice(0, 1)]) form.append('tags', tag)
  }
  form.set('published', 'on')
  form.set('featuredImage', new File([], ''))
  const response = await fetch(`${site.url}/admin/blog/${post ? `edit/${post.id}` : 'new'}`, {
    method: 'POST',
    body: form,
    headers: { Cookie: cookie, Origin: site.url },
    redirect: 'manual',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  })
  await response.arrayBuffer()
  const location = response.headers.get('location')
  return response.status === 302 && location === '/admin/blog'
    ? 'saved'
    : `${post ? 'edit' : 'create'} answered ${response.status} ${location ?? ''}`.trim()
}

function fill(form: FormData, fields: Record<string, string>) {
  for (const [name, value] of Object.entries({ ...fields, tagDraft: '', timeZone: DEFAULT_TIME_ZONE })) form.set(name, value)
}

function postBody(n: number): string {
  const paragraph = `Paragraph written by the load script for post ${n}. It has **some emphasis**, a [link](/contact) and enough words to look like a real post on the public blog.`
  return [`## Section ${n}`, paragraph, '- one point\n- another point\n- a third point', paragraph, paragraph].join('\n\n')
}

/** Quiet time until `done` (checked every second), with a couple of light requests every 3 s. */
async function idle(site: Site, done: () => boolean): Promise<{ end: number; failed: number }> {
  let failed = 0
  for (let second = 0; !done(); second++) {
    if (second % 3 === 0) for (const path of ['/', '/resources/blog']) if ((await lightRequest(site.url + path)) !== 200) failed++
    await sleep(1000)
  }
  return { end: Date.now(), failed }
}

/** One GET as a browser would send it; its status, or 0 when it failed or timed out. */
async function lightRequest(url: string): Promise<number> {
  try {
    const response = await fetch(url, { headers: { 'accept-encoding': 'gzip' }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
    await response.arrayBuffer()
    return response.status
  } catch {
    return 0
  }
}

/** Requests the server answered from its page cache and ones it rendered, from its log. */
function countServed(log: string) {
  let cached = 0
  let rendered = 0
  // The server's JSON lines (app/server/log.server.ts): each request's says how it was answered.
  for (const line of log.split('\n')) {
    if (!line.startsWith('{"') || !line.endsWith('}')) continue
    const { event, method, how } = JSON.parse(line) as { event?: string; method?: string; how?: string }
    if (event !== 'request' || method !== 'GET') continue
    if (how === 'cached') cached++
    else if (how === 'rendered') rendered++
  }
  return { cached, rendered }
}

/** RSS once a second from the start of the run, for the record. */
function timeline(samples: readonly { at: number; mb: number }[], from: number): number[] {
  const seconds: number[] = []
  for (const sample of samples) {
    const second = Math.floor((sample.at - from) / 1000)
    if (second >= 0 && seconds[second] === undefined) seconds[second] = sample.mb
  }
  return seconds.filter((mb) => mb !== undefined)
}

function report(figures: {
  mix: string[]
  result: autocannon.Result
  saveStats: SaveStats
  warmUpFailures: number
  lightFailures: number
  served: { cached: number; rendered: number }
  baseline: number
  limit: number
  peak: number
  settled: number
  settleS: number
  crashed: string
  health: number
  databaseUrl: string
  timeline: number[]
}) {
  const { result, saveStats, baseline, limit, peak, settled } = figures
  // autocannon also records an answer without a status for each timeout: those count as timeouts.
  const badStatus = result['1xx'] + result['4xx'] + result['5xx']
  const socketErrors = result.errors - result.timeouts
  const errors = badStatus + socketErrors + result.timeouts + saveStats.failed + figures.lightFailures
  const returned = settled <= limit
  const saveLatency = [...saveStats.latenciesMs].sort((a, b) => a - b)
  const percentile = (p: number) => saveLatency[Math.min(saveLatency.length - 1, Math.floor((saveLatency.length * p) / 100))] ?? 0
  const figuresJson = {
    database: figures.databaseUrl.startsWith('file:') ? 'sqlite' : 'postgres',
    connections: CONNECTIONS,
    duration_s: DURATION_S,
    save_every_ms: SAVE_EVERY_MS,
    mix: figures.mix,
    requests: result.requests.total,
    requests_per_s: Math.round(result.requests.average),
    answered_from_cache: figures.served.cached,
    rendered: figures.served.rendered,
    errors,
    bad_status: badStatus,
    status_codes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count ?? 0])),
    socket_errors: socketErrors,
    timeouts: result.timeouts,
    failed_saves: saveStats.failed,
    failed_light_requests_after: figures.lightFailures,
    latency_p50_ms: result.latency.p50,
    latency_p99_ms: result.latency.p99,
    latency_max_ms: result.latency.max,
    admin_saves: saveStats.done,
    save_p50_ms: percentile(50),
    save_p99_ms: percentile(99),
    rss_baseline_mb: baseline,
    rss_peak_mb: peak,
    rss_after_mb: settled,
    rss_tolerance: `${RSS_TOLERANCE * 100}% above the baseline (${limit} MB)`,
    rss_returned: returned,
    rss_settle_s: figures.settleS,
    server_crashed: Boolean(figures.crashed),
    health_after: figures.health,
    rss_timeline_mb: figures.timeline,
  }

  const rows: Record<string, string | number> = {
    'requests answered (2xx/3xx of all)': `${result['2xx'] + result['3xx']} of ${result.requests.total}`,
    'req/s': figuresJson.requests_per_s,
    'answered from cache / rendered': `${figures.served.cached} / ${figures.served.rendered}`,
    'errors, all kinds': errors,
    '  non-2xx/3xx answers': badStatus,
    '  socket errors': socketErrors,
    '  timeouts (10 s)': result.timeouts,
    '  failed saves': saveStats.failed,
    '  failed light requests after': figures.lightFailures,
    'latency p50 / p99 / max': `${result.latency.p50} / ${result.latency.p99} / ${result.latency.max} ms`,
    'admin saves done': saveStats.done,
    'save time p50 / p99': `${percentile(50)} / ${percentile(99)} ms`,
    'RSS baseline / peak / after': `${baseline} / ${peak} / ${settled} MB`,
    [`RSS back within ${RSS_TOLERANCE * 100}% of baseline`]: returned
      ? `yes (≤ ${limit} MB) after ${figures.settleS} s`
      : `NO (> ${limit} MB) after ${figures.settleS} s`,
    'server after the run': figures.crashed || `alive, /healthz ${figures.health}`,
  }
  console.log(
    `\n${figuresJson.database}, ${CONNECTIONS} connections, ${DURATION_S} s, Accept-Encoding: gzip, a save every ${SAVE_EVERY_MS} ms\n`,
  )
  console.table(rows)
  if (saveStats.failures.length) console.log(`First failed saves:\n  ${saveStats.failures.join('\n  ')}`)
  if (figures.warmUpFailures) console.log(`${figures.warmUpFailures} saves or light requests also failed during the warm-up.`)
  if (badStatus) console.log(`Status codes: ${JSON.stringify(figuresJson.status_codes)}`)
  mkdirSync('bench', { recursive: true })
  writeFileSync('bench/load.json', `${JSON.stringify(figuresJson, null, 2)}\n`)
  console.log('Written to bench/load.json')
}

interface LeadStats {
  accepted: number
  failed: number
  failures: string[]
}

/** Counts of requests at each layer of the cluster; an instance's page cache counts are null without /metrics. */
interface LayerCounts {
  varnish: VarnishStats
  haproxy: HaproxyServerStats[]
  pageCaches: ({ hits: number; misses: number } | null)[]
}

async function runCluster(work: string, buildDir: string, databaseUrl: string): Promise<number> {
  console.log('Starting three instances, HAProxy and Varnish...')
  cluster = await startCluster({ databaseUrl, quiet: true, env: { BUILD_DIR: buildDir } })
  let figures: Omit<ClusterFigures, 'single' | 'ceiling'>
  let site: Site
  try {
    site = await prepare(cluster.url, databaseUrl)
    const cookie = await signIn(cluster.url)
    for (const path of site.mix) {
      const status = await lightRequest(cluster.url + path)
      if (status !== 200) throw new Error(`${path} answered ${status} through Varnish before the run`)
    }
    console.log(`Warming up for ${WARM_UP_S} s...`)
    await autocannon(clusterLoadOptions(site, WARM_UP_S))

    console.log(
      `${CONNECTIONS} connections through Varnish for ${DURATION_S} s, while an admin saves a post every ${SAVE_EVERY_MS} ms and ${LEAD_SENDERS} visitors send the contact form...`,
    )
    const before = await layerCounts(cluster)
    const saves = startSaving(site, cookie)
    const leads = startSendingLeads(cluster.url)
    const result = await autocannon(clusterLoadOptions(site, DURATION_S))
    const saveStats = await saves.stop()
    const leadStats = await leads.stop()
    const after = await layerCounts(cluster)
    figures = {
      result,
      saveStats,
      leadStats,
      stored: await countStoredLeads(databaseUrl),
      before,
      after,
      names: cluster.instances.map((instance) => instance.name),
      mix: site.mix,
    }
  } finally {
    await cluster.stop()
    cluster = undefined
  }

  console.log(`The same crowd and saves on one instance alone, for ${DURATION_S} s...`)
  const single = await runSingle(work, buildDir, databaseUrl, site)
  console.log(`The generator's own ceiling: a bare node:http server answering the home page's gzipped bytes for ${CEILING_S} s...`)
  const ceiling = await measureCeiling(autocannonGenerator(), work, gzipSync(single.homePage))
  reportCluster({ ...figures, single: single.result, ceiling })
  return 0
}

/** The mix of the single-server run, plus requests Varnish has never seen (a query of their own). */
function clusterLoadOptions(site: Site, duration: number): autocannon.Options {
  const options = loadOptions(site, duration)
  const headers = { 'accept-encoding': 'gzip' }
  const misses = MISS_PATHS.map((path) => ({
    method: 'GET' as const,
    headers,
    setupRequest: (request: autocannon.Request) => ({ ...request, path: `${path}?miss=${runId}-${++missCount}` }),
  }))
  return { ...options, requests: [...options.requests!, ...misses] }
}

/** One instance alone (no Varnish, no HAProxy) on the same database, under the same crowd and saves. */
async function runSingle(work: string, buildDir: string, databaseUrl: string, clusterSite: Site) {
  const server = await startProductionServer({ databaseUrl, logFile: join(work, 'single.log'), env: { BUILD_DIR: buildDir } })
  serverChild = server.child
  try {
    const site = { ...clusterSite, url: server.url }
    const cookie = await signIn(server.url)
    await autocannon(clusterLoadOptions(site, WARM_UP_S))
    const saves = startSaving(site, cookie)
    const result = await autocannon(clusterLoadOptions(site, DURATION_S))
    await saves.stop()
    const homePage = Buffer.from(await (await fetch(`${server.url}/`)).arrayBuffer())
    return { result, homePage }
  } finally {
    await server.stop()
    serverChild = undefined
  }
}

/** autocannon, as the cluster run uses it, measuring one URL. */
function autocannonGenerator(): LoadGenerator {
  return {
    name: `autocannon (in this process, ${CONNECTIONS} connections)`,
    measure: async (url) => {
      const result = await autocannon({ url, connections: CONNECTIONS, duration: CEILING_S, headers: { 'accept-encoding': 'gzip' } })
      return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx }
    },
  }
}

/**
 * Visitors sending the contact form until stopped, as a browser does: the form's ticket first, the
 * form no sooner than a person could fill it in, each from an address of its own (X-Forwarded-For,
 * which the instances trust behind Varnish and HAProxy) so no per-address limit holds it.
 */
function startSendingLeads(url: string) {
  const stats: LeadStats = { accepted: 0, failed: 0, failures: [] }
  let stopped = false
  const sender = async () => {
    while (!stopped) {
      const outcome = await sendLead(url, ++leadCount).catch((error: unknown) => (error instanceof Error ? error.message : String(error)))
      if (outcome === 'accepted') stats.accepted++
      else {
        stats.failed++
        if (stats.failures.length < 5) stats.failures.push(outcome)
      }
    }
  }
  const senders = Array.from({ length: LEAD_SENDERS }, sender)
  return {
    stop: async () => {
      stopped = true
      await Promise.all(senders)
      return stats
    },
  }
}

async function sendLead(url: string, n: number): Promise<string> {
  const headers = { 'X-Forwarded-For': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` }
  const ticketAnswer = await fetch(`${url}/forms/ticket`, { headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
  const { ticket } = (await ticketAnswer.json()) as { ticket: string }
  await sleep(LEAST_FORM_MS + 200)
  const form = new URLSearchParams({
    name: `Load visitor ${n}`,
    email: `load-lead-${runId}-${n}@example.com`,
    business: '',
    message: `Sent by the load script while the crowd runs (${n}).`,
    ticket,
    formPage: '/contact',
  })
  const response = await fetch(`${url}/contact`, {
    method: 'POST',
    body: form,
    headers: { ...headers, Origin: url },
    redirect: 'manual',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  })
  await response.arrayBuffer()
  return response.status === 200 ? 'accepted' : `lead answered ${response.status}`
}

async function countStoredLeads(databaseUrl: string): Promise<number> {
  const database = openDatabase(parseDatabaseUrl(databaseUrl))
  try {
    const row = await database.db
      .selectFrom('inquiries')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('email', 'like', `load-lead-${runId}-%`)
      .executeTakeFirstOrThrow()
    return Number(row.count)
  } finally {
    await database.close()
  }
}

async function layerCounts(running: Cluster): Promise<LayerCounts> {
  const [varnish, haproxy, pageCaches] = await Promise.all([
    running.varnishStats(),
    running.haproxyStats(),
    Promise.all(running.instances.map((instance) => pageCacheCounts(instance.url))),
  ])
  return { varnish, haproxy, pageCaches }
}

/** An instance's page cache hits and misses from its /metrics (asked from loopback), or null when it has none. */
async function pageCacheCounts(url: string): Promise<{ hits: number; misses: number } | null> {
  try {
    const response = await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
    if (!response.ok) return null
    const text = await response.text()
    const total = (name: string) => {
      const lines = text.split('\n').filter((line) => line.startsWith(`${name} `) || line.startsWith(`${name}{`))
      return lines.length ? lines.reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0) : null
    }
    const hits = total('site_page_cache_hits_total')
    const misses = total('site_page_cache_misses_total')
    return hits === null || misses === null ? null : { hits, misses }
  } catch {
    return null
  }
}

interface ClusterFigures {
  result: autocannon.Result
  saveStats: SaveStats
  leadStats: LeadStats
  stored: number
  before: LayerCounts
  after: LayerCounts
  names: string[]
  mix: string[]
  single: autocannon.Result
  ceiling: Measure
}

function reportCluster(figures: ClusterFigures) {
  const { result, saveStats, leadStats, stored, before, after, single, ceiling } = figures
  const badStatus = result['1xx'] + result['4xx'] + result['5xx']
  const socketErrors = result.errors - result.timeouts
  const errors = badStatus + socketErrors + result.timeouts + saveStats.failed + leadStats.failed
  const ratio = (hits: number, all: number) => (all > 0 ? `${((hits / all) * 100).toFixed(1)}%` : 'n/a')
  const varnish = {
    hits: after.varnish.hits - before.varnish.hits,
    misses: after.varnish.misses - before.varnish.misses,
    passes: after.varnish.passes - before.varnish.passes,
    requests: after.varnish.requests - before.varnish.requests,
  }
  const instances = figures.names.map((name, i) => {
    const was = before.haproxy.find((s) => s.server === name)
    const now = after.haproxy.find((s) => s.server === name)
    const cacheBefore = before.pageCaches[i]
    const cacheAfter = after.pageCaches[i]
    const cache =
      cacheBefore && cacheAfter ? { hits: cacheAfter.hits - cacheBefore.hits, misses: cacheAfter.misses - cacheBefore.misses } : null
    return {
      name,
      requests: (now?.requests ?? 0) - (was?.requests ?? 0),
      errors: (now?.errors ?? 0) - (was?.errors ?? 0),
      retries: (now?.retries ?? 0) - (was?.retries ?? 0),
      page_cache_hit_ratio: cache ? ratio(cache.hits, cache.hits + cache.misses) : 'n/a',
    }
  })
  const atHaproxy = instances.reduce((sum, instance) => sum + instance.requests, 0)
  const lost = Math.max(0, leadStats.accepted - stored)
  const figuresJson = {
    database: 'postgres',
    connections: CONNECTIONS,
    duration_s: DURATION_S,
    save_every_ms: SAVE_EVERY_MS,
    forced_miss_share: `${MISS_PATHS.length} of every ${MISS_PATHS.length + figures.mix.length} requests`,
    requests: result.requests.total,
    requests_per_s: Math.round(result.requests.average),
    single_instance_requests_per_s: Math.round(single.requests.average),
    single_instance_latency_p99_ms: single.latency.p99,
    generator_ceiling_rps: Math.round(ceiling.rps),
    errors,
    bad_status: badStatus,
    status_codes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count ?? 0])),
    socket_errors: socketErrors,
    timeouts: result.timeouts,
    latency_p50_ms: result.latency.p50,
    latency_p99_ms: result.latency.p99,
    latency_max_ms: result.latency.max,
    varnish: { ...varnish, hit_ratio: ratio(varnish.hits, varnish.hits + varnish.misses + varnish.passes) },
    haproxy_requests: atHaproxy,
    haproxy_share_of_varnish_requests: ratio(atHaproxy, varnish.requests),
    instances,
    admin_saves: saveStats.done,
    failed_saves: saveStats.failed,
    leads_accepted: leadStats.accepted,
    leads_refused_or_failed: leadStats.failed,
    leads_stored: stored,
    leads_lost: lost,
  }
  const rows: Record<string, string | number> = {
    'requests answered (2xx/3xx of all)': `${result['2xx'] + result['3xx']} of ${result.requests.total}`,
    'req/s through Varnish': figuresJson.requests_per_s,
    'req/s, one instance alone': figuresJson.single_instance_requests_per_s,
    'req/s, the generator alone (ceiling)': figuresJson.generator_ceiling_rps,
    'errors, all kinds': errors,
    '  non-2xx/3xx answers': badStatus,
    '  socket errors': socketErrors,
    '  timeouts (10 s)': result.timeouts,
    '  failed saves': saveStats.failed,
    '  leads refused or failed': leadStats.failed,
    'latency p50 / p99 / max': `${result.latency.p50} / ${result.latency.p99} / ${result.latency.max} ms`,
    'latency p99, one instance alone': `${single.latency.p99} ms`,
    'Varnish hits / misses / passes': `${varnish.hits} / ${varnish.misses} / ${varnish.passes}`,
    'Varnish hit ratio': figuresJson.varnish.hit_ratio,
    "HAProxy requests (share of Varnish's)": `${atHaproxy} (${figuresJson.haproxy_share_of_varnish_requests})`,
    ...Object.fromEntries(
      instances.map((instance) => [
        `${instance.name}: requests, errors, retries / page cache hits`,
        `${instance.requests}, ${instance.errors}, ${instance.retries} / ${instance.page_cache_hit_ratio}`,
      ]),
    ),
    'admin saves done': saveStats.done,
    'leads accepted / stored / lost': `${leadStats.accepted} / ${stored} / ${lost}`,
  }
  console.log(`\nThe cluster (Varnish, HAProxy, ${instances.length} instances, PostgreSQL), ${CONNECTIONS} connections, ${DURATION_S} s\n`)
  console.table(rows)
  if (saveStats.failures.length) console.log(`First failed saves:\n  ${saveStats.failures.join('\n  ')}`)
  if (leadStats.failures.length) console.log(`First leads not accepted:\n  ${leadStats.failures.join('\n  ')}`)
  if (badStatus) console.log(`Status codes: ${JSON.stringify(figuresJson.status_codes)}`)
  mkdirSync('bench', { recursive: true })
  writeFileSync('bench/load-cluster.json', `${JSON.stringify(figuresJson, null, 2)}\n`)
  console.log('Written to bench/load-cluster.json')
}

async function createPostgresDatabase(url: string) {
  const name = `site_load_${randomBytes(4).toString('hex')}`
  const query = async (sql: string) => {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      await client.query(sql)
    } finally {
      await client.end()
    }
  }
  await query(`CREATE DATABASE ${name}`)
  const target = new URL(url)
  target.pathname = `/${name}`
  return { name, url: target.toString(), drop: () => query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) }
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)))
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  },
)
