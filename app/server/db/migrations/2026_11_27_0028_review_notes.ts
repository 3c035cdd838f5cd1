import type { Kysely } from 'kysely'

/*
 * The review of an Author's post: who asked for it (review_requested_at already says when), and an
 * Editor's or Owner's answer when they send the post back instead of publishing it: who, when, and
 * their note to the Author. Admin ids without a foreign key, like created_by: a removed admin's
 * posts and notes stay.
 */
const columns = ['review_requested_by', 'sent_back_by', 'sent_back_at', 'sent_back_note'] as const

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of columns) await db.schema.alterTable('blog_posts').addColumn(column, 'text').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of [...columns].reverse()) await db.schema.alterTable('blog_posts').dropColumn(column).execute()
}
