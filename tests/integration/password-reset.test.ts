import { createHash, randomBytes } from 'node:crypto'
import { afterEach, expect, it, vi } from 'vitest'
import { loader as layoutLoader } from '~/routes/admin/layout'
import { action as forgotAction, loader as forgotLoader } from '~/routes/admin/forgot-password'
import { action as loginAction } from '~/routes/admin/login'
import { action as resetAction, loader as resetLoader } from '~/routes/admin/reset-password'
import { MAX_FAILED_SIGN_INS } from '~/server/repositories/sign-in-attempts.server'
import {
  completePasswordReset,
  findResetLink,
  resetLinksSettled,
  sendResetLink,
  tooManyResetRequestsMessage,
} from '~/server/services/password-reset.server'
import { logger } from '~/server/log.server'
import { upsertAdmin } from '~/server/services/users.server'
import { cookiesFrom, formRequest, testContext, toastFrom } from '../support/context'
import { describeEachDatabase } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'
import { readableMail, useSmtpServer } from '../support/smtp'

// A real SMTP server on loopback receives the links the site sends.
const { mails, url: smtpAddress } = useSmtpServer()

const PASSWORD = 'the-first-password'
const MINUTE = 60 * 1000
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

afterEach(() => {
  vi.restoreAllMocks()
})

