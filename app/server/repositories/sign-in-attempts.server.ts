import { sql } from 'kysely'
import type { Db } from '~/server/db/schema.server'

export const MAX_FAILED_SIGN_INS = 5
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000

/**
 * What an attempt is counted against: the account it targets and the address it comes from; or,
 * for a browser that signed in to that account before (`device`, its signed cookie's id), that
 * browser alone. So strangers' guesses, which lock the e-mail, never lock out its owner's browser,
 * while that browser still has no more guesses than anyone (OWASP's device cookies).
 */
export interface AttemptSource {
  email: string
  ip: string
  device?: string | null
}

/**
 * What an attempt is: a password check (sign-in, or the current password when changing it), or a
 * request for a password reset link. Each counts under keys of its own, so asking for links never
 * locks anyone's sign-in. Sign-in keys keep their first names ('ip:…', 'email:…'): rows exist.
 */
export type AttemptPurpose = 'sign-in' | 'reset'
const keyPrefix: Record<AttemptPurpose, string> = { 'sign-in': '', reset: 'reset-' }

const emailKey = (email: string, purpose: AttemptPurpose) => `${keyPrefix[purpose]}email:${email}`
const deviceKey = (device: string) => `device:${device}`
// The address first: once it is over the limit, its guesses create no row for yet another email.
const keysOf = ({ email, ip, device }: AttemptSource, purpose: AttemptPurpose) =>
  device && purpose === 'sign-in' ? [deviceKey(device)] : [`${keyPrefix[purpose]}ip:${ip}`, emailKey(email, purpose)]

/**
 * Counts one password check (or, with `purpose: 'reset'`, one request for a reset link) against the
 * email and the address before the password is checked, and says whether it may go ahead: at most
 * MAX_FAILED_SIGN_INS per key inside a window of SIGN_IN_WINDOW_MS that opens at the key's first
 * attempt. Each count is a single upsert, which both engines apply one at a time per key, so thirty
 * guesses sent together get the numbers 1 to 30 and only five are checked, on one instance or many.
 * A check that succeeds gives its number back (`releaseAttempt`); a refused or failed one keeps it.
 */
export async function reserveAttempt(
  db: Db,
  source: AttemptSource,
  { purpose = 'sign-in', now = Date.now() }: { purpose?: AttemptPurpose; now?: number } = {},
): Promise<boolean> {
  for (const key of keysOf(source, purpose)) {
    if ((await countInWindow(db, key, SIGN_IN_WINDOW_MS, now)) > MAX_FAILED_SIGN_INS) return false
  }
  return true
}

/**
 * Counts one more request under `key` and returns its number inside a window of `windowMs` that
 * opens at the key's first request (a key past its window starts again at 1, in the same statement).
 * A single upsert, which both engines apply one at a time per key: requests sent together get the
 * numbers 1, 2, 3…, on one instance or many. Closed windows are pruned by pruneSignInAttempts.
 */
export async function countInWindow(db: Db, key: string, windowMs: number, now = Date.now()): Promise<number> {
  const expired = sql<boolean>`sign_in_attempts.window_ends_at <= ${new Date(now).toISOString()}`
  const { attempts } = await db
    .insertInto('sign_in_attempts')
    .values({ key, attempts: 1, window_ends_at: new Date(now + windowMs).toISOString() })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        attempts: sql<number>`case when ${expired} then 1 else sign_in_attempts.attempts + 1 end`,
        window_ends_at: sql<string>`case when ${expired} then excluded.window_ends_at else sign_in_attempts.window_ends_at end`,
      }),
    )
    .returning('attempts')
    .executeTakeFirstOrThrow()
  return Number(attempts)
}

/**
 * After a right password: the account's failures are forgotten, and the address gets back the
 * attempt it spent, so an office that signs in often never locks itself out. From a known browser,
 * only that browser's count is: strangers' guesses keep the e-mail locked for strangers.
 */
export async function releaseAttempt(db: Db, source: AttemptSource): Promise<void> {
  if (source.device) {
    await db.deleteFrom('sign_in_attempts').where('key', '=', deviceKey(source.device)).execute()
    return
  }
  const [ipKey, accountKey] = keysOf(source, 'sign-in')
  await db.deleteFrom('sign_in_attempts').where('key', '=', accountKey!).execute()
  await db
    .updateTable('sign_in_attempts')
    .set({ attempts: sql<number>`attempts - 1` })
    .where('key', '=', ipKey!)
    .where('attempts', '>', 0)
    .execute()
}

/** Lifts the sign-in lock on an email after its password was reset: its owner may sign in at once. */
export async function liftSignInLock(db: Db, email: string): Promise<void> {
  await db.deleteFrom('sign_in_attempts').where('key', '=', emailKey(email, 'sign-in')).execute()
}

/**
 * After a right password that still waits for its second factor: only this attempt's number goes
 * back, on both keys. The account's earlier failures stay (unlike `releaseAttempt`), so signing in
 * with the password again cannot wipe out wrong codes, and codes are counted as passwords are.
 */
export async function giveBackAttempt(db: Db, source: AttemptSource): Promise<void> {
  await db
    .updateTable('sign_in_attempts')
    .set({ attempts: sql<number>`attempts - 1` })
    .where('key', 'in', keysOf(source, 'sign-in'))
    .where('attempts', '>', 0)
    .execute()
}

/** Forgets counts whose window has closed; run on a schedule so the table never outgrows its use. */
export async function pruneSignInAttempts(db: Db, now = Date.now()): Promise<number> {
  const result = await db.deleteFrom('sign_in_attempts').where('window_ends_at', '<=', new Date(now).toISOString()).executeTakeFirst()
  return Number(result.numDeletedRows)
}
