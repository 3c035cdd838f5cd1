import { z } from './zod'

export const CASE_STUDY_LIMITS = {
  title: 200,
  client: 100,
  industry: 60,
  briefDesc: 500,
  story: 3000,
  result: 300,
  results: 12,
  tag: 40,
  tags: 12,
  quote: 1000,
  name: 100,
  position: 9999,
} as const

const L = CASE_STUDY_LIMITS

const tooLong = (what: string, max: number) => `${what} must be at most ${max.toLocaleString('en-US')} characters`

function requiredText(what: string, max: number) {
  return z.string().trim().min(1, `${what} is required`).max(max, tooLong(what, max))
}

/** Trimmed, blanks dropped, repeats dropped (ignoring case): the public card keys each item by its text. */
function distinctItems(items: string[]): string[] {
  const seen = new Set<string>()
  return items
    .map((item) => item.trim())
    .filter((item) => {
      const key = item.toLowerCase()
      if (!item || seen.has(key)) return false
      seen.add(key)
      return true
    })
}

/**
 * The case study editor's fields, checked the same way in the browser before sending and in the
 * action. Results come one per line (they may contain commas); tags one per line or comma separated.
 */
export const caseStudySchema = z.object({
  title: requiredText('Title', L.title),
  client: requiredText('Client', L.client),
  industry: requiredText('Industry', L.industry),
  briefDesc: requiredText('Brief description', L.briefDesc),
  challenge: requiredText('Challenge', L.story),
  solution: requiredText('Solution', L.story),
  results: z
    .string()
    .transform((text) => distinctItems(text.split('\n')))
    .pipe(
      z
        .array(z.string().max(L.result, tooLong('Each result', L.result)))
        .min(1, 'Add at least one result')
        .max(L.results, `A case study can have at most ${L.results} results`),
    ),
  tags: z
    .string()
    .transform((text) => distinctItems(text.split(/[\n,]/)))
    .pipe(
      z
        .array(z.string().max(L.tag, tooLong('Each tag', L.tag)))
        .max(L.tags, `A case study can have at most ${L.tags} tags`),
    ),
  testimonialQuote: requiredText('Testimonial quote', L.quote),
  testimonialAuthor: requiredText('Testimonial author', L.name),
  testimonialPosition: requiredText("Author's position", L.name),
  /** Lower comes first; empty puts the study at the end. */
  position: z
    .string()
    .trim()
    .refine(
      (value) => value === '' || (/^\d+$/.test(value) && Number(value) <= L.position),
      `Order must be a whole number from 0 to ${L.position}`,
    )
    .transform((value) => (value === '' ? null : Number(value))),
  /** Whether the study will have an image: a newly chosen file, or the one it already has. */
  image: z.boolean().refine(Boolean, 'Please choose an image for the case study card'),
})

export type CaseStudyFormValues = z.input<typeof caseStudySchema>
export type CaseStudyInput = z.output<typeof caseStudySchema>

/** The form's fields as typed, so a refused form can be shown again exactly as it was sent. */
export function caseStudyFormValues(form: FormData, hasImage: boolean): CaseStudyFormValues {
  const text = (name: Exclude<keyof CaseStudyFormValues, 'image'>) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  return {
    title: text('title'),
    client: text('client'),
    industry: text('industry'),
    briefDesc: text('briefDesc'),
    challenge: text('challenge'),
    solution: text('solution'),
    results: text('results'),
    tags: text('tags'),
    testimonialQuote: text('testimonialQuote'),
    testimonialAuthor: text('testimonialAuthor'),
    testimonialPosition: text('testimonialPosition'),
    position: text('position'),
    image: hasImage,
  }
}
