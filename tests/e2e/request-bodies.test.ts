import { request } from 'node:http'
import { beforeAll, describe, expect, it } from 'vitest'
import { malformedFormMessage, unreadableTextMessage } from '~/server/http/form-data.server'
import { BODY_LIMITS, lengthRequiredMessage, tooLargeMessage } from '~/server/host/request-limits.server'
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
    const { status, body } = await rawPost(
      '/contact',
      { 'Content-Type': 'application/x-www-form-urlencoded', 'Transfer-Encoding': 'chunked' },
      Array(8).fill(chunk),
    )
    expect(status).toBe(411)
    expect(body).toBe(lengthRequiredMessage)
    expect(await counts()).toEqual(before)
  })
})

describe('bodies that are not readable forms', () => {
  it('answers a broken multipart body with 400 and a clear message, and stores nothing', async () => {
    const before = await counts()
    const { status, body } = await rawPost('/contact', { 'Content-Type': 'multipart/form-data; boundary=abc' }, [
      Buffer.from('--abc\r\nthis is not a part'),
    ])
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
    const encoded = await rawPost('/contact', { 'Content-Type': 'application/x-www-form-urlencoded' }, [
      Buffer.from('name=%FF%FEDana&email=dana%40example.com&message=Hello'),
    ])
    expect(encoded.status).toBe(400)
    expect(encoded.body).toContain(unreadableTextMessage)
    const multipart = Buffer.concat([
      Buffer.from('--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nDana '),
      Buffer.from([0xc3, 0x28]),
      Buffer.from(
        '\r\n--b\r\nContent-Disposition: form-data; name="email"\r\n\r\ndana@example.com\r\n--b\r\nContent-Disposition: form-data; name="message"\r\n\r\nHi\r\n--b--\r\n',
      ),
    ])
    const raw = await rawPost('/contact', { 'Content-Type': 'multipart/form-data; boundary=b' }, [multipart])
    expect(raw.status).toBe(400)
    expect(raw.body).toContain(unreadableTextMessage)
    expect(await counts()).toEqual(before)
  })
})

describe('request bodies a stranger can send', () => {
  const bigMultipart = () => {
    const form = new FormData()
    form.set('email', `${'a'.repeat(BODY_LIMITS.form)}@example.com`)
    form.set('password', 'x')
    return form
  }

  it('refuses a sign-in form over 100 KB like any public form, multipart or not, and stores nothing', async () => {
    const multipart = await fetch(`${site.server.url}/admin/login`, { method: 'POST', body: bigMultipart() })
    expect(multipart.status).toBe(413)
    expect(await multipart.text()).toBe(tooLargeMessage(BODY_LIMITS.form))
    const encoded = await fetch(`${site.server.url}/admin/login`, {
      method: 'POST',
      body: new URLSearchParams({ email: 'a'.repeat(BODY_LIMITS.form), password: 'x' }),
    })
    expect(encoded.status).toBe(413)
    expect(await withServerDb(site.server, (db) => db.selectFrom('sign_in_attempts').select('key').execute())).toEqual([
      { key: 'ip:127.0.0.1' },
    ])
  })

  it('keeps the upload limit for signed-in admins only: no session, or a forged one, gets the form limit', async () => {
    const forged = `session=${encodeURIComponent(btoa(JSON.stringify('A'.repeat(43))))}`
    for (const headers of [{}, { Cookie: forged }] as Record<string, string>[]) {
      const response = await fetch(`${site.server.url}/admin/authors/new`, { method: 'POST', body: bigMultipart(), headers })
      expect(response.status).toBe(413)
      expect(await response.text()).toBe(tooLargeMessage(BODY_LIMITS.form))
    }
    const admin = await fetch(`${site.server.url}/admin/authors/new`, {
      method: 'POST',
      body: bigMultipart(),
      headers: { Cookie: cookie },
      redirect: 'manual',
    })
    expect(admin.status).toBe(400)
  })
})
