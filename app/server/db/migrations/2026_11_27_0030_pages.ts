import type { Kysely } from 'kysely'

/*
 * The site's pages, built from blocks. A page keeps three versions of its content (JSON, checked by
 * app/lib/page-content.ts): the editor's saved draft, what visitors see (null until first published),
 * and one scheduled to replace it at a time. Visitors see the scheduled one from its time on, so
 * every instance switches at that moment without waiting for a writer. The pages and their words
 * are seeded by the server on start (services/seed-pages.server.ts), with today's words.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('path', 'text', (c) => c.notNull().unique())
    // Its name in the back office ('Home', 'Industry: HVAC').
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('draft', 'text', (c) => c.notNull())
    .addColumn('live', 'text')
    .addColumn('scheduled', 'text')
    .addColumn('scheduled_at', 'text')
    .addColumn('published_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .execute()
  await db.schema.createIndex('pages_scheduled_at').on('pages').column('scheduled_at').execute()
}
