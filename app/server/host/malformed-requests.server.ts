import type { IncomingMessage, ServerResponse } from 'node:http'

const SERVED_METHODS = new Set(['GET', 'HEAD', 'POST'])
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?'
// A DNS name or an IPv4 address, or a bracketed IPv6 address, with an optional port.
const HOST = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*\\.?|\\[[0-9A-Fa-f:.]+\\])(?::\\d{1,5})?$`)

interface Refusal {
  status: number
  message: string
  headers?: Record<string, string>
}

/**
 * Why a request is not one this site can answer, or null. Node accepts a few requests the framework
 * cannot turn into a URL or a Request (a TRACE, an absolute-form target such as
 * `GET http://other.example/about`, a Host header that is no host name), and they would surface as
 * 500s with a stack trace; they are refused here with the 4xx they deserve, before any other work.
 */
export function refusalOf(req: IncomingMessage, trustsProxy: boolean): Refusal | null {
  if (!SERVED_METHODS.has(req.method ?? '')) {
    return { status: 405, message: 'This site answers GET, HEAD and POST requests only.', headers: { Allow: 'GET, HEAD, POST' } }
  }
  if (!req.url?.startsWith('/')) return { status: 400, message: 'Ask for a path on this site, such as /about.' }
  const hosts = [req.headers.host, trustsProxy ? firstValue(req.headers['x-forwarded-host']) : undefined]
  if (hosts.some((host) => host !== undefined && !HOST.test(host))) {
    return { status: 400, message: 'The Host header does not name a host.' }
  }
  return null
}

function firstValue(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header
  return value?.split(',')[0]?.trim()
}

/** Answers a malformed request with its refusal (server.ts logs it); false when the request is fine. */
export function refuseMalformedRequest(req: IncomingMessage, res: ServerResponse, trustsProxy: boolean): boolean {
  const refusal = refusalOf(req, trustsProxy)
  if (!refusal) return false
  res.writeHead(refusal.status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
    ...refusal.headers,
  })
  res.end(refusal.message)
  return true
}
