import type { Db } from '~/server/db/schema.server'

export interface PendingSignIn {
  userId: string
  browser: string
}

/** Keeps a password step for its code, clearing the ones whose time is up. */
export async function createPendingSignIn(
  db: Db,
  row: { id: string; userId: string; browser: string; expiresAt: string },
  now: string,
): Promise<void> {
  await db.deleteFrom('pending_sign_ins').where('expires_at', '<=', now).execute()
  await db
    .insertInto('pending_sign_ins')
    .values({ id: row.id, user_id: row.userId, browser: row.browser, expires_at: row.expiresAt })
    .execute()
}

export async function findPendingSignIn(db: Db, id: string, now: string): Promise<PendingSignIn | undefined> {
  const row = await db
    .selectFrom('pending_sign_ins')
    .select(['user_id', 'browser'])
    .where('id', '=', id)
    .where('expires_at', '>', now)
    .executeTakeFirst()
  return row && { userId: row.user_id, browser: row.browser }
}

/** Ends a password step; true for the one request that ended it, so two codes sent together open one session. */
export async function consumePendingSignIn(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('pending_sign_ins').where('id', '=', id).executeTakeFirst()
  return Number(result.numDeletedRows) === 1
}
