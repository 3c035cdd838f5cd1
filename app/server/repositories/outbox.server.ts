import type { ExpressionBuilder } from 'kysely'
import { newId } from '~/lib/ids'
import type { Db, OutboxTable, Schema } from '~/server/db/schema.server'

export type NotificationChannel = OutboxTable['channel']

/** A notification to write with its lead: the channel and what it sends. */
export interface NewNotification {
  channel: NotificationChannel
  leadId: string
  payload: unknown
}

/**
 * Queues notifications, due at once. Call it with the transaction that stores their lead, so a lead
 * is never stored without them, nor they without it.
 */
export async function enqueueNotifications(trx: Db, notifications: NewNotification[], now: string): Promise<void> {
  if (notifications.length === 0) return
  await trx
    .insertInto('outbox')
    .values(
      notifications.map((n) => ({
        id: newId(),
        channel: n.channel,
        lead_id: n.leadId,
        payload: JSON.stringify(n.payload),
        status: 'pending' as const,
        attempts: 0,
        next_attempt_at: now,
        created_at: now,
      })),
    )
    .execute()
}

/** A row a worker holds: attempts already counts the attempt it is about to make. */
export interface ClaimedNotification {
  id: string
  channel: NotificationChannel
  leadId: string
  payload: string
  attempts: number
  createdAt: string
}

const claimable = (now: string) => (eb: ExpressionBuilder<Schema, 'outbox'>) =>
  eb.and([
    eb('status', '=', 'pending'),
    eb('next_attempt_at', '<=', now),
    eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]),
  ])

/**
 * Claims up to `limit` due notifications for `worker` until `until`, in one conditional UPDATE, and
 * returns them. SQLite runs the statement under its single write lock. On PostgreSQL two workers may
 * pick the same ids in the subquery; the second one's UPDATE then waits for the first to commit and
 * re-checks its own WHERE against the row as the first left it. That is why the conditions are
 * repeated outside the subquery: the claim it finds there is live, the row is skipped, and each row
 * goes to exactly one worker. The attempt is counted here, so a worker that dies mid-send still
 * used one up.
 */
export async function claimDueNotifications(
  db: Db,
  worker: string,
  now: string,
  until: string,
  limit: number,
): Promise<ClaimedNotification[]> {
  const rows = await db
    .updateTable('outbox')
    .set((eb) => ({ claimed_by: worker, claimed_until: until, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', db.selectFrom('outbox').select('id').where(claimable(now)).orderBy('next_attempt_at').limit(limit))
    .where(claimable(now))
    .returning(['id', 'channel', 'lead_id', 'payload', 'attempts', 'created_at'])
    .execute()
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    leadId: r.lead_id,
    payload: r.payload,
    attempts: r.attempts,
    createdAt: r.created_at,
  }))
}

/**
 * Records the outcome of an attempt, only while `worker` still holds the row: a worker whose claim
 * ran out and was taken over records nothing over the new holder. False when it no longer held it.
 */
export async function settleNotification(
  db: Db,
  id: string,
  worker: string,
  outcome:
    { status: 'sent'; at: string } | { status: 'pending'; error: string; nextAttemptAt: string } | { status: 'failed'; error: string },
): Promise<boolean> {
  const changes =
    outcome.status === 'sent'
      ? { status: 'sent' as const, sent_at: outcome.at, last_error: null }
      : outcome.status === 'pending'
        ? { last_error: outcome.error, next_attempt_at: outcome.nextAttemptAt }
        : { status: 'failed' as const, last_error: outcome.error }
  const result = await db
    .updateTable('outbox')
    .set({ ...changes, claimed_by: null, claimed_until: null })
    .where('id', '=', id)
    .where('claimed_by', '=', worker)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

/** A notification the admin should know about: still failing, or given up on. */
export interface NotificationProblem {
  id: string
  channel: NotificationChannel
  status: 'pending' | 'failed'
  leadId: string
  leadName: string
  attempts: number
  lastError: string
  nextAttemptAt: string
  createdAt: string
}

/** Failed rows, and pending rows whose last attempt failed, newest first. */
export async function listNotificationProblems(db: Db): Promise<NotificationProblem[]> {
  const rows = await db
    .selectFrom('outbox')
    .innerJoin('inquiries', 'inquiries.id', 'outbox.lead_id')
    .select([
      'outbox.id',
      'outbox.channel',
      'outbox.status',
      'outbox.lead_id',
      'inquiries.name',
      'outbox.attempts',
      'outbox.last_error',
      'outbox.next_attempt_at',
      'outbox.created_at',
    ])
    .where((eb) =>
      eb.or([eb('outbox.status', '=', 'failed'), eb.and([eb('outbox.status', '=', 'pending'), eb('outbox.last_error', 'is not', null)])]),
    )
    .orderBy('outbox.created_at', 'desc')
    .orderBy('outbox.id')
    .execute()
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    status: r.status === 'failed' ? 'failed' : 'pending',
    leadId: r.lead_id,
    leadName: r.name,
    attempts: r.attempts,
    lastError: r.last_error ?? '',
    nextAttemptAt: r.next_attempt_at,
    createdAt: r.created_at,
  }))
}

/** How many notifications are failing (still being retried) and how many were given up on. */
export async function countNotificationProblems(db: Db): Promise<{ failing: number; failed: number }> {
  const rows = await db
    .selectFrom('outbox')
    .select(['status', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where((eb) => eb.or([eb('status', '=', 'failed'), eb.and([eb('status', '=', 'pending'), eb('last_error', 'is not', null)])]))
    .groupBy('status')
    .execute()
  const count = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0)
  return { failing: count('pending'), failed: count('failed') }
}

/** The notifications still to deliver (failing ones among them), those given up on, and when the oldest waiting was queued. */
export async function outboxBacklog(db: Db): Promise<{ pending: number; failing: number; failed: number; oldestPendingAt: string | null }> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => [
      eb.fn.count<string | number>(eb.case().when('status', '=', 'pending').then(1).end()).as('pending'),
      eb.fn
        .count<string | number>(
          eb
            .case()
            .when(eb.and([eb('status', '=', 'pending'), eb('last_error', 'is not', null)]))
            .then(1)
            .end(),
        )
        .as('failing'),
      eb.fn.count<string | number>(eb.case().when('status', '=', 'failed').then(1).end()).as('failed'),
      eb.fn.min<string | null>(eb.case().when('status', '=', 'pending').then(eb.ref('created_at')).end()).as('oldestPendingAt'),
    ])
    .executeTakeFirstOrThrow()
  return { pending: Number(row.pending), failing: Number(row.failing), failed: Number(row.failed), oldestPendingAt: row.oldestPendingAt }
}

/**
 * Makes a failed or waiting notification due now. A failed one gets one more attempt: its day of
 * retries is over, so that attempt failing fails it again. False when there is no such row to retry.
 */
export async function retryNotification(db: Db, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set({ status: 'pending', next_attempt_at: now })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'failed'])
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

/** Forgets a failed notification; its lead stays in the inbox. */
export async function dismissNotification(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('outbox').where('id', '=', id).where('status', '=', 'failed').executeTakeFirst()
  return result.numDeletedRows > 0n
}

/** Deletes notifications delivered before `before`, so copies of leads' messages do not pile up. */
export async function pruneSentNotifications(db: Db, before: string): Promise<void> {
  await db.deleteFrom('outbox').where('status', '=', 'sent').where('sent_at', '<', before).execute()
}
