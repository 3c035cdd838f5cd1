import { createHmac, timingSafeEqual } from 'node:crypto'

/*
 * Short tokens the site signs with its secret (COOKIE_SECRET, or the one kept in the database):
 * `<fields joined by '.'>.<HMAC-SHA256>`. The purpose is part of what is signed, so a token made
 * for one use (a playbook link) is no good for another (a form ticket).
 */

const signature = (secret: string, purpose: string, payload: string) =>
  createHmac('sha256', secret).update(`${purpose}:${payload}`).digest('base64url')

/** A token holding `fields` (none may contain '.'), signed for `purpose`. */
export function signToken(secret: string, purpose: string, fields: string[]): string {
  const payload = fields.join('.')
  return `${payload}.${signature(secret, purpose, payload)}`
}

/** The fields of a token this site signed for `purpose` with `count` fields, or null. */
export function readToken(secret: string, purpose: string, token: string, count: number): string[] | null {
  const parts = token.split('.')
  if (parts.length !== count + 1 || parts.some((part) => part === '')) return null
  const fields = parts.slice(0, count)
  const expected = Buffer.from(signature(secret, purpose, fields.join('.')))
  const given = Buffer.from(parts[count]!)
  return given.length === expected.length && timingSafeEqual(given, expected) ? fields : null
}
