import type { Kysely } from 'kysely'

/*
 * Password reset links sent by e-mail. A row is keyed by the SHA-256 of the link's token, never the
 * token, so a copy of the table opens no account; it works until `expires_at`, and once: `used_at`
 * is set by the reset that spends it. Rows go with their admin.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('password_resets_user_id_idx').on('password_resets').column('user_id').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('password_resets').execute()
}
