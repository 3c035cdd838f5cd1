import { z } from './zod'
import { MAX_SLUG_LENGTH, SLUG_PATTERN } from './slugify'

export const POST_LIMITS = { title: 200, excerpt: 500, content: 200_000, tag: 50, tags: 20 } as const

const tooLong = (what: string, max: number) => `${what} must be at most ${max.toLocaleString('en-US')} characters`

/**
 * The post editor's fields, checked the same way in the browser before sending and in the action.
 * An empty slug is filled from the title by the action, an empty excerpt from the content.
 */
export const postSchema = z.object({
  title: z.string().trim().min(1, 'Title is required').max(POST_LIMITS.title, tooLong('Title', POST_LIMITS.title)),
  slug: z
    .string()
    .trim()
    .max(MAX_SLUG_LENGTH, tooLong('Slug', MAX_SLUG_LENGTH))
    .refine((slug) => slug === '' || SLUG_PATTERN.test(slug), 'Use lowercase letters, numbers and single hyphens only'),
  content: z.string().refine((text) => text.trim() !== '', 'Content is required').pipe(z.string().max(POST_LIMITS.content, tooLong('Content', POST_LIMITS.content))),
  excerpt: z.string().trim().max(POST_LIMITS.excerpt, tooLong('Excerpt', POST_LIMITS.excerpt)),
  authorId: z.string().min(1, 'Author is required'),
  tags: z
    .array(z.string().trim().max(POST_LIMITS.tag, tooLong('Each tag', POST_LIMITS.tag)))
    .transform((tags) => [...new Set(tags.filter(Boolean))])
    .pipe(z.array(z.string()).max(POST_LIMITS.tags, `A post can have at most ${POST_LIMITS.tags} tags`)),
  published: z.boolean(),
  /** 'YYYY-MM-DDTHH:mm' from a datetime-local input, in the editor's time zone; empty means "now". */
  publishAt: z.string().refine((value) => value === '' || !Number.isNaN(Date.parse(`${value}Z`)), 'Please enter a valid date and time'),
  /** Minutes to add to publishAt to get UTC (Date#getTimezoneOffset of the editor's browser). */
  timezoneOffset: z.coerce.number().int().min(-840).max(840).catch(0),
})

export type PostFormInput = z.input<typeof postSchema>

/** The form's values as the schema reads them: tags from the chips plus anything left in the tag box. */
export function postFormValues(form: FormData): PostFormInput {
  const text = (name: string) => String(form.get(name) ?? '')
  const draftTags = text('tagDraft').split(',')
  return {
    title: text('title'),
    slug: text('slug'),
    content: text('content'),
    excerpt: text('excerpt'),
    authorId: text('authorId'),
    tags: [...form.getAll('tags').map(String), ...draftTags],
    published: form.get('published') === 'on',
    publishAt: text('publishAt'),
    timezoneOffset: text('timezoneOffset'),
  }
}

/** The UTC instant a datetime-local value names in a browser whose offset is `timezoneOffset` minutes. */
export function publishInstant(publishAt: string, timezoneOffset: number): string {
  return new Date(Date.parse(`${publishAt}Z`) + timezoneOffset * 60_000).toISOString()
}

/** The datetime-local value ('YYYY-MM-DDTHH:mm') of an instant, shown in a zone `timezoneOffset` minutes behind UTC. */
export function localInputValue(iso: string, timezoneOffset: number): string {
  return new Date(Date.parse(iso) - timezoneOffset * 60_000).toISOString().slice(0, 16)
}
