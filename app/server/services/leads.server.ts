import type { z } from 'zod'
import type { LoadContext } from '~/server/services/load-context.server'
import { leadConsent } from '~/content/legal'
import { nowIso } from '~/lib/ids'
import { LEADS_PER_HOUR, TOO_MANY_REASON, type LeadKind } from '~/lib/leads'
import { ROI_EXAMPLE, roiFields, roiInputsSchema, type RoiInputs } from '~/lib/roi'
import { readPage, readVisit, utmOf } from '~/lib/visit-schema'
import type { Config } from '~/server/config.server'
import type { Db } from '~/server/db/schema.server'
import { logger } from '~/server/log.server'
import { createInquiry, type LeadConsent, type LeadSource, type NewInquiry } from '~/server/repositories/inquiries.server'
import { getSiteSettings } from '~/server/repositories/settings.server'
import { countInWindow } from '~/server/repositories/sign-in-attempts.server'
import { timeTrapReason } from '~/server/services/form-ticket.server'
import { emailPlaybookLink } from '~/server/services/mailer.server'
import { leadNotificationTargets, queueLeadNotifications } from '~/server/services/notifications.server'
import { downloadToken, preparePlaybook } from '~/server/services/playbook.server'

/*
 * What happens to a lead the contact or playbook form sends: the spam traps, the consent it gave,
 * where it came from, the limits of its address, and the owner's notifications. The lead is stored
 * with its notifications before the sender is answered, so an accepted message is never lost; the
 * outbox worker sends them afterwards, so the sender never waits for the owner's mail server. A lead
 * that looks sent by a script (the honeypot filled in, the time trap sprung, or one too many from its
 * address this hour) is stored as Spam and notifies nobody, and its sender is told "sent". Only past
 * the daily bound of its address is a request refused.
 */

const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS

/**
 * Lead requests one address may make in a day; past it they are refused, not stored, so a flood from
 * one address cannot grow the database without limit. Twenty times the hourly allowance: no office
 * sends its consultants a hundred messages a day, but every visitor counts as one address behind a
 * proxy the server does not trust (TRUST_PROXY), which the server warns of.
 */
export const LEADS_PER_DAY = 100

/** The fields every lead form's schema checks. */
export type LeadFormSchema = z.ZodType<{ name: string; email: string; business?: string; message?: string }>

/** A lead form as sent: its fields as text, and the page of this site its Referer names, if any. */
export interface LeadSubmission {
  kind: LeadKind
  values: Record<string, string>
  refererPage: string | null
}

/**
 * How a submission ended: refused by its schema; sent (or, for a bot, seemingly sent), a playbook
 * request with its download link and whether that link was e-mailed too; or refused past the daily bound.
 */
export type LeadOutcome =
  | { outcome: 'invalid'; error: z.ZodError }
  | { outcome: 'sent'; playbook?: { download: string; emailed: boolean } }
  | { outcome: 'refused' }

export async function submitLead(
  context: LoadContext,
  schema: LeadFormSchema,
  { kind, values, refererPage }: LeadSubmission,
): Promise<LeadOutcome> {
  const spamReason = values.website ? 'honeypot' : timeTrapReason(context.config.cookieSecret, values.ticket)
  const parsed = schema.safeParse(values)
  // A bot learns nothing from its mistakes.
  if (!parsed.success) return spamReason === 'honeypot' ? { outcome: 'sent' } : { outcome: 'invalid', error: parsed.error }
  const lead = parsed.data
  const inquiry: NewInquiry = {
    kind,
    name: lead.name,
    email: lead.email,
    business: lead.business || null,
    message: lead.message ?? null,
    ip: context.clientAddress,
    ...(spamReason && { status: 'spam', spamReason }),
    consent: consentOf(values),
    roiInputs: kind === 'playbook' ? roiInputsOf(values) : null,
    source: sourceOf(values, refererPage),
  }
  const stored = await storeLead(context.db, context.config, inquiry)
  // A bot is not told it reached the bound either.
  if (stored.outcome === 'refused') return spamReason ? { outcome: 'sent' } : { outcome: 'refused' }
  if (stored.queued > 0) context.notificationsQueued?.()
  if (spamReason === 'honeypot' || kind !== 'playbook') return { outcome: 'sent' }
  // A person held for a script still gets the link on the page; no e-mail goes to an address a
  // script may have typed in.
  return { outcome: 'sent', playbook: await deliverPlaybook(context, stored.id, inquiry, { email: !stored.held }) }
}

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
  const lead: NewInquiry =
    limit === 'hold' && inquiry.status !== 'spam' ? { ...inquiry, status: 'spam', spamReason: TOO_MANY_REASON } : inquiry
  // A lead held as spam waits in the inbox's Spam view; nobody is told of it.
  const held = lead.status === 'spam'
  const targets = held ? null : await leadNotificationTargets(db, config)
  const stored = await db.transaction().execute(async (trx): Promise<StoredLead> => {
    const id = await createInquiry(trx, lead)
    const queued = targets ? await queueLeadNotifications(trx, config, targets, id, lead) : 0
    return { outcome: 'stored', id, queued, held }
  })
  if (stored.outcome === 'stored') {
    logger.info(
      { event: 'lead.stored', lead: stored.id, kind: lead.kind, spam: held, notifications: stored.queued },
      `Lead ${stored.id} stored (${lead.kind}${held ? ', held as spam' : ''}, ${stored.queued} notification(s) queued)`,
    )
  }
  return stored
}

