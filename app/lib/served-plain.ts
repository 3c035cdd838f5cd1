import { createContext, useContext } from 'react'
import { UNSAFE_DataRouterStateContext, useMatches, type EntryContext } from 'react-router'

/**
 * A route's `handle`: `plain: true` serves its successful page as server-rendered HTML without React;
 * one small classic script (app/enhance/index.ts) adds back the behaviours its markup needs.
 */
export type RouteHandle = {
  plain?: boolean
  /**
   * A plain page that needs more than the shared enhancement script loads one of its own: a lead form
   * (app/enhance/lead-form.ts, which carries zod) or the blog list (app/enhance/blog-list.ts).
   */
  script?: 'lead-form' | 'blog-list'
}

/**
 * Whether this render is a plain page: on the server, for a route marked plain, when no route failed
 * (an error or a 404 keeps the full app, whose boundaries and retry buttons need React). Server-side
 * only: once React runs in the browser it stays, and every page it renders keeps the scripts, so
 * hydration always meets the markup the server sent. Components use it to render the markup the
 * enhancement script works on instead of a React widget's.
 */
export function useServedPlain() {
  return useContext(ServedPlainContext)
}

/**
 * Set once for the whole page by the root layout (from useServedPlainPage): every site link asks,
 * and reading the route matches for each of a hundred links would cost more than the link itself.
 */
const ServedPlainContext = createContext(false)
export const ServedPlainProvider = ServedPlainContext.Provider

/** The handle of the page being served plain, or null when React serves it. */
export function useServedPlainPage(): RouteHandle | null {
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined
  // React Router names no public hook for "did any route fail": the state its boundaries read does.
  const errors = useContext(UNSAFE_DataRouterStateContext)?.errors
  return typeof document === 'undefined' && !errors && handle?.plain === true ? handle : null
}

/** useServedPlainPage's answer for the page about to render, read from what the server render starts from. */
export function isServedPlain({ staticHandlerContext, routeModules }: EntryContext): boolean {
  const leaf = staticHandlerContext.matches.at(-1)
  const handle = leaf && (routeModules[leaf.route.id]?.handle as RouteHandle | undefined)
  return !staticHandlerContext.errors && handle?.plain === true
}
