import { MAX_URL, UTM_PARAMS, type Visit } from './visit'
import { z } from './zod'

/* How the server reads the visit and page a lead form sent (app/lib/visit.ts keeps them in the browser). */

/** Text a database keeps as sent: no control characters, no lone surrogates, nothing a bad byte became. */
const cleanText = (text: string) => !/[\u0000-\u001f\u007f\ufffd]|[\u{d800}-\u{dfff}]/u.test(text)

const pagePath = z.string().max(MAX_URL).startsWith('/').refine(cleanText)
const visitSchema = z.object({
  landing: pagePath,
  referrer: z.union([
    z.literal(''),
    z
      .url({ protocol: /^https?$/ })
      .max(MAX_URL)
      .refine(cleanText),
  ]),
})

/** A page address sent by a form (its own page), or null when it is none. */
export const readPage = (page: string | undefined): string | null => (pagePath.safeParse(page).success ? page! : null)

/** The visit a form sent, or null when it sent none or something else. */
export function readVisit(field: string | undefined): Visit | null {
  if (!field) return null
  try {
    const parsed = visitSchema.safeParse(JSON.parse(field))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** The UTM parameters of a page address as the visit kept it. */
export function utmOf(page: string): Record<(typeof UTM_PARAMS)[number], string | null> {
  const params = new URL(page, 'http://visit.invalid').searchParams
  const value = (name: string) => {
    const text = params.get(name)?.trim().slice(0, 100)
    return text && cleanText(text) ? text : null
  }
  return Object.fromEntries(UTM_PARAMS.map((name) => [name, value(name)])) as Record<(typeof UTM_PARAMS)[number], string | null>
}
