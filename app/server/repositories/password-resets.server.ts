import type { Db } from '~/server/db/schema.server'

/** A reset link's row: `id` is the SHA-256 of the link's token, never the token itself. */
export interface NewPasswordReset {
  id: string
  userId: string
  expiresAt: string
  createdAt: string
}

export async function insertPasswordReset(db: Db, reset: NewPasswordReset): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({ id: reset.id, user_id: reset.userId, expires_at: reset.expiresAt, used_at: null, created_at: reset.createdAt })
    .execute()
}

/** The admin a link would reset, while it is unused and unexpired at `now`; undefined otherwise. */
export async function findUsableReset(db: Db, id: string, now: string) {
  return db
    .selectFrom('password_resets')
    .innerJoin('users', 'users.id', 'password_resets.user_id')
    .select(['users.id', 'users.email'])
    .where('password_resets.id', '=', id)
    .where('password_resets.used_at', 'is', null)
    .where('password_resets.expires_at', '>', now)
    .executeTakeFirst()
}

/**
 * Spends a link: one conditional update, so of two resets sent at once with the same link only one
 * finds it unused (the other waits for the row and then finds `used_at` set). The admin's id when
 * this call spent it; null when it was unknown, used or expired.
 */
export async function spendReset(db: Db, id: string, now: string): Promise<string | null> {
  const row = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst()
  return row?.user_id ?? null
}

/** Cancels every unused link of an admin: a new password makes the others pointless. */
export async function cancelResets(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('password_resets').where('user_id', '=', userId).where('used_at', 'is', null).execute()
}

/** Deletes links past their expiry, used or not; run on a schedule. */
export async function pruneExpiredResets(db: Db, now = Date.now()): Promise<number> {
  const result = await db.deleteFrom('password_resets').where('expires_at', '<=', new Date(now).toISOString()).executeTakeFirst()
  return Number(result.numDeletedRows)
}
