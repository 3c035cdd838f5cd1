import type { Db } from '~/server/db/schema.server'
import { nextScheduledPublish } from '~/server/repositories/posts.server'

/** Longest wait between two looks at the schedule, so a post scheduled behind our back is still caught. */
const LONGEST_WAIT_MS = 5 * 60 * 1000
// Timers may fire a little early or late; a post whose time came a moment ago is shown.
const MARGIN_MS = 50

export interface PublishSchedule {
  /** Looks at the schedule again: call after any change to posts, here or on another instance. */
  rearm(): void
  stop(): void
}

/**
 * Calls `onDue` when a scheduled post's publish time comes, so the pages that list posts (cached
 * until something changes) show it on time with no admin action. Every instance keeps its own
 * timer, so each clears its own cache; no message between instances is needed.
 */
export function watchPublishSchedule(db: Db, onDue: () => void, clock: () => number = Date.now): PublishSchedule {
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  let looking = 0

  const arm = async () => {
    const look = ++looking
    let next: string | undefined
    try {
      next = await nextScheduledPublish(db, new Date(clock()).toISOString())
    } catch (error) {
      console.error('Could not read the publishing schedule:', (error as Error).message)
    }
    // A newer look superseded this one while the query ran.
    if (stopped || look !== looking) return
    clearTimeout(timer)
    const due = next ? Date.parse(next) : Number.POSITIVE_INFINITY
    const wait = Math.min(Math.max(due - clock(), 0) + MARGIN_MS, LONGEST_WAIT_MS)
    timer = setTimeout(() => {
      if (clock() >= due) onDue()
      void arm()
    }, wait)
    timer.unref()
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
