import { surrogateKeyHeader } from '~/server/services/shown-content.server'

/*
 * Purges a shared cache's copies of the pages showing what a save changed, by their Surrogate-Key:
 * `PURGE /` to each Varnish (or any cache answering that way), and a POST of the same keys to a
 * hook a CDN's purge API is called from. The instance that made the change sends it, so it reaches
 * the cache once whichever instance it happened on.
 *
 * Each purge goes twice: at once, and again a moment later. Between the save and the other
 * instances hearing of it (LISTEN/NOTIFY), one of them may still answer the cache with its old copy,
 * or finish a render begun before the save; the second purge throws that copy away too.
 */

const SECOND_PURGE_MS = 1_500
const ATTEMPTS = 3
const RETRY_MS = 500
const TIMEOUT_MS = 2_000

export interface PurgeOutcome {
  target: string
  keys: string
  ok: boolean
  /** Why it failed after every attempt. */
  error?: string
}

export interface SharedCachePurger {
  purge(keys: readonly string[]): void
  /** Sends the purges still waiting for their second round at once, and resolves when all are done. */
  stop(): Promise<void>
}

interface Targets {
  cachePurgeUrls: readonly string[]
  cachePurgeWebhook?: string
}

export function startSharedCachePurger(targets: Targets, reported: (outcome: PurgeOutcome) => void): SharedCachePurger {
  const sends = [
    ...targets.cachePurgeUrls.map((url) => ({ target: url, request: (keys: string) => purgeRequest(url, keys) })),
    ...(targets.cachePurgeWebhook
      ? [{ target: targets.cachePurgeWebhook, request: (keys: string) => hookRequest(targets.cachePurgeWebhook!, keys) }]
      : []),
  ]
  const running = new Set<Promise<void>>()
  const waiting = new Map<ReturnType<typeof setTimeout>, string>()

  const sendAll = (keys: string) => {
    for (const { target, request } of sends) {
      const sent = attempt(target, keys, request).then(reported)
      running.add(sent)
      void sent.finally(() => running.delete(sent))
    }
  }

  return {
    purge(keys) {
      if (sends.length === 0 || keys.length === 0) return
      const header = surrogateKeyHeader([...new Set(keys)])
      sendAll(header)
      const timer = setTimeout(() => {
        waiting.delete(timer)
        sendAll(header)
      }, SECOND_PURGE_MS)
      waiting.set(timer, header)
    },
    async stop() {
      for (const [timer, keys] of waiting) {
        clearTimeout(timer)
        sendAll(keys)
      }
      waiting.clear()
      await Promise.all(running)
    },
  }
}

async function attempt(target: string, keys: string, request: (keys: string) => Promise<Response>): Promise<PurgeOutcome> {
  let error = ''
  for (let tried = 1; tried <= ATTEMPTS; tried++) {
    try {
      const response = await request(keys)
      await response.body?.cancel()
      if (response.ok) return { target, keys, ok: true }
      error = `HTTP ${response.status}`
    } catch (failure) {
      error = (failure as Error).message
    }
    if (tried < ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, RETRY_MS * 2 ** (tried - 1)))
  }
  return { target, keys, ok: false, error }
}

const purgeRequest = (url: string, keys: string) =>
  fetch(url, { method: 'PURGE', headers: { 'Surrogate-Key': keys }, signal: AbortSignal.timeout(TIMEOUT_MS) })

const hookRequest = (url: string, keys: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Surrogate-Key': keys },
    body: JSON.stringify({ keys: keys.split(' ') }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  })
