import { nowIso } from '~/lib/ids'
import type { Config } from '~/server/config.server'
import type { Db } from '~/server/db/schema.server'
import { logger } from '~/server/log.server'
import { getInquiry, type NewInquiry } from '~/server/repositories/inquiries.server'
import {
  claimDueNotifications,
  type ClaimedNotification,
  enqueueNotifications,
  type NewNotification,
  settleNotification,
} from '~/server/repositories/outbox.server'
import { getSiteSettings, getWebhookUrl } from '~/server/repositories/settings.server'
import { type LeadEmail, leadEmail, sendLeadEmail } from '~/server/services/mailer.server'
import { postWebhook } from '~/server/services/webhook.server'

/*
 * The owner hears about every lead through the outbox: the lead and its notifications (an e-mail
 * when SMTP is set, a webhook call when Site Settings name one) are stored in one transaction (see
 * storeLead in leads.server.ts), and workers deliver them afterwards, retrying with backoff for a
 * day. See docs/operations.md.
 */

const SECOND_MS = 1000
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

/** Where the owner hears of leads: the contact address, and the webhook Site Settings name ('' for none). */
export interface LeadNotificationTargets {
  contactEmail: string
  webhookUrl: string
}

/** Read before the lead's transaction, which then only writes. */
export async function leadNotificationTargets(db: Db, config: Config): Promise<LeadNotificationTargets> {
  const { contactEmail } = await getSiteSettings(db, config)
  return { contactEmail, webhookUrl: await getWebhookUrl(db) }
}

/**
 * Queues the owner's notifications of a lead just stored, in the transaction that stored it: an
 * e-mail when SMTP is set, a webhook call when Site Settings name one. Returns how many were queued.
 */
export async function queueLeadNotifications(
  trx: Db,
  config: Config,
  targets: LeadNotificationTargets,
  id: string,
  lead: NewInquiry,
): Promise<number> {
  const notifications: NewNotification[] = []
  if (config.smtpUrl)
    notifications.push({ channel: 'email', leadId: id, payload: leadEmail(targets.contactEmail, lead, leadAdminUrl(config.siteUrl, id)) })
  if (targets.webhookUrl) {
    // Written just before, in this transaction.
    const { createdAt } = (await getInquiry(trx, id))!
    notifications.push({ channel: 'webhook', leadId: id, payload: webhookBody(config.siteUrl, { id, ...lead, createdAt }) })
  }
  await enqueueNotifications(trx, notifications, nowIso())
  return notifications.length
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
  const message = lead.message
    ? `: ${lead.message.length > MESSAGE_PREVIEW ? `${lead.message.slice(0, MESSAGE_PREVIEW)}…` : lead.message}`
    : ''
  return {
    text: `${escapeSlackText(`${what} from ${who}${message}`)}\n${adminUrl}`,
    lead: {
      id: lead.id,
      kind: lead.kind,
      name: lead.name,
      email: lead.email,
      business: lead.business,
      message: lead.message,
      createdAt: lead.createdAt,
      adminUrl,
    },
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
  /** Told of each failed attempt (for the metrics). */
  onFailure?: () => void
}

/**
 * One pass of a worker: claims the due notifications and sends them side by side. A success marks
 * the row sent; a failure schedules the next attempt (retryDelay), or marks the row failed once
 * RETRY_FOR_MS have passed since it was queued. Returns how many rows it claimed.
 */
export async function deliverDueNotifications(
  db: Db,
  config: Config,
  { worker, clock = Date.now, webhookTimeoutMs = WEBHOOK_TIMEOUT_MS, onFailure }: DeliveryOptions,
): Promise<number> {
  const start = clock()
  const claimed = await claimDueNotifications(db, worker, iso(start), iso(start + CLAIM_MS), NOTIFICATIONS_PER_PASS)
  if (claimed.length === 0) return 0
  // Read at each attempt, so correcting a wrong address in Site Settings fixes waiting notifications too.
  const webhookUrl = claimed.some((n) => n.channel === 'webhook') ? await getWebhookUrl(db) : ''
  await Promise.all(
    claimed.map(async (notification) => {
      const what = `Notification ${notification.id} (${notification.channel}, attempt ${notification.attempts})`
      const fields = { notification: notification.id, channel: notification.channel, attempt: notification.attempts }
      try {
        let outcome: Parameters<typeof settleNotification>[3]
        try {
          await send(notification, config, webhookUrl, webhookTimeoutMs)
          outcome = { status: 'sent', at: iso(clock()) }
          logger.info({ event: 'notification.delivered', ...fields }, `${what} delivered`)
        } catch (error) {
          outcome = afterFailure(notification, describeFailure(error), clock())
          onFailure?.()
          logger.warn(
            { event: 'notification.failed', ...fields, givenUp: outcome.status === 'failed' },
            `${what} failed: ${outcome.error}; ${outcome.status === 'failed' ? 'giving up' : `next attempt at ${outcome.nextAttemptAt}`}`,
          )
        }
        if (!(await settleNotification(db, notification.id, worker, outcome)))
          logger.warn({ event: 'notification.claim_expired', ...fields }, `${what}: its claim had run out; another worker retries it`)
      } catch (error) {
        // The claim runs out and the row is tried again: at least once, never lost.
        logger.error({ err: error, ...fields }, `${what}: recording the outcome failed`)
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
