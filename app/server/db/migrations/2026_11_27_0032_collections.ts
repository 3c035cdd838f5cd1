import type { Kysely } from 'kysely'

/*
 * The items of the site's collections (services, industries, FAQ, partners, locations: app/lib/collections.ts),
 * one table for all: each item's fields are JSON checked by its collection's schema, in the order an
 * editor drags them into. Seeded with the launch words by services/seed-pages.server.ts.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('collection_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('collection', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('collection_items_order').on('collection_items').columns(['collection', 'position']).execute()
}
