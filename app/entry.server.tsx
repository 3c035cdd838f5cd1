import { Writable } from 'node:stream'
import { renderToPipeableStream, renderToString } from 'react-dom/server'
import { ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from 'react-router'
import { NonceProvider } from './lib/nonce'
import { isPublicPage } from './lib/public-page'
import { loggedUrl } from './server/http/canonical-path.server'
import { validatePublicPage } from './server/http/http-cache.server'
import { lowPriorityModulePreloads } from './server/host/script-priority.server'

export const streamTimeout = 5_000

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (await validatePublicPage(request, responseStatusCode, responseHeaders, routerContext)) {
    return new Response(null, { status: 304, headers: responseHeaders })
  }
  const nonce = loadContext.cspNonce
  const page = (
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceProvider>
  )
  const routeIds = routerContext.staticHandlerContext.matches.map((match) => match.route.id)
  if (isPublicPage(routeIds)) return publicDocument(page, responseStatusCode, responseHeaders)
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
        if (shellRendered) console.error(error)
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

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return
  console.error(`Error while handling ${request.method} ${loggedUrl(new URL(request.url).pathname)}:`, error)
}
