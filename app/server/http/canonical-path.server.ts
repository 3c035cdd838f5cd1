import type { IncomingMessage, ServerResponse } from 'node:http'

/*
 * One spelling per address. React Router matches a path ignoring case and after decoding it, so
 * `/About`, `/%61bout` and `/about/` all render /about; every rule that reads a path before it (the
 * page cache, the back office's no-store and referrer policy, the visit counter) would count each as
 * another address. Any other spelling is sent to the canonical one before anything else reads it.
 */

// A path already canonical: lower-case segments of unreserved characters, no empty segment, no
// trailing slash. Most requests are these, and the test costs a few dozen nanoseconds.
const PLAIN = /^(?:\/[a-z0-9._~-]+)+$/
const DOT_SEGMENT = /\/\.\.?(?:\/|$)/
// Parts whose case is their meaning: hashed asset names, stored files' paths, and links' tokens.
const KEEPS_CASE = [
  ['assets'],
  ['media'],
  ['admin', 'reset-password'],
  ['admin', 'invitation'],
  ['resources', 'ai-playbook', 'download'],
  ['resources', 'blog', 'preview'],
]
const UNRESERVED = /[A-Za-z0-9._~-]/

/** The canonical spelling of a request path (no query). */
export function canonicalPath(path: string): string {
  if (path === '/' || (PLAIN.test(path) && !DOT_SEGMENT.test(path))) return path
  // Parsed as React Router parses it: dot segments resolved, backslashes read as slashes.
  const parsed = new URL(`http://site${path.startsWith('/') ? '' : '/'}${path}`).pathname
  const segments = parsed.split('/').filter(Boolean).map(decodeUnreserved)
  const keepFrom = keptCaseFrom(segments)
  const canonical = segments.map((segment, at) => (at < keepFrom ? lowerCase(segment) : segment))
  return `/${canonical.join('/')}`
}

/**
 * Percent-escapes of letters, digits and `-._~` become the characters; other escapes get upper-case
 * hex; a `%` that starts no escape is one itself (`%25`), so no decoding can make a new escape.
 */
function decodeUnreserved(segment: string): string {
  return segment.replace(/%([0-9A-Fa-f]{2})?/g, (escape, hex: string | undefined) => {
    if (hex === undefined) return '%25'
    const character = String.fromCharCode(parseInt(hex, 16))
    return UNRESERVED.test(character) ? character : escape.toUpperCase()
  })
}

/** Lower case outside percent-escapes, whose hex stays upper case. */
function lowerCase(segment: string): string {
  return segment.replace(/[^%]+/g, (part) => part.toLowerCase()).replace(/%[0-9a-f]{2}/g, (escape) => escape.toUpperCase())
}

/** The index of the first segment whose case is kept: after a prefix of KEEPS_CASE. */
function keptCaseFrom(segments: string[]): number {
  const lower = segments.map((segment) => segment.toLowerCase())
  const prefix = KEEPS_CASE.find((words) => words.every((word, at) => lower[at] === word))
  return prefix ? prefix.length : segments.length
}

/**
 * Sends a request for another spelling of an address to the canonical one, query kept: a 301 for
 * reading, a 308 for a form (so the browser sends it again, to the address whose rules apply).
 * False when the request's path is canonical.
 */
export function redirectToCanonical(req: IncomingMessage, res: ServerResponse): boolean {
  const url = req.url ?? '/'
  const queryAt = url.indexOf('?')
  const path = queryAt === -1 ? url : url.slice(0, queryAt)
  const canonical = canonicalPath(path)
  if (canonical === path) return false
  const readOnly = req.method === 'GET' || req.method === 'HEAD'
  res.writeHead(readOnly ? 301 : 308, {
    Location: queryAt === -1 ? canonical : canonical + url.slice(queryAt),
    'Cache-Control': 'no-store',
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': 0,
  })
  res.end()
  return true
}

// Addresses whose last segment is a secret: a link's token opens an account, a lead's download or a draft's preview.
const TOKEN_PATHS = /^(\/(?:admin\/reset-password|admin\/invitation|resources\/ai-playbook\/download|resources\/blog\/preview)\/)[^/]+/

/** A request's address as a log line may hold it: a link's token replaced, in any spelling. */
export function loggedUrl(url: string): string {
  if (!/(?:password|invitation|download|preview)/i.test(url)) return url
  // Not a path (`GET http://other.example/…`, refused before anything else): every candidate segment goes.
  if (!url.startsWith('/')) return url.replace(/(reset-password|invitation|download|preview)\/[^/?#]+/gi, '$1/[token]')
  const queryAt = url.indexOf('?')
  const path = queryAt === -1 ? url : url.slice(0, queryAt)
  return canonicalPath(path).replace(TOKEN_PATHS, '$1[token]') + (queryAt === -1 ? '' : url.slice(queryAt))
}
