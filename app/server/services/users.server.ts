import { hash, verify } from '@node-rs/argon2'
import type { Role } from '~/lib/admin-access'
import { newId, nowIso } from '~/lib/ids'
import type { Db } from '~/server/db/schema.server'
import { cancelResets } from '~/server/repositories/password-resets.server'
import { liftSignInLock } from '~/server/repositories/sign-in-attempts.server'
import { clearTwoFactor } from '~/server/repositories/two-factor.server'

export interface User {
  id: string
  email: string
  role: Role
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

// @node-rs/argon2 defaults to argon2id with OWASP-recommended cost.
export function hashPassword(password: string): Promise<string> {
  return hash(password)
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password)
}

export async function findUserForSignIn(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'password_hash', 'role'])
    .where('email', '=', normalizeEmail(email))
    .executeTakeFirst()
}

/**
 * Creates the admin, or resets the password of an existing one; used by `npm run admin:create`.
 * A reset is what an owner does when a password may be known to someone else, or when an admin lost
 * their phone and their recovery codes, so it also ends every session of that admin, turns their
 * two-factor sign-in off and lifts a sign-in lock on the email, in one transaction.
 */
export async function upsertAdmin(db: Db, email: string, password: string): Promise<'created' | 'updated'> {
  const normalized = normalizeEmail(email)
  // Hashed before the transaction opens: argon2 is slow on purpose, and SQLite would wait on it.
  const passwordHash = await hashPassword(password)
  const now = nowIso()
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('users').select('id').where('email', '=', normalized).executeTakeFirst()
    if (existing) {
      await resetPassword(trx, { id: existing.id, email: normalized }, passwordHash)
      // Only here, not on a reset by e-mail: a reset link proves the mailbox, not the phone.
      await clearTwoFactor(trx, existing.id)
      return 'updated'
    }
    await trx
      .insertInto('users')
      .values({ id: newId(), email: normalized, password_hash: passwordHash, created_at: now, updated_at: now })
      .execute()
    return 'created'
  })
}

/**
 * A new password for an admin who may not know the old one (an owner's reset at the command line, or
 * a reset link): whoever knew the old password is out (every session ends), the admin may sign in at
 * once (the email's sign-in lock lifts) and other reset links stop working. Run it in the caller's
 * transaction, with the password already hashed.
 */
export async function resetPassword(trx: Db, user: Pick<User, 'id' | 'email'>, passwordHash: string): Promise<void> {
  await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: nowIso() }).where('id', '=', user.id).execute()
  await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute()
  await liftSignInLock(trx, user.email)
  await cancelResets(trx, user.id)
}

/**
 * Replaces the user's password once the current one is confirmed. `alongside` runs in the same
 * transaction as the update (the caller ends the user's other sessions there), so the new password
 * and those sign-outs happen together or not at all. The admin's reset links go in it too: one sent
 * before the change (perhaps by whoever the change was meant to lock out) must not undo it. False
 * when the current password is wrong.
 */
export async function changePassword(
  db: Db,
  userId: string,
  passwords: { currentPassword: string; newPassword: string },
  alongside: (trx: Db) => Promise<void>,
): Promise<boolean> {
  const user = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow()
  if (!(await verifyPassword(user.password_hash, passwords.currentPassword))) return false
  // Hashed before the transaction opens: argon2 is slow on purpose, and SQLite would wait on it.
  const passwordHash = await hashPassword(passwords.newPassword)
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: nowIso() }).where('id', '=', userId).execute()
    await cancelResets(trx, userId)
    await alongside(trx)
  })
  return true
}
