/*
 * `npm run bench`: how fast the production server answers its busiest public pages, next to nginx
 * serving byte-identical, pre-compressed copies of the same pages (the physical limit for serving
 * a page on this machine), and the home page asked for with a new click id (`fbclid`) each time,
 * as visitors from an ad ask for it. Then the same pages with the page cache off: the raw cost of
 * rendering.
 * The load comes from wrk when it is installed (autocannon otherwise), and the generator's own
 * ceiling is measured first, against a bare node:http server answering the same bytes, so that a
 * ratio near 1 can be told apart from a saturated generator.
 * Only 127.0.0.1 is asked, each run is bounded (50 connections, 10 s) and the script stops by itself.
 * It prints figures and writes bench/results.json; it asserts nothing.
 * FAST_PATHS=on,off measures the site with its fast paths (app/server/host/fast/) on and off, each
 * against nginx in the same rounds.
 */
import { execSync, spawn } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { loadGenerator, measureCeiling, UNIQUE, type LoadGenerator, type Measure } from './lib/load-generator'
import { firstPostPath, freePort, startProductionServer } from './lib/production-server'
import { sampleRss } from './lib/rss'

const CONNECTIONS = 50
const DURATION_S = 5
// Ours and nginx take turns, round after round. On a shared machine one long run each let a slow
// spell fall on either side (ratios of 0.78 to 0.98 a run apart): each is given its median round,
// and the ratio is the median of the rounds' ratios, each taken between two runs a few seconds apart.
const ROUNDS = 5
const WARM_UP_S = 2
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx'
const FAST_PATHS = (process.env.FAST_PATHS ?? 'on').split(',')

