import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from 'react-router'
import { NonceProvider } from './lib/nonce'
import { validatePublicPage } from './server/http/http-cache.server'
import { lowPriorityModulePreloads } from './server/host/script-priority.server'

export const streamTimeout = 5_000

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (validatePublicPage(request, responseStatusCode, responseHeaders, routerContext)) {
    return new Response(null, { status: 304, headers: responseHeaders })
  }
  const nonce = loadContext.cspNonce
  const userAgent = request.headers.get('user-agent')
  // Crawlers get the complete document in one piece; people get the shell as soon as it is ready.
  const readyEvent = userAgent && isbot(userAgent) ? 'onAllReady' : 'onShellReady'

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true
          const body = lowPriorityModulePreloads()
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          resolve(
            new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }),
          )
          pipe(body)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) console.error(error)
        },
      },
    )
    setTimeout(abort, streamTimeout + 1_000)
  })
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return
  console.error(`Error while handling ${request.method} ${new URL(request.url).pathname}:`, error)
}
