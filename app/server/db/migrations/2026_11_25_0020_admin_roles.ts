import type { Kysely } from 'kysely'

/*
 * A team of admins: each has a role (everyone who signed in before roles existed is an owner, as
 * they could do everything), sessions remember the device and address they were opened from and
 * when they were last used, and a post remembers which admin created it and when its author asked
 * for it to be reviewed, because an Author may only work on their own drafts.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('owner'))
    .execute()
  await db.schema.alterTable('users').addColumn('last_sign_in_at', 'text').execute()

  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute()
  await db.schema.alterTable('sessions').addColumn('ip_address', 'text').execute()
  await db.schema.alterTable('sessions').addColumn('last_seen_at', 'text').execute()

  // No foreign key: a removed admin's posts stay, credited to their author profile.
  await db.schema.alterTable('blog_posts').addColumn('created_by', 'text').execute()
  await db.schema.alterTable('blog_posts').addColumn('review_requested_at', 'text').execute()
  await db.schema.createIndex('blog_posts_created_by').on('blog_posts').column('created_by').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('blog_posts_created_by').execute()
  for (const column of ['review_requested_at', 'created_by']) await db.schema.alterTable('blog_posts').dropColumn(column).execute()
  for (const column of ['last_seen_at', 'ip_address', 'user_agent']) await db.schema.alterTable('sessions').dropColumn(column).execute()
  for (const column of ['last_sign_in_at', 'role']) await db.schema.alterTable('users').dropColumn(column).execute()
}
