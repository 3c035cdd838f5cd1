import { sql } from 'kysely'
import type { Db } from '~/server/db/schema.server'

/*
 * The first-party visit counts (tables page_views, referrer_visits and campaign_visits): numbers per
 * day, never a person. Each instance counts in memory and adds its counts here every few seconds,
 * so two instances add up rather than overwrite.
 */

export interface PageCount {
  day: string
  path: string
  views: number
  entries: number
}
export interface ReferrerCount {
  day: string
  host: string
  visits: number
}
export interface CampaignCount {
  day: string
  source: string
  medium: string
  campaign: string
  visits: number
}
export interface VisitCounts {
  pages: PageCount[]
  referrers: ReferrerCount[]
  campaigns: CampaignCount[]
}

// SQLite allows 32,766 parameters a statement; five columns a row stays far below at this size.
const ROWS_PER_STATEMENT = 500

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = []
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) out.push(rows.slice(i, i + ROWS_PER_STATEMENT))
  return out
}

/**
 * Rows kept per day in each table: the pages, referring sites and campaigns with the most views or
 * visits. What the rest counted is added to the day's Other row, so no flood of made-up addresses
 * (an industry page answers any well-formed name), referrers or campaigns stores more than this
 * many rows a day, plus Other (docs/operations.md). The bound on pages is well above the number of
 * pages a day of real visits reaches here.
 */
export const KEPT_PAGES_PER_DAY = 500
export const KEPT_PER_DAY = 200
// Every label of an Other row, which no counted visit has: a path begins with '/', a referring
// site always has a host, and a campaign is counted only when its link names a part of it.
export const OTHER_LABEL = ''

/** A table of counts per day and labels, and how many labels a day keeps. */
interface CountTable {
  table: 'page_views' | 'referrer_visits' | 'campaign_visits'
  labels: string[]
  /** The count columns, the first ranking the rows. */
  counts: string[]
  kept: number
}
const PAGES: CountTable = { table: 'page_views', labels: ['path'], counts: ['views', 'entries'], kept: KEPT_PAGES_PER_DAY }
const REFERRERS: CountTable = { table: 'referrer_visits', labels: ['host'], counts: ['visits'], kept: KEPT_PER_DAY }
const CAMPAIGNS: CountTable = { table: 'campaign_visits', labels: ['source', 'medium', 'campaign'], counts: ['visits'], kept: KEPT_PER_DAY }

interface Counted {
  day: string
  labels: string[]
  counts: number[]
}

/**
 * Adds counts to the stored ones, in one transaction: a day and key seen before grows, a new one is
 * inserted, and each day keeps its most counted rows.
 */
export async function addVisitCounts(db: Db, { pages, referrers, campaigns }: VisitCounts): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Always in this order, so that two flushes never wait on each other in a circle.
    await addKeepingTop(
      trx,
      PAGES,
      pages.map((row) => ({ day: row.day, labels: [row.path], counts: [row.views, row.entries] })),
    )
    await addKeepingTop(
      trx,
      REFERRERS,
      referrers.map((row) => ({ day: row.day, labels: [row.host], counts: [row.visits] })),
    )
    await addKeepingTop(
      trx,
      CAMPAIGNS,
      campaigns.map((row) => ({ day: row.day, labels: [row.source, row.medium, row.campaign], counts: [row.visits] })),
    )
  })
}

/** Adds counts to a table, then keeps each day's `kept` most counted rows and adds the others to the day's Other row. */
async function addKeepingTop(trx: Db, table: CountTable, rows: Counted[]) {
  if (rows.length === 0) return
  const days = [...new Set(rows.map((row) => row.day))].sort()
  // Each day's Other row is written first: on PostgreSQL its row lock makes the flushes of one day
  // from several instances take turns, so the trim below sees every row the others added.
  await addCounts(
    trx,
    table,
    days.map((day) => otherRow(table, day)),
  )
  for (const chunk of chunks(rows)) await addCounts(trx, table, chunk)
  for (const day of days) await keepTop(trx, table, day)
}

const otherRow = ({ labels, counts }: CountTable, day: string): Counted => ({
  day,
  labels: labels.map(() => OTHER_LABEL),
  counts: counts.map(() => 0),
})

/** Adds counts to the stored ones: a day and key seen before grows, a new one is inserted. */
async function addCounts(trx: Db, { table, labels, counts }: CountTable, added: Counted[]) {
  const into = sql.table(table)
  const labelList = sql.join(labels.map((column) => sql.ref(column)))
  await sql`insert into ${into} (day, ${labelList}, ${sql.join(counts.map((column) => sql.ref(column)))})
    values ${sql.join(added.map((row) => sql`(${sql.join([row.day, ...row.labels, ...row.counts])})`))}
    on conflict (day, ${labelList}) do update set ${sql.join(counts.map((column) => sql`${sql.ref(column)} = ${into}.${sql.ref(column)} + excluded.${sql.ref(column)}`))}`.execute(
    trx,
  )
}

/** Keeps a day's `kept` most counted rows and adds what the others counted to its Other row. */
async function keepTop(trx: Db, table: CountTable, day: string) {
  const { labels, counts, kept } = table
  const into = sql.table(table.table)
  const labelList = sql.join(labels.map((column) => sql.ref(column)))
  const other = sql.join(labels.map(() => OTHER_LABEL))
  const trimmed = await sql<Record<string, number | string>>`delete from ${into}
    where day = ${day} and (${labelList}) <> (${other}) and (${labelList}) not in (
      select ${labelList} from ${into} where day = ${day} and (${labelList}) <> (${other})
      order by ${sql.ref(counts[0]!)} desc, ${labelList} limit ${kept})
    returning ${sql.join(counts.map((column) => sql.ref(column)))}`.execute(trx)
  if (trimmed.rows.length === 0) return
  const sums = counts.map((column) => trimmed.rows.reduce((sum, row) => sum + Number(row[column]), 0))
  await addCounts(trx, table, [{ ...otherRow(table, day), counts: sums }])
}

