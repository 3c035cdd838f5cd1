import { createCookie } from 'react-router'
import type { LoadContext } from '~/server/services/load-context.server'
import { readToken, signToken } from '~/server/services/signed-tokens.server'
import { newToken } from '~/server/services/tokens.server'

/*
 * Browsers that signed in to an account before (OWASP's device cookies against lockout): each
 * successful sign-in gives the browser a signed cookie naming the e-mail it signed in with. While
 * strangers' wrong passwords lock that e-mail, the browser that holds it is counted on its own
 * (app/server/repositories/sign-in-attempts.server.ts), so its owner still gets in with the right
 * password.
 */

const PURPOSE = 'known-device'
const KNOWN_FOR_MS = 365 * 24 * 60 * 60 * 1000
const MAX_COOKIE_LENGTH = 600

function knownDeviceCookie(context: LoadContext) {
  return createCookie('known_device', {
    httpOnly: true,
    sameSite: 'lax',
    // Sent to the sign-in pages and the account's own password checks, nowhere public.
    path: '/admin',
    secure: context.config.isProduction,
    maxAge: KNOWN_FOR_MS / 1000,
  })
}

const emailField = (email: string) => Buffer.from(email).toString('base64url')

/** The Set-Cookie header that makes this browser known for the account it just signed in to. */
export function rememberDevice(context: LoadContext, email: string, now = Date.now()): Promise<string> {
  return knownDeviceCookie(context).serialize(
    signToken(context.config.cookieSecret, PURPOSE, [emailField(email), newToken(), String(now + KNOWN_FOR_MS)]),
  )
}

/** This browser's id when it signed in to this e-mail's account before, or null. */
export async function knownDevice(request: Request, context: LoadContext, email: string, now = Date.now()): Promise<string | null> {
  const value: unknown = await knownDeviceCookie(context).parse(request.headers.get('Cookie'))
  if (typeof value !== 'string' || value.length > MAX_COOKIE_LENGTH) return null
  const fields = readToken(context.config.cookieSecret, PURPOSE, value, 3)
  if (!fields || fields[0] !== emailField(email) || !(Number(fields[2]) > now)) return null
  return fields[1]!
}
