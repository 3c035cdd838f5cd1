/*
 * `npm run lighthouse`: Lighthouse (mobile profile, Debian's Chromium) on every public route of the
 * production build, on a fresh seeded database. Prints the four category scores per route and the
 * gzipped JavaScript each route loads, and writes them to bench/lighthouse.json. Asserts nothing.
 */
import { execSync, spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { get } from 'node:http'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { industries } from '~/content/industries'
import { publicPagePaths } from '~/server/sitemap.server'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const

async function main() {
  console.log('Building the production site...')
  execSync('npx react-router build', { stdio: 'ignore' })
  const work = mkdtempSync(join(tmpdir(), 'site-lighthouse-'))
  const site = await startSite(`file:${join(work, 'site.db')}`)
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS })
  try {
    const post = /href="(\/resources\/blog\/[^"?]+)"/.exec(await (await fetch(`${site.local}/resources/blog`)).text())?.[1]
    const routes = [...publicPagePaths, `/industries/${industries[0]!.slug}`, ...(post ? [post] : [])]
    const rows = []
    for (const path of routes) {
      // The first visit renders and fills the page cache; Lighthouse measures what visitors get after that.
      await fetch(site.local + path)
      const result = await lighthouse(site.url + path, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] })
      if (!result) throw new Error(`Lighthouse returned nothing for ${path}`)
      const { lhr } = result
      const score = (id: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
      rows.push({
        path,
        performance: score('performance'),
        accessibility: score('accessibility'),
        best_practices: score('best-practices'),
        seo: score('seo'),
        js_kb_gzip: Math.round((await gzippedBytes(scriptUrls(lhr))) / 102.4) / 10,
        lcp_ms: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
        tbt_ms: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
        cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
        failing: failingAudits(lhr).join(' '),
      })
      console.log(`${path}: done`)
    }
    console.table(rows)
    mkdirSync('bench', { recursive: true })
    writeFileSync('bench/lighthouse.json', `${JSON.stringify(rows, null, 2)}\n`)
    console.log('Written to bench/lighthouse.json')
  } finally {
    chrome.kill()
    await site.stop()
    rmSync(work, { recursive: true, force: true })
  }
}

type Report = { audits: Record<string, { details?: unknown; score: number | null; scoreDisplayMode?: string }>; categories: Record<string, { auditRefs: { id: string }[] } | undefined> }

function scriptUrls(lhr: Report): string[] {
  const details = lhr.audits['network-requests']?.details as { items?: { resourceType?: string; url: string }[] } | undefined
  return (details?.items ?? []).filter((item) => item.resourceType === 'Script').map((item) => item.url)
}

/** The JavaScript's gzipped bodies, without the HTTP headers that transfer sizes include. */
async function gzippedBytes(urls: string[]): Promise<number> {
  let total = 0
  for (const url of urls) {
    total += await new Promise<number>((resolve, reject) => {
      get(url.replace('//localhost:', '//127.0.0.1:'), { headers: { 'accept-encoding': 'gzip' } }, (response) => {
        let size = 0
        response.on('data', (chunk: Buffer) => (size += chunk.length))
        response.on('end', () => resolve(size))
      }).on('error', reject)
    })
  }
  return total
}

/** The accessibility, best-practice and SEO checks a page fails, by Lighthouse id. */
function failingAudits(lhr: Report): string[] {
  const ids = ['accessibility', 'best-practices', 'seo'].flatMap((category) => lhr.categories[category]?.auditRefs.map((ref) => ref.id) ?? [])
  return ids.filter((id) => {
    const audit = lhr.audits[id]
    return audit && audit.scoreDisplayMode === 'binary' && audit.score !== null && audit.score < 1
  })
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

async function startSite(databaseUrl: string) {
  const port = await freePort()
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    // Served as http://localhost, a secure context like the https production site.
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), DATABASE_URL: databaseUrl, SITE_URL: `http://localhost:${port}` },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise<void>((resolve, reject) => {
    let log = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      log += chunk
      if (log.includes('is listening on')) resolve()
    })
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)))
  })
  child.stdout!.resume()
  return {
    url: `http://localhost:${port}`,
    local: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
