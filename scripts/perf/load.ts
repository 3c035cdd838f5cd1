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
 */
import { execFileSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'
import { DEFAULT_TIME_ZONE, utcToWallTime } from '~/lib/dates'
import { parseDatabaseUrl } from '~/server/config.server'
import { openDatabase } from '~/server/db/connection.server'
import { getPostForEditor } from '~/server/repositories/posts.server'
import { upsertAdmin } from '~/server/services/users.server'
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

// The server under test, to stop if this script is interrupted.
let serverChild: ChildProcess | undefined
// New posts are named by run and numbered across the warm-up and the run, so every slug is new.
const runId = randomBytes(3).toString('hex')
let saveCount = 0

async function main() {
  const given = process.env.DATABASE_URL ?? ''
  const postgres = /^postgres(ql)?:\/\//.test(given) ? await createPostgresDatabase(given) : null
  if (given && !postgres) console.log('DATABASE_URL is not a PostgreSQL URL: a fresh SQLite database is used instead.')
  const work = mkdtempSync(join(tmpdir(), 'site-load-'))
  const cleanUp = () => rmSync(work, { recursive: true, force: true })
  const onSignal = () => {
    serverChild?.kill('SIGTERM')
    cleanUp()
    if (postgres) console.error(`Interrupted: drop the database ${postgres.name} by hand.`)
    process.exit(130)
  }
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
  try {
    const buildDir = join(work, 'build')
    // The build imports its packages (react, react-router…) from the nearest node_modules upward.
    symlinkSync(join(process.cwd(), 'node_modules'), join(work, 'node_modules'), 'dir')
    // ...and is an ES module like the project's own: without this, Node reads it as CommonJS and a
    // package that exports its subpaths to `import` only (the PDF renderer's hyphenation) fails.
    writeFileSync(join(work, 'package.json'), '{ "type": "module" }\n')
    console.log('Building the production site into a temp directory...')
    build(buildDir)
    return await run(work, buildDir, postgres?.url ?? `file:${join(work, 'site.db')}`)
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
  for (const line of log.split('\n')) {
    if (line.startsWith('GET ') && line.endsWith(' cached')) cached++
    else if (line.startsWith('GET ') && line.endsWith('ms')) rendered++
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
