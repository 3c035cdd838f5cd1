import type { Kysely } from 'kysely'

/*
 * The back office's activity log: who created, changed, published, unpublished, restored or
 * deleted which post or case study and when (with the revision it made), and who signed in or
 * failed to. Kept a year. Failed sign-ins are logged only for e-mails that belong to an admin, so a
 * stranger's guesses at made-up addresses cannot fill it (the sign-in limit counts those).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('activity')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('user_email', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('record_type', 'text')
    .addColumn('record_id', 'text')
    .addColumn('title', 'text')
    .addColumn('revision_id', 'text')
    .execute()
  await db.schema.createIndex('activity_at').on('activity').column('at').execute()
}