/**
 * Brings every stored day within its bound, as each flush does for its own days: for counts stored
 * before there was a bound (a flood then), so that no period Insights reads holds more rows than the
 * bound lets it. Returns how many days it trimmed.
 */
export async function trimOverfullDays(db: Db): Promise<number> {
  let trimmed = 0
  for (const table of [PAGES, REFERRERS, CAMPAIGNS]) {
    const days = await db
      .selectFrom(table.table)
      .select('day')
      .groupBy('day')
      .having((eb) => eb.fn.countAll(), '>', table.kept + 1)
      .execute()
    for (const { day } of days) {
      await db.transaction().execute(async (trx) => {
        await addCounts(trx, table, [otherRow(table, day)])
        await keepTop(trx, table, day)
      })
      trimmed++
    }
  }
  return trimmed
}

/** Deletes the counts of days before `firstKept` (a 'YYYY-MM-DD' day); returns how many rows went. */
export async function pruneVisitCounts(db: Db, firstKept: string): Promise<number> {
  let deleted = 0
  for (const table of ['page_views', 'referrer_visits', 'campaign_visits'] as const) {
    const result = await db.deleteFrom(table).where('day', '<', firstKept).executeTakeFirst()
    deleted += Number(result.numDeletedRows)
  }
  return deleted
}

/** The days from `from` to `to` (both 'YYYY-MM-DD', included). */
export interface DayRange {
  from: string
  to: string
}

/** How many rows each of Insights' lists shows: its queries read no more, whatever is stored. */
export const TOP = 10

/** Page views and the visits that began there in the range, per day (in no particular order). */
export async function dailyTotals(db: Db, { from, to }: DayRange) {
  const rows = await db
    .selectFrom('page_views')
    .select((eb) => ['day', eb.fn.sum<number | string>('views').as('views'), eb.fn.sum<number | string>('entries').as('visits')])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('day')
    .execute()
  return rows.map((row) => ({ day: row.day, views: Number(row.views), visits: Number(row.visits) }))
}

/** Views and visits begun per path in the range, for the lists below to narrow, order and cut. */
function pathTotals(db: Db, { from, to }: DayRange) {
  return db
    .selectFrom('page_views')
    .select((eb) => ['path', eb.fn.sum<number | string>('views').as('views'), eb.fn.sum<number | string>('entries').as('visits')])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('path')
}

const totalsOf = (rows: { path: string; views: number | string; visits: number | string }[]) =>
  rows.map((row) => ({ path: row.path, views: Number(row.views), visits: Number(row.visits) }))

/**
 * The most viewed pages in the range (an OTHER_LABEL path: the rest of some day's); with `under`,
 * only the pages one level below it (a blog's posts).
 */
export async function mostViewedPages(db: Db, range: DayRange, under?: string) {
  let query = pathTotals(db, range)
  if (under) query = query.where('path', 'like', `${under}/%`).where('path', 'not like', `${under}/%/%`)
  // A day's Other row is there from its first view, empty until the day has too many pages.
  return totalsOf(
    await query
      .having((eb) => eb.fn.sum('views'), '>', 0)
      .orderBy('views', 'desc')
      .orderBy('path')
      .limit(TOP)
      .execute(),
  )
}

/** The pages where the most visits began in the range (the rest of a day's, Other, is no page). */
export async function topLandingPages(db: Db, range: DayRange) {
  const rows = await pathTotals(db, range)
    .where('path', '<>', OTHER_LABEL)
    .having((eb) => eb.fn.sum('entries'), '>', 0)
    .orderBy('visits', 'desc')
    .orderBy('path')
    .limit(TOP)
    .execute()
  return totalsOf(rows)
}

/** The totals of the given pages in the range (a page nobody viewed in it is left out). */
export async function totalsOfPages(db: Db, range: DayRange, paths: string[]) {
  if (paths.length === 0) return []
  return totalsOf(await pathTotals(db, range).where('path', 'in', paths).execute())
}

/** The sites that sent the most visits in the range (an OTHER_LABEL host: the rest of some day's). */
export async function topReferrers(db: Db, { from, to }: DayRange) {
  const rows = await db
    .selectFrom('referrer_visits')
    .select((eb) => ['host', eb.fn.sum<number | string>('visits').as('visits')])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('host')
    .having((eb) => eb.fn.sum('visits'), '>', 0)
    .orderBy('visits', 'desc')
    .orderBy('host')
    .limit(TOP)
    .execute()
  return rows.map((row) => ({ host: row.host, visits: Number(row.visits) }))
}

/** The UTM campaigns that brought the most visits in the range (OTHER_LABEL throughout: the rest of some day's). */
export async function topCampaigns(db: Db, { from, to }: DayRange) {
  const rows = await db
    .selectFrom('campaign_visits')
    .select((eb) => ['source', 'medium', 'campaign', eb.fn.sum<number | string>('visits').as('visits')])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy(['source', 'medium', 'campaign'])
    .having((eb) => eb.fn.sum('visits'), '>', 0)
    .orderBy('visits', 'desc')
    .orderBy('campaign')
    .limit(TOP)
    .execute()
  return rows.map((row) => ({ source: row.source, medium: row.medium, campaign: row.campaign, visits: Number(row.visits) }))
}
