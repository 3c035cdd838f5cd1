import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { isPublicContent, type PublicContent } from '~/lib/admin-sections'
import type { DatabaseTarget } from '~/server/config.server'
import { logger } from '~/server/log.server'

const CHANNEL = 'page_cache'
const RECONNECT_MS = 1_000

export interface InvalidationChannel {
  /** Tells every other instance what visitors see has changed. */
  publish(what: PublicContent): void
  close(): Promise<void>
}

/**
 * On PostgreSQL, instances behind one load balancer hear each other's saves through LISTEN/NOTIFY
 * and clear their page caches and re-read their redirects. A message is the sender's id and the
 * content that changed; one that names no content we know (an instance of an older release) means
 * anything may have. While the listening connection is down nothing can be heard, so everything is
 * read again on every reconnect (`null`). SQLite is one instance by design: nothing to tell.
 */
export async function openInvalidationChannel(
  target: DatabaseTarget,
  onRemoteChange: (what: PublicContent | null) => void,
): Promise<InvalidationChannel> {
  if (target.kind === 'sqlite') return { publish() {}, close: async () => {} }
  const instance = randomUUID()
  let client: pg.Client | null = null
  let closed = false

  const connect = async () => {
    const next = new pg.Client({ connectionString: target.url })
    next.on('notification', (message) => {
      const [sender, what] = (message.payload ?? '').split(' ')
      if (sender !== instance) onRemoteChange(isPublicContent(what) ? what : null)
    })
    next.on('error', (error) => logger.error(`Page cache channel error: ${error.message}`))
    next.on('end', () => {
      client = null
      if (!closed) setTimeout(() => void reconnect(), RECONNECT_MS)
    })
    await next.connect()
    await next.query(`LISTEN ${CHANNEL}`)
    client = next
  }
  const reconnect = async () => {
    try {
      await connect()
      onRemoteChange(null)
    } catch (error) {
      logger.error(`Page cache channel could not reconnect: ${(error as Error).message}`)
      if (!closed) setTimeout(() => void reconnect(), RECONNECT_MS)
    }
  }

  await connect()
  return {
    publish(what) {
      client
        ?.query('SELECT pg_notify($1, $2)', [CHANNEL, `${instance} ${what}`])
        .catch((error: Error) => logger.error(`Page cache notify failed: ${error.message}`))
    },
    async close() {
      closed = true
      await client?.end()
    },
  }
}
