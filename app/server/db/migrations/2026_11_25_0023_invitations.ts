import { sql, type Kysely } from 'kysely'

/*
 * Invitations to join the back office: an owner names an e-mail and a role, and the person gets a
 * single-use link that works for 72 hours. Only the SHA-256 of the link's token is stored, so the
 * table (or a backup of it) opens no door. An accepted invitation stays as the record of who invited
 * whom; the admin it made lives in `users`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    // The inviting owner; forgotten (not the invitation) when that owner is removed.
    .addColumn('invited_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  // One open invitation per e-mail, even when two owners invite the same person at the same instant.
  await db.schema
    .createIndex('invitations_open_email')
    .on('invitations')
    .column('email')
    .unique()
    .where(sql.ref('accepted_at'), 'is', null)
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('invitations').execute()
}
