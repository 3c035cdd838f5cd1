import { pruneExpiredSessions } from '~/server/services/auth.server'
import type { Db } from '~/server/db/schema.server'
import { pruneSignInAttempts } from '~/server/repositories/sign-in-attempts.server'

const EVERY_MS = 5 * 60 * 1000

/**
 * Deletes expired sessions and closed sign-in windows now and then on a schedule, so neither table
 * grows with time or with a stranger's requests, whether or not anyone ever signs in. Several
 * instances may prune at once: a delete of rows already gone is harmless. Returns a stop function.
 */
export function scheduleMaintenance(db: Db, everyMs = EVERY_MS): () => void {
  const prune = async () => {
    try {
      await pruneExpiredSessions(db)
      await pruneSignInAttempts(db)
    } catch (error) {
      console.error('Pruning expired sessions and sign-in attempts failed:', (error as Error).message)
    }
  }
  void prune()
  const timer = setInterval(() => void prune(), everyMs)
  timer.unref()
  return () => clearInterval(timer)
}
