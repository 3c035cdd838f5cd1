import { expect, it } from 'vitest'
import { openDatabase } from '~/server/db/connection.server'
import type { Db } from '~/server/db/schema.server'
import { createInquiry } from '~/server/repositories/inquiries.server'
import {
  addVisitCounts,
  KEPT_PAGES_PER_DAY,
  KEPT_PER_DAY,
  TOP,
  trimOverfullDays,
  type VisitCounts,
} from '~/server/repositories/visit-counts.server'
import { insights } from '~/server/services/insights.server'
import { describeEachDatabase } from '../support/databases'

const NOW = Date.UTC(2026, 10, 24, 15)
const TODAY = '2026-11-24'
// The flood's days, a month before: the other test's period is left to itself.
const FLOOD_NOW = Date.UTC(2026, 9, 24, 15)
const FLOOD_DAY = '2026-10-24'
const DAY_BEFORE = '2026-10-23'
const FLUSHES = 3
const MADE_UP_PER_FLUSH = 150
const REAL_PER_FLUSH = 10

/**
 * One instance's flush during a growing flood: made-up pages (an industry page answers any
 * well-formed name), referrers and campaigns, each counted more than those of the flush before (so
 * that each flush's new ones win a place), none in common with the other instance's (no shared row
 * makes the two take turns); and on the first instance a real page, referrer and campaign counted
 * more still.
 */
function flood(instance: number, flush: number): VisitCounts {
  const junk = Array.from({ length: MADE_UP_PER_FLUSH }, (_, i) => `junk-${instance}-${flush}-${i}`)
  const real = instance === 1
  const n = flush + 1
  return {
    pages: [
      ...(real ? [{ day: FLOOD_DAY, path: '/about', views: REAL_PER_FLUSH, entries: REAL_PER_FLUSH }] : []),
      ...junk.map((name) => ({ day: FLOOD_DAY, path: `/industries/${name}`, views: n, entries: n })),
    ],
    referrers: [
      ...(real ? [{ day: FLOOD_DAY, host: 'news.example', visits: REAL_PER_FLUSH }] : []),
      ...junk.map((host) => ({ day: FLOOD_DAY, host: `${host}.example`, visits: n })),
    ],
    campaigns: [
      ...(real ? [{ day: FLOOD_DAY, source: 'newsletter', medium: 'email', campaign: 'real', visits: REAL_PER_FLUSH }] : []),
      ...junk.map((campaign) => ({ day: FLOOD_DAY, source: 'ads', medium: 'cpc', campaign, visits: n })),
    ],
  }
}

const REAL = FLUSHES * REAL_PER_FLUSH
// Each made-up label's count: n for the labels of flush n, from both instances.
const JUNK = Array.from({ length: FLUSHES }, (_, flush) => Array<number>(2 * MADE_UP_PER_FLUSH).fill(flush + 1)).flat()
const SENT = REAL + JUNK.reduce((sum, n) => sum + n, 0)
/** What Other holds once a day keeps `kept` rows: the real label and the most counted made-up ones keep theirs. */
const otherOf = (kept: number) =>
  SENT -
  REAL -
  JUNK.toSorted((a, b) => b - a)
    .slice(0, kept - 1)
    .reduce((sum, n) => sum + n, 0)

/** Rows and counts a table holds for a day. */
async function stored(db: Db, table: 'page_views' | 'referrer_visits' | 'campaign_visits', day: string) {
  const count = table === 'page_views' ? 'views' : 'visits'
  const row = await db
    .selectFrom(table)
    .select((eb) => [eb.fn.countAll<number | string>().as('rows'), eb.fn.sum<number | string>(count).as('counted')])
    .where('day', '=', day)
    .executeTakeFirstOrThrow()
  return { rows: Number(row.rows), counted: Number(row.counted) }
}

/** The same database with the number of rows each query returned written down. */
function countingRows(db: Db, returned: number[]): Db {
  return db.withPlugin({
    transformQuery: ({ node }) => node,
    transformResult: async ({ result }) => (returned.push(result.rows.length), result),
  })
}

