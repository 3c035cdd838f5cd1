import { useContext } from 'react'
import { UNSAFE_DataRouterStateContext, useMatches } from 'react-router'

/**
 * A route's `handle`: `plain: true` serves its successful page as server-rendered HTML without React;
 * one small classic script (app/enhance/index.ts) adds back the behaviours its markup needs.
 */
export type RouteHandle = { plain?: boolean }

/**
 * Whether this render is a plain page: on the server, for a route marked plain, when no route failed
 * (an error or a 404 keeps the full app, whose boundaries and retry buttons need React). Server-side
 * only: once React runs in the browser it stays, and every page it renders keeps the scripts, so
 * hydration always meets the markup the server sent. Components use it to render the markup the
 * enhancement script works on instead of a React widget's.
 */
export function useServedPlain() {
  const matches = useMatches()
  // React Router names no public hook for "did any route fail": the state its boundaries read does.
  const errors = useContext(UNSAFE_DataRouterStateContext)?.errors
  return typeof document === 'undefined' && !errors && (matches.at(-1)?.handle as RouteHandle | undefined)?.plain === true
}
