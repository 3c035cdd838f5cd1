import type * as React from 'react'
import { ConsentNote } from '~/components/site/consent-note'
import { LeadForm, leadFormFields, type LeadFormToasts } from '~/components/site/lead-form'
import { Card } from '~/components/ui/card'
import { FormField } from '~/components/ui/form-field'
import type { LeadFormResult } from '~/server/http/lead-form.server'

/** A lead form block's card: its title, the form with the block's fields and button, then the consent note. */
export function LeadFormCard({
  title,
  kind,
  id,
  answer,
  toasts,
  notices,
  children,
}: {
  title: string
  kind: 'contact' | 'playbook'
  id?: string
  answer: LeadFormResult | undefined
  toasts: LeadFormToasts
  notices: React.ReactNode
  children: React.ReactNode
}) {
  return (
    <Card className="p-6 sm:p-8">
      <h2 className="text-2xl font-semibold">{title}</h2>
      <LeadForm kind={kind} id={id} result={answer} toasts={toasts} className="relative mt-6 grid gap-5" notices={notices}>
        {children}
        <ConsentNote />
      </LeadForm>
    </Card>
  )
}

// The lead forms' own fields: what the browser may fill in, and which of them must be given.
const controls = {
  name: { autoComplete: 'name', required: true },
  email: { type: 'email', autoComplete: 'email', required: true },
  business: { autoComplete: 'organization', optional: true },
  message: { multiline: true, rows: 5, required: true },
} as const

/** One field of a lead form, showing again what a refused form typed and its message. */
export function LeadField({ name, label, answer }: { name: keyof typeof controls; label: string; answer: LeadFormResult | undefined }) {
  const { errors, values } = leadFormFields(answer)
  return <FormField label={label} name={name} {...controls[name]} defaultValue={values[name]} error={errors[name]} />
}
