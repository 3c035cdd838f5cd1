import { optionalText } from './form-fields'
import { formText } from './form-text'
import { searchFieldsOf, searchFieldsShape, SEARCH_FIELD_NAMES, HIDE_FROM_SEARCH } from './search-fields'
import { MAX_SLUG_LENGTH, SLUG_PATTERN } from './slugify'
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
  headlineFigure: 16,
  headlineLabel: 80,
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
 * What it gives is what the repository saves: the testimonial in one piece.
 */
export const caseStudySchema = z
  .object({
    title: requiredText('Title', L.title),
    /** The study's address, /case-studies/{slug}; empty keeps the one it has, or for a new study makes one from the title. */
    slug: z
      .string()
      .trim()
      .max(MAX_SLUG_LENGTH, tooLong('Slug', MAX_SLUG_LENGTH))
      .refine((slug) => slug === '' || SLUG_PATTERN.test(slug), 'Use lowercase letters, numbers and single hyphens only'),
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
      .pipe(z.array(z.string().max(L.tag, tooLong('Each tag', L.tag))).max(L.tags, `A case study can have at most ${L.tags} tags`)),
    testimonialQuote: requiredText('Testimonial quote', L.quote),
    testimonialAuthor: requiredText('Testimonial author', L.name),
    testimonialPosition: requiredText("Author's position", L.name),
    /** The headline result: a short figure and what it measures, both or neither. */
    headlineFigure: optionalText('Headline figure', L.headlineFigure),
    headlineLabel: optionalText('What the figure measures', L.headlineLabel),
    /** A draft's page is seen only by signed-in admins. */
    draft: z.boolean(),
    ...searchFieldsShape,
    /** Whether the study will have an image: a newly chosen file, or the one it already has. */
    image: z.boolean().refine(Boolean, 'Please choose an image for the case study card'),
    /**
     * Whether a file was chosen, never refused: a browser does not refill a file input, so when the
     * form comes back the editor asks for the file again.
     */
    fileChosen: z.boolean().optional(),
  })
  .superRefine(({ headlineFigure, headlineLabel }, ctx) => {
    if (headlineFigure && !headlineLabel)
      ctx.addIssue({ code: 'custom', path: ['headlineLabel'], message: 'Say what the headline figure measures' })
    if (headlineLabel && !headlineFigure)
      ctx.addIssue({ code: 'custom', path: ['headlineFigure'], message: 'Add the headline figure, or clear what it measures' })
  })
  .transform(
    ({
      testimonialQuote,
      testimonialAuthor,
      testimonialPosition,
      headlineFigure,
      headlineLabel,
      image: _image,
      fileChosen: _fileChosen,
      draft,
      ...rest
    }) => {
      const { seoTitle, metaDescription, socialImage, hideFromSearch, ...study } = rest
      return {
        ...study,
        testimonial: { quote: testimonialQuote, author: testimonialAuthor, position: testimonialPosition },
        headline: headlineFigure && headlineLabel ? { figure: headlineFigure, label: headlineLabel } : null,
        search: searchFieldsOf({ seoTitle, metaDescription, socialImage, hideFromSearch }),
        published: !draft,
      }
    },
  )

const TEXT_FIELDS = [
  'title',
  'slug',
  'client',
  'industry',
  'briefDesc',
  'challenge',
  'solution',
  'results',
  'tags',
  'testimonialQuote',
  'testimonialAuthor',
  'testimonialPosition',
  'headlineFigure',
  'headlineLabel',
  ...SEARCH_FIELD_NAMES,
] as const

/** The editor's fields as typed (or as stored), by name. */
export type CaseStudyText = Record<(typeof TEXT_FIELDS)[number], string> & { [HIDE_FROM_SEARCH]: boolean; draft: boolean }

export type CaseStudyFormValues = z.input<typeof caseStudySchema>

/** The form as sent, so a refused form can be shown again exactly as it was. */
export function caseStudyFormValues(form: FormData, image: { chosen: boolean; stored: boolean }): CaseStudyFormValues {
  return {
    ...formText(form, TEXT_FIELDS),
    [HIDE_FROM_SEARCH]: form.has(HIDE_FROM_SEARCH),
    // Ticked to hold the study back, so a form without the box (a script's) publishes as before.
    draft: form.has('draft'),
    image: image.chosen || image.stored,
    fileChosen: image.chosen,
  }
}

/** Another study's headline figure, as the editor compares the one being typed against it. */
export interface ShownFigure {
  id: string
  client: string
  figure: string
}

/** Spaces and case do not make a figure another result: "+18 %" repeats "+18%". */
export const figureKey = (figure: string) => figure.replace(/\s+/g, '').toLowerCase()

/**
 * The warning at the headline figure when another study already shows it. A warning, not an error:
 * the save goes ahead, but proof credited to two clients reads as made up.
 */
export function repeatedFigureWarning(figure: string, others: ShownFigure[], ownId: string | null): string | undefined {
  const key = figureKey(figure)
  const other = key ? others.find((study) => study.id !== ownId && figureKey(study.figure) === key) : undefined
  return other && `${other.client} already shows this figure. Each result should belong to one client.`
}
