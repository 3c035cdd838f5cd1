import { request } from 'node:http'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { malformedFormMessage, unreadableTextMessage } from '~/server/http/form-data.server'
import { BODY_LIMITS, lengthRequiredMessage, tooLargeMessage } from '~/server/host/request-limits.server'
import { saveImage } from '~/server/services/media.server'
import { insertPasswordReset } from '~/server/repositories/password-resets.server'
import { hashToken, newToken } from '~/server/services/tokens.server'
import { signInOverHttp } from '../support/http'
import { withServerDb } from '../support/server'
import { ADMIN, useRunningSite } from '../support/site'

const site = useRunningSite()
let cookie: string
beforeAll(async () => {
  cookie = await signInOverHttp(site.server.url, ADMIN.email, ADMIN.password)
})

const counts = () =>
  withServerDb(site.server, async (db) => ({
    inquiries: (await db.selectFrom('inquiries').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
    authors: (await db.selectFrom('authors').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
  }))

/** A raw HTTP exchange, for bodies fetch will not send: chunked (given Transfer-Encoding), or bytes that are not UTF-8. */
function rawPost(path: string, headers: Record<string, string>, chunks: Buffer[]): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const length = headers['Transfer-Encoding'] ? {} : { 'Content-Length': String(Buffer.concat(chunks).length) }
    const req = request(`${site.server.url}${path}`, { method: 'POST', headers: { ...length, ...headers } }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (part: string) => (body += part))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    for (const chunk of chunks) req.write(chunk)
    req.end()
  })
}

const contactFields = (message: string) => new URLSearchParams({ name: 'Dana Reyes', email: 'dana@example.com', message })

describe('request bodies over the limit', () => {
  it('refuses a contact form over 100 KB with 413 and a message, and stores nothing', async () => {
    const before = await counts()
    const response = await fetch(`${site.server.url}/contact`, { method: 'POST', body: contactFields('x'.repeat(BODY_LIMITS.form)) })
    expect(response.status).toBe(413)
    expect(await response.text()).toBe(tooLargeMessage(BODY_LIMITS.form))
    // Only the back office takes uploads: a visitor's multipart form has the same 100 KB limit.
    const multipart = new FormData()
    for (const [key, value] of contactFields('x'.repeat(BODY_LIMITS.form))) multipart.set(key, value)
    expect((await fetch(`${site.server.url}/contact`, { method: 'POST', body: multipart })).status).toBe(413)
    expect(await counts()).toEqual(before)
  })

  it('refuses an upload over 6 MB with 413 before reading it, and saves no author', async () => {
    const before = await counts()
    const form = new FormData()
    form.set('name', 'Oversized Upload')
    form.set('avatar', new File([Buffer.alloc(BODY_LIMITS.upload + 1)], 'big.png', { type: 'image/png' }))
    const response = await fetch(`${site.server.url}/admin/authors/new`, { method: 'POST', body: form, headers: { Cookie: cookie } })
    expect(response.status).toBe(413)
    expect(await response.text()).toBe(tooLargeMessage(BODY_LIMITS.upload))
    expect(await counts()).toEqual(before)
  })

  it('refuses a body of unknown length (chunked) with 411, and stores nothing', async () => {
    const before = await counts()
    const chunk = Buffer.from(`message=${'y'.repeat(16 * 1024)}`)
    const { status, body } = await rawPost('/contact', { 'Content-Type': 'application/x-www-form-urlencoded', 'Transfer-Encoding': 'chunked' }, Array(8).fill(chunk))
    expect(status).toBe(411)
    expect(body).toBe(lengthRequiredMessage)
    expect(await counts()).toEqual(before)
  })
})

describe('bodies that are not readable forms', () => {
  it('answers a broken multipart body with 400 and a clear message, and stores nothing', async () => {
    const before = await counts()
    const { status, body } = await rawPost('/contact', { 'Content-Type': 'multipart/form-data; boundary=abc' }, [Buffer.from('--abc\r\nthis is not a part')])
    expect(status).toBe(400)
    expect(body).toContain(malformedFormMessage)
    expect(await counts()).toEqual(before)
  })

  it('answers JSON sent to the sign-in form with 400, not a crash', async () => {
    const { status, body } = await rawPost('/admin/login', { 'Content-Type': 'application/json' }, [Buffer.from('{"email":"a@b.c"}')])
    expect(status).toBe(400)
    expect(body).toContain(malformedFormMessage)
  })

  it('refuses text that is not valid UTF-8, percent-encoded or raw, and stores nothing', async () => {
    const before = await counts()
    const encoded = await rawPost('/contact', { 'Content-Type': 'application/x-www-form-urlencoded' }, [Buffer.from('name=%FF%FEDana&email=dana%40example.com&message=Hello')])
    expect(encoded.status).toBe(400)
    expect(encoded.body).toContain(unreadableTextMessage)
    const multipart = Buffer.concat([
      Buffer.from('--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nDana '),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('\r\n--b\r\nContent-Disposition: form-data; name="email"\r\n\r\ndana@example.com\r\n--b\r\nContent-Disposition: form-data; name="message"\r\n\r\nHi\r\n--b--\r\n'),
    ])
    const raw = await rawPost('/contact', { 'Content-Type': 'multipart/form-data; boundary=b' }, [multipart])
    expect(raw.status).toBe(400)
    expect(raw.body).toContain(unreadableTextMessage)
    expect(await counts()).toEqual(before)
  })
})