describeEachDatabase('password reset by e-mail', (getDb) => {
  const db = () => getDb().db
  /** A fresh admin per test, under an address no other test (or engine) uses. */
  async function freshAdmin() {
    const email = `admin-${randomBytes(4).toString('hex')}@example.com`
    await upsertAdmin(db(), email, PASSWORD)
    return email
  }
  let address = 0
  const newAddress = () => `192.0.2.${++address}`
  /** The load context of a site with a mail server, for a visitor at `ip`. */
  function ctx(ip = newAddress(), smtpUrl = smtpAddress()) {
    const base = testContext(db(), ip)
    return { ...base, config: { ...base.config, smtpUrl } }
  }
  const requestLink = async <T = unknown>(email: string, context = ctx()) => {
    const answer = unwrap<T>(await callRoute(forgotAction, formRequest('/admin/forgot-password', { email }), context))
    await resetLinksSettled()
    return answer
  }
  const mailsTo = (email: string) => mails.filter((mail) => mail.includes(`To: ${email}`)).map(readableMail)
  /** The token of the newest link mailed to `email`. */
  function lastToken(email: string): string {
    const mail = mailsTo(email).at(-1)
    const token = mail && /\/admin\/reset-password\/([A-Za-z0-9_-]{43})/.exec(mail)?.[1]
    if (!token) throw new Error(`no reset link was mailed to ${email}`)
    return token
  }
  const userId = async (email: string) =>
    (await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id
  const resetsOf = async (email: string) =>
    db()
      .selectFrom('password_resets')
      .selectAll()
      .where('user_id', '=', await userId(email))
      .execute()
  const reset = (token: string, newPassword: string, confirmPassword = newPassword) =>
    callRoute(resetAction, formRequest(`/admin/reset-password/${token}`, { newPassword, confirmPassword }), ctx(), { token })
  const signIn = async (email: string, password: string) => callRoute(loginAction, formRequest('/admin/login', { email, password }), ctx())

  it('mails an admin a link to the site whose token is stored only as its SHA-256, valid 30 minutes', async () => {
    const email = await freshAdmin()
    const context = ctx()
    const answer = await requestLink(email, context)
    expect(answer).toMatchObject({ status: 200, data: { sent: true } })

    const [mail] = mailsTo(email)
    expect(mail).toMatch(/^Subject: Reset your Bayline AI admin password/m)
    const token = lastToken(email)
    expect(mail).toContain(`${context.config.siteUrl}/admin/reset-password/${token}`)
    expect(mail).toContain('within 30 minutes')

    const rows = await resetsOf(email)
    expect(rows).toHaveLength(1)
    const [row] = rows
    expect(row!.id).toBe(sha256(token))
    expect(JSON.stringify(rows)).not.toContain(token)
    expect(row!.used_at).toBeNull()
    expect(Date.parse(row!.expires_at) - Date.parse(row!.created_at)).toBe(30 * MINUTE)
  })

  it('answers an unknown email exactly as an admin one, and stores and sends nothing for it', async () => {
    const email = await freshAdmin()
    const known = await requestLink(email)
    const [rowsBefore, mailsBefore] = [await db().selectFrom('password_resets').select('id').execute(), mails.length]
    const unknown = await requestLink(`nobody-${randomBytes(4).toString('hex')}@example.com`)
    expect(unknown).toEqual(known)
    expect(await db().selectFrom('password_resets').select('id').execute()).toEqual(rowsBefore)
    expect(mails).toHaveLength(mailsBefore)
  })

  it('refuses a missing or malformed email at its field, and counts nothing', async () => {
    const before = await db().selectFrom('sign_in_attempts').select('key').execute()
    for (const [email, message] of [
      ['', 'Please enter the email address you sign in with'],
      ['not-an-email', 'Please enter a valid email address, like name@example.com'],
      [`${'a'.repeat(250)}@example.com`, 'Email must be 254 characters or fewer'],
    ]) {
      const answer = unwrap<{ errors: Record<string, string> }>(
        await callRoute(forgotAction, formRequest('/admin/forgot-password', { email: email! }), ctx()),
      )
      expect([answer.status, answer.data.errors]).toEqual([400, { email: message }])
    }
    expect(await db().selectFrom('sign_in_attempts').select('key').execute()).toEqual(before)
  })

  it('opens a link for 30 minutes, and no longer', async () => {
    const email = await freshAdmin()
    const issued = Date.now() - 10 * MINUTE
    expect(await sendResetLink(db(), ctx().config, email, issued)).toBe('sent')
    const token = lastToken(email)
    expect(await findResetLink(db(), token, issued + 30 * MINUTE - 1)).toMatchObject({ email })
    expect(await findResetLink(db(), token, issued + 30 * MINUTE)).toBeUndefined()
    expect(await completePasswordReset(db(), token, 'too-late-password', issued + 30 * MINUTE)).toBe('expired')

    // The page, at the real time (ten minutes after the link was sent), still shows the form.
    expect(
      unwrap(await callRoute(resetLoader, new Request(`http://localhost/admin/reset-password/${token}`), ctx(), { token })),
    ).toMatchObject({
      status: 200,
      data: { email },
    })
    expect(await completePasswordReset(db(), token, 'in-time-password', issued + 29 * MINUTE)).toBe('reset')
    expect(((await signIn(email, 'in-time-password')) as Response).status).toBe(302)
  })

  it('shows an expired, used or made-up link as such, with 410', async () => {
    const email = await freshAdmin()
    await sendResetLink(db(), ctx().config, email, Date.now() - 31 * MINUTE)
    const expired = lastToken(email)
    for (const token of [expired, 'A'.repeat(43), 'short', `${'x'.repeat(8000)}`, "' OR 1=1 --"]) {
      const page = unwrap<{ email: string | null }>(
        await callRoute(resetLoader, new Request('http://localhost/admin/reset-password/x'), ctx(), { token }),
      )
      expect([page.status, page.data.email]).toEqual([410, null])
      const answer = unwrap(await reset(token, 'a-new-password'))
      expect([answer.status, answer.data]).toEqual([410, { expired: true }])
    }
    expect(((await signIn(email, PASSWORD)) as Response).status).toBe(302)
  })

  it('lets a link be used once: again it is refused, and of two resets sent at once only one succeeds', async () => {
    const email = await freshAdmin()
    await requestLink(email)
    const token = lastToken(email)
    const outcomes = await Promise.all([
      completePasswordReset(db(), token, 'password-one'),
      completePasswordReset(db(), token, 'password-two'),
    ])
    expect([...outcomes].sort()).toEqual(['expired', 'reset'])
    const winner = outcomes[0] === 'reset' ? 'password-one' : 'password-two'
    const loser = winner === 'password-one' ? 'password-two' : 'password-one'
    expect(((await signIn(email, winner)) as Response).status).toBe(302)
    expect(unwrap(await signIn(email, loser)).status).toBe(401)

    expect(unwrap(await reset(token, 'password-three')).status).toBe(410)
    expect((await resetsOf(email)).map((row) => row.used_at === null)).toEqual([false])
  })

  it('ends every session of the admin, lifts the sign-in lock, cancels other links and signs no one in', async () => {
    const email = await freshAdmin()
    const sessions = [cookiesFrom((await signIn(email, PASSWORD)) as Response), cookiesFrom((await signIn(email, PASSWORD)) as Response)]
    for (let i = 0; i < MAX_FAILED_SIGN_INS; i++) await signIn(email, 'a-wrong-guess')
    expect(unwrap(await signIn(email, PASSWORD)).status).toBe(429)
    await requestLink(email)
    const older = lastToken(email)
    await requestLink(email)
    const token = lastToken(email)

    const response = (await reset(token, 'the-new-password')) as Response
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/admin/login')
    expect(toastFrom(response.headers)).toEqual({ type: 'success', title: 'Password reset. Sign in with your new password.' })
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith('session='))).toBe(false)

    expect(
      await db()
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', await userId(email))
        .execute(),
    ).toEqual([])
    for (const cookie of sessions) {
      const page = (await callRoute(
        layoutLoader,
        new Request('http://localhost/admin', { headers: { Cookie: cookie } }),
        ctx(),
      )) as Response
      expect(page.headers.get('Location')).toBe('/admin/login?redirectTo=%2Fadmin')
    }
    expect(await findResetLink(db(), older)).toBeUndefined()
    expect(unwrap(await signIn(email, PASSWORD)).status).toBe(401)
    expect(((await signIn(email, 'the-new-password')) as Response).status).toBe(302)
    const logged = await db()
      .selectFrom('activity')
      .select(['action', 'user_email'])
      .where('action', '=', 'password-reset')
      .where('user_email', '=', email)
      .execute()
    expect(logged).toHaveLength(1)
  })

  it('refuses mismatched, short and missing passwords at their fields and keeps the link', async () => {
    const email = await freshAdmin()
    await requestLink(email)
    const token = lastToken(email)
    const mismatch = unwrap<{ errors: Record<string, string>; values: unknown }>(await reset(token, 'a-new-password', 'another-password'))
    expect([mismatch.status, mismatch.data.errors, mismatch.data.values]).toEqual([
      400,
      { confirmPassword: "New passwords don't match" },
      {},
    ])
    const short = unwrap<{ errors: Record<string, string> }>(await reset(token, 'short'))
    expect(short.data.errors).toEqual({ newPassword: 'Password must be at least 8 characters' })
    const long = unwrap<{ errors: Record<string, string> }>(await reset(token, 'p'.repeat(257)))
    expect(long.data.errors).toEqual({ newPassword: 'Password must be at most 256 characters' })
    const missing = unwrap<{ errors: Record<string, string> }>(
      await callRoute(resetAction, formRequest(`/admin/reset-password/${token}`, {}), ctx(), { token }),
    )
    expect(missing.data.errors).toEqual({
      newPassword: 'Please fill in all password fields',
      confirmPassword: 'Please fill in all password fields',
    })
    expect(await findResetLink(db(), token)).toMatchObject({ email })
    expect(((await reset(token, 'p'.repeat(256))) as Response).status).toBe(302)
  })

  it(`refuses the ${MAX_FAILED_SIGN_INS + 1}th request for an email, and from an address, within 15 minutes with 429, without touching sign-in`, async () => {
    const email = await freshAdmin()
    const ip = newAddress()
    for (let i = 0; i < MAX_FAILED_SIGN_INS; i++) expect((await requestLink(email, ctx(newAddress()))).status).toBe(200)
    const refused = await requestLink<{ failure: string }>(email, ctx(ip))
    expect([refused.status, refused.data.failure]).toEqual([429, tooManyResetRequestsMessage])
    expect(mailsTo(email)).toHaveLength(MAX_FAILED_SIGN_INS)

    for (let i = 0; i < MAX_FAILED_SIGN_INS - 1; i++) await requestLink(`sprayed-${i}-${email}`, ctx(ip))
    expect((await requestLink(`one-more-${email}`, ctx(ip))).status).toBe(429)

    const keys = (await db().selectFrom('sign_in_attempts').select('key').execute()).map((row) => row.key)
    expect(keys).toContain(`reset-email:${email}`)
    expect(keys).toContain(`reset-ip:${ip}`)
    expect(keys).not.toContain(`email:${email}`)
    expect(keys).not.toContain(`ip:${ip}`)
    const signedIn = (await callRoute(loginAction, formRequest('/admin/login', { email, password: PASSWORD }), ctx(ip))) as Response
    expect(signedIn.status).toBe(302)
  })

  it('lets the command line still reset a password: sessions end, pending links stop working', async () => {
    const email = await freshAdmin()
    const cookie = cookiesFrom((await signIn(email, PASSWORD)) as Response)
    await requestLink(email)
    const token = lastToken(email)
    expect(await upsertAdmin(db(), email, 'set-by-the-owner')).toBe('updated')
    const page = (await callRoute(layoutLoader, new Request('http://localhost/admin', { headers: { Cookie: cookie } }), ctx())) as Response
    expect(page.headers.get('Location')).toBe('/admin/login?redirectTo=%2Fadmin')
    expect(((await signIn(email, 'set-by-the-owner')) as Response).status).toBe(302)
    expect(await completePasswordReset(db(), token, 'a-late-password')).toBe('expired')
  })

  it('still answers "on its way" when the mail server is down, and logs the failure', async () => {
    const email = await freshAdmin()
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => {})
    const answer = await requestLink(email, ctx(newAddress(), 'smtp://127.0.0.1:9'))
    expect(answer).toMatchObject({ status: 200, data: { sent: true } })
    expect(logged.mock.calls.some(([, message]) => String(message).includes(`E-mailing a password reset link to ${email} failed`))).toBe(
      true,
    )
  })

  it('without a mail server, says reset by e-mail is not available and takes no request', async () => {
    const email = await freshAdmin()
    const plain = testContext(db(), newAddress())
    expect(await callRoute(forgotLoader, new Request('http://localhost/admin/forgot-password'), plain)).toMatchObject({ available: false })
    const answer = unwrap(await callRoute(forgotAction, formRequest('/admin/forgot-password', { email }), plain))
    expect([answer.status, answer.data]).toEqual([404, { unavailable: true }])
    await resetLinksSettled()
    expect(await resetsOf(email)).toEqual([])
    expect((await db().selectFrom('sign_in_attempts').select('key').execute()).map((row) => row.key)).not.toContain(`reset-email:${email}`)
  })
})
