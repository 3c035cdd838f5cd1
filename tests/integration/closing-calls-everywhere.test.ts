import { expect, it } from 'vitest'
import { bookingLabel } from '~/content/booking'
import { seedPages } from '~/content/pages/index'
import { migrateToLatest } from '~/server/db/connection.server'
import type { Dialect } from '~/server/db/dialect.server'
import { createTestDatabaseAt, testDialects, type UntypedDb } from '../support/databases'

/*
 * Migrations 0036 (one booking label) and 0041 (a closing band on every page) on a site seeded before
 * them: they change what is still as seeded, in each of a page's versions, and leave an editor's work.
 */

interface Block {
  id: string
  type: string
  data: Record<string, unknown>
}

const content = (...blocks: object[]) => JSON.stringify({ title: 'T', blocks })
const blocksOf = (json: string | null) => (json ? (JSON.parse(json) as { blocks: Block[] }).blocks : null)

/** A database migrated up to the one before these, and a way to store a page in it. */
async function olderSite(dialect: Dialect) {
  const database = await createTestDatabaseAt(dialect, '2026_11_27_0035_closing_calls')
  const db = database.db as unknown as UntypedDb
  const now = new Date().toISOString()
  const page = (path: string, draft: string, live: string | null = draft, scheduled: string | null = null) =>
    db
      .insertInto('pages')
      .values({ id: path, path, name: path, template: 'page', draft, live, scheduled, updated_at: now, created_at: now })
      .execute()
  const stored = async (path: string) =>
    (await db.selectFrom('pages').select(['draft', 'live', 'scheduled']).where('path', '=', path).executeTakeFirstOrThrow()) as Record<
      'draft' | 'live' | 'scheduled',
      string | null
    >
  return { database, page, stored }
}

it.each(testDialects)('migration 0036 gives every seeded booking label the one label, and leaves the rest [%s]', async (dialect) => {
  const { database, page, stored } = await olderSite(dialect)
  try {
    const band = (buttonLabel: string, buttonAction = 'booking') => ({
      id: `band-${buttonLabel}-${buttonAction}`,
      type: 'cta-band',
      data: { title: 'T', tone: 'white', style: 'feature', buttonLabel, buttonAction },
    })
    const hero = { id: 'hero', type: 'hero', data: { title: 'T', primaryCta: 'Book Your Free Strategy Session' } }
    const header = (bookingButton: string) => ({ id: `header-${bookingButton}`, type: 'page-header', data: { title: 'T', bookingButton } })
    const card = {
      id: 'card',
      type: 'contact-form',
      data: { bookingTitle: 'Book a Strategy Session', bookingButton: 'Open Scheduler' },
    }
    const seeded = content(
      hero,
      header('Book a Strategy Session'),
      header('Book Your Free Strategy Session'),
      band('Book a Strategy Session'),
      band('Book Your Free Strategy Session'),
      card,
    )
    // An editor's own label, and a band whose button is a link, not the booking calendar.
    const edited = content(header('Call us today'), band('Book a Strategy Session', 'link'), card)
    await page('/', seeded, edited, seeded)
    expect(await migrateToLatest(database)).toContain('2026_11_28_0036_one_booking_label')

    const { draft, live, scheduled } = await stored('/')
    for (const version of [draft, scheduled]) {
      const [h, header1, header2, band1, band2, contact] = blocksOf(version)!
      expect(h!.data.primaryCta).toBe(bookingLabel)
      expect([header1!.data.bookingButton, header2!.data.bookingButton]).toEqual([bookingLabel, bookingLabel])
      expect([band1!.data.buttonLabel, band2!.data.buttonLabel]).toEqual([bookingLabel, bookingLabel])
      // Contact's booking card keeps the spec's words.
      expect(contact!.data).toEqual(card.data)
    }
    expect(live).toBe(edited)
  } finally {
    await database.cleanup()
  }
})

/** The pages migration 0041 closes, and their seeds as an older site had them: without the closing band. */
const closed = seedPages.flatMap((seed) => {
  const closing = seed.content.blocks.at(-1) as Block
  if (!closing.id.endsWith('-closing') || seed.path === '/how-we-help' || seed.path === '/solutions') return []
  return [{ path: seed.path, closing, older: seed.content.blocks.slice(0, -1) as Block[] }]
})

it.each(testDialects)('migration 0041 ends each page with its seeded closing band where it still ends as seeded [%s]', async (dialect) => {
  expect(closed.map(({ path }) => path).sort()).toEqual(
    [
      '/about',
      '/contact',
      '/industries',
      '/partners',
      '/privacy',
      '/resources',
      '/resources/ai-playbook',
      '/resources/faq',
      '/terms',
    ].sort(),
  )
  const { database, page, stored } = await olderSite(dialect)
  try {
    for (const { path, older } of closed) {
      // Live as seeded; the draft rearranged by an editor (its last block moved up); scheduled as seeded.
      const rearranged = [older.at(-1)!, ...older.slice(0, -1)]
      await page(path, content(...rearranged), content(...older), content(...older))
    }
    expect(await migrateToLatest(database)).toContain('2026_11_28_0041_closing_calls_everywhere')

    for (const { path, closing, older } of closed) {
      const { draft, live, scheduled } = await stored(path)
      // The band the seed gives a new site, word for word.
      expect(blocksOf(live)!.at(-1), path).toEqual(closing)
      expect(blocksOf(scheduled)!.at(-1), path).toEqual(closing)
      expect(
        blocksOf(live)!
          .map((block) => block.id)
          .slice(0, -1),
        path,
      ).toEqual(older.map((block) => block.id))
      expect(
        blocksOf(draft)!.map((block) => block.id),
        path,
      ).toEqual([older.at(-1)!.id, ...older.slice(0, -1).map((block) => block.id)])
    }
  } finally {
    await database.cleanup()
  }
})
