import { expect, it } from 'vitest'
import { migrateToLatest } from '~/server/db/connection.server'
import { createTestDatabaseAt, testDialects, type UntypedDb } from '../support/databases'

it.each(testDialects)(
  'migration 0043 swaps the seeded "(Contact for office details)" for the area served, and leaves an address alone [%s]',
  async (dialect) => {
    const database = await createTestDatabaseAt(dialect, '2026_11_27_0035_closing_calls')
    try {
      const db = database.db as unknown as UntypedDb
      const now = new Date().toISOString()
      const location = (id: string, position: number, data: object) =>
        db
          .insertInto('collection_items')
          .values({ id, collection: 'locations', position, data: JSON.stringify(data), created_at: now, updated_at: now })
          .execute()
      await location('l1', 0, { city: 'Atlanta', state: 'GA', details: '(Contact for office details)' })
      await location('l2', 1, { city: 'Mobile', state: 'AL', details: '(Contact for office details)' })
      await location('l3', 2, { city: 'New Orleans', state: 'LA', details: '400 Poydras St, Suite 1200' })
      expect(await migrateToLatest(database)).toContain('2026_11_28_0043_locations_without_a_placeholder')

      const rows = await db.selectFrom('collection_items').select(['id', 'data']).orderBy('position').execute()
      expect(rows.map((row: { data: string }) => JSON.parse(row.data))).toEqual([
        { city: 'Atlanta', state: 'GA', details: '', area: 'Serving Metro Atlanta, from Marietta to McDonough' },
        { city: 'Mobile', state: 'AL', details: '', area: '' },
        { city: 'New Orleans', state: 'LA', details: '400 Poydras St, Suite 1200' },
      ])
    } finally {
      await database.cleanup()
    }
  },
)
