import { createHash, randomBytes } from 'node:crypto'

/** A secret for a session cookie or an e-mailed link: 32 random bytes, 43 URL-safe characters. */
export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

/** How a token is stored: its SHA-256, so a copy of the table opens nothing. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** Whether a value has a token's shape; nothing else is hashed or looked up. */
export function isTokenShaped(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value)
}
