import { data } from 'react-router'
import type { z } from 'zod'
import type { LoadContext } from '~/load-context'
import { fieldErrors } from '~/lib/schemas'
import { tooManyInquiries, type NewInquiry } from '~/server/repositories/inquiries.server'
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
 * The contact and playbook actions: validate with the form's schema, drop honeypot hits quietly,
 * limit each address, and store the lead with its notifications to the owner before answering, so an
 * accepted message is never lost. The notifications are sent by the outbox worker, woken here: the
 * visitor never waits for the owner's mail server or webhook.
 */
export async function handleLeadForm<S extends z.ZodType<{ name: string; email: string; business?: string; message?: string }>>(
  request: Request,
  context: LoadContext,
  kind: 'contact' | 'playbook',
  schema: S,
) {
  const form = await readForm(request)
  const values = Object.fromEntries([...form.entries()].filter((e): e is [string, string] => typeof e[1] === 'string'))
  // Bots fill every field; they are told "sent" so they learn nothing.
  if (values.website) return data<LeadFormResult>({ status: 'sent' })

  const parsed = schema.safeParse(values)
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error)
    return data<LeadFormResult>({ status: 'invalid', message: Object.values(errors)[0] ?? '', errors, values }, { status: 400 })
  }
  try {
    if (await tooManyInquiries(context.db, context.clientAddress)) {
      console.warn(`Inquiry limit reached for ${context.clientAddress}`)
      return data<LeadFormResult>({ status: 'failed', values }, { status: 429 })
    }
    const lead = parsed.data
    const inquiry: NewInquiry = {
      kind,
      name: lead.name,
      email: lead.email,
      business: lead.business || null,
      message: lead.message ?? null,
      ip: context.clientAddress,
    }
    const { id, queued } = await storeLead(context.db, context.config, inquiry)
    if (queued > 0) context.notificationsQueued?.()
    return data<LeadFormResult>({ status: 'sent', playbook: kind === 'playbook' ? await deliverPlaybook(context, id, inquiry) : undefined })
  } catch (error) {
    console.error(`Storing a ${kind} inquiry failed:`, error)
    return data<LeadFormResult>({ status: 'failed', values }, { status: 500 })
  }
}

/**
 * The playbook for a stored request: a signed link shown at once and, with SMTP set, e-mailed to the
 * lead. The PDF is rendered now in the background if this edition has none yet.
 */
async function deliverPlaybook(context: LoadContext, leadId: string, lead: NewInquiry) {
  preparePlaybook(context)
  const download = `/resources/ai-playbook/download/${downloadToken(context.config.cookieSecret, leadId)}`
  const emailed = await emailPlaybookLink(context.config, lead, `${context.config.siteUrl}${download}`)
  return { download, emailed }
}
