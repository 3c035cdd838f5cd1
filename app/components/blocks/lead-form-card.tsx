import { CheckCircle2 } from 'lucide-react'
import type * as React from 'react'
import { ConsentNote } from '~/components/site/consent-note'
import { LeadForm, leadFormFields } from '~/components/site/lead-form'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { FormField } from '~/components/ui/form-field'
import type { LeadFormResult } from '~/server/http/lead-form.server'

/** What a sent form's card says in the form's place: its one confirmation. */
export interface LeadFormSent {
  title: string
  text: string
  /** What follows the words (the playbook's download and booking buttons). */
  children?: React.ReactNode
  /** The link that brings back an empty form, and the id of the form's part it shows. */
  again?: { label: string; anchor: string }
}

/**
 * A lead form block's card: its title, the form with the block's fields and button, then the consent
 * note. A sent form gives its place to the confirmation; a refused or failed one keeps what was typed.
 * The page that answers a post focuses what it has to say (the confirmation, the failure, the first
 * field in error), which also scrolls it into view, with or without JavaScript.
 */
export function LeadFormCard({
  title,
  kind,
  id,
  answer,
  failed,
  notices,
  sent,
  children,
}: {
  title: string
  kind: 'contact' | 'playbook'
  id?: string
  answer: LeadFormResult | undefined
  /** What a send that the server could not store says. */
  failed: string
  notices?: React.ReactNode
  sent: LeadFormSent
  children: React.ReactNode
}) {
  const form = (
    <>
      <h2 className="font-display text-2xl font-semibold">{title}</h2>
      <LeadForm
        kind={kind}
        id={id}
        result={answer}
        className="relative mt-6 grid gap-5"
        notices={
          <>
            {notices}
            {answer?.status === 'failed' && (
              <Alert variant="destructive" tabIndex={-1} autoFocus className="outline-none" data-lead-answer>
                {failed}
              </Alert>
            )}
          </>
        }
      >
        {children}
        <ConsentNote />
      </LeadForm>
    </>
  )
  if (answer?.status !== 'sent') return <Card className="p-6 sm:p-8">{form}</Card>

  // As tall as the confirmation, not stretched to its neighbour's height.
  return (
    <Card className="self-start p-6 sm:p-8">
      {/* An empty form for another message stays in the page, shown (without a script too) when its link is followed. */}
      {sent.again && (
        <div id={sent.again.anchor} className="peer hidden scroll-mt-24 target:block">
          {form}
        </div>
      )}
      <div className="grid justify-items-start gap-3 peer-target:hidden" data-lead-answer data-testid="lead-form-sent">
        <CheckCircle2 className="size-10 text-success" aria-hidden />
        <h2 tabIndex={-1} autoFocus className="font-display text-2xl font-semibold outline-none">
          {sent.title}
        </h2>{' '}
        <p className="text-muted-foreground">{sent.text}</p>
        {sent.children}
        {sent.again && (
          <Button asChild variant="outline" className="mt-3">
            <a href={`#${sent.again.anchor}`}>{sent.again.label}</a>
          </Button>
        )}
      </div>
    </Card>
  )
}

// The lead forms' own fields, in the forms' order: what the browser may fill in, and which must be given.
const controls = {
  name: { autoComplete: 'name', required: true },
  email: { type: 'email', autoComplete: 'email', required: true },
  business: { autoComplete: 'organization', optional: true },
  message: { multiline: true, rows: 5, required: true },
} as const
type LeadFieldName = keyof typeof controls

/** One field of a lead form, showing again what a refused form typed and its message; the first field in error is focused. */
export function LeadField({ name, label, answer }: { name: LeadFieldName; label: string; answer: LeadFormResult | undefined }) {
  const { errors, values } = leadFormFields(answer)
  const firstInError = (Object.keys(controls) as LeadFieldName[]).find((field) => errors[field])
  return (
    <FormField
      label={label}
      name={name}
      {...controls[name]}
      defaultValue={values[name]}
      error={errors[name]}
      autoFocus={name === firstInError || undefined}
    />
  )
}
