import { describe, expect, it } from 'vitest'
import { action as loginAction, loader as loginLoader } from '~/routes/admin/login'
import { action as logoutAction } from '~/routes/admin/logout'
import { action as sessionAction } from '~/routes/admin/session'
import { loader as layoutLoader } from '~/routes/admin/layout'
import { SESSION_TTL_MS, tooManyAttemptsMessage, invalidCredentialsMessage } from '~/server/services/auth.server'
import { MAX_FAILED_SIGN_INS } from '~/server/repositories/sign-in-attempts.server'
import { upsertAdmin } from '~/server/services/users.server'
import { cookiesFrom, formRequest, testContext } from '../support/context'
import { describeEachDatabase } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'

const PASSWORD = 'correct horse battery'

function adminRequest(path: string, cookie?: string) {
  return new Request(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} })
}

describeEachDatabase('sign-in, sessions and sign-out', (getDb) => {
  let n = 0
  /** A fresh admin per test so failure counts never leak between tests. */
  async function freshAdmin() {
    const email = `admin${++n}@example.com`
    await upsertAdmin(getDb().db, email, PASSWORD)
    return email
  }
  const ctx = (ip = `10.0.0.${n}`) => testContext(getDb().db, ip)

  async function signIn(email: string, password = PASSWORD, ip?: string, cookie?: string) {
    return callRoute(loginAction, formRequest('/admin/login', { email, password }, cookie), ctx(ip))
  }

  it('refuses empty fields with the spec message and opens no session', async () => {
    await freshAdmin()
    const before = await getDb().db.selectFrom('sessions').select('id').execute()
    for (const fields of [{ email: '', password: 'x' }, { email: 'a@b.c', password: '' }, {}]) {
      const result = unwrap<{ error: { message: string } }>(
        await callRoute(loginAction, formRequest('/admin/login', fields as Record<string, string>), ctx()),
      )
      expect(result.status).toBe(400)
      expect(result.data.error.message).toBe('Please enter both email and password')
    }
    expect(await getDb().db.selectFrom('sessions').select('id').execute()).toHaveLength(before.length)
  })

  it('refuses a wrong password with the provider message and records the failure', async () => {
    const email = await freshAdmin()
    const result = unwrap<{ error: { kind: string; message: string } }>(await signIn(email, 'wrong password'))
    expect(result.status).toBe(401)
    expect(result.data.error).toEqual({ kind: 'provider', message: invalidCredentialsMessage })
    const attempts = await getDb()
      .db.selectFrom('sign_in_attempts')
      .select('attempts')
      .where('key', '=', `email:${email}`)
      .executeTakeFirst()
    expect(attempts).toEqual({ attempts: 1 })
  })

  it('signs in: redirects to /admin/blog with a session cookie and the success toast', async () => {
    const email = await freshAdmin()
    const response = (await signIn(email.toUpperCase())) as Response
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/admin/blog')
    const setCookies = response.headers.getSetCookie()
    const session = setCookies.find((c) => c.startsWith('session='))
    expect(session).toMatch(/HttpOnly/i)
    expect(session).toMatch(/SameSite=Lax/i)
    expect(setCookies.some((c) => c.startsWith('toast='))).toBe(true)

    const layout = await callRoute(layoutLoader, adminRequest('/admin/blog', cookiesFrom(response)), ctx())
    expect(layout).toMatchObject({ email })
  })

  it('gives a new session id at sign-in, so a planted id is worthless', async () => {
    const email = await freshAdmin()
    const first = cookiesFrom((await signIn(email)) as Response)
    const second = (await signIn(email, PASSWORD, undefined, first)) as Response
    const secondCookie = cookiesFrom(second)
    expect(secondCookie).not.toBe(first)
    const old = await callRoute(layoutLoader, adminRequest('/admin', first), ctx())
    expect(old).toBeInstanceOf(Response)
    expect((old as Response).headers.get('Location')).toBe('/admin/login?redirectTo=%2Fadmin')
    expect(await callRoute(layoutLoader, adminRequest('/admin', secondCookie), ctx())).toMatchObject({ email })
  })

  it('redirects admin pages to login without a session, and with a forged or expired one', async () => {
    const email = await freshAdmin()
    const forged = `session=${btoa(JSON.stringify('A'.repeat(43)))}`
    for (const cookie of [undefined, forged, 'session=garbage']) {
      const result = (await callRoute(layoutLoader, adminRequest('/admin/blog', cookie), ctx())) as Response
      expect(result.status).toBe(302)
      expect(result.headers.get('Location')).toBe('/admin/login?redirectTo=%2Fadmin%2Fblog')
    }

    const cookie = cookiesFrom((await signIn(email)) as Response)
    await getDb()
      .db.updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute()
    const expired = (await callRoute(layoutLoader, adminRequest('/admin', cookie), ctx())) as Response
    expect(expired.headers.get('Location')).toBe('/admin/login?redirectTo=%2Fadmin')
    expect(expired.headers.get('Set-Cookie')).toMatch(/session=;/)
  })

  it('slides a session forward on use and renews the cookie on refresh', async () => {
    const email = await freshAdmin()
    const cookie = cookiesFrom((await signIn(email)) as Response)
    const soon = new Date(Date.now() + 60 * 60 * 1000).toISOString()
    await getDb().db.updateTable('sessions').set({ expires_at: soon }).execute()
    const refreshed = (await callRoute(sessionAction, formRequest('/admin/session', {}, cookie), ctx())) as Response
    expect(refreshed.status).toBe(200)
    expect(refreshed.headers.get('Set-Cookie')).toMatch(/^session=.*Max-Age=604800/)
    const rows = await getDb().db.selectFrom('sessions').select('expires_at').execute()
    const latest = Math.max(...rows.map((r) => Date.parse(r.expires_at)))
    expect(latest).toBeGreaterThan(Date.now() + SESSION_TTL_MS - 60_000)

    const gone = (await callRoute(sessionAction, formRequest('/admin/session', {}, 'session=nothing'), ctx())) as Response
    expect(gone.status).toBe(401)
  })

  it('signs out: deletes the session, clears the cookie and says so', async () => {
    const email = await freshAdmin()
    const cookie = cookiesFrom((await signIn(email)) as Response)
    const count = async () => (await getDb().db.selectFrom('sessions').select('id').execute()).length
    const before = await count()
    const response = (await callRoute(logoutAction, formRequest('/admin/logout', {}, cookie), ctx())) as Response
    expect(response.headers.get('Location')).toBe('/admin/login')
    expect(response.headers.getSetCookie().some((c) => /^session=;.*Max-Age=0/.test(c))).toBe(true)
    expect(await count()).toBe(before - 1)
    const after = (await callRoute(layoutLoader, adminRequest('/admin', cookie), ctx())) as Response
    expect(after.headers.get('Location')).toBe('/admin/login?redirectTo=%2Fadmin')
  })

  it('sends a signed-in admin from the login page straight to the post list', async () => {
    const email = await freshAdmin()
    const cookie = cookiesFrom((await signIn(email)) as Response)
    const result = (await callRoute(loginLoader, adminRequest('/admin/login', cookie), ctx())) as Response
    expect(result.headers.get('Location')).toBe('/admin/blog')
  })

  describe('rate limiting', () => {
    it(`refuses an email after ${MAX_FAILED_SIGN_INS} failures, even with the right password`, async () => {
      const email = await freshAdmin()
      for (let i = 0; i < MAX_FAILED_SIGN_INS; i++) {
        expect(unwrap(await signIn(email, 'nope', `192.0.2.${i}`)).status).toBe(401)
      }
      const blocked = unwrap<{ error: { message: string } }>(await signIn(email, PASSWORD, '192.0.2.200'))
      expect(blocked.status).toBe(429)
      expect(blocked.data.error.message).toBe(tooManyAttemptsMessage)
    })

    it(`refuses an address after ${MAX_FAILED_SIGN_INS} failures across emails`, async () => {
      const email = await freshAdmin()
      for (let i = 0; i < MAX_FAILED_SIGN_INS; i++) await signIn(`nobody${i}@example.com`, 'nope', '198.51.100.7')
      expect(unwrap(await signIn(email, PASSWORD, '198.51.100.7')).status).toBe(429)
      expect(((await signIn(email, PASSWORD, '198.51.100.8')) as Response).status).toBe(302)
    })

    it('lets failures older than 15 minutes expire', async () => {
      const email = await freshAdmin()
      for (let i = 0; i < MAX_FAILED_SIGN_INS; i++) await signIn(email, 'nope', `203.0.113.${i}`)
      const closed = new Date(Date.now() - 60 * 1000).toISOString()
      await getDb().db.updateTable('sign_in_attempts').set({ window_ends_at: closed }).where('key', '=', `email:${email}`).execute()
      expect(((await signIn(email, PASSWORD, '203.0.113.99')) as Response).status).toBe(302)
    })
  })
})
