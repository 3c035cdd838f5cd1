import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { logger, logInBatch } from '~/server/log.server'
import { loggedUrl } from '~/server/http/canonical-path.server'

// The logger itself sits below every room of app/server (they all log); the host's code finds it here too.
export { logger, onErrorLogged, setLogFormat } from '~/server/log.server'

/** How a request was answered: from the page cache, by a redirect, refused as malformed, or by the application. */
export type Answer = 'cached' | 'redirect' | 'refused' | 'rendered'

// An id a proxy in front (HAProxy's unique-id) passes on is kept when it is a plain token; anything
// else could carry a forged log line or fill the log.
const SANE_REQUEST_ID = /^[\w.-]{1,64}$/

/**
 * The request's id: the one its X-Request-Id names, or a new one, which is then written into the
 * request's headers, where the application (and its error log) reads it.
 */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id']
  if (typeof given === 'string' && SANE_REQUEST_ID.test(given)) return given
  const id = randomUUID()
  req.headers['x-request-id'] = id
  return id
}

// On the request itself: a WeakMap holding every request weighs on each garbage collection.
const STARTED_AT = Symbol('startedAt')
type Timed = IncomingMessage & { [STARTED_AT]?: number }

/** Notes when the request came, for its log line's `ms`. */
export function requestStarted(req: IncomingMessage) {
  ;(req as Timed)[STARTED_AT] = performance.now()
}

/**
 * Writes the request's one line (`url` being the address asked for, query and all, with any secret
 * in its path hidden) and returns how long it took, in seconds. The page cache's hits, redirects
 * and refusals go in batches: they come thousands a second.
 */
export function logAnswer(req: IncomingMessage, res: ServerResponse, how: Answer, url = req.url ?? '/'): number {
  const ms = Math.round((performance.now() - ((req as Timed)[STARTED_AT] ?? performance.now())) * 10) / 10
  const shown = loggedUrl(url)
  const { method } = req
  const status = res.statusCode
  const reqId = requestIdOf(req)
  if (how === 'rendered') {
    logger.info({ event: 'request', method, url: shown, status, ms, reqId, how }, `${method} ${shown} ${status} ${ms.toFixed(1)}ms`)
  } else {
    // The id is a plain token (SANE_REQUEST_ID or a UUID), and the method one of Node's: neither needs escaping.
    const fields = `"event":"request","method":"${method}","url":${JSON.stringify(shown)},"status":${status},"ms":${ms},"reqId":"${reqId}","how":"${how}"`
    logInBatch(fields, `${method} ${shown} ${status} ${how}`)
  }
  return ms / 1000
}
