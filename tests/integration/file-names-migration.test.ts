import { expect, it } from 'vitest'
import { migrateToLatest } from '~/server/db/connection.server'
import { listLibrary } from '~/server/services/media-library.server'
import { createTestDatabaseAt, testDialects, type UntypedDb } from '../support/databases'

it.each(testDialects)(
  'migration 0045 gives files a name of their own, empty for files stored before, listed by their stored name [%s]',
  async (dialect) => {
    const database = await createTestDatabaseAt(dialect, '2026_11_28_0043_locations_without_a_placeholder')
    try {
      const db = database.db as unknown as UntypedDb
      const now = new Date().toISOString()
      await db
        .insertInto('files')
        .values({
          id: 'f1',
          bucket: 'images',
          path: 'blog/0b6f6c1e-older.png',
          content_type: 'image/png',
          size: 3,
          bytes: Buffer.from([1, 2, 3]),
          alt: 'An older image',
          decorative: 0,
          width: 10,
          height: 10,
          created_at: now,
          updated_at: now,
        })
        .execute()
      expect(await migrateToLatest(database)).toContain('2026_11_28_0045_file_original_names')

      const stored = await db.selectFrom('files').selectAll().where('id', '=', 'f1').executeTakeFirstOrThrow()
      expect([stored.original_name, stored.alt, stored.updated_at]).toEqual([null, 'An older image', now])
      const [row] = await listLibrary(database.db)
      expect([row!.originalName, row!.name]).toEqual([null, '0b6f6c1e-older.png'])
    } finally {
      await database.cleanup()
    }
  },
)
