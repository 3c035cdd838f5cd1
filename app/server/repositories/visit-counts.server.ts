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

/** Adds counts to the stored ones, in one transaction: a day and key seen before grows, a new one is inserted. */
export async function addVisitCounts(db: Db, { pages, referrers, campaigns }: VisitCounts): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const rows of chunks(pages)) {
      await trx
        .insertInto('page_views')
        .values(rows)
        .onConflict((oc) =>
          oc.columns(['day', 'path']).doUpdateSet((eb) => ({
            views: eb('page_views.views', '+', eb.ref('excluded.views')),
            entries: eb('page_views.entries', '+', eb.ref('excluded.entries')),
          })),
        )
        .execute()
    }
    for (const rows of chunks(referrers)) {
      await trx
        .insertInto('referrer_visits')
        .values(rows)
        .onConflict((oc) => oc.columns(['day', 'host']).doUpdateSet((eb) => ({ visits: eb('referrer_visits.visits', '+', eb.ref('excluded.visits')) })))
        .execute()
    }
    for (const rows of chunks(campaigns)) {
      await trx
        .insertInto('campaign_visits')
        .values(rows)
        .onConflict((oc) =>
          oc.columns(['day', 'source', 'medium', 'campaign']).doUpdateSet((eb) => ({ visits: eb('campaign_visits.visits', '+', eb.ref('excluded.visits')) })),
        )
        .execute()
    }
  })
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

const TOP = 10

/**
 * Page views and the visits that began there in the range, per day (in no particular order) or per
 * path (most viewed first).
 */
export async function pageViewTotals(db: Db, { from, to }: DayRange, by: 'day' | 'path') {
  const rows = await db
    .selectFrom('page_views')
    .select((eb) => [eb.ref(by).as('key'), eb.fn.sum<number | string>('views').as('views'), eb.fn.sum<number | string>('entries').as('visits')])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy(by)
    .orderBy('views', 'desc')
    .orderBy(by)
    .execute()
  return rows.map((row) => ({ key: row.key, views: Number(row.views), visits: Number(row.visits) }))
}

/** The sites that sent the most visits in the range. */
export async function topReferrers(db: Db, { from, to }: DayRange) {
  const rows = await db
    .selectFrom('referrer_visits')
    .select((eb) => ['host', eb.fn.sum<number | string>('visits').as('visits')])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('host')
    .orderBy('visits', 'desc')
    .orderBy('host')
    .limit(TOP)
    .execute()
  return rows.map((row) => ({ host: row.host, visits: Number(row.visits) }))
}

/** The UTM campaigns that brought the most visits in the range. */
export async function topCampaigns(db: Db, { from, to }: DayRange) {
  const rows = await db
    .selectFrom('campaign_visits')
    .select((eb) => ['source', 'medium', 'campaign', eb.fn.sum<number | string>('visits').as('visits')])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy(['source', 'medium', 'campaign'])
    .orderBy('visits', 'desc')
    .orderBy('campaign')
    .limit(TOP)
    .execute()
  return rows.map((row) => ({ source: row.source, medium: row.medium, campaign: row.campaign, visits: Number(row.visits) }))
}
