import type { Kysely } from 'kysely'

/*
 * The name an image had on the uploader's computer ("team-photo.jpg"), shown in the media library so
 * people find their files again; the stored path stays a random id. Null for files stored before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('files').addColumn('original_name', 'text').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('files').dropColumn('original_name').execute()
}
