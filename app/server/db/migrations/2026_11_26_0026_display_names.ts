import type { Kysely } from 'kysely'

/*
 * A display name per admin, set by an Owner on the People screen: what People, the activity log and
 * an invitation's sender line show instead of a bare e-mail. Null until someone sets one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('display_name', 'text').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('display_name').execute()
}
