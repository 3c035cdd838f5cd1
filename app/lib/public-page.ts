import { SITE_LAYOUT_ID } from './route-ids'

/**
 * A public page's `handle`. Every page under the site's layout is served as server-rendered HTML
 * without React, with the enhancement script (app/enhance/index.ts); a page that needs more names
 * its own second script: a lead form's (which carries zod) or the blog list's.
 */
export type PublicPageHandle = { script?: 'lead-form' | 'blog-list' }

/**
 * Whether the page answering belongs to the public site: a route under its layout matched, whatever
 * the page shows (the page itself, a not-found page or an error). Everything else is the admin app.
 */
export function isPublicPage(routeIds: Iterable<string>): boolean {
  for (const id of routeIds) if (id === SITE_LAYOUT_ID) return true
  return false
}
