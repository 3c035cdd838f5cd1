import { nowIso } from '~/lib/ids'
import { LEADS_PER_HOUR, TOO_MANY_REASON } from '~/lib/leads'
import type { Config } from '~/server/config.server'
import type { Db } from '~/server/db/schema.server'
import { createInquiry, getInquiry, type NewInquiry } from '~/server/repositories/inquiries.server'
import {
  claimDueNotifications,
  type ClaimedNotification,
  enqueueNotifications,
  type NewNotification,
  settleNotification,
} from '~/server/repositories/outbox.server'
import { getSiteSettings, getWebhookUrl } from '~/server/repositories/settings.server'
import { countInWindow } from '~/server/repositories/sign-in-attempts.server'
import { type LeadEmail, leadEmail, sendLeadEmail } from '~/server/services/mailer.server'
import { postWebhook } from '~/server/services/webhook.server'

/*
 * The owner hears about every lead through the outbox: the lead and its notifications (an e-mail
 * when SMTP is set, a webhook call when Site Settings name one) are stored in one transaction, and
 * workers deliver them afterwards, retrying with backoff for a day. See docs/operations.md.
 */

const SECOND_MS = 1000
const HOUR_MS = 60 * 60 * SECOND_MS
const DAY_MS = 24 * HOUR_MS
const FIRST_RETRY_MS = 30 * SECOND_MS
const LONGEST_RETRY_MS = 60 * 60 * SECOND_MS
/** How long after a notification was queued it is retried before it is marked failed. */
export const RETRY_FOR_MS = 24 * 60 * 60 * SECOND_MS
/**
 * How long a worker holds the rows it claimed. Far longer than a send can take (the webhook's 10 s,
 * the mail server's few timeouts), so while the worker lives no other one takes them over; once it
 * has died, another worker retries them after this.
 */
const CLAIM_MS = 5 * 60 * SECOND_MS
/** Rows one pass claims; they are sent side by side, so a pass lasts about one send. */
export const NOTIFICATIONS_PER_PASS = 10
export const WEBHOOK_TIMEOUT_MS = 10 * SECOND_MS
const MESSAGE_PREVIEW = 500
const ERROR_LENGTH = 500

/** The wait after the n-th failed attempt: 30 s, 1 min, 2 min, 4 min … doubling up to an hour. */
export function retryDelay(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS)
}

/**
 * Lead requests one address may make in a day; past it they are refused, not stored, so a flood from
 * one address cannot grow the database without limit. Twenty times the hourly allowance: no office
 * sends its consultants a hundred messages a day, but every visitor counts as one address behind a
 * proxy the server does not trust (TRUST_PROXY), which the server warns of.
 */
export const LEADS_PER_DAY = 100

/** A stored lead, and whether it was held (kept as Spam, notifying nobody); or a request refused. */
export type StoredLead = { outcome: 'stored'; id: string; queued: number; held: boolean } | { outcome: 'refused' }

/**
 * Stores a lead and queues its notifications in one transaction: either the lead and every
 * notification about it are stored, or nothing is. The caller wakes the workers afterwards. A lead
 * past its address's hourly allowance is held; past the daily bound it is refused.
 */
export async function storeLead(db: Db, config: Config, inquiry: NewInquiry): Promise<StoredLead> {
  const limit = inquiry.ip ? await addressLimit(db, inquiry.ip) : 'pass'
  if (limit === 'refuse') return { outcome: 'refused' }
  // A lead a bot trap already holds keeps that reason.
  const lead: NewInquiry = limit === 'hold' && inquiry.status !== 'spam' ? { ...inquiry, status: 'spam', spam_reason: TOO_MANY_REASON } : inquiry
  const { contactEmail } = await getSiteSettings(db, config)
  const webhookUrl = await getWebhookUrl(db)
  return db.transaction().execute(async (trx) => {
    const id = await createInquiry(trx, lead)
    const notifications: NewNotification[] = []
    // A lead held as spam waits in the inbox's Spam view; nobody is told of it.
    if (lead.status === 'spam') return { outcome: 'stored', id, queued: 0, held: true }
    if (config.smtpUrl) notifications.push({ channel: 'email', leadId: id, payload: leadEmail(contactEmail, lead, leadAdminUrl(config.siteUrl, id)) })
    if (webhookUrl) {
      // Written just above, in this transaction.
      const { created_at: createdAt } = (await getInquiry(trx, id))!
      notifications.push({ channel: 'webhook', leadId: id, payload: webhookBody(config.siteUrl, { id, ...lead, createdAt }) })
    }
    await enqueueNotifications(trx, notifications, nowIso())
    return { outcome: 'stored', id, queued: notifications.length, held: false }
  })
}

/**
 * Counts a lead request against its address, in the day and in the hour. The counts are kept in the
 * database, one upsert each, so every instance adds to the same numbers and requests sent at once
 * get distinct ones: the sixth of an hour is held however the requests were spread.
 */
