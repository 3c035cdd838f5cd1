import type { Kysely } from 'kysely'

/*
 * A renamed or merged tag's old page (`/resources/blog?tag=Old`) sends visitors on to the tag it
 * became. The `redirects` table matches paths only, and every tag page shares one path, so a tag's
 * move is kept here, by the exact tag it came from; the blog list answers it when that tag has no
 * posts (app/server/services/tags.server.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tag_redirects')
    .addColumn('from_tag', 'text', (c) => c.primaryKey())
    .addColumn('to_tag', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  // A later move of the tag they lead to points them on, found by their target.
  await db.schema.createIndex('tag_redirects_to_tag').on('tag_redirects').column('to_tag').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tag_redirects').execute()
}
