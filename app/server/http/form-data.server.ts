import { data } from 'react-router'

export const malformedFormMessage = 'This form could not be read. Please reload the page and send it again.'
export const unreadableTextMessage = 'Some of the text sent could not be read. Please retype it and send the form again.'

/**
 * The submitted form, or a 400 with a clear message: for a body that is no form at all, for text
 * that was not valid UTF-8 (the parser turns such bytes into U+FFFD), which would otherwise be saved
 * as garbage, and for a NUL character, which nobody types and PostgreSQL refuses to store (the
 * write would fail with a 500 there while SQLite kept it).
 */
export async function readForm(request: Request): Promise<FormData> {
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    throw data(malformedFormMessage, { status: 400 })
  }
  for (const value of form.values()) {
    if (typeof value === 'string' && (value.includes('\uFFFD') || value.includes('\u0000')))
      throw data(unreadableTextMessage, { status: 400 })
  }
  return form
}
