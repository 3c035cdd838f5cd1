/*
 * Signing in returns to the admin page that sent the browser to the login page (a lead opened from
 * an e-mail), carried as `?redirectTo=`. The value comes from the address bar, so anyone can write a
 * link with any value: only a path of this site's back office is followed, never another site.
 */

export const RETURN_PARAM = 'redirectTo'

const ORIGIN = 'http://site.invalid'

/**
 * The back-office path a `redirectTo` names, normalised, or null for anything else. Refused before
 * parsing: a value not starting with one slash (`https://evil.example`, `//evil.example`), any
 * backslash (`/\evil.example`, read by browsers as `//`) and control characters (the URL parser drops
 * tabs and line breaks, so `/\t/evil.example` would become `//evil.example`). Parsed, it must stay on
 * this origin and under /admin (`/admin/../x` is `/x`).
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2000) return null
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(value)) return null
  const url = new URL(value, ORIGIN)
  if (url.origin !== ORIGIN || !(url.pathname === '/admin' || url.pathname.startsWith('/admin/'))) return null
  return url.pathname + url.search
}

/** Adds the return path to an address of the sign-in pages, when there is one. */
export function withReturnPath(path: string, returnTo: string | null): string {
  return returnTo ? `${path}?${new URLSearchParams({ [RETURN_PARAM]: returnTo })}` : path
}

/** The login page for a request that had no session: a page asked for (GET) is named, to come back to. */
export function signInPathFor(request: Request): string {
  const url = new URL(request.url)
  return withReturnPath('/admin/login', request.method === 'GET' ? safeReturnPath(url.pathname + url.search) : null)
}
