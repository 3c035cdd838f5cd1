/*
 * `npm run lighthouse`: Lighthouse (mobile profile, Debian's Chromium) on every public route of the
 * production build, on a fresh seeded database, three runs per route. Prints the four category
 * scores per route (each the lowest of the runs) and the gzipped JavaScript each route loads, and
 * writes them to bench/lighthouse.json. Asserts nothing.
 * LIGHTHOUSE_THROTTLING=devtools throttles the network and CPU for real instead of simulating them
 * (docs/decisions/028-text-is-drawn-in-a-fallback-as-wide.md), and writes bench/lighthouse-devtools.json.
 */
import { execSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { get } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { caseStudies } from '~/content/case-studies'
import { industries } from '~/content/industries'
import { publicPagePaths } from '~/server/services/sitemap.server'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../lib/chromium'
import { firstPostPath, startProductionServer } from './lib/production-server'

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
const THROTTLING = process.env.LIGHTHOUSE_THROTTLING === 'devtools' ? 'devtools' : 'simulate'
const RESULTS = THROTTLING === 'devtools' ? 'bench/lighthouse-devtools.json' : 'bench/lighthouse.json'
// Runs per route; scores are the lowest of them, timings the slowest (LIGHTHOUSE_RUNS=1 for a quick look).
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3)

async function main() {
  console.log('Building the production site...')
  execSync('npm run build', { stdio: 'ignore' })
  const work = mkdtempSync(join(tmpdir(), 'site-lighthouse-'))
  const site = await startProductionServer({
    databaseUrl: `file:${join(work, 'site.db')}`,
    logFile: join(work, 'server.log'),
    // Audited as http://localhost, a secure context like the https production site.
    env: (port) => ({ SITE_URL: `http://localhost:${port}` }),
  })
  const audited = `http://localhost:${site.port}`
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS })
  try {
    const routes = [
      ...publicPagePaths,
      `/industries/${industries[0]!.slug}`,
      `/case-studies/${caseStudies[0]!.id}`,
      await firstPostPath(site.url),
    ]
    const rows = []
    for (const path of routes) {
      // The first visit renders and fills the page cache; Lighthouse measures what visitors get after that.
      await fetch(site.url + path)
      const runs: Awaited<ReturnType<typeof audit>>[] = []
      for (let run = 0; run < RUNS; run++) runs.push(await audit(audited + path, chrome.port))
      // Each category's lowest score over the runs: a route passes only if it passes every time.
      const score = (id: (typeof CATEGORIES)[number]) => Math.min(...runs.map((lhr) => Math.round((lhr.categories[id]?.score ?? 0) * 100)))
      const lhr = runs[0]!
      rows.push({
        path,
        performance: score('performance'),
        performance_runs: runs.map((run) => Math.round((run.categories.performance?.score ?? 0) * 100)).join(' '),
        accessibility: score('accessibility'),
        best_practices: score('best-practices'),
        seo: score('seo'),
        js_kb_gzip: Math.round((await gzippedBytes(scriptUrls(lhr))) / 102.4) / 10,
        lcp_ms: Math.max(...runs.map((run) => Math.round(run.audits['largest-contentful-paint']?.numericValue ?? 0))),
        tbt_ms: Math.max(...runs.map((run) => Math.round(run.audits['total-blocking-time']?.numericValue ?? 0))),
        cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
        failing: [...new Set(runs.flatMap(failingAudits))].join(' '),
      })
      console.log(`${path}: done`)
    }
    console.table(rows)
    mkdirSync('bench', { recursive: true })
    writeFileSync(RESULTS, `${JSON.stringify(rows, null, 2)}\n`)
    console.log(`Written to ${RESULTS}`)
  } finally {
    chrome.kill()
    await site.stop()
    rmSync(work, { recursive: true, force: true })
  }
}

// Headless Chromium now and then misses the navigation's start (NO_NAVSTART); a second run is sound.
const ATTEMPTS = 3

async function audit(url: string, port: number) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      throttlingMethod: THROTTLING,
    })
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    if (!result.lhr.runtimeError) return result.lhr
    if (attempt === ATTEMPTS) throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.code}`)
    console.log(`${url}: ${result.lhr.runtimeError.code}, running again`)
  }
}

type Report = {
  audits: Record<string, { details?: unknown; score: number | null; scoreDisplayMode?: string }>
  categories: Record<string, { auditRefs: { id: string }[] } | undefined>
}

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
  const ids = ['accessibility', 'best-practices', 'seo'].flatMap(
    (category) => lhr.categories[category]?.auditRefs.map((ref) => ref.id) ?? [],
  )
  return ids.filter((id) => {
    const audit = lhr.audits[id]
    return audit && audit.scoreDisplayMode === 'binary' && audit.score !== null && audit.score < 1
  })
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