describe('paths under /media', () => {
  it('answers plain, encoded and double-encoded traversal, backslashes and NUL bytes with 404 and no file', async () => {
    const attempts = [
      '/media/images/../../package.json',
      '/media/images/%2e%2e/%2e%2e/package.json',
      '/media/images/%2E%2E%2F%2E%2E%2Fpackage.json',
      '/media/images/%252e%252e%252fpackage.json',
      '/media/images/..%5c..%5cpackage.json',
      '/media/images/blog%00.png',
      '/media/..%2fsessions/x',
      '/media/files/anything',
    ]
    for (const path of attempts) {
      // Another spelling of a path is first sent to its canonical one (`%2E` is `.`): followed, it is 404 too.
      const response = await fetch(`${site.server.url}${path}`)
      const body = await response.text()
      expect(response.status, path).toBe(404)
      expect(new URL(response.url).origin, path).toBe(site.server.url)
      expect(body, path).not.toContain('"dependencies"')
    }
  })
})

describe('redirects', () => {
  it('sends a sign-in to the post list whatever return address the URL names', async () => {
    for (const query of ['redirectTo=https://evil.example', 'returnTo=//evil.example', 'next=%2F%2Fevil.example', 'redirect=/\\evil.example']) {
      const response = await fetch(`${site.server.url}/admin/login?${query}`, {
        method: 'POST',
        body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password }),
        redirect: 'manual',
      })
      expect(response.status, query).toBe(302)
      expect(response.headers.get('Location'), query).toBe('/admin/blog')
    }
  })

  it('never points a redirect at another host, whatever the path', async () => {
    const paths = ['//evil.example/', '//evil.example/%2e%2e', '/%2F%2Fevil.example', '/\\evil.example/', '/assets//evil.example/..', '/brand/..%2f..%2f', '/admin//evil.example']
    for (const path of paths) {
      const response = await fetch(`${site.server.url}${path}`, { redirect: 'manual' })
      const location = response.headers.get('Location')
      if (location) expect(new URL(location, site.server.url).host, `${path} -> ${location}`).toBe(new URL(site.server.url).host)
      expect(response.status, path).toBeLessThan(500)
    }
  })
})

describe('headers and cookies', () => {
  it('sends the security headers on public pages, admin pages and media, and keeps admin pages out of every cache', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#2563eb' } }).png().toBuffer()
    const media = await withServerDb(site.server, (db) => saveImage(db, new File([png], 'dot.png', { type: 'image/png' }), { bucket: 'images', folder: 'blog', maxEdge: 100 }, { alt: 'A blue dot', decorative: false }))
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
    const signOut = await fetch(`${site.server.url}/admin/logout`, { method: 'POST', headers: { Cookie: session!.split(';')[0]! }, redirect: 'manual' })
    const cleared = signOut.headers.getSetCookie().find((c) => c.startsWith('session='))
    expect(cleared).toMatch(/session=;|Expires=Thu, 01 Jan 1970|Max-Age=0/i)
  })
})

describe('the server log', () => {
  it('writes no link token to the server log, in any spelling of the link', async () => {
    const token = newToken()
    await withServerDb(site.server, async (db) => {
      const { id } = await db.selectFrom('users').select('id').where('email', '=', ADMIN.email).executeTakeFirstOrThrow()
      const now = new Date()
      await insertPasswordReset(db, { id: hashToken(token), userId: id, expiresAt: new Date(now.getTime() + 60_000).toISOString(), createdAt: now.toISOString() })
    })
    const links = [
      `/admin/reset-password/${token}`,
      `/Admin/Reset-Password/${token}`,
      `/admin/reset-password/${token}/`,
      `/admin/reset-password/${token}.data`,
      `/%61dmin/invitation/${token}`,
      `/admin/invitation/${token}?from=mail`,
      `/resources/ai-playbook/download/${token}`,
    ]
    for (const link of links) expect((await fetch(`${site.server.url}${link}`, { redirect: 'manual' })).status, link).toBeLessThan(500)
    expect((await fetch(`${site.server.url}/admin/reset-password/${token}`)).status).toBe(200)
    await expect.poll(() => site.server.output().includes('/admin/reset-password/[token]')).toBe(true)
    expect(site.server.output()).not.toContain(token)
  })
})

