import type { Db } from '~/server/db/schema.server'

/** An admin as the People screen lists them. */
export interface AdminRow {
  id: string
  email: string
  displayName: string | null
  role: string
  lastSignInAt: string | null
  createdAt: string
  /** Whether they sign in with a code from an authenticator app too; the secret itself is not read. */
  twoFactor: boolean
}

/** Every admin, the longest-standing first. */
export async function listAdmins(db: Db): Promise<AdminRow[]> {
  const rows = await db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'display_name',
      'role',
      'last_sign_in_at',
      'created_at',
      (eb) => eb('totp_secret', 'is not', null).as('hasTwoFactor'),
    ])
    .orderBy('created_at')
    .orderBy('email')
    .execute()
  // PostgreSQL answers the test with a boolean, SQLite with 0 or 1.
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    displayName: row.display_name,
    role: row.role,
    lastSignInAt: row.last_sign_in_at,
    createdAt: row.created_at,
    twoFactor: Boolean(row.hasTwoFactor),
  }))
}

export async function getAdmin(
  db: Db,
  id: string,
): Promise<{ id: string; email: string; role: string; displayName: string | null } | undefined> {
  return db.selectFrom('users').select(['id', 'email', 'role', 'display_name as displayName']).where('id', '=', id).executeTakeFirst()
}

export async function adminWithEmail(db: Db, email: string): Promise<{ id: string } | undefined> {
  return db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()
}

export async function countOwners(db: Db): Promise<number> {
  const { count } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow()
  return Number(count)
}

/**
 * Holds every owner's row until the transaction ends, so a change that could leave no owner sees the
 * owners as they stand and nobody changes them before it commits. A write that changes nothing, and
 * one statement for both engines: on PostgreSQL it locks each owner's row (as SELECT … FOR UPDATE
 * would), so a second demotion waits, then finds one owner fewer; on SQLite, whose writers take turns,
 * it takes the write lock before anything is read, so a writer in another process cannot slip in
 * between the count and the change.
 */
export async function lockOwners(trx: Db): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ role: eb.ref('role') }))
    .where('role', '=', 'owner')
    .execute()
}

export async function setAdminRole(trx: Db, id: string, role: string, now: string): Promise<void> {
  await trx.updateTable('users').set({ role, updated_at: now }).where('id', '=', id).execute()
}

export async function setDisplayName(trx: Db, id: string, displayName: string | null, now: string): Promise<void> {
  await trx.updateTable('users').set({ display_name: displayName, updated_at: now }).where('id', '=', id).execute()
}

export async function insertAdmin(
  trx: Db,
  admin: { id: string; email: string; role: string; passwordHash: string; now: string },
): Promise<void> {
  await trx
    .insertInto('users')
    .values({
      id: admin.id,
      email: admin.email,
      role: admin.role,
      password_hash: admin.passwordHash,
      // Joining signs them in.
      last_sign_in_at: admin.now,
      created_at: admin.now,
      updated_at: admin.now,
    })
    .execute()
}

/**
 * Deletes the admin with their sessions (the foreign key would cascade; said here so it does not
 * depend on SQLite's foreign_keys pragma) and their autosaved forms, which nobody else can open.
 * Their posts stay: a post's byline is an author profile, and `created_by` keeps the old id.
 */
export async function deleteAdmin(trx: Db, id: string): Promise<void> {
  await endSessionsOf(trx, id)
  await trx.deleteFrom('drafts').where('user_id', '=', id).execute()
  await trx.deleteFrom('users').where('id', '=', id).execute()
}

/** Signs the admin out everywhere: each of their browsers is sent to the login page at its next request. */
export async function endSessionsOf(trx: Db, id: string): Promise<void> {
  await trx.deleteFrom('sessions').where('user_id', '=', id).execute()
}
