import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import type { Config } from '~/server/config.server'
import type { Db } from '~/server/db/schema.server'
import { pruneSentNotifications } from '~/server/repositories/outbox.server'
import { deliverDueNotifications, NOTIFICATIONS_PER_PASS } from '~/server/services/notifications.server'
import { countOutboxFailure } from './metrics.server'
import { logger } from '~/server/log.server'

const EVERY_MS = 5_000
const PRUNE_EVERY_MS = 60 * 60 * 1000
/** Delivered notifications are kept this long for looking things up, then deleted. */
const KEEP_SENT_MS = 30 * 24 * 60 * 60 * 1000

export interface OutboxWorker {
  /** Looks for due notifications now: call after queuing some, so they leave within a moment. */
  nudge(): void
  /** Stops the timers; resolves once the pass in progress (if any) has recorded its outcomes. */
  stop(): Promise<void>
}

/**
 * Delivers the outbox from this instance: a pass every few seconds, and one at once when nudged.
 * Every instance runs one; the claim in the database gives each row to one worker only. Passes on
 * one instance never overlap: a nudge during a pass asks for another pass after it.
 */
export function startOutboxWorker(db: Db, config: Config, everyMs = EVERY_MS): OutboxWorker {
  const worker = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`
  let running: Promise<void> | null = null
  let wanted = false
  let stopped = false

  const run = async () => {
    do {
      wanted = false
      try {
        // A full batch means more may be due: go on at once instead of waiting for the timer.
        if ((await deliverDueNotifications(db, config, { worker, onFailure: countOutboxFailure })) === NOTIFICATIONS_PER_PASS) wanted = true
      } catch (error) {
        logger.error(`Delivering notifications failed (they stay queued): ${(error as Error).message}`)
      }
    } while (wanted && !stopped)
  }
  const pass = () => {
    if (stopped) return
    if (running) {
      wanted = true
      return
    }
    running = run().finally(() => (running = null))
  }
  const prune = () =>
    pruneSentNotifications(db, new Date(Date.now() - KEEP_SENT_MS).toISOString()).catch((error: unknown) =>
      logger.error(`Pruning delivered notifications failed: ${(error as Error).message}`),
    )

  pass()
  void prune()
  const timer = setInterval(pass, everyMs)
  const pruneTimer = setInterval(() => void prune(), PRUNE_EVERY_MS)
  timer.unref()
  pruneTimer.unref()
  return {
    nudge: pass,
    stop: async () => {
      stopped = true
      clearInterval(timer)
      clearInterval(pruneTimer)
      await running
    },
  }
}
