import { createHash, randomBytes } from 'node:crypto'

/*
 * Secrets handed out in a cookie or a link (a session, an invitation): 32 random bytes, base64url.
 * Only their SHA-256 is stored, so a leaked table, log of queries or backup opens no door; a
 * token's own randomness makes a slow hash unnecessary.
 */

export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** Whether a value has the shape of a token, checked before anything is looked up with it. */
export function looksLikeToken(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value)
}
