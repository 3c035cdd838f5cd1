import type { Kysely } from 'kysely'

/*
 * A draft's shareable preview links (app/server/services/post-preview-links.server.ts). Each link is
 * a signed token naming the post, this row's key and its own expiry; the row is what keeps the links
 * working. "Stop sharing" deletes it, and so does deleting the post, so every link made before stops
 * at once, and a new share gets a new key. `expires_at` is the last expiry of a link made with the
 * key, so the editor can show that link again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('post_preview_shares')
    .addColumn('post_id', 'text', (c) => c.primaryKey().references('blog_posts.id').onDelete('cascade'))
    .addColumn('share_key', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('post_preview_shares').execute()
}
