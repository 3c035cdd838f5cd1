import type { RouteConfigEntry } from '@react-router/dev/routes'
import { matchRoutes, type AppLoadContext, type RouteObject } from 'react-router'
import routes from '~/routes'

const toRouteObjects = (entries: RouteConfigEntry[]): RouteObject[] =>
  entries.map((entry) =>
    entry.index ? { index: true, path: entry.path } : { path: entry.path, children: toRouteObjects(entry.children ?? []) },
  )
const routeObjects = toRouteObjects(routes)

/** The pattern React Router gives a loader for this address (`admin/people`): app/routes.ts matched as it matches it. */
export function patternOf(url: string): string {
  // A data request (`/admin/blog.data`, `/_root.data` for the home page) matches the page it loads.
  const pathname = new URL(url).pathname.replace(/^\/_root\.data$/, '/').replace(/\.data$/, '')
  const matches = matchRoutes(routeObjects, pathname) ?? []
  const joined = matches
    .map((match) => match.route.path)
    .filter(Boolean)
    .join('/')
  return joined.replace(/\/\/+/g, '/') || '/'
}

function isDataWithInit(value: unknown): value is { type: 'DataWithResponseInit'; data: unknown; init?: ResponseInit | null } {
  return typeof value === 'object' && value !== null && (value as { type?: string }).type === 'DataWithResponseInit'
}

/** Calls a route's loader or action the way React Router does, returning thrown responses and `data()` too. */
export async function callRoute<T>(
  fn: (args: never) => T | Promise<T>,
  request: Request,
  context: AppLoadContext,
  params: Record<string, string> = {},
): Promise<T | Response> {
  try {
    // Each route declares its own arguments type; these are the fields React Router fills in for all of them.
    return await fn({ request, context, params, pattern: patternOf(request.url) } as never)
  } catch (thrown) {
    if (thrown instanceof Response || isDataWithInit(thrown)) return thrown as Response
    throw thrown
  }
}

/** Data returned or thrown with `data(value, init)`, or a plain Response: the value, its status and headers. */
export function unwrap<T>(result: unknown): { data: T; status: number; headers: Headers } {
  if (result instanceof Response) return { data: undefined as T, status: result.status, headers: result.headers }
  if (isDataWithInit(result)) {
    return { data: result.data as T, status: result.init?.status ?? 200, headers: new Headers(result.init?.headers) }
  }
  return { data: result as T, status: 200, headers: new Headers() }
}
