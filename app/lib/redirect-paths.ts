/*
 * How a redirect names an address. A path is compared decoded (`/resources/blog/café`, not
 * `%C3%A9`) and without a trailing slash, so `/old-page/`, `/old-page` and their encoded forms are
 * one address; the form, the database and the host all use `normalisePath` for it.
 */

/** The longest path a redirect starts from, or the not-found log keeps. */
export const MAX_REDIRECT_PATH = 300
/** The longest target: a path with its query, or another site's address. */
export const MAX_REDIRECT_TARGET = 2_000

/** Longer chains of redirects than this are not followed: more hops than any real site needs. */
export const MAX_REDIRECT_HOPS = 20

// Spaces and control characters: never in an address a person links to.
const UNSAFE = /[\u0000-\u0020\u007F]/

/** Areas that belong to the site itself: the back office, stored files and built assets. */
export const RESERVED_PREFIXES = ['/admin', '/media', '/assets'] as const

/** Decoded where the encoding is valid, without trailing slashes ('/' stays '/'). */
export function normalisePath(path: string): string {
  let decoded = path
  try {
    decoded = decodeURIComponent(path)
  } catch {
    // Not valid percent-encoding: compared as sent.
  }
  return decoded.replace(/\/+$/, '') || '/'
}

/** The reserved area a path lies in, or null. */
export function reservedPrefixOf(path: string): string | null {
  const lower = path.toLowerCase()
  return RESERVED_PREFIXES.find((prefix) => lower === prefix || lower.startsWith(`${prefix}/`)) ?? null
}

export const hasUnsafeCharacters = (text: string) => UNSAFE.test(text)

/** True for a path of this site; `//host` is another site's address without its scheme. */
export const isSitePath = (target: string) => target.startsWith('/') && !target.startsWith('//')

/** A site path target's path part, normalised: what it is compared with to find loops. */
export function targetPath(target: string): string | null {
  if (!isSitePath(target)) return null
  return normalisePath(target.split(/[?#]/, 1)[0]!)
}

/** True for a full http(s) address. */
export function isWebAddress(target: string): boolean {
  if (!/^https?:\/\//i.test(target)) return false
  try {
    return Boolean(new URL(target).host)
  } catch {
    return false
  }
}
