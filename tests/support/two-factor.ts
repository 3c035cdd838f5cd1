import { generate, generateSecret } from 'otplib'
import type { Db } from '~/server/db/schema.server'

/** Turns two-factor sign-in on for an admin straight in the database, as a confirmed setup leaves it; its secret. */
export async function giveTwoFactor(db: Db, email: string): Promise<string> {
  const secret = generateSecret()
  await db
    .updateTable('users')
    .set({ totp_secret: secret, totp_pending_secret: null, totp_last_step: null })
    .where('email', '=', email)
    .execute()
  return secret
}

/** The code an authenticator app shows for the secret at a moment (now unless told). */
export function codeFor(secret: string, at = Date.now()): Promise<string> {
  return generate({ secret, epoch: Math.floor(at / 1000) })
}

/** A six-digit code that is surely not the current one. */
export async function wrongCodeFor(secret: string): Promise<string> {
  const right = Number(await codeFor(secret))
  return String((right + 500_000) % 1_000_000).padStart(6, '0')
}

/**
 * The password step over HTTP for an admin with two-factor sign-in: the Cookie header of the second
 * step, or null when the password was refused (or the sign-in is locked).
 */
export async function passwordStepOverHttp(
  baseUrl: string,
  account: { email: string; password: string },
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${baseUrl}/admin/login`, {
    method: 'POST',
    body: new URLSearchParams(account),
    headers,
    redirect: 'manual',
  })
  const pending = response.headers.getSetCookie().find((c) => c.startsWith('pending_sign_in='))
  return response.status === 302 && pending ? pending.split(';')[0]! : null
}
