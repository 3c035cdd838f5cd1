/*
 * Whether an error says the database cannot be reached right now (PostgreSQL restarting, shut down,
 * or the network to it gone), as opposed to a query that failed on its own. Such an error is answered
 * 503 with Retry-After: the pool opens new connections once the server is back, so the same request
 * a few seconds later succeeds.
 */

/** How long a visitor or a load balancer is told to wait before asking again. */
export const RETRY_AFTER_SECONDS = 5

// Node's socket errors, then PostgreSQL's: admin_shutdown, crash_shutdown, cannot_connect_now and the
// connection_exception class (08xxx).
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
])

// What pg says without a code: a connection that ended mid-query, the pool's connectionTimeoutMillis
// passing, a query sent on a connection already ended.
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
]

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && typeof cause === 'object' && depth < 5; depth++) {
    const { code, message, errors } = cause as { code?: unknown; message?: unknown; errors?: unknown }
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true
    // Connecting to "localhost" tries each of its addresses, and fails with all of their errors.
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true
    cause = (cause as { cause?: unknown }).cause
  }
  return false
}
