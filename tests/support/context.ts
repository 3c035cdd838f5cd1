import type { AppLoadContext } from 'react-router'
import { loadConfig } from '~/server/config.server'
import type { Db } from '~/server/db/schema.server'

/** The load context server.ts builds, for calling loaders and actions directly. */
export function testContext(db: Db, clientAddress = '127.0.0.1'): AppLoadContext {
  return {
    db,
    config: { ...loadConfig({ NODE_ENV: 'test' }), cookieSecret: 'test-secret-test-secret-test-secret' },
    cspNonce: '',
    clientAddress,
  }
}

/** A form POST like the browser sends it. */
export function formRequest(path: string, fields: Record<string, string>, cookie?: string): Request {
  const headers = new Headers({ 'Content-Type': 'application/x-www-form-urlencoded' })
  if (cookie) headers.set('Cookie', cookie)
  return new Request(`http://localhost${path}`, { method: 'POST', headers, body: new URLSearchParams(fields) })
}

/** Turns Set-Cookie headers into a Cookie header, as a browser would send back. */
export function cookiesFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => !c?.endsWith('='))
    .join('; ')
}
