import { useEffect, useRef, useState } from 'react'
import { useNavigation } from 'react-router'
import { toast } from 'sonner'
import type { z } from 'zod'
import { fieldErrors, formSummary } from '~/lib/schemas'
import { useServedPlain } from '~/lib/served-plain'
import type { LeadFormResult } from '~/server/http/lead-form.server'

interface Messages {
  sent: { title: string; description?: string }
  failed: { title: string; description?: string }
}

/** What is wrong with a refused form: one message per field, and one line for the whole form. */
interface Problems {
  errors: Record<string, string>
  summary: string | null
}

const NO_PROBLEMS: Problems = { errors: {}, summary: null }

/**
 * Shared behaviour of the lead forms: check in the browser with the action's schema, show
 * 'Sending...' while busy, toast the outcome, and clear the fields only once the lead is stored.
 * A refused form says what is wrong once per field and once above the form (no toast: the summary is
 * announced), and a field's message goes as soon as what is typed there is right.
 *
 * `form` holds the props of the <Form>, including what app/enhance/lead-form.ts reads when the page
 * is served plain: which schema checks it, and the outcome's toast (React's comes from here).
 */
export function useLeadForm(kind: 'contact' | 'playbook', schema: z.ZodType, result: LeadFormResult | undefined, messages: Messages) {
  const formRef = useRef<HTMLFormElement>(null)
  const navigation = useNavigation()
  const [problems, setProblems] = useState<Problems>(() => problemsOf(result))
  const busy = navigation.state === 'submitting'

  useEffect(() => {
    setProblems(problemsOf(result))
    if (result?.status === 'sent') {
      formRef.current?.reset()
      toast.success(messages.sent.title, { description: messages.sent.description })
    } else if (result?.status === 'failed') {
      toast.error(messages.failed.title, { description: messages.failed.description })
    }
    // Messages are constants of the calling page.
  }, [result])

  const check = (form: HTMLFormElement) => schema.safeParse(Object.fromEntries(new FormData(form)))

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const parsed = check(event.currentTarget)
    if (parsed.success) return setProblems(NO_PROBLEMS)
    event.preventDefault()
    setProblems({ errors: fieldErrors(parsed.error), summary: formSummary(parsed.error) })
  }

  /** Drops the messages of fields that are now right; a field not yet complained about stays quiet. */
  function onInput(event: React.FormEvent<HTMLFormElement>) {
    if (!problems.summary) return
    const parsed = check(event.currentTarget)
    const shown = new Set(Object.keys(problems.errors))
    const remaining = { issues: parsed.success ? [] : parsed.error.issues.filter((issue) => shown.has(String(issue.path[0]))) }
    setProblems(remaining.issues.length > 0 ? { errors: fieldErrors(remaining), summary: formSummary(remaining) } : NO_PROBLEMS)
  }

  const outcome = useServedPlain() && result && result.status !== 'invalid' ? messages[result.status] : undefined
  const form = {
    ref: formRef,
    method: 'post',
    noValidate: true,
    onSubmit,
    onInput,
    'data-lead-form': kind,
    'data-toast-title': outcome?.title,
    'data-toast-text': outcome?.description,
  } as const
  const values = result && result.status !== 'sent' ? result.values : {}
  return { form, busy, errors: problems.errors, summary: problems.summary, values }
}

function problemsOf(result: LeadFormResult | undefined): Problems {
  return result?.status === 'invalid' ? { errors: result.errors, summary: result.message } : NO_PROBLEMS
}
