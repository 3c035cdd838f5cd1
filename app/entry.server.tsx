import { Writable } from 'node:stream'
import { renderToPipeableStream, renderToString } from 'react-dom/server'
import { ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from 'react-router'
import { NonceProvider } from './lib/nonce'
import { isPublicPage } from './lib/public-page'
import { isDatabaseUnavailable } from './server/db/unavailable.server'
import { logDatabaseUnavailable, UNAVAILABLE_HEADERS } from './server/http/database-down.server'
import { loggedUrl } from './server/http/canonical-path.server'
import { validatePublicPage } from './server/http/http-cache.server'
import { lowPriorityModulePreloads } from './server/host/script-priority.server'
import { logger } from './server/host/log.server'
import { observeRender } from './server/host/metrics.server'

export const streamTimeout = 5_000

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (databaseUnavailable.has(request)) return unavailablePage(request, loadContext.config.siteName)
  if (await validatePublicPage(request, responseStatusCode, responseHeaders, routerContext, loadContext)) {
    return new Response(null, { status: 304, headers: responseHeaders })
  }
  const nonce = loadContext.cspNonce
  const page = (
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceProvider>
  )
  const routeIds = routerContext.staticHandlerContext.matches.map((match) => match.route.id)
  loadContext.answeredBy?.(routeIds.at(-1) ?? 'root')
  const started = performance.now()
  if (isPublicPage(routeIds)) {
    const response = publicDocument(page, responseStatusCode, responseHeaders)
    observeRender((performance.now() - started) / 1000)
    return response
  }
  // The document is written whole, once every part is ready: one buffer costs the compression and caching layers
  // one pass instead of one per 2 KB chunk React streams. Documents go as bytes: a Response given a
  // string first scans all of it for unpaired surrogates.
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const chunks: Buffer[] = []
    const document = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk)
        done()
      },
      final(done) {
        clearTimeout(timeout)
        observeRender((performance.now() - started) / 1000)
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
        const html = lowPriorityModulePreloads(Buffer.concat(chunks).toString('utf8'))
        resolve(new Response(Buffer.from(html), { headers: responseHeaders, status: responseStatusCode }))
        done()
      },
    })
    // Cleared once the page is out: a pending timer would keep the whole render (its tree and its
    // page) in memory for seconds after the answer, hundreds of them under load.
    const timeout = setTimeout(() => abort(), streamTimeout + 1_000)
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      onShellReady() {
        shellRendered = true
      },
      onAllReady() {
        pipe(document)
      },
      onShellError(error: unknown) {
        clearTimeout(timeout)
        reject(error)
      },
      onError(error: unknown) {
        responseStatusCode = 500
        if (shellRendered) logger.error({ err: error, reqId: request.headers.get('x-request-id') ?? undefined }, 'Rendering a page failed')
      },
    })
  })
}

/**
 * A public page (its not-found and error pages included) is rendered to one string: it holds no
 * Suspense boundary to wait for and no script of React's (which would need the nonce), so
 * renderToString writes the same markup, less the doctype, without encoding it 2 KB at a time into a
 * stream that is then gathered and decoded again. That took a third of such a page's CPU time. An
 * error in it is thrown, as a failed shell rejects.
 */
function publicDocument(page: React.ReactElement, status: number, headers: Headers): Response {
  headers.set('Content-Type', 'text/html; charset=utf-8')
  return new Response(Buffer.from(`<!DOCTYPE html>${renderToString(page)}`), { headers, status })
}

/**
 * Requests a loader or an action of failed for want of the database. React Router tells handleError
 * of each error before it renders the page or encodes the data, and passes on only a sanitized error.
 */
const databaseUnavailable = new WeakSet<Request>()

/**
 * A page whose data the database could not give (PostgreSQL restarting, out of reach): a plain page
 * saying to try again, 503 with Retry-After, instead of the error page. It needs nothing from the
 * database. A posted form is said to be not sent: a lead is stored whole or not at all, and the
 * database was gone before its page could be shown (rarely, right after storing it).
 */
function unavailablePage(request: Request, siteName: string): Response {
  const sent = request.method !== 'GET' && request.method !== 'HEAD'
  const [title, text] = sent
    ? ['We could not send your message just now.', 'Please go back and try again in a minute.']
    : ['This page is unavailable for a moment.', 'Please try again in a minute.']
  const page = (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${title} | ${siteName}`}</title>
      </head>
      <body style={{ fontFamily: 'system-ui, sans-serif', maxWidth: '36rem', margin: '15vh auto', padding: '0 1.5rem', lineHeight: 1.5 }}>
        <h1 style={{ fontSize: '1.5rem' }}>{title}</h1>
        <p>{text}</p>
      </body>
    </html>
  )
  const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8', ...UNAVAILABLE_HEADERS })
  return new Response(`<!DOCTYPE html>${renderToString(page)}`, { status: 503, headers })
}

/** A client navigation's or a fetcher's data, the same: the error boundary shows it, the status says to come back. */
export function handleDataRequest(response: Response, { request }: { request: Request }): Response {
  if (!databaseUnavailable.has(request)) return response
  const headers = new Headers(response.headers)
  for (const [name, value] of Object.entries(UNAVAILABLE_HEADERS)) headers.set(name, value)
  return new Response(response.body, { status: 503, headers })
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return
  if (isDatabaseUnavailable(error)) {
    databaseUnavailable.add(request)
    logDatabaseUnavailable(request, error)
    return
  }
  const path = loggedUrl(new URL(request.url).pathname)
  const reqId = request.headers.get('x-request-id') ?? undefined
  logger.error({ err: error, reqId, path }, `Error while handling ${request.method} ${path}`)
}
