import { data } from 'react-router'
import type { LoadContext } from '~/server/services/load-context.server'
import type { LeadKind } from '~/lib/leads'
import { fieldErrors, formSummary } from '~/lib/schemas'
import { pageOf } from '~/lib/visit'
import { readPage } from '~/lib/visit-schema'
import { type LeadFormSchema, type LeadOutcome, submitLead } from '~/server/services/leads.server'
import { readForm } from '~/server/http/form-data.server'
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '~/server/db/unavailable.server'
import { logger } from '~/server/log.server'

export type LeadFormResult =
  /** A playbook request also gets its download link, and whether that link was e-mailed too. */
  | { status: 'sent'; playbook?: { download: string; emailed: boolean } }
  | { status: 'invalid'; message: string; errors: Record<string, string>; values: Record<string, string> }
  | { status: 'failed'; values: Record<string, string> }

/**
 * The contact and playbook actions: the form as the leads service takes it, and its outcome as the
 * form's answer. What a lead is and what happens to it is the service's (services/leads.server.ts).
 */
export async function handleLeadForm(request: Request, context: LoadContext, kind: LeadKind, schema: LeadFormSchema) {
  const form = await readForm(request)
  // A form posted as a page sends a textarea's line breaks as CRLF; a lead's message is stored with LF.
  const values = Object.fromEntries(
    [...form.entries()]
      .filter((e): e is [string, string] => typeof e[1] === 'string')
      .map(([name, value]) => [name, value.replace(/\r\n?/g, '\n')]),
  )
  let outcome: LeadOutcome
  try {
    outcome = await submitLead(context, schema, { kind, values, refererPage: ownPageOf(request) })
  } catch (error) {
    // Nothing of the lead is kept: it is stored with its notifications in one transaction.
    if (isDatabaseUnavailable(error)) {
      logger.error(`Storing a ${kind} inquiry failed, the database is unavailable: ${(error as Error).message}`)
      return data<LeadFormResult>({ status: 'failed', values }, { status: 503, headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } })
    }
    logger.error({ err: error }, `Storing a ${kind} inquiry failed`)
    return data<LeadFormResult>({ status: 'failed', values }, { status: 500 })
  }
  switch (outcome.outcome) {
    case 'invalid':
      return data<LeadFormResult>(
        { status: 'invalid', message: formSummary(outcome.error), errors: fieldErrors(outcome.error), values },
        { status: 400 },
      )
    case 'refused':
      return data<LeadFormResult>({ status: 'failed', values }, { status: 429 })
    case 'sent':
      return data<LeadFormResult>({ status: 'sent', playbook: outcome.playbook })
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
