import { createHash } from 'node:crypto'
import fresh from 'fresh'
import type { EntryContext } from 'react-router'
import { isPublicPage } from '~/lib/public-page'
import { shownContent } from '~/server/services/shown-content.server'

/** A validator for a response whose bytes follow from `parts` alone. */
export function etagOf(...parts: (string | Uint8Array)[]): string {
  const hash = createHash('sha256')
  for (const part of parts) hash.update(part).update('\0')
  return `W/"${hash.digest('base64url').slice(0, 32)}"`
}

/** True when the copy the client already holds (If-None-Match / If-Modified-Since) is current. */
export function clientHasCurrentCopy(request: Request, headers: Headers): boolean {
  return fresh(
    {
      'if-none-match': request.headers.get('if-none-match') ?? undefined,
      'if-modified-since': request.headers.get('if-modified-since') ?? undefined,
      'cache-control': request.headers.get('cache-control') ?? undefined,
    },
    { etag: headers.get('etag') ?? undefined, 'last-modified': headers.get('last-modified') ?? undefined },
  )
}

/**
 * Feeds, sitemap and robots: a validator from the body, and a 304 when the client has it already.
 * Kept a minute at most by browsers and CDNs, so a scheduled post reaches feed readers and search
 * engines within a minute of its time.
 */
export function cachedTextResponse(request: Request, body: string, contentType: string): Response {
  const headers = new Headers({
    'Content-Type': contentType,
    'Cache-Control': 'public, max-age=60',
    ETag: etagOf(body),
  })
  if (clientHasCurrentCopy(request, headers)) return new Response(null, { status: 304, headers })
  return new Response(body, { headers })
}

/**
 * Public pages are a pure function of the build, the URL and their loaders' data (the CSP nonce
 * aside, see server.ts), so a hash of those is their validator and a revalidation can be answered
 * before rendering. Pages that set their own Cache-Control (draft previews) or a cookie (toasts)
 * opt out. `loadContext` is the request's, under which its loaders noted what the page shows
 * (its Surrogate-Key). Resolves to true when the client's copy is current and a 304 should be sent.
 */
export async function validatePublicPage(
  request: Request,
  status: number,
  headers: Headers,
  context: EntryContext,
  loadContext: object,
): Promise<boolean> {
  const { staticHandlerContext } = context
  const cacheable =
    (request.method === 'GET' || request.method === 'HEAD') &&
    status === 200 &&
    isPublicPage(staticHandlerContext.matches.map((match) => match.route.id)) &&
    !headers.has('Set-Cookie') &&
    !headers.has('Cache-Control')
  if (!cacheable) return false
  const url = new URL(request.url)
  headers.set('ETag', etagOf(context.manifest.version, url.pathname + url.search, await takeEncodedData(context)))
  if (signedIn(request)) {
    // Rendered for an admin: their browser may keep it, no shared cache may.
    headers.set('Cache-Control', 'private, no-cache')
  } else {
    headers.set('Cache-Control', SHARED_PAGE_CACHE)
    headers.set('Surrogate-Key', shownContent(loadContext))
  }
  return clientHasCurrentCopy(request, headers)
}

/**
 * Browsers must ask whether a page changed before showing it again (a 304 is cheap); a shared cache
 * (Varnish, a CDN) keeps it five minutes, since every save purges the pages showing what it changed
 * by their Surrogate-Key (app/server/host/shared-cache-purge.server.ts): the five minutes only bound
 * how long a lost purge could leave a page stale. Past them it may answer with the old copy while
 * it fetches the new one, and for a day while the site cannot answer at all.
 */
export const SHARED_PAGE_CACHE = 'public, max-age=0, s-maxage=300, stale-while-revalidate=30, stale-if-error=86400'

const signedIn = (request: Request) => /(?:^|;\s*)session=/.test(request.headers.get('cookie') ?? '')

/**
 * The loaders' data as React Router encoded it for hydration, which a public page never does (it
 * sends no React): read whole as the validator's input instead of encoding the data a second time,
 * and taken from the render, which would only have drawn nothing with it.
 */
async function takeEncodedData(context: EntryContext): Promise<string | Uint8Array> {
  const stream = context.serverHandoffStream
  if (!stream) return JSON.stringify(context.staticHandlerContext.loaderData)
  context.serverHandoffStream = undefined
  const reader = stream.getReader()
  const chunks: Uint8Array[] = []
  for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value)
  return Buffer.concat(chunks)
}
