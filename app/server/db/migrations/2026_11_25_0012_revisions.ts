import type { Kysely } from 'kysely'

/*
 * Revisions of posts and case studies: every save, publish, unpublish, restore and delete keeps the
 * whole record as the editor sees it (JSON), who did it and when, so any two can be compared and
 * any one brought back. Rows outlive their record (a deleted record's history stays readable).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('revisions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('record_type', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('snapshot', 'text', (c) => c.notNull())
    // The admin's e-mail as it was: the history still says who after an account is gone.
    .addColumn('user_email', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('revisions_record').on('revisions').columns(['record_type', 'record_id', 'created_at']).execute()
}
