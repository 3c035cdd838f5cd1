import type { Kysely } from 'kysely'

/*
 * Two-factor sign-in. An admin's authenticator secret is kept as it is (base32), because the server
 * must compute the codes it expects from it; a secret being set up waits in its own column until a
 * code confirms it, so an unfinished setup never changes how the admin signs in. `totp_last_step`
 * is the time step of the last code accepted: a code counts only for a later step, which is what
 * makes a used code worthless. Recovery codes are kept as SHA-256 hashes and marked when used.
 *
 * Whether every admin must use it is a row of `site_settings` (`require_two_factor`), written the
 * first time an owner saves it: no row means not required.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('totp_secret', 'text').execute()
  await db.schema.alterTable('users').addColumn('totp_pending_secret', 'text').execute()
  await db.schema.alterTable('users').addColumn('totp_last_step', 'integer').execute()

  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('recovery_codes_user_id').on('recovery_codes').columns(['user_id', 'code_hash']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('recovery_codes').execute()
  await db.deleteFrom('site_settings').where('key', '=', 'require_two_factor').execute()
  for (const column of ['totp_last_step', 'totp_pending_secret', 'totp_secret'])
    await db.schema.alterTable('users').dropColumn(column).execute()
}
