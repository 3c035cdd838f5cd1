import { formValues, optionalText } from './form-fields'
import { z } from './zod'

/*
 * How a page shows in a search result and a social share. Every field is optional: an empty one
 * leaves the page's own title, summary and image in its place. Posts, case studies and the
 * marketing pages (Settings) share these fields, their checks and their editor.
 */

/** Hard limits (a longer value is refused) and the lengths search engines show before cutting. */
export const SEARCH_LIMITS = { title: 120, description: 320, image: 500 } as const
export const SEARCH_GUIDANCE = { title: { least: 20, most: 60 }, description: { least: 70, most: 160 } } as const

export const SEARCH_FIELD_NAMES = ['seoTitle', 'metaDescription', 'socialImage'] as const
export const HIDE_FROM_SEARCH = 'hideFromSearch'

/** An image address a share card can load: one on this site ('/…') or a full https:// address. */
export function isImageAddress(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !/[\s"'<>\\]/.test(value)
  try {
    return new URL(value).protocol === 'https:' && !/[\s"'<>\\]/.test(value)
  } catch {
    return false
  }
}

export const searchFieldsShape = {
  seoTitle: optionalText('SEO title', SEARCH_LIMITS.title),
  metaDescription: optionalText('Meta description', SEARCH_LIMITS.description),
  socialImage: optionalText('Social image', SEARCH_LIMITS.image).refine(
    (value) => value === null || isImageAddress(value),
    'Use an address on this site starting with /, or a full https:// address',
  ),
  [HIDE_FROM_SEARCH]: z.boolean(),
}

/** What a page says to search engines and share cards in its own place; null means "the page's own". */
export interface SearchFields {
  title: string | null
  description: string | null
  image: string | null
  hidden: boolean
}

export const NO_SEARCH_FIELDS: SearchFields = { title: null, description: null, image: null, hidden: false }

/** A marketing page's form: its search fields alone. */
export const pageSearchSchema = z.object(searchFieldsShape).transform(searchFieldsOf)

/** The checked form fields as one SearchFields. */
export function searchFieldsOf(input: {
  seoTitle: string | null
  metaDescription: string | null
  socialImage: string | null
  hideFromSearch: boolean
}): SearchFields {
  return { title: input.seoTitle, description: input.metaDescription, image: input.socialImage, hidden: input.hideFromSearch }
}

/** The form's search fields as typed. */
export function searchFormValues(form: FormData) {
  return formValues(form, SEARCH_FIELD_NAMES, [HIDE_FROM_SEARCH])
}

export type SearchFormValues = ReturnType<typeof searchFormValues>

/** Stored search fields as the form shows them. */
export function searchFormText(fields: SearchFields | undefined): SearchFormValues {
  const stored = fields ?? NO_SEARCH_FIELDS
  return {
    seoTitle: stored.title ?? '',
    metaDescription: stored.description ?? '',
    socialImage: stored.image ?? '',
    hideFromSearch: stored.hidden,
  }
}

/** Where a length stands against what search engines show: short, good, or cut off. */
export function lengthAdvice(length: number, guide: { least: number; most: number }): 'empty' | 'short' | 'good' | 'long' {
  if (length === 0) return 'empty'
  if (length < guide.least) return 'short'
  return length <= guide.most ? 'good' : 'long'
}
