import type { Kysely } from 'kysely'

/*
 * Links never break: `redirects` sends an old address on to where its content lives now (written by
 * the admin, or by the site when a post's or case study's address changes), and `not_found_paths`
 * counts the addresses visitors asked for and did not find, so the admin can see which need one.
 * A redirect's version is its updated_at, as for every record the back office edits.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('redirects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('from_path', 'text', (c) => c.notNull().unique())
    .addColumn('to_target', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  // Chains are collapsed by the target they point at.
  await db.schema.createIndex('redirects_to_target').on('redirects').column('to_target').execute()

  await db.schema
    .createTable('not_found_paths')
    .addColumn('path', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('first_seen_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .execute()
  // The screen lists, and the pruning keeps, the most-hit paths.
  await db.schema.createIndex('not_found_paths_hits').on('not_found_paths').column('hits').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('not_found_paths').execute()
  await db.schema.dropTable('redirects').execute()
}
