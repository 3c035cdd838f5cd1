import { newId, nowIso } from '~/lib/ids'
import type { ActivityTable, Db } from '~/server/db/schema.server'

/** Lines on one page of the activity screen. */
export const ACTIVITY_PER_PAGE = 50

/** A line as written; only a restore's names the revision it brought back. */
export type ActivityEntry = Omit<ActivityTable, 'id' | 'at' | 'restored_revision_at'> & Partial<Pick<ActivityTable, 'restored_revision_at'>>

export async function recordActivity(db: Db, entry: ActivityEntry): Promise<void> {
  await db.insertInto('activity').values({ id: newId(), at: nowIso(), ...entry }).execute()
}

/** One page of the log, newest first, and how many pages there are. */
export async function listActivity(db: Db, page: number) {
  const { count } = await db.selectFrom('activity').select((eb) => eb.fn.countAll<string | number>().as('count')).executeTakeFirstOrThrow()
  const pageCount = Math.max(1, Math.ceil(Number(count) / ACTIVITY_PER_PAGE))
  if (page > pageCount) return { rows: [], pageCount }
  const rows = await db
    .selectFrom('activity')
    // The line keeps the e-mail as text (the admin may be gone); a current admin's display name goes with it.
    .leftJoin('users', 'users.email', 'activity.user_email')
    .selectAll('activity')
    .select('users.display_name as userName')
    .orderBy('activity.at', 'desc')
    .orderBy('activity.id', 'desc')
    .limit(ACTIVITY_PER_PAGE)
    .offset((page - 1) * ACTIVITY_PER_PAGE)
    .execute()
  return { rows, pageCount }
}

/** Deletes lines older than `before` (the log keeps a year). */
export async function pruneActivity(db: Db, before: string): Promise<void> {
  await db.deleteFrom('activity').where('at', '<', before).execute()
}
