import { Migrator } from 'kysely'
import { expect, it } from 'vitest'
import { migrateToLatest } from '~/server/db/connection.server'
import { migrationsFor } from '~/server/db/migrations'
import { listPublishedPosts } from '~/server/repositories/posts.server'
import { createTestDatabase, testDialects, type UntypedDb } from '../support/databases'

it.each(testDialects)('migration 0003 makes posts written before it searchable [%s]', async (dialect) => {
  const database = await createTestDatabase(dialect, { migrate: false })
  try {
    const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrationsFor(dialect) } })
    const { error } = await migrator.migrateTo('2026_11_22_0002_inquiry_ip')
    expect(error).toBeUndefined()
    const now = new Date().toISOString()
    const db = database.db as unknown as UntypedDb
    await db
      .insertInto('authors')
      .values({ id: 'a1', name: 'Old Author', email: 'old@example.com', created_at: now, updated_at: now })
      .execute()
    await db
      .insertInto('blog_posts')
      .values({
        id: 'p1',
        title: 'Über Old Posts',
        slug: 'old',
        content: 'x',
        excerpt: 'Written before search_text',
        published: 1,
        published_at: now,
        author_id: 'a1',
        created_at: now,
        updated_at: now,
      })
      .execute()

    expect(await migrateToLatest(database)).toContain('2026_11_22_0003_post_search_text')
    expect((await listPublishedPosts(database.db, { search: 'über OLD' })).total).toBe(1)
    expect((await listPublishedPosts(database.db, { search: 'before SEARCH_TEXT' })).total).toBe(1)
  } finally {
    await database.cleanup()
  }
})
