import type { Kysely } from 'kysely'

/*
 * The second step of signing in, kept on the server: the browser whose password was right holds a
 * random token (its SHA-256 is the id here), the browser it was given to is named by `browser` (the
 * SHA-256 of its address and User-Agent), and the row is deleted by the code that completes it, so a
 * copy of the cookie in another browser, or used a second time, opens nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pending_sign_ins')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('browser', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('pending_sign_ins_expires_at').on('pending_sign_ins').column('expires_at').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pending_sign_ins').execute()
}
