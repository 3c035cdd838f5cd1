import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { caseStudies } from '~/content/case-studies'
import { industries } from '~/content/industries'
import { publicPagePaths } from '~/server/services/sitemap.server'
import { firstPostPath, freePort } from '../../scripts/perf/lib/production-server'
import { CHROMIUM_PATH, CHROMIUM_FLAGS } from '../support/browser'
import { startServer, type RunningServer } from '../support/server'

/*
 * Lighthouse's accessibility, best-practice and SEO audits on every kind of public page, with its
 * mobile profile: each category must score 100. Performance is a timing, so it is measured by
 * `npm run lighthouse` (bench/lighthouse.json), never asserted here.
 */

const CATEGORIES = ['accessibility', 'best-practices', 'seo'] as const

let server: RunningServer
let chrome: chromeLauncher.LaunchedChrome
let origin: string

beforeAll(async () => {
  const port = await freePort()
  // Audited as http://localhost, a secure context like the https production site.
  origin = `http://localhost:${port}`
  server = await startServer({ PORT: String(port), SITE_URL: origin })
  chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS })
})

afterAll(async () => {
  chrome?.kill()
  await server?.stop()
})

it('scores 100 for accessibility, best practices and SEO on every kind of public page', { timeout: 900_000 }, async () => {
  const paths = [
    ...publicPagePaths,
    `/industries/${industries[0]!.slug}`,
    `/case-studies/${caseStudies[0]!.id}`,
    await firstPostPath(server.url),
  ]
  const below: Record<string, Record<string, number | string[]>> = {}
  for (const path of paths) {
    const result = await lighthouse(origin + path, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    })
    const lhr = result?.lhr
    if (!lhr || lhr.runtimeError) {
      below[path] = { error: [lhr?.runtimeError?.code ?? 'no result'] }
      continue
    }
    const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]))
    if (Object.values(scores).some((score) => score < 100)) {
      const failing = CATEGORIES.flatMap((id) => lhr.categories[id]?.auditRefs.map((ref) => ref.id) ?? []).filter((id) => {
        const audit = lhr.audits[id]
        return audit?.score !== null && audit?.score !== undefined && audit.score < 1 && audit.scoreDisplayMode !== 'informative'
      })
      below[path] = { ...scores, failing }
    }
  }
  expect(below).toEqual({})
})
