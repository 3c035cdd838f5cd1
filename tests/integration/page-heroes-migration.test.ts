import { expect, it } from 'vitest'
import { aboutPage } from '~/content/pages/about'
import { contactPage } from '~/content/pages/contact'
import { industryPages } from '~/content/pages/industry-pages'
import { migrateToLatest } from '~/server/db/connection.server'
import { createTestDatabaseAt, testDialects, type UntypedDb } from '../support/databases'

/** A seed's header as an older site stored it: before the header had a visual. */
function olderHeader(blocks: readonly { type: string; data: object }[]) {
  const { visual: _visual, ...data } = blocks.find((block) => block.type === 'page-header')!.data as Record<string, unknown>
  return { ...blocks.find((block) => block.type === 'page-header')!, data }
}

it.each(testDialects)(
  'migration 0042 sets the page header visual of About, Contact and the industry pages where the header is as seeded [%s]',
  async (dialect) => {
    const database = await createTestDatabaseAt(dialect, '2026_11_27_0035_closing_calls')
    try {
      const db = database.db as unknown as UntypedDb
      const now = new Date().toISOString()
      const about = olderHeader(aboutPage.content.blocks)
      const contact = olderHeader(contactPage.content.blocks)
      const { bookingButton: _button, ...contactData } = contact.data
      const hvac = olderHeader(industryPages[0]!.content.blocks)
      const content = (...blocks: object[]) => JSON.stringify({ title: 'T', blocks })
      const page = (id: string, path: string, draft: string, live: string | null = draft) =>
        db
          .insertInto('pages')
          .values({ id, path, name: id, template: 'page', draft, live, scheduled: null, updated_at: now, created_at: now })
          .execute()
      // About: draft as seeded, live retitled by an editor.
      await page('about', '/about', content(about), content({ ...about, data: { ...about.data, title: 'Our own words' } }))
      await page('contact', '/contact', content({ ...contact, data: contactData }))
      // An industry header already given a visual stays as chosen.
      await page('hvac', industryPages[0]!.path, content(hvac), content({ ...hvac, data: { ...hvac.data, visual: 'none' } }))
      expect(await migrateToLatest(database)).toContain('2026_11_28_0042_page_heroes')

      const rows = await db.selectFrom('pages').select(['id', 'draft', 'live']).execute()
      const header = (id: string, column: 'draft' | 'live') =>
        JSON.parse(rows.find((row: { id: string }) => row.id === id)![column]).blocks[0].data as Record<string, unknown>
      expect(header('about', 'draft').visual).toBe('team')
      expect(header('about', 'live')).not.toHaveProperty('visual')
      expect(header('contact', 'draft')).toMatchObject({ visual: 'contact', bookingButton: 'Book a free 30-minute call' })
      expect(header('hvac', 'draft').visual).toBe('trade')
      expect(header('hvac', 'live').visual).toBe('none')
    } finally {
      await database.cleanup()
    }
  },
)
