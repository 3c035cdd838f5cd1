import type { PublicContent } from '~/lib/admin-sections'

/*
 * What a public page shows, as the surrogate keys a shared cache (Varnish, a CDN) files it under, and
 * which keys a change of content makes stale. A page's loaders say what they read as they read it,
 * under the request's load context (each loader gets a copy of the request of its own, but they all
 * get the one context); a save names what it changed. The two meet in the keys below, so a post's edit reaches the post's
 * page and every list of posts, and nothing else.
 *
 * - `site`: every public page (the header, the footer, the settings and collections they show).
 * - `posts`, `case-studies`, `pages`: every page that lists them, or depends on which exist.
 * - `post:<id>`, `case-study:<id>`, `page:<id>`: the page of that one record.
 * - `post-pages`: every post's page (what a tag's rename changes).
 * - `authors`, `team`, `testimonials`: every page showing one of them.
 */

export type SurrogateKey =
  | 'site'
  | 'posts'
  | 'post-pages'
  | 'case-studies'
  | 'pages'
  | 'authors'
  | 'team'
  | 'testimonials'
  | `post:${string}`
  | `case-study:${string}`
  | `page:${string}`

const shownBy = new WeakMap<object, Set<SurrogateKey>>()

/** Notes that the page answering the request of this load context shows this content. */
export function shows(context: object, ...keys: SurrogateKey[]) {
  let shown = shownBy.get(context)
  if (!shown) shownBy.set(context, (shown = new Set()))
  for (const key of keys) shown.add(key)
}

/** The keys of everything the page answering the request of this load context showed, for its Surrogate-Key header. */
export function shownContent(context: object): string {
  return [...(shownBy.get(context) ?? [])].map(safeKey).join(' ')
}

/** The keys a change makes stale: a record's own key and its lists' when the change names the record. */
export function staleKeys(what: PublicContent, recordId?: string): SurrogateKey[] {
  switch (what) {
    case 'posts':
      return recordId ? [`post:${recordId}`, 'posts'] : ['posts', 'post-pages']
    case 'case-studies':
      // Each study's page lists the others, so it carries the list's key too.
      return recordId ? [`case-study:${recordId}`, 'case-studies'] : ['case-studies']
    case 'pages':
      return recordId ? [`page:${recordId}`] : ['pages']
    case 'authors':
    case 'team':
    case 'testimonials':
      return [what]
    // The frame, what every page's search fields and images say, and which address answers where.
    case 'site-settings':
    case 'navigation':
    case 'collections':
    case 'redirects':
    case 'media':
    case 'search-and-sharing':
      return ['site']
  }
}

/** Record ids are made from titles and may hold any letter; a header and a ban expression take only these. */
const safeKey = (key: string) => key.toLowerCase().replace(/[^a-z0-9:_-]/g, '_')

/** A change's keys as a header value, spelt as on the pages. */
export const surrogateKeyHeader = (keys: readonly string[]) => keys.map(safeKey).join(' ')
