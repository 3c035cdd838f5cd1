import { useState } from 'react'
import { toast } from 'sonner'
import type { z } from 'zod'
import { fieldErrors } from '~/lib/schemas'

type Parsed = { success: true } | { success: false; error: z.ZodError }

/**
 * Checks a form with its schema before it is sent (the action checks again, for browsers without
 * JavaScript): on failure nothing is sent, every error shows at its field, the first one also in a
 * toast, and the focus moves to that field.
 */
export function useFormCheck(parse: (form: HTMLFormElement) => Parsed) {
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null)
  function checkBeforeSubmit(event: React.FormEvent<HTMLFormElement>) {
    const form = event.currentTarget
    const parsed = parse(form)
    if (parsed.success) return setClientErrors(null)
    event.preventDefault()
    const found = fieldErrors(parsed.error)
    setClientErrors(found)
    const [firstField, firstMessage] = Object.entries(found)[0]!
    toast.error(firstMessage)
    ;(form.elements.namedItem(firstField) as HTMLElement | null)?.focus()
  }
  return { clientErrors, checkBeforeSubmit }
}
