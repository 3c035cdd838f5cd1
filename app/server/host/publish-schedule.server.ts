import type { Db } from '~/server/db/schema.server'
import { foldDueSchedules, nextScheduledPageChange } from '~/server/repositories/pages.server'
import { nextScheduledPublish } from '~/server/repositories/posts.server'
import { logger } from '~/server/log.server'

/** Longest wait between two looks at the schedule, so a post or page scheduled behind our back is still caught. */
const LONGEST_WAIT_MS = 5 * 60 * 1000
// Timers may fire a little early or late; a post whose time came a moment ago is shown.
const MARGIN_MS = 50

export interface PublishSchedule {
  /** Looks at the schedule again: call after any change to posts or pages, here or on another instance. */
  rearm(): void
  stop(): void
}

/**
 * Calls `onDue` when a scheduled post's publish time or a page's scheduled change comes, so the
 * pages that show them (cached until something changes) change on time with no admin action; a
 * page's change is folded into its live version first (any instance may, any number of times).
 * Every instance keeps its own timer, so each clears its own cache; no message between instances
 * is needed.
 */
export function watchPublishSchedule(db: Db, onDue: () => void, clock: () => number = Date.now): PublishSchedule {
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  let looking = 0

  const arm = async () => {
    const look = ++looking
    let next: string | undefined
    try {
      const now = new Date(clock()).toISOString()
      const [post, page] = await Promise.all([nextScheduledPublish(db, now), nextScheduledPageChange(db, now)])
      next = [post, page].filter((time) => time !== undefined).sort()[0]
    } catch (error) {
      logger.error(`Could not read the publishing schedule: ${(error as Error).message}`)
    }
    // A newer look superseded this one while the query ran.
    if (stopped || look !== looking) return
    clearTimeout(timer)
    const due = next ? Date.parse(next) : Number.POSITIVE_INFINITY
    const wait = Math.min(Math.max(due - clock(), 0) + MARGIN_MS, LONGEST_WAIT_MS)
    timer = setTimeout(() => {
      if (clock() >= due) void foldThenTell().finally(() => void arm())
      else void arm()
    }, wait)
    timer.unref()
  }

  // Visitors see a due page change whether or not it is folded (visibleContent): a failed fold still clears the cache.
  const foldThenTell = async () => {
    try {
      await foldDueSchedules(db, new Date(clock()).toISOString())
    } catch (error) {
      logger.error(`Could not fold the scheduled page changes: ${(error as Error).message}`)
    }
    if (!stopped) onDue()
  }

  void arm()
  return {
    rearm: () => void arm(),
    stop: () => {
      stopped = true
      clearTimeout(timer)
    },
  }
}
