import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '~/server/db/unavailable.server'
import { loggedUrl } from '~/server/http/canonical-path.server'
import { logger } from '~/server/log.server'

/** What every answer given while the database is out of reach carries: not to be kept, and when to ask again. */
export const UNAVAILABLE_HEADERS = { 'Cache-Control': 'no-store', 'Retry-After': String(RETRY_AFTER_SECONDS) }

/** One line: the cause is the database's state, not this request's, and every request logs it while it lasts. */
export function logDatabaseUnavailable(request: Request, error: unknown) {
  const path = loggedUrl(new URL(request.url).pathname)
  const reqId = request.headers.get('x-request-id') ?? undefined
  logger.error({ reqId, path }, `Database unavailable while handling ${request.method} ${path}: ${(error as Error).message}`)
}

/**
 * A resource route's answer (a feed, a file) that needs the database. React Router answers such a
 * route's error with a bare 500; while the database is out of reach it is a 503 to try again after,
 * as a page's is, which a cache in front answers from what it kept.
 */
export async function unlessDatabaseDown(request: Request, answer: () => Promise<Response>): Promise<Response> {
  try {
    return await answer()
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error
    logDatabaseUnavailable(request, error)
    return new Response('This is unavailable for a moment. Please try again in a minute.', {
      status: 503,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', ...UNAVAILABLE_HEADERS },
    })
  }
}
