import { randomUUID } from 'node:crypto'
import pg from 'pg'
import type { DatabaseTarget } from '~/server/config.server'

const CHANNEL = 'page_cache'
const RECONNECT_MS = 1_000

export interface InvalidationChannel {
  /** Tells every other instance that something visitors see has changed. */
  publish(): void
  close(): Promise<void>
}

/**
 * On PostgreSQL, instances behind one load balancer hear each other's saves through LISTEN/NOTIFY
 * and clear their page caches. While the listening connection is down nothing can be heard, so
 * the cache is cleared again on every reconnect. SQLite is one instance by design: nothing to tell.
 */
export async function openInvalidationChannel(target: DatabaseTarget, onRemoteChange: () => void): Promise<InvalidationChannel> {
  if (target.kind === 'sqlite') return { publish() {}, close: async () => {} }
  const instance = randomUUID()
  let client: pg.Client | null = null
  let closed = false

  const connect = async () => {
    const next = new pg.Client({ connectionString: target.url })
    next.on('notification', (message) => {
      if (message.payload !== instance) onRemoteChange()
    })
    next.on('error', (error) => console.error('Page cache channel error:', error.message))
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
      onRemoteChange()
    } catch (error) {
      console.error('Page cache channel could not reconnect:', (error as Error).message)
      if (!closed) setTimeout(() => void reconnect(), RECONNECT_MS)
    }
  }

  await connect()
  return {
    publish() {
      client?.query('SELECT pg_notify($1, $2)', [CHANNEL, instance]).catch((error: Error) => console.error('Page cache notify failed:', error.message))
    },
    async close() {
      closed = true
      await client?.end()
    },
  }
}
