import { data } from 'react-router'
import type { z } from 'zod'
import type { LoadContext } from '~/load-context'
import { leadConsent } from '~/content/legal'
import { roiCalculator } from '~/content/roi-calculator'
import { nowIso } from '~/lib/ids'
import { roiFields, roiInputsSchema } from '~/lib/roi'
import { fieldErrors, formSummary } from '~/lib/schemas'
import { pageOf } from '~/lib/visit'
import { readPage, readVisit, utmOf } from '~/lib/visit-schema'
import type { NewInquiry } from '~/server/repositories/inquiries.server'
import { getSiteSettings } from '~/server/repositories/settings.server'
import { timeTrapReason } from '~/server/services/form-ticket.server'
import { emailPlaybookLink } from '~/server/services/mailer.server'
import { storeLead } from '~/server/services/notifications.server'
import { downloadToken, preparePlaybook } from '~/server/services/playbook.server'
import { readForm } from '~/server/http/form-data.server'

export type LeadFormResult =
  /** A playbook request also gets its download link, and whether that link was e-mailed too. */
  | { status: 'sent'; playbook?: { download: string; emailed: boolean } }
  | { status: 'invalid'; message: string; errors: Record<string, string>; values: Record<string, string> }
  | { status: 'failed'; values: Record<string, string> }

/**
 * The contact and playbook actions: validate with the form's schema and store the lead with its
 * notifications to the owner before answering, so an accepted message is never lost. The
 * notifications are sent by the outbox worker, woken here: the visitor never waits for the owner's
 * mail server or webhook. A lead that looks sent by a script (the honeypot filled in, the time trap
 * sprung, or one too many from its address this hour) is stored with the Spam status and notifies
 * nobody; its sender is told "sent". Only past the daily bound of its address is a request refused.
 */
export async function handleLeadForm<S extends z.ZodType<{ name: string; email: string; business?: string; message?: string }>>(
  request: Request,
  context: LoadContext,
  kind: 'contact' | 'playbook',
  schema: S,
) {
  const form = await readForm(request)
  // A form posted as a page (the plain contact page) sends a textarea's line breaks as CRLF; a lead
  // is stored with the LF that a form sent by React's fetch has.
  const values = Object.fromEntries(
    [...form.entries()].filter((e): e is [string, string] => typeof e[1] === 'string').map(([name, value]) => [name, value.replace(/\r\n?/g, '\n')]),
  )
  const spamReason = values.website ? 'honeypot' : timeTrapReason(context.config.cookieSecret, values.ticket)
  const parsed = schema.safeParse(values)
  if (!parsed.success) {
    // A bot learns nothing from its mistakes.
    if (spamReason === 'honeypot') return data<LeadFormResult>({ status: 'sent' })
    return data<LeadFormResult>({ status: 'invalid', message: formSummary(parsed.error), errors: fieldErrors(parsed.error), values }, { status: 400 })
  }
  try {
    const lead = parsed.data
    const inquiry: NewInquiry = {
      kind,
      name: lead.name,
      email: lead.email,
      business: lead.business || null,
      message: lead.message ?? null,
      ip: context.clientAddress,
      ...(spamReason && { status: 'spam', spam_reason: spamReason }),
      ...consentOf(values),
      roi_inputs: kind === 'playbook' ? roiInputsOf(values) : null,
      ...sourceOf(values, request),
    }
    const stored = await storeLead(context.db, context.config, inquiry)
    if (stored.outcome === 'refused') {
      // A bot is not told it reached the bound either.
      if (spamReason) return data<LeadFormResult>({ status: 'sent' })
      return data<LeadFormResult>({ status: 'failed', values }, { status: 429 })
    }
    if (stored.queued > 0) context.notificationsQueued?.()
    if (spamReason === 'honeypot') return data<LeadFormResult>({ status: 'sent' })
    // A person held for a script still gets the link on the page; no e-mail goes to an address a
    // script may have typed in.
    const playbook = kind === 'playbook' ? await deliverPlaybook(context, stored.id, inquiry, { email: !stored.held }) : undefined
    return data<LeadFormResult>({ status: 'sent', playbook })
  } catch (error) {
    console.error(`Storing a ${kind} inquiry failed:`, error)
    return data<LeadFormResult>({ status: 'failed', values }, { status: 500 })
  }
}

/** The privacy wording the form showed, by the version it sent; the text comes from the server. */
function consentOf(values: Record<string, string>) {
  if (values.consentVersion !== leadConsent.version) return {}
  return { consent_version: leadConsent.version, consent_text: leadConsent.text, consented_at: nowIso() }
}

/**
 * Where the lead came from: how the tab's visit began (with JavaScript), its UTM parameters, and the
 * page the form was sent from, which a browser without JavaScript still names in its Referer header.
 */
function sourceOf(values: Record<string, string>, request: Request) {
  const visit = readVisit(values.visit)
  return {
    landing_page: visit?.landing ?? null,
    referrer: visit?.referrer || null,
    ...utmOf(visit?.landing ?? ''),
    form_page: readPage(values.formPage) ?? ownPageOf(request),
  }
}

/** The form's page from the request's Referer, when it is a page of this site. */
function ownPageOf(request: Request): string | null {
  try {
    const referer = new URL(request.headers.get('referer') ?? '')
    return referer.host === new URL(request.url).host ? readPage(pageOf(referer)) : null
  } catch {
    return null
  }
}

/**
 * The ROI calculator's numbers sent with a playbook request, when they are all sensible and the
 * visitor changed them. The form always sends the calculator's inputs; untouched, they hold the
 * worked example's starting numbers, which say nothing about this lead. Compared as numbers, so
 * "$250" is the 250 it started as, with or without JavaScript.
 */
function roiInputsOf(values: Record<string, string>): string | null {
  const inputs = roiInputsSchema.safeParse(values)
  if (!inputs.success || roiFields.every((field) => inputs.data[field] === roiCalculator.defaults[field])) return null
  return JSON.stringify(inputs.data)
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
