import { useEffect, useRef, useState } from 'react'
import { useNavigation } from 'react-router'
import { toast } from 'sonner'
import type { z } from 'zod'
import { fieldErrors } from '~/lib/schemas'
import type { LeadFormResult } from '~/server/http/lead-form.server'

interface Messages {
  sent: { title: string; description?: string }
  failed: { title: string; description?: string }
}

/**
 * Shared behaviour of the lead forms: check in the browser with the action's schema, show
 * 'Sending...' while busy, toast the outcome, and clear the fields only once the lead is stored.
 */
export function useLeadForm(schema: z.ZodType, result: LeadFormResult | undefined, messages: Messages) {
  const formRef = useRef<HTMLFormElement>(null)
  const navigation = useNavigation()
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null)
  const busy = navigation.state === 'submitting'

  useEffect(() => {
    if (!result) return
    if (result.status === 'sent') {
      formRef.current?.reset()
      toast.success(messages.sent.title, { description: messages.sent.description })
    } else if (result.status === 'failed') {
      toast.error(messages.failed.title, { description: messages.failed.description })
    } else {
      toast.error(result.message)
    }
    // Messages are constants of the calling page.
  }, [result])

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const values = Object.fromEntries(new FormData(event.currentTarget))
    const parsed = schema.safeParse(values)
    if (parsed.success) return setClientErrors(null)
    event.preventDefault()
    const errors = fieldErrors(parsed.error)
    setClientErrors(errors)
    toast.error(Object.values(errors)[0] ?? '')
  }

  const serverErrors = result?.status === 'invalid' ? result.errors : {}
  const errors = clientErrors ?? serverErrors
  const values = result && result.status !== 'sent' ? result.values : {}
  return { formRef, busy, onSubmit, errors, values }
}
