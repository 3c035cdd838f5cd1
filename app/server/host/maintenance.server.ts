import { pruneExpiredSessions } from '~/server/services/auth.server'
import { purgeTrash } from '~/server/services/trash.server'
import type { Db } from '~/server/db/schema.server'
import { pruneActivity } from '~/server/repositories/activity.server'
import { pruneDrafts } from '~/server/repositories/drafts.server'
import { pruneExpiredResets } from '~/server/repositories/password-resets.server'
import { pruneSignInAttempts } from '~/server/repositories/sign-in-attempts.server'
import { pruneVisitCounts, trimOverfullDays } from '~/server/repositories/visit-counts.server'
import { logger } from '~/server/log.server'

const EVERY_MS = 5 * 60 * 1000
/** The activity log keeps a year. */
const ACTIVITY_KEPT_DAYS = 365
/** An autosaved draft nobody came back to in a month is forgotten. */
const DRAFT_KEPT_DAYS = 30

/**
 * Deletes expired sessions and reset links, closed sign-in windows, page-view counts past their
 * retention, the Trash's records deleted more than 30 days ago (their revisions and images), drafts saved more
 * than 30 days ago and activity older than a year now and then on a schedule, so no table grows
 * with time or with a stranger's requests, whether or not anyone ever signs in. Several instances
 * may prune at once: a delete of rows already gone is harmless. Returns a stop function.
 */
export function scheduleMaintenance(
  db: Db,
  { retentionMonths, everyMs = EVERY_MS }: { retentionMonths: number; everyMs?: number },
): () => void {
  const prune = async () => {
    try {
      await pruneExpiredSessions(db)
      await pruneExpiredResets(db)
      await pruneSignInAttempts(db)
      await pruneVisitCounts(db, firstDayKept(retentionMonths))
      await purgeTrash(db)
      await pruneActivity(db, daysAgo(ACTIVITY_KEPT_DAYS))
      await pruneDrafts(db, daysAgo(DRAFT_KEPT_DAYS))
    } catch (error) {
      logger.error(
        `Pruning expired sessions, reset links, sign-in attempts, old page-view counts, deleted records, activity and drafts failed: ${(error as Error).message}`,
      )
    }
  }
  void prune()
  // Counts stored before days had a bound are brought within it once per start; flushes keep it after.
  trimOverfullDays(db).catch((error: Error) =>
    logger.error(`Bringing stored page-view counts within their daily bound failed: ${error.message}`),
  )
  const timer = setInterval(() => void prune(), everyMs)
  timer.unref()
  return () => clearInterval(timer)
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString()

/** The first UTC day whose page-view counts are kept: the same day `months` months ago. */
export function firstDayKept(months: number, now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, now.getUTCDate())).toISOString().slice(0, 10)
}
