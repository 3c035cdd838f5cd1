/*
 * `npm run bench`: how fast the production server answers its busiest public pages, next to nginx
 * serving byte-identical, pre-compressed copies of the same pages (the physical limit for serving
 * a page on this machine). Then the same pages with the page cache off: the raw cost of rendering.
 * Only 127.0.0.1 is asked, each run is bounded (50 connections, 10 s) and the script stops by itself.
 * It prints figures and writes bench/results.json; it asserts nothing.
 */
import { execSync, spawn } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import { firstPostPath, freePort, startProductionServer } from './lib/production-server'
import { sampleRss } from './lib/rss'

const CONNECTIONS = 50
const DURATION_S = 10
const WARM_UP_S = 2
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx'
const BROWSER_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

interface Measure {
  rps: number
  p50: number
  p99: number
  errors: number
}

async function main() {
  try {
    execSync(`${NGINX} -v`, { stdio: 'ignore' })
  } catch {
    throw new Error(`nginx was not found at ${NGINX}. Install it with \`apt-get install -y nginx\` (Debian/Ubuntu) or set NGINX_PATH.`)
  }
  console.log('Building the production site...')
  execSync('npx react-router build', { stdio: 'ignore' })
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
  const database = `file:${join(work, 'site.db')}`
  const ours = await startSite(database, 'on', join(work, 'server.log'))
  const post = await firstPostPath(ours.url)
  const pages = ['/', '/resources/blog', post, '/case-studies']
  const nginx = await startNginx(work, ours.url, pages)

  const rows: { path: string; ours: Measure; nginx: Measure; uncached?: Measure }[] = []
  for (const path of pages) {
    console.log(`Measuring ${path}...`)
    const oursResult = await measure(ours.url + path)
    const nginxResult = await measure(nginx.url + path)
    rows.push({ path, ours: oursResult, nginx: nginxResult })
  }
  const peakRssMb = ours.peakRssMb()
  await ours.stop()
  nginx.stop()

  const uncached = await startSite(database, 'off', join(work, 'server-uncached.log'))
  for (const row of rows) {
    console.log(`Measuring ${row.path} with the page cache off...`)
    row.uncached = await measure(uncached.url + row.path)
  }
  const uncachedPeakRssMb = uncached.peakRssMb()
  await uncached.stop()

  report(rows, peakRssMb, uncachedPeakRssMb)
}

/**
 * One bounded autocannon run after a short warm-up, asking like a browser does: gzip, and a
 * browser's user agent, so each request is counted by the site's page-view counter as a visit is.
 */
async function measure(url: string): Promise<Measure> {
  const options = { url, connections: CONNECTIONS, headers: { 'accept-encoding': 'gzip', 'user-agent': BROWSER_USER_AGENT } }
  await autocannon({ ...options, duration: WARM_UP_S })
  const result = await autocannon({ ...options, duration: DURATION_S })
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx }
}

function report(rows: { path: string; ours: Measure; nginx: Measure; uncached?: Measure }[], peakRssMb: number, uncachedPeakRssMb: number) {
  const pages = rows.map((row) => ({
    path: row.path,
    ours_rps: Math.round(row.ours.rps),
    nginx_rps: Math.round(row.nginx.rps),
    ratio: Number((row.ours.rps / row.nginx.rps).toFixed(2)),
    p50_ms: row.ours.p50,
    p99_ms: row.ours.p99,
    // nginx's own tail on the same page: the floor the load generator and this machine allow.
    nginx_p99_ms: row.nginx.p99,
    errors: row.ours.errors,
    uncached_rps: Math.round(row.uncached?.rps ?? 0),
    uncached_p99_ms: row.uncached?.p99 ?? 0,
  }))
  console.log(`\n${CONNECTIONS} connections, ${DURATION_S} s per page, Accept-Encoding: gzip\n`)
  console.table(pages)
  console.log(`Peak RSS of our server: ${peakRssMb} MB (cache on), ${uncachedPeakRssMb} MB (cache off)`)
  mkdirSync('bench', { recursive: true })
  writeFileSync('bench/results.json', `${JSON.stringify({ pages, peak_rss_mb: peakRssMb, uncached_peak_rss_mb: uncachedPeakRssMb }, null, 2)}\n`)
  console.log('Written to bench/results.json')
}

/** Our server with its resident memory sampled every 100 ms. */
async function startSite(databaseUrl: string, pageCache: 'on' | 'off', logFile: string) {
  const server = await startProductionServer({ databaseUrl, logFile, env: { PAGE_CACHE: pageCache } })
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

/** nginx with one worker (our server is one Node process) serving copies of the pages, gzipped ahead. */
async function startNginx(work: string, oursUrl: string, pages: string[]) {
  const root = join(work, 'static')
  for (const path of pages) {
    const body = Buffer.from(await (await fetch(oursUrl + path, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer())
    const file = join(root, path === '/' ? 'index.html' : `${path}.html`)
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, body)
    writeFileSync(`${file}.gz`, gzipSync(body))
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
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location = / { try_files /index.html =404; }
    location / { try_files $uri.html =404; }
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
