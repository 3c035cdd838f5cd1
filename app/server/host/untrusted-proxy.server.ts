import type { IncomingMessage } from 'node:http'
import type { Db } from '~/server/db/schema.server'
import { recordUntrustedProxy } from '~/server/repositories/app-meta.server'
import { logger } from '~/server/log.server'

/**
 * Watches for a proxy the server was not told of. Without TRUST_PROXY, Express reads each request's
 * address from its connection, which behind a proxy is the proxy's: every visitor then shares one
 * address, and the per-address limits (leads held after five an hour, sign-ins locked after five
 * failures) count them all together. The first request carrying X-Forwarded-For says so once in the
 * log and in the database, where the Notifications screen shows it to admins. Returns the check to
 * run on each request; with TRUST_PROXY set it does nothing.
 */
export function watchForUntrustedProxy(db: Db, trustProxy: number | false): (req: IncomingMessage) => void {
  let noticed = trustProxy !== false
  return (req) => {
    if (noticed || req.headers['x-forwarded-for'] === undefined) return
    noticed = true
    logger.warn(
      { event: 'proxy.untrusted' },
      'Requests arrive through a proxy (they carry X-Forwarded-For) but TRUST_PROXY is not set, so every visitor shares the ' +
        "proxy's address and the per-address limits on leads and sign-ins count them all as one. Set TRUST_PROXY to the number " +
        'of proxies in front (docs/operations.md). With no proxy in front, someone sent that header by hand: leave TRUST_PROXY ' +
        'unset then, since with it set anyone could choose their address.',
    )
    recordUntrustedProxy(db).catch((error: unknown) => logger.error({ err: error }, 'Recording the untrusted proxy failed'))
  }
}
