import { formText } from './form-text'
import { z } from './zod'

/** The message for text past its limit: 'Bio must be 2,000 characters or fewer'. */
export const tooLong = (label: string, max: number) => `${label} must be ${max.toLocaleString('en-US')} characters or fewer`

/** Text that may be left empty: trimmed, within its limit, and stored as null when empty. */
export const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong(label, max))
    .transform((text) => text || null)

/** Text that must be filled in: trimmed, not empty ('Name is required'), within its limit. */
export const requiredText = (label: string, max: number, required = `${label} is required`) =>
  z.string(required).trim().min(1, required).max(max, tooLong(label, max))

/**
 * A form as sent, so a refused form shows again exactly as it was: its text fields as typed and its
 * boxes ticked or not (a browser sends a ticked box and leaves an unticked one out).
 */
export function formValues<const K extends string, const B extends string = never>(
  form: FormData,
  text: readonly K[],
  boxes: readonly B[] = [],
) {
  return { ...formText(form, text), ...(Object.fromEntries(boxes.map((box) => [box, form.has(box)])) as Record<B, boolean>) }
}

/**
 * An editor's first values: the stored record's, as the form shows them (numbers as text, none as
 * empty), or the defaults when the record is new.
 */
export function formDefaults<V extends Record<string, string | boolean>>(record: object | null, defaults: V): V {
  if (!record) return defaults
  const stored = record as Record<string, unknown>
  const entries = Object.entries(defaults).map(([key, fallback]) => [
    key,
    typeof fallback === 'boolean' ? Boolean(stored[key]) : String(stored[key] ?? ''),
  ])
  return Object.fromEntries(entries) as V
}
