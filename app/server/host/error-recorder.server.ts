import type { Db } from '~/server/db/schema.server'
import type { LoggedError } from '~/server/log.server'
import { addServerErrors, type NewServerError } from '~/server/repositories/server-errors.server'

/*
 * The errors an instance logs, kept in `server_errors` for the System screen. An error can come in a
 * flood (a database gone, a bug on a busy page), so they gather in memory (the newest 200) and are
 * written in one batch at most every 2 seconds, and the table keeps only the newest 200. A batch that
 * cannot be written is dropped without a word: logging that failure would record one more error to
 * write, for ever.
 */

export const ERRORS_KEPT = 200
const FLUSH_MS = 2_000
const MAX_MESSAGE = 1_000
const MAX_PATH = 300
const MAX_REQUEST_ID = 100

export function startErrorRecorder(db: Db, instance: string, flushMs = FLUSH_MS) {
  let pending: NewServerError[] = []
  let timer: NodeJS.Timeout | null = null
  let writing = Promise.resolve()

  const write = async () => {
    timer = null
    const batch = pending
    pending = []
    try {
      await addServerErrors(db, batch, ERRORS_KEPT)
    } catch {
      // Dropped quietly (see above).
    }
  }
  const flush = () => (writing = writing.then(write))

  return {
    record(entry: LoggedError): void {
      pending.push({
        occurredAt: entry.time,
        instance,
        message: entry.message.slice(0, MAX_MESSAGE),
        path: entry.path?.slice(0, MAX_PATH) ?? null,
        requestId: entry.reqId?.slice(0, MAX_REQUEST_ID) ?? null,
      })
      if (pending.length > ERRORS_KEPT) pending.shift()
      if (timer === null) {
        timer = setTimeout(flush, flushMs)
        timer.unref()
      }
    },
    /** Writes what is gathered, after any write under way. */
    stop: async () => {
      if (timer !== null) clearTimeout(timer)
      await flush()
    },
  }
}
