import { expect, it } from 'vitest'
import { faqs } from '~/content/faq'
import { solutionsPage } from '~/content/pages/solutions'
import { pageContentSchema } from '~/lib/page-content'
import { migrateToLatest } from '~/server/db/connection.server'
import { createTestDatabaseAt, testDialects, type UntypedDb } from '../support/databases'

const SEEDED_ANSWER =
  'It depends on the scope. A single AI receptionist costs far less than a set of connected automations across your whole business. Before you commit to anything, we do an ROI analysis, meaning we estimate what the project will save or earn you compared with what it costs, so you can decide with real numbers in front of you.'

const seededPricing = solutionsPage.content.blocks.find((block) => block.id === 'solutions-pricing')!
const seededAnswer = faqs.find((faq) => faq.question === 'How much does it cost?')!.answer

it.each(testDialects)(
  'migration 0037 adds pricing before the Solutions closing band and answers the cost question, where both are as seeded [%s]',
  async (dialect) => {
    const database = await createTestDatabaseAt(dialect, '2026_11_27_0035_closing_calls')
    try {
      const db = database.db as unknown as UntypedDb
      const now = new Date().toISOString()
      const content = (...ids: string[]) => JSON.stringify({ title: 'T', blocks: ids.map((id) => ({ id, type: 'card-grid', data: {} })) })
      const seeded = content('solutions-header', 'solutions-services', 'solutions-closing')
      // Draft as seeded, live rearranged by an editor, scheduled as seeded.
      await db
        .insertInto('pages')
        .values({
          id: 'p1',
          path: '/solutions',
          name: 'Solutions',
          template: 'page',
          draft: seeded,
          live: content('solutions-header', 'solutions-closing', 'solutions-services'),
          scheduled: seeded,
          updated_at: now,
          created_at: now,
        })
        .execute()
      const faq = (id: string, position: number, answer: string) =>
        db
          .insertInto('collection_items')
          .values({ id, collection: 'faq', position, data: JSON.stringify({ question: 'Q', answer }), created_at: now, updated_at: now })
          .execute()
      await faq('f1', 0, SEEDED_ANSWER)
      await faq('f2', 1, 'From $2,000, our own words.')
      expect(await migrateToLatest(database)).toContain('2026_11_28_0037_pricing')

      const row = await db.selectFrom('pages').select(['draft', 'live', 'scheduled']).where('id', '=', 'p1').executeTakeFirstOrThrow()
      const ids = (json: string) => JSON.parse(json).blocks.map((block: { id: string }) => block.id)
      for (const version of [row.draft, row.scheduled]) {
        expect(ids(version)).toEqual(['solutions-header', 'solutions-services', 'solutions-pricing', 'solutions-closing'])
        // The words a new site is seeded with, and a block the editor accepts.
        expect(JSON.parse(version).blocks[2]).toEqual(seededPricing)
      }
      expect(ids(row.live)).toEqual(['solutions-header', 'solutions-closing', 'solutions-services'])
      expect(pageContentSchema.safeParse(solutionsPage.content).success).toBe(true)

      const answers = await db.selectFrom('collection_items').select(['id', 'data']).orderBy('position').execute()
      expect(answers.map((item: { data: string }) => JSON.parse(item.data).answer)).toEqual([seededAnswer, 'From $2,000, our own words.'])
    } finally {
      await database.cleanup()
    }
  },
)
