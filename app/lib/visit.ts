/*
 * Where a visit came from, kept first-party in the tab's sessionStorage (no cookie): the page it
 * began on and the site that sent it. The lead forms send it in a hidden field, so a lead shows
 * which page and which campaign brought it. No zod here: the public pages' enhancement script runs
 * this, and the schemas that read a sent visit are in visit-schema.ts.
 */

const KEY = 'visit'
export const UTM_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const
export const MAX_URL = 500

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
 * Remembers how this tab's visit began, once. A visit whose first page ran no script (JavaScript off
 * there, or left before it loaded) is recognised on the next page by its referrer on this site; the
 * site that sent it is then unknown.
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
