import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { saveImage } from '~/server/services/media.server'
import { signInOverHttp } from '../support/http'
import { withServerDb } from '../support/server'
import { ADMIN, useRunningSite } from '../support/site'

const site = useRunningSite()
let cookie: string
beforeAll(async () => {
  cookie = await signInOverHttp(site.server.url, ADMIN.email, ADMIN.password)
})

describe('headers and cookies', () => {
  it('sends the security headers on public pages, admin pages and media, and keeps admin pages out of every cache', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#2563eb' } })
      .png()
      .toBuffer()
    const media = await withServerDb(site.server, (db) =>
      saveImage(
        db,
        new File([png], 'dot.png', { type: 'image/png' }),
        { bucket: 'images', folder: 'blog', maxEdge: 100 },
        { alt: 'A blue dot', decorative: false },
      ),
    )
    const answers = {
      public: await fetch(`${site.server.url}/about`),
      admin: await fetch(`${site.server.url}/admin/blog`, { headers: { Cookie: cookie } }),
      login: await fetch(`${site.server.url}/admin/login`),
      media: await fetch(`${site.server.url}${media}`),
    }
    for (const [where, response] of Object.entries(answers)) {
      expect(response.status, where).toBe(200)
      const csp = response.headers.get('Content-Security-Policy') ?? ''
      expect(csp, where).toContain("default-src 'self'")
      expect(csp, where).toContain("object-src 'none'")
      expect(csp, where).not.toContain('unsafe-eval')
      expect(response.headers.get('X-Content-Type-Options'), where).toBe('nosniff')
      expect(response.headers.get('X-Frame-Options'), where).toBe('DENY')
      expect(response.headers.get('Referrer-Policy'), where).toBe('strict-origin-when-cross-origin')
    }
    expect(answers.admin.headers.get('Cache-Control')).toBe('no-store')
    expect(answers.login.headers.get('Cache-Control')).toBe('no-store')
    expect(answers.media.headers.get('Content-Type')).toBe('image/png')
  })

  it('sends a tampered copy of a real session cookie to the sign-in page', async () => {
    const token = JSON.parse(atob(decodeURIComponent(cookie.slice('session='.length)))) as string
    const flipped = (token[0] === 'A' ? 'B' : 'A') + token.slice(1)
    const tampered = `session=${encodeURIComponent(btoa(JSON.stringify(flipped)))}`
    const response = await fetch(`${site.server.url}/admin/blog`, { headers: { Cookie: tampered }, redirect: 'manual' })
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/admin/login?redirectTo=%2Fadmin%2Fblog')
    expect((await fetch(`${site.server.url}/admin/blog`, { headers: { Cookie: cookie }, redirect: 'manual' })).status).toBe(200)
  })

  it('sets the session cookie HttpOnly, SameSite=Lax, Secure and site-wide, and the sign-out clears it', async () => {
    const signIn = await fetch(`${site.server.url}/admin/login`, {
      method: 'POST',
      body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password }),
      redirect: 'manual',
    })
    const session = signIn.headers.getSetCookie().find((c) => c.startsWith('session='))
    expect(session).toBeDefined()
    const flags = session!.split(';').map((part) => part.trim().toLowerCase())
    expect(flags).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'secure', 'path=/']))
    const signOut = await fetch(`${site.server.url}/admin/logout`, {
      method: 'POST',
      headers: { Cookie: session!.split(';')[0]! },
      redirect: 'manual',
    })
    const cleared = signOut.headers.getSetCookie().find((c) => c.startsWith('session='))
    expect(cleared).toMatch(/session=;|Expires=Thu, 01 Jan 1970|Max-Age=0/i)
  })
})