async function main() {
  try {
    execSync(`${NGINX} -v`, { stdio: 'ignore' })
  } catch {
    throw new Error(`nginx was not found at ${NGINX}. Install it with \`apt-get install -y nginx\` (Debian/Ubuntu) or set NGINX_PATH.`)
  }
  console.log('Building the production site...')
  execSync('npm run build', { stdio: 'ignore' })
  const work = mkdtempSync(join(tmpdir(), 'site-bench-'))
  // nginx's worker runs as an unprivileged user when started by root: it must be able to read the pages.
  chmodSync(work, 0o755)
  try {
    await run(work)
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

async function run(work: string) {
  const generator = loadGenerator({ connections: CONNECTIONS, durationS: DURATION_S, warmUpS: WARM_UP_S })
  console.log(`Load generator: ${generator.name}`)
  const database = (fastPaths: string) => `file:${join(work, `site-${fastPaths}.db`)}`
  const sites = []
  for (const fastPaths of FAST_PATHS)
    sites.push(await startSite(database(fastPaths), 'on', fastPaths, join(work, `server-${fastPaths}.log`)))
  const post = await firstPostPath(sites[0]!.url)
  // Visitors from an ad: the home page under a click id of their own each, which the cache ignores.
  const pages = ['/', `/?fbclid=${UNIQUE}`, '/resources/blog', post, '/case-studies']
  // nginx answers the home page whatever the query.
  const nginx = await startNginx(
    work,
    sites[0]!.url,
    pages.filter((path) => !path.includes(UNIQUE)),
  )
  const measure = (url: string) => generator.measure(url)

  console.log('Measuring the generator’s ceiling: a bare node:http server answering the home page’s gzipped bytes...')
  const ceiling = await measureCeiling(generator, work, gzipSync(await pageBytes(sites[0]!.url, '/')))
  console.log(`Generator ceiling: ${Math.round(ceiling.rps)} requests/s (p99 ${ceiling.p99} ms)`)

  const rows: Row[] = []
  for (const path of pages) {
    console.log(`Measuring ${path} (${ROUNDS} rounds, ours and nginx in turn)...`)
    const oursRounds = sites.map((): Measure[] => [])
    const nginxRounds: Measure[] = []
    for (let round = 0; round < ROUNDS; round++) {
      for (const [index, site] of sites.entries()) oursRounds[index]!.push(await measure(site.url + path))
      nginxRounds.push(await measure(nginx.url + path))
    }
    for (const [index, fastPaths] of FAST_PATHS.entries()) {
      rows.push({
        path,
        fastPaths,
        ours: median(oursRounds[index]!),
        nginx: median(nginxRounds),
        oursRounds: oursRounds[index]!,
        nginxRounds,
      })
    }
  }
  const peakRssMb = sites.map((site) => site.peakRssMb())
  for (const site of sites) await site.stop()
  nginx.stop()

  const uncachedPeakRssMb = []
  for (const fastPaths of FAST_PATHS) {
    const uncached = await startSite(database(fastPaths), 'off', fastPaths, join(work, `server-uncached-${fastPaths}.log`))
    for (const row of rows.filter((row) => row.fastPaths === fastPaths)) {
      console.log(`Measuring ${row.path} with the page cache off (fast paths ${fastPaths})...`)
      row.uncached = await measure(uncached.url + row.path)
    }
    uncachedPeakRssMb.push(uncached.peakRssMb())
    await uncached.stop()
  }

  report(generator, ceiling, rows, peakRssMb, uncachedPeakRssMb)
}

type Row = {
  path: string
  fastPaths: string
  ours: Measure
  nginx: Measure
  oursRounds: Measure[]
  nginxRounds: Measure[]
  uncached?: Measure
}

/** The item in the middle once sorted by `value` (of an odd count, the median). */
function middleOf<T>(items: T[], value: (item: T) => number): T {
  return [...items].sort((a, b) => value(a) - value(b))[Math.floor(items.length / 2)]!
}

/** The round with the median rate, its latencies with it; errors are those of every round. */
function median(rounds: Measure[]): Measure {
  return { ...middleOf(rounds, (round) => round.rps), errors: rounds.reduce((sum, round) => sum + round.errors, 0) }
}

/** A page exactly as the site sends it, uncompressed. */
async function pageBytes(baseUrl: string, path: string): Promise<Buffer> {
  return Buffer.from(await (await fetch(baseUrl + path, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer())
}

function report(generator: LoadGenerator, ceiling: Measure, rows: Row[], peakRssMb: number[], uncachedPeakRssMb: number[]) {
  const pages = rows.map((row) => ({
    path: row.path,
    ...(FAST_PATHS.length > 1 && { fast_paths: row.fastPaths }),
    ours_rps: Math.round(row.ours.rps),
    nginx_rps: Math.round(row.nginx.rps),
    ratio: Number(
      middleOf(
        row.oursRounds.map((ours, round) => ours.rps / row.nginxRounds[round]!.rps),
        (ratio) => ratio,
      ).toFixed(2),
    ),
    p50_ms: row.ours.p50,
    p99_ms: row.ours.p99,
    // nginx's own tail on the same page: the floor the load generator and this machine allow.
    nginx_p99_ms: row.nginx.p99,
    errors: row.ours.errors,
    ours_rounds_rps: row.oursRounds.map((round) => Math.round(round.rps)).join(' '),
    nginx_rounds_rps: row.nginxRounds.map((round) => Math.round(round.rps)).join(' '),
    uncached_rps: Math.round(row.uncached?.rps ?? 0),
    uncached_p99_ms: row.uncached?.p99 ?? 0,
  }))
  console.log(`\n${generator.name}, ${ROUNDS} rounds of ${DURATION_S} s per page and server (the median round), Accept-Encoding: gzip`)
  console.log(`Generator ceiling (bare node:http, same bytes): ${Math.round(ceiling.rps)} requests/s\n`)
  console.table(pages)
  console.log(`Peak RSS of our server: ${peakRssMb.join(', ')} MB (cache on), ${uncachedPeakRssMb.join(', ')} MB (cache off)`)
  mkdirSync('bench', { recursive: true })
  const results = {
    generator: generator.name,
    generator_ceiling_rps: Math.round(ceiling.rps),
    generator_ceiling_p99_ms: ceiling.p99,
    pages,
    peak_rss_mb: FAST_PATHS.length > 1 ? peakRssMb : peakRssMb[0],
    uncached_peak_rss_mb: FAST_PATHS.length > 1 ? uncachedPeakRssMb : uncachedPeakRssMb[0],
  }
  writeFileSync('bench/results.json', `${JSON.stringify(results, null, 2)}\n`)
  console.log('Written to bench/results.json')
}

/** Our server with its resident memory sampled every 100 ms. */
async function startSite(databaseUrl: string, pageCache: 'on' | 'off', fastPaths: string, logFile: string) {
  const server = await startProductionServer({ databaseUrl, logFile, env: { PAGE_CACHE: pageCache, FAST_PATHS: fastPaths } })
  const rss = sampleRss(server.child.pid)
  return {
    url: server.url,
    peakRssMb: () => rss.peak(),
    stop: () => {
      rss.stop()
      return server.stop()
    },
  }
}

// Headers nginx writes itself, from the file it serves or for the connection.
const NGINX_OWN_HEADERS = new Set([
  'content-type',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'date',
  'connection',
  'keep-alive',
  'vary',
  'last-modified',
])

/** Our answer's header lines (security headers, caching, ETag) as nginx directives, so both send the same bytes. */
async function headersAsNginxDirectives(baseUrl: string, path: string): Promise<string> {
  const response = await fetch(baseUrl + path, { headers: { 'accept-encoding': 'gzip' } })
  await response.arrayBuffer()
  return [...response.headers]
    .filter(([name]) => !NGINX_OWN_HEADERS.has(name))
    .map(([name, value]) => `add_header ${name} "${value.replace(/["\\]/g, '\\$&')}";`)
    .join(' ')
}

/**
 * nginx with one worker (our server is one Node process) serving copies of the pages, gzipped ahead,
 * with our header lines: the same bytes on the wire, so a ratio compares servers, not answer sizes.
 */
async function startNginx(work: string, oursUrl: string, pages: string[]) {
  const root = join(work, 'static')
  const locations: string[] = []
  for (const path of pages) {
    const body = await pageBytes(oursUrl, path)
    const name = path === '/' ? '/index.html' : `${path}.html`
    const file = join(root, name)
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, body)
    writeFileSync(`${file}.gz`, gzipSync(body))
    locations.push(`location = ${path} { etag off; ${await headersAsNginxDirectives(oursUrl, path)} try_files ${name} =404; }`)
  }
  const port = await freePort()
  const config = join(work, 'nginx.conf')
  writeFileSync(
    config,
    `worker_processes 1;
daemon off;
pid ${join(work, 'nginx.pid')};
error_log stderr error;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${work}/body;
  proxy_temp_path ${work}/proxy;
  fastcgi_temp_path ${work}/fastcgi;
  uwsgi_temp_path ${work}/uwsgi;
  scgi_temp_path ${work}/scgi;
  default_type text/html;
  gzip_static on;
  gzip_vary on;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    ${locations.join('\n    ')}
  }
}
`,
  )
  const child = spawn(NGINX, ['-p', work, '-c', config], { stdio: ['ignore', 'ignore', 'inherit'] })
  const url = `http://127.0.0.1:${port}`
  for (let attempt = 0; ; attempt++) {
    try {
      if ((await fetch(`${url}/`)).ok) break
    } catch {
      if (attempt > 50) throw new Error('nginx did not start')
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  return { url, stop: () => child.kill('SIGTERM') }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
