import { z } from './zod'

/*
 * Where a visit came from, kept first-party in the tab's sessionStorage (no cookie): the page it
 * began on and the site that sent it. The lead forms send it in a hidden field, so a lead shows
 * which page and which campaign brought it.
 */

const KEY = 'visit'
const UTM_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const
const MAX_URL = 500

export interface Visit {
  /** The path the visit began on, with its UTM parameters and no other query. */
  landing: string
  /** The page of another site that sent the visit (no query), or ''. */
  referrer: string
}

/** A page address as a visit keeps it: the path, and only the UTM part of its query (no click ids or searches). */
export function pageOf(url: URL): string {
  const utm = new URLSearchParams()
  for (const name of UTM_PARAMS) {
    const value = url.searchParams.get(name)
    if (value) utm.set(name, value)
  }
  const query = utm.toString()
  return (query ? `${url.pathname}?${query}` : url.pathname).slice(0, MAX_URL)
}

/**
 * Remembers how this tab's visit began, once. A visit that began on a page without scripts (a blog
 * post) is recognised on the next page by its referrer on this site; the site that sent it is then unknown.
 */
export function rememberVisit(): void {
  try {
    if (sessionStorage.getItem(KEY)) return
    const referrer = document.referrer ? new URL(document.referrer) : null
    const sameSite = referrer?.origin === location.origin
    const visit: Visit = sameSite
      ? { landing: pageOf(referrer!), referrer: '' }
      : { landing: pageOf(new URL(location.href)), referrer: referrer ? `${referrer.origin}${referrer.pathname}`.slice(0, MAX_URL) : '' }
    sessionStorage.setItem(KEY, JSON.stringify(visit))
  } catch {
    // Storage off or full: the lead still records its own page.
  }
}

/** The remembered visit, as the hidden form field carries it; '' when there is none. */
export function visitField(): string {
  try {
    return sessionStorage.getItem(KEY) ?? ''
  } catch {
    return ''
  }
}

/** Text a database keeps as sent: no control characters, no lone surrogates, nothing a bad byte became. */
const cleanText = (text: string) => !/[\u0000-\u001f\u007f\ufffd]|[\u{d800}-\u{dfff}]/u.test(text)

const pagePath = z.string().max(MAX_URL).startsWith('/').refine(cleanText)
const visitSchema = z.object({
  landing: pagePath,
  referrer: z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(MAX_URL).refine(cleanText)]),
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