async function addressLimit(db: Db, ip: string): Promise<'pass' | 'hold' | 'refuse'> {
  if ((await countInWindow(db, `lead-day-ip:${ip}`, DAY_MS)) > LEADS_PER_DAY) {
    console.warn(`Lead refused: more than ${LEADS_PER_DAY} today from ${ip}`)
    return 'refuse'
  }
  if ((await countInWindow(db, `lead-hour-ip:${ip}`, HOUR_MS)) <= LEADS_PER_HOUR) return 'pass'
  console.warn(`Lead held: more than ${LEADS_PER_HOUR} this hour from ${ip}`)
  return 'hold'
}

/** Where an admin opens a lead. */
const leadAdminUrl = (siteUrl: string, id: string) => `${siteUrl}/admin/inbox/${id}`

type WebhookLead = Pick<NewInquiry, 'kind' | 'name' | 'email' | 'business' | 'message'> & { id: string; createdAt: string }

/**
 * The JSON a webhook receives. Slack and Microsoft Teams incoming webhooks show `text`; Zapier (or
 * any other tool) can map the fields of `lead`. `text` escapes what Slack would read as markup,
 * since the message is the visitor's own words.
 */
export function webhookBody(siteUrl: string, lead: WebhookLead) {
  const adminUrl = leadAdminUrl(siteUrl, lead.id)
  const what = lead.kind === 'contact' ? 'New contact message' : 'New AI Playbook request'
  const who = `${lead.name} (${lead.email})${lead.business ? `, ${lead.business}` : ''}`
  const message = lead.message ? `: ${lead.message.length > MESSAGE_PREVIEW ? `${lead.message.slice(0, MESSAGE_PREVIEW)}…` : lead.message}` : ''
  return {
    text: `${escapeSlackText(`${what} from ${who}${message}`)}\n${adminUrl}`,
    lead: { id: lead.id, kind: lead.kind, name: lead.name, email: lead.email, business: lead.business, message: lead.message, createdAt: lead.createdAt, adminUrl },
  }
}

function escapeSlackText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')
}

export interface DeliveryOptions {
  /** Names this worker in the rows it claims; unique per worker. */
  worker: string
  clock?: () => number
  webhookTimeoutMs?: number
}

/**
 * One pass of a worker: claims the due notifications and sends them side by side. A success marks
 * the row sent; a failure schedules the next attempt (retryDelay), or marks the row failed once
 * RETRY_FOR_MS have passed since it was queued. Returns how many rows it claimed.
 */
export async function deliverDueNotifications(db: Db, config: Config, { worker, clock = Date.now, webhookTimeoutMs = WEBHOOK_TIMEOUT_MS }: DeliveryOptions): Promise<number> {
  const start = clock()
  const claimed = await claimDueNotifications(db, worker, iso(start), iso(start + CLAIM_MS), NOTIFICATIONS_PER_PASS)
  if (claimed.length === 0) return 0
  // Read at each attempt, so correcting a wrong address in Site Settings fixes waiting notifications too.
  const webhookUrl = claimed.some((n) => n.channel === 'webhook') ? await getWebhookUrl(db) : ''
  await Promise.all(
    claimed.map(async (notification) => {
      const what = `Notification ${notification.id} (${notification.channel}, attempt ${notification.attempts})`
      try {
        let outcome: Parameters<typeof settleNotification>[3]
        try {
          await send(notification, config, webhookUrl, webhookTimeoutMs)
          outcome = { status: 'sent', at: iso(clock()) }
          console.log(`${what} delivered`)
        } catch (error) {
          outcome = afterFailure(notification, describeFailure(error), clock())
          console.warn(`${what} failed: ${outcome.error}; ${outcome.status === 'failed' ? 'giving up' : `next attempt at ${outcome.nextAttemptAt}`}`)
        }
        if (!(await settleNotification(db, notification.id, worker, outcome))) console.warn(`${what}: its claim had run out; another worker retries it`)
      } catch (error) {
        // The claim runs out and the row is tried again: at least once, never lost.
        console.error(`${what}: recording the outcome failed:`, error)
      }
    }),
  )
  return claimed.length
}

async function send(notification: ClaimedNotification, config: Config, webhookUrl: string, timeoutMs: number): Promise<void> {
  const payload: unknown = JSON.parse(notification.payload)
  if (notification.channel === 'email') return sendLeadEmail(config, payload as LeadEmail)
  return postWebhook(webhookUrl, payload, { timeoutMs, allowPrivate: config.webhookAllowPrivate })
}

function afterFailure(notification: ClaimedNotification, error: string, now: number) {
  const giveUpAt = Date.parse(notification.createdAt) + RETRY_FOR_MS
  if (now >= giveUpAt) return { status: 'failed' as const, error }
  return { status: 'pending' as const, error, nextAttemptAt: iso(Math.min(now + retryDelay(notification.attempts), giveUpAt)) }
}

/** One line an owner can act on, with the error's cause when it has one. */
function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, ERROR_LENGTH)
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : ''
  return `${error.message}${cause}`.slice(0, ERROR_LENGTH)
}

const iso = (ms: number) => new Date(ms).toISOString()
