import type { Kysely } from 'kysely'

/*
 * Autosaved drafts of the post and case-study editors: the form as typed, per admin and per record
 * ('new' for one not saved yet), kept on the server apart from the published record until it is
 * saved or discarded, so a crash, a closed tab or an ended session loses nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('drafts')
    .addColumn('record_type', 'text', (c) => c.notNull())
    .addColumn('record_key', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('form_values', 'text', (c) => c.notNull())
    .addColumn('saved_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('drafts_pk', ['record_type', 'record_key', 'user_id'])
    .execute()
}