describeEachDatabase('page-view counts stay within their daily bound', (getDb) => {
  const db = () => getDb().db

  it('keeps the most counted pages, referrers and campaigns of a day and counts the rest as Other, however two instances flood them in', async () => {
    await addVisitCounts(db(), { pages: [], referrers: [{ day: DAY_BEFORE, host: 'day-before.example', visits: 2 }], campaigns: [] })
    // Two instances share PostgreSQL only; SQLite is one process per file, so there they take turns.
    const second = getDb().dialect === 'postgres' ? openDatabase(getDb().target) : null
    try {
      for (let flush = 0; flush < FLUSHES; flush++) {
        if (second) await Promise.all([addVisitCounts(db(), flood(1, flush)), addVisitCounts(second.db, flood(2, flush))])
        else for (const instance of [1, 2]) await addVisitCounts(db(), flood(instance, flush))
      }
    } finally {
      await second?.close()
    }
    // The bound, plus the day's Other row; and not a view or visit lost.
    expect(await stored(db(), 'page_views', FLOOD_DAY)).toEqual({ rows: KEPT_PAGES_PER_DAY + 1, counted: SENT })
    expect(await stored(db(), 'referrer_visits', FLOOD_DAY)).toEqual({ rows: KEPT_PER_DAY + 1, counted: SENT })
    expect(await stored(db(), 'campaign_visits', FLOOD_DAY)).toEqual({ rows: KEPT_PER_DAY + 1, counted: SENT })
    // Another day's count is left as it was (beside that day's empty Other row).
    expect(await stored(db(), 'referrer_visits', DAY_BEFORE)).toEqual({ rows: 2, counted: 2 })

    const data = await insights(db(), 7, FLOOD_NOW)
    expect(data.topPages.slice(0, 2)).toEqual([
      { path: 'Other', views: otherOf(KEPT_PAGES_PER_DAY), visits: otherOf(KEPT_PAGES_PER_DAY) },
      { path: '/about', views: REAL, visits: REAL },
    ])
    // Other is no landing page.
    expect(data.conversion[0]).toMatchObject({ path: '/about', visits: REAL })
    expect(data.referrers.slice(0, 2)).toEqual([
      { host: 'Other', visits: otherOf(KEPT_PER_DAY) },
      { host: 'news.example', visits: REAL },
    ])
    expect(data.campaigns.slice(0, 2)).toEqual([
      { source: '', medium: '', campaign: 'Other', visits: otherOf(KEPT_PER_DAY), leads: 0 },
      { source: 'newsletter', medium: 'email', campaign: 'real', visits: REAL, leads: 0 },
    ])
  })

  it('reads only the top rows for Insights, however many paths are stored, and still ranks pages by leads first', async () => {
    // A day keeps at most KEPT_PAGES_PER_DAY paths: these are spread over the 30 days.
    const paths = Array.from({ length: 3_000 }, (_, i) => ({
      day: new Date(NOW - (i % 30) * 86_400_000).toISOString().slice(0, 10),
      path: `/stored-${String(i).padStart(4, '0')}`,
      views: i,
      entries: i % 100,
    }))
    await addVisitCounts(db(), {
      pages: [
        ...paths,
        { day: TODAY, path: '/resources/blog/a-post', views: 10_000, entries: 1 },
        { day: TODAY, path: '/quiet', views: 1, entries: 1 },
      ],
      referrers: [],
      campaigns: [],
    })
    // A page with few visits but a lead ranks above the pages where the most visits began.
    await createInquiry(db(), {
      kind: 'contact',
      name: 'Lead',
      email: 'quiet@example.com',
      business: null,
      message: 'm',
      ip: null,
      source: { landingPage: '/quiet?utm_source=x' },
    })

    const returned: number[] = []
    const data = await insights(countingRows(db(), returned), 30, NOW)
    // The longest list read is the days of the range; no query returns the stored paths.
    expect(Math.max(...returned)).toBeLessThanOrEqual(30)
    expect(data.topPages).toHaveLength(TOP)
    expect(data.topPages[0]).toEqual({ path: '/resources/blog/a-post', views: 10_000, visits: 1 })
    expect(data.topPages[1]).toEqual({ path: '/stored-2999', views: 2999, visits: 99 })
    expect(data.topPosts).toEqual([{ path: '/resources/blog/a-post', views: 10_000, visits: 1, title: null }])
    expect(data.conversion).toHaveLength(TOP)
    expect(data.conversion[0]).toEqual({ path: '/quiet', visits: 1, leads: 1, rate: 1 })
    // Then where the most visits began: 99 each, for the 30 paths numbered 99, 199, ... 2999.
    expect(data.conversion.slice(1).map((row) => row.visits)).toEqual(Array(TOP - 1).fill(99))
    expect(data.conversion[1]!.path).toBe('/stored-0099')
  })

  it('brings counts stored before the bound (a flood then) within it, losing no view or visit', async () => {
    const OLD_DAY = '2026-09-15'
    const OVER = 120
    // Written straight into the tables, as a version without the bound left them.
    const pages = Array.from({ length: KEPT_PAGES_PER_DAY + OVER }, (_, i) => ({
      day: OLD_DAY,
      path: `/industries/old-${i}`,
      views: i + 1,
      entries: 1,
    }))
    for (let start = 0; start < pages.length; start += 200)
      await db()
        .insertInto('page_views')
        .values(pages.slice(start, start + 200))
        .execute()
    const hosts = Array.from({ length: KEPT_PER_DAY + OVER }, (_, i) => ({ day: OLD_DAY, host: `old-${i}.example`, visits: 2 }))
    await db().insertInto('referrer_visits').values(hosts).execute()
    const viewsSent = pages.reduce((sum, page) => sum + page.views, 0)

    expect(await trimOverfullDays(db())).toBe(2)
    expect(await stored(db(), 'page_views', OLD_DAY)).toEqual({ rows: KEPT_PAGES_PER_DAY + 1, counted: viewsSent })
    expect(await stored(db(), 'referrer_visits', OLD_DAY)).toEqual({ rows: KEPT_PER_DAY + 1, counted: hosts.length * 2 })
    // The most viewed pages keep their rows; the least viewed went to Other.
    const kept = await db()
      .selectFrom('page_views')
      .select('path')
      .where('day', '=', OLD_DAY)
      .where('path', '=', `/industries/old-${pages.length - 1}`)
      .execute()
    expect(kept).toHaveLength(1)
    const other = await db()
      .selectFrom('page_views')
      .select(['views', 'entries'])
      .where('day', '=', OLD_DAY)
      .where('path', '=', '')
      .executeTakeFirstOrThrow()
    expect(other).toEqual({ views: (OVER * (OVER + 1)) / 2, entries: OVER })
    // A second run finds nothing over the bound.
    expect(await trimOverfullDays(db())).toBe(0)
  })
})
