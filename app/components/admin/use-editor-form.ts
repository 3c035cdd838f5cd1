import { useEffect, useState } from 'react'
import type { z } from 'zod'
import { fieldErrors } from '~/lib/schemas'
import { useErrorToasts } from './use-error-toasts'

type Check = (form: FormData) => { success: true } | { success: false; error: z.ZodError }

/** What an editor action sends back when it refuses (see `refuse` in http/editor.server.ts). */
export interface Submitted<V> {
  values: V
  errors: Record<string, string>
  failure: string | null
  toast: string
}

/**
 * Field errors for an editor form, checked with its schema before sending (the action checks again
 * for browsers without JavaScript). On a refused send every error shows at its field, the first in a
 * toast, and the focus moves there. An error leaves as soon as its field is fixed, not at the next
 * send; errors only the server can find (a slug taken, an image refused) leave when their field
 * changes. Its error toasts leave at the next send, so none outlives the success that follows. The
 * action's own toast is shown here, on the screen that caused it. `field(name)` gives a
 * text control its name, its value (as sent, or as stored) and its error.
 */
export function useEditorForm<V>(check: Check, submitted: Submitted<V> | undefined, values?: Partial<Record<keyof V, unknown>> | null) {
  const [errors, setErrors] = useState<Record<string, string>>(submitted?.errors ?? {})
  const toasts = useErrorToasts()

  useEffect(() => {
    setErrors(submitted?.errors ?? {})
    if (submitted?.toast) toasts.show(submitted.toast)
  }, [submitted, toasts])

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const form = event.currentTarget
    const parsed = check(new FormData(form))
    toasts.clear()
    if (parsed.success) return setErrors({})
    event.preventDefault()
    const found = fieldErrors(parsed.error)
    setErrors(found)
    const [firstField, firstMessage] = Object.entries(found)[0]!
    toasts.show(firstMessage)
    ;(form.elements.namedItem(firstField) as HTMLElement | null)?.focus()
  }

  function onChange(event: React.FormEvent<HTMLFormElement>) {
    const field = (event.target as HTMLInputElement).name
    if (!field || !(field in errors)) return
    const parsed = check(new FormData(event.currentTarget))
    const still = parsed.success ? {} : fieldErrors(parsed.error)
    if (still[field] === errors[field] && still[field] !== undefined) return
    setErrors(({ [field]: _fixed, ...others }) => (still[field] ? { ...others, [field]: still[field] } : others))
  }

  const field = (name: keyof V & string) => ({ name, defaultValue: (values?.[name] as string | undefined) ?? '', error: errors[name] })

  return { errors, field, formProps: { noValidate: true, onSubmit, onChange } }
}
