import type { AppLoadContext } from 'react-router'
import { loadConfig } from '~/server/config.server'
import type { ContentChanged } from '~/server/services/content-events.server'
import type { Db } from '~/server/db/schema.server'
import type { Role } from '~/lib/admin-access'
import { signIn } from '~/server/services/auth.server'
import { upsertAdmin, type User } from '~/server/services/users.server'

/**
 * The load context server.ts builds, for calling loaders and actions directly. `contentChanged`
 * receives what the host would hear; by default nothing listens, as on a server without a cache.
 */
export function testContext(db: Db, clientAddress = '127.0.0.1', contentChanged: ContentChanged = () => {}): AppLoadContext {
  return {
    db,
    config: { ...loadConfig({ NODE_ENV: 'test' }), cookieSecret: 'test-secret-test-secret-test-secret' },
    cspNonce: '',
    clientAddress,
    contentChanged,
  }
}

/** A form POST like the browser sends it. */
export function formRequest(path: string, fields: Record<string, string | string[]>, cookie?: string): Request {
  const headers = new Headers({ 'Content-Type': 'application/x-www-form-urlencoded' })
  if (cookie) headers.set('Cookie', cookie)
  // A list of values is sent as the field repeated, as a form sends several inputs of one name.
  const body = new URLSearchParams(Object.entries(fields).flatMap(([name, value]) => [value].flat().map((one) => [name, one])))
  return new Request(`http://localhost${path}`, { method: 'POST', headers, body })
}

/** Turns Set-Cookie headers into a Cookie header, as a browser would send back. */
export function cookiesFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => !c?.endsWith('='))
    .join('; ')
}

/** The toast a response leaves in the signed flash cookie, as the root would show it, or null. */
export function toastFrom(headers: Headers): { type: string; title: string; description?: string } | null {
  const cookie = headers.getSetCookie().find((c) => c.startsWith('toast=') && !c.startsWith('toast=;'))
  if (!cookie) return null
  // The cookie is base64 JSON followed by '.' and its signature.
  const encoded = decodeURIComponent(cookie.slice('toast='.length).split(';')[0]!).split('.')[0]!
  return JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'))
}

/** An admin with the role, signed in through the sign-in service from `context`; their session cookie. */
export async function signedInAdmin(
  context: AppLoadContext,
  email: string,
  password: string,
  role: Role,
): Promise<{ user: User; cookie: string }> {
  await upsertAdmin(context.db, email, password)
  await context.db.updateTable('users').set({ role }).where('email', '=', email).execute()
  const result = await signIn(new Request('http://localhost/admin/login'), context, { email, password })
  if (!result.ok) throw new Error(`sign-in of ${email} failed`)
  return { user: result.user, cookie: result.setCookie.split(';')[0]! }
}
