import { z } from './zod'
import { DEFAULT_TIME_ZONE, isTimeZone, wallTimeToUtc } from './dates'
import { formText } from './form-text'
import { nowIso } from './ids'
import { MAX_ID_LENGTH } from './schemas'
import { searchFieldsOf, searchFieldsShape, searchFormValues } from './search-fields'
import { MAX_SLUG_LENGTH, SLUG_PATTERN, slugify } from './slugify'

export const POST_LIMITS = { title: 200, excerpt: 500, content: 200_000, tag: 50, tags: 20 } as const

/**
 * Publish dates live between these years: a post dated earlier or later is a typing slip, and
 * every stored instant keeps four year digits, so dates sort as text the way they do in time.
 */
export const PUBLISH_YEARS = { first: 2000, last: 2100 } as const
const publishYearMessage = `Please choose a publish date between the years ${PUBLISH_YEARS.first} and ${PUBLISH_YEARS.last}`
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?$/

/** A 'YYYY-MM-DDTHH:mm[:ss]' value naming a moment that exists (not 30 February, not 24:00). */
function isCalendarDateTime(value: string): boolean {
  if (!DATE_TIME.test(value)) return false
  const instant = Date.parse(`${value}Z`)
  return !Number.isNaN(instant) && new Date(instant).toISOString().slice(0, value.length) === value
}

/** Whether a date ('YYYY-…', local or an ISO instant) falls in the publish years. */
function isPublishYear(value: string): boolean {
  const year = Number(value.slice(0, 4))
  return year >= PUBLISH_YEARS.first && year <= PUBLISH_YEARS.last
}

const tooLong = (what: string, max: number) => `${what} must be at most ${max.toLocaleString('en-US')} characters`

/** The publish control's choices: a draft, published when saved, or published at the time typed. */
export const PUBLISH_CHOICES = ['draft', 'now', 'at'] as const
export type PublishChoice = (typeof PUBLISH_CHOICES)[number]

/**
 * The post editor's fields, checked the same way in the browser before sending and in the action,
 * and read into the post they describe: an empty slug comes from the title, and the publish choice
 * becomes a publish time. A time goes only with "at": sent with another choice it is refused, never
 * dropped, so a date typed for a draft cannot vanish unseen. (An empty excerpt is filled from the
 * content on the server, which reads the markdown.)
 */
export const postSchema = z
  .object({
    title: z.string().trim().min(1, 'Title is required').max(POST_LIMITS.title, tooLong('Title', POST_LIMITS.title)),
    slug: z
      .string()
      .trim()
      .max(MAX_SLUG_LENGTH, tooLong('Slug', MAX_SLUG_LENGTH))
      .refine((slug) => slug === '' || SLUG_PATTERN.test(slug), 'Use lowercase letters, numbers and single hyphens only'),
    content: z
      .string()
      .refine((text) => text.trim() !== '', 'Content is required')
      .pipe(z.string().max(POST_LIMITS.content, tooLong('Content', POST_LIMITS.content))),
    excerpt: z.string().trim().max(POST_LIMITS.excerpt, tooLong('Excerpt', POST_LIMITS.excerpt)),
    authorId: z.string().min(1, 'Author is required').max(MAX_ID_LENGTH, 'Please choose an author from the list'),
    tags: z
      .array(z.string().trim().max(POST_LIMITS.tag, tooLong('Each tag', POST_LIMITS.tag)))
      .transform((tags) => [...new Set(tags.filter(Boolean))])
      .pipe(z.array(z.string()).max(POST_LIMITS.tags, `A post can have at most ${POST_LIMITS.tags} tags`)),
    publish: z.string().pipe(z.enum(PUBLISH_CHOICES, 'Please choose Draft, Publish now or a publish time')),
    /** 'YYYY-MM-DDTHH:mm' (seconds optional) from a datetime-local input, on the clocks of `timeZone`. */
    publishAt: z
      .string()
      .refine((value) => value === '' || isCalendarDateTime(value), 'Please enter a valid date and time')
      .refine((value) => value === '' || !isCalendarDateTime(value) || isPublishYear(value), publishYearMessage),
    /** The zone publishAt is typed in: the site's, as the page that sent it showed it (the server checks it still is). */
    timeZone: z.string(),
    ...searchFieldsShape,
  })
  .transform(({ publish, publishAt, timeZone, seoTitle, metaDescription, socialImage, hideFromSearch, ...post }, context) => {
    const issue = (path: string, message: string) => {
      context.addIssue({ code: 'custom', path: [path], message })
      return z.NEVER
    }
    const slug = post.slug || slugify(post.title)
    if (!slug) return issue('slug', 'Please enter a slug using letters or numbers')
    if (publish === 'at' && !publishAt) return issue('publishAt', 'Please choose the date and time to publish the post')
    if (publish !== 'at' && publishAt)
      return issue(
        'publishAt',
        'This date is not used by the choice above. Clear it, or choose the option with the date to publish the post then',
      )
    if (publish === 'at' && !isTimeZone(timeZone))
      return issue('publishAt', 'Please reload the page: it sent a time zone we do not know for this date')
    // A time in the future schedules the post; one in the past publishes it at once, dated then.
    const publishedAt = publish === 'draft' ? null : publish === 'now' ? nowIso() : wallTimeToUtc(publishAt, timeZone)
    // The rule holds for the stored instant too: 1 January 2000 at UTC+14 is still 1999 in UTC.
    if (publishedAt && !isPublishYear(publishedAt)) return issue('publishAt', publishYearMessage)
    // The zone a typed time was read in goes along, for the server to compare with the site's.
    const typedIn = publish === 'at' ? timeZone : null
    return {
      ...post,
      slug,
      published: publish !== 'draft',
      publishedAt,
      typedIn,
      search: searchFieldsOf({ seoTitle, metaDescription, socialImage, hideFromSearch }),
    }
  })

export type PostFormInput = z.input<typeof postSchema>

/** The form's values as the schema reads them: tags from the chips plus anything left in the tag box. */
export function postFormValues(form: FormData): PostFormInput {
  const { tagDraft, publish, ...fields } = formText(form, [
    'title',
    'slug',
    'content',
    'excerpt',
    'authorId',
    'publish',
    'publishAt',
    'timeZone',
    'tagDraft',
  ])
  // Scripts, and pages from before the publish choice, send a Published box: ticked with a time
  // means that time, ticked without one means now.
  const published = form.get('published') === 'on'
  return {
    ...fields,
    // A request from no editor page (a script) names no zone: its times are read in the default one.
    timeZone: fields.timeZone || DEFAULT_TIME_ZONE,
    ...searchFormValues(form),
    // Trimmed and without blanks here, as the schema reads them, so a form shown again has no empty chip.
    tags: [...new Set([...form.getAll('tags').map(String), ...tagDraft.split(',')].map((tag) => tag.trim()).filter(Boolean))],
    publish: form.has('publish') ? publish : published ? (fields.publishAt ? 'at' : 'now') : 'draft',
  }
}