/**
 * Counts a lead request against its address, in the day and in the hour. The counts are kept in the
 * database, one upsert each, so every instance adds to the same numbers and requests sent at once
 * get distinct ones: the sixth of an hour is held however the requests were spread.
 */
async function addressLimit(db: Db, ip: string): Promise<'pass' | 'hold' | 'refuse'> {
  if ((await countInWindow(db, `lead-day-ip:${ip}`, DAY_MS)) > LEADS_PER_DAY) {
    logger.warn({ event: 'lead.refused', ip }, `Lead refused: more than ${LEADS_PER_DAY} today from ${ip}`)
    return 'refuse'
  }
  if ((await countInWindow(db, `lead-hour-ip:${ip}`, HOUR_MS)) <= LEADS_PER_HOUR) return 'pass'
  logger.warn({ event: 'lead.held', ip }, `Lead held: more than ${LEADS_PER_HOUR} this hour from ${ip}`)
  return 'hold'
}

/** The privacy wording the form showed, by the version it sent; the text comes from the server. */
function consentOf(values: Record<string, string>): LeadConsent | null {
  if (values.consentVersion !== leadConsent.version) return null
  return { version: leadConsent.version, text: leadConsent.text, at: nowIso() }
}

/**
 * Where the lead came from: how the tab's visit began (with JavaScript), its UTM parameters, and the
 * page the form was sent from, which a browser without JavaScript still names in its Referer header.
 */
function sourceOf(values: Record<string, string>, refererPage: string | null): LeadSource {
  const visit = readVisit(values.visit)
  const utm = utmOf(visit?.landing ?? '')
  return {
    landingPage: visit?.landing ?? null,
    referrer: visit?.referrer || null,
    utmSource: utm.utm_source,
    utmMedium: utm.utm_medium,
    utmCampaign: utm.utm_campaign,
    utmTerm: utm.utm_term,
    utmContent: utm.utm_content,
    formPage: readPage(values.formPage) ?? refererPage,
  }
}

/**
 * The ROI calculator's numbers sent with a playbook request, when they are all sensible and the
 * visitor changed them. The form always sends the calculator's inputs; untouched, they hold the
 * worked example's starting numbers, which say nothing about this lead. Compared as numbers, so
 * "$250" is the 250 it started as, with or without JavaScript.
 */
function roiInputsOf(values: Record<string, string>): RoiInputs | null {
  const inputs = roiInputsSchema.safeParse(values)
  if (!inputs.success || roiFields.every((field) => inputs.data[field] === ROI_EXAMPLE[field])) return null
  return inputs.data
}

/**
 * The playbook for a stored request: a signed link shown at once and, with SMTP set, e-mailed to the
 * lead, replies going to the firm. The PDF is rendered now in the background if this edition has none yet.
 */
async function deliverPlaybook(context: LoadContext, leadId: string, lead: NewInquiry, { email }: { email: boolean }) {
  preparePlaybook(context)
  const download = `/resources/ai-playbook/download/${downloadToken(context.config.cookieSecret, leadId)}`
  const { contactEmail } = await getSiteSettings(context.db, context.config)
  const emailed = email && (await emailPlaybookLink(context.config, lead, `${context.config.siteUrl}${download}`, contactEmail))
  return { download, emailed }
}
