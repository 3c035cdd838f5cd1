/*
 * `npm run insights-cost`: how long the Insights screen's reads take, and the memory they hold,
 * with few and with very many stored rows (300, 45,000 and 300,000 per table: pages, referring
 * sites and campaigns, over the 90 days the screen covers). On a fresh SQLite file in a temp directory, or
 * on PostgreSQL with DATABASE_URL=postgres://… (an empty database of your own: its tables are
 * filled and emptied). Each size is read ROUNDS times after a warm-up and the median printed. It
 * prints figures and asserts nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { migrateToLatest, openDatabase } from '~/server/db/connection.server'
import type { Db } from '~/server/db/schema.server'
import { insights } from '~/server/services/insights.server'

// 45,000: the most pages the daily bound (500 a day, docs/operations.md) lets 90 days hold; 300,000:
// what a flood stored before there was one.
const SIZES = [300, 45_000, 300_000]
const DAYS = 90
const ROUNDS = 5
const BATCH = 1_000
const DAY_MS = 86_400_000

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'insights-cost-'))
  const url = process.env.DATABASE_URL
  const database = openDatabase(url?.startsWith('postgres') ? { kind: 'postgres', url } : { kind: 'sqlite', path: join(work, 'site.db') })
  try {
    await migrateToLatest(database)
    console.log(`Insights over ${DAYS} days, ${database.dialect}; median of ${ROUNDS} reads`)
    for (const size of SIZES) {
      await empty(database.db)
      await fill(database.db, size)
      await insights(database.db, DAYS)
      const times: number[] = []
      const heapBefore = process.memoryUsage().heapUsed
      let heapPeak = heapBefore
      for (let round = 0; round < ROUNDS; round++) {
        const start = performance.now()
        await insights(database.db, DAYS)
        times.push(performance.now() - start)
        heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)
      }
      times.sort((a, b) => a - b)
      console.log(
        `${size.toLocaleString('en-US').padStart(8)} rows a table: ${times[Math.floor(ROUNDS / 2)]!.toFixed(1)} ms, heap +${((heapPeak - heapBefore) / 1e6).toFixed(1)} MB`,
      )
    }
    await empty(database.db)
  } finally {
    await database.close()
    rmSync(work, { recursive: true, force: true })
  }
}

async function empty(db: Db) {
  for (const table of ['page_views', 'referrer_visits', 'campaign_visits'] as const) await db.deleteFrom(table).execute()
}

/** `size` rows in each table, spread over the period's days, each with a name of its own. */
async function fill(db: Db, size: number) {
  const dayOf = (index: number) => new Date(Date.now() - (index % DAYS) * DAY_MS).toISOString().slice(0, 10)
  for (let start = 0; start < size; start += BATCH) {
    const indexes = Array.from({ length: Math.min(BATCH, size - start) }, (_, offset) => start + offset)
    await db
      .insertInto('page_views')
      .values(indexes.map((i) => ({ day: dayOf(i), path: `/industries/junk-${i}`, views: 1 + (i % 7), entries: i % 3 })))
      .execute()
    await db
      .insertInto('referrer_visits')
      .values(indexes.map((i) => ({ day: dayOf(i), host: `junk-${i}.example`, visits: 1 + (i % 5) })))
      .execute()
    await db
      .insertInto('campaign_visits')
      .values(indexes.map((i) => ({ day: dayOf(i), source: 'ads', medium: 'cpc', campaign: `junk-${i}`, visits: 1 + (i % 4) })))
      .execute()
  }
}

void main()
