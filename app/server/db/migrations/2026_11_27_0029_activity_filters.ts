import type { Kysely } from 'kysely'

/*
 * The Activity screen filters its log by person and by kind (a kind is a set of record types, or for
 * lines about people and accounts, no record type and a set of actions), newest first. Each filter
 * gets an index that serves it in that order; a date range alone keeps using activity_at.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('activity_user_at').on('activity').columns(['user_email', 'at']).execute()
  await db.schema.createIndex('activity_record_type_at').on('activity').columns(['record_type', 'at']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('activity_record_type_at').execute()
  await db.schema.dropIndex('activity_user_at').execute()
}
