import type { Config } from '~/server/config.server'
import type { Db } from '~/server/db/schema.server'
import type { ContentChanged } from './content-events.server'

/** What server.ts hands every loader and action: the database and the checked configuration. */
export interface LoadContext {
  db: Db
  config: Config & { cookieSecret: string }
  /** Per-request nonce that lets our own inline scripts pass the Content-Security-Policy. */
  cspNonce: string
  /** The client's address as Express resolved it (honours TRUST_PROXY only). */
  clientAddress: string
  /** Says that a committed write changed what visitors see (see content-events.server.ts). */
  contentChanged: ContentChanged
  /**
   * Says that notifications were queued (a lead was stored, a retry asked for), so this instance's
   * outbox worker sends them now rather than at its next pass. Absent where no worker runs.
   */
  notificationsQueued?: () => void
  /** Names the route that renders the document, for the request's metrics (entry.server.tsx). */
  answeredBy?: (routeId: string) => void
}

declare module 'react-router' {
  interface AppLoadContext extends LoadContext {}
}
