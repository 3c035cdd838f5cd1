import type * as React from 'react'
import { useLocation } from 'react-router'
import { Alert } from '~/components/ui/alert'
import { HoneypotField } from '~/components/ui/form-field'
import type { LeadFormResult } from '~/server/http/lead-form.server'

/**
 * A lead form (the contact form, the playbook request), posted as a page: the server renders the
 * outcome, a refused form with each field's message and one line above the form, the first field in
 * error focused. lead-form.enhance.ts checks it first with the action's schema (the one `kind`
 * names), fills in where the lead came from and the time trap's ticket and says 'Sending...'.
 * Without JavaScript the hidden fields stay empty and the server takes the form's page from the request.
 */
export function LeadForm({
  kind,
  result,
  notices,
  id,
  className,
  children,
}: {
  kind: 'contact' | 'playbook'
  result: LeadFormResult | undefined
  /** What the page has to say above the form (a failed send, a download link that no longer works). */
  notices?: React.ReactNode
  id?: string
  className?: string
  children: React.ReactNode
}) {
  const summary = result?.status === 'invalid' ? result.message : null
  // The page's own address, with only the query its route reads: the page is rendered at it (never
  // with a visitor's click id), so a cached copy posts where every copy does.
  const { pathname, search } = useLocation()
  return (
    <form id={id} method="post" action={pathname + search} noValidate data-lead-form={kind} className={className}>
      {notices}
      {/* Always there, so the script has a place to say what is wrong. */}
      <Alert variant="destructive" hidden={!summary} data-form-summary>
        {summary}
      </Alert>
      <HoneypotField />
      <input type="hidden" name="ticket" />
      <input type="hidden" name="visit" />
      <input type="hidden" name="formPage" />
      {children}
    </form>
  )
}

/** What a refused form shows again: each field's message and what was typed. */
export function leadFormFields(result: LeadFormResult | undefined) {
  return {
    errors: result?.status === 'invalid' ? result.errors : {},
    values: result && result.status !== 'sent' ? result.values : {},
  }
}
