import { generate } from 'otplib'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { action as twoFactorAction, loader as twoFactorLoader } from '~/routes/admin/account-two-factor'
import { loader as layoutLoader } from '~/routes/admin/layout'
import { action as loginAction } from '~/routes/admin/login'
import { action as verifyAction, loader as verifyLoader } from '~/routes/admin/login-verify'
import { action as logoutAction } from '~/routes/admin/logout'
import { action as sessionAction } from '~/routes/admin/session'
import { action as settingsAction, loader as settingsLoader } from '~/routes/admin/settings'
import {
  codeFormatMessage,
  mustSetUpMessage,
  requiredForEveryoneMessage,
  wrongCodeMessage,
  enterPasswordMessage,
  signedOutElsewhereMessage,
  wrongPasswordMessage,
  wrongRecoveryCodeMessage,
} from '~/lib/two-factor'
import { tooManyAttemptsMessage } from '~/server/services/auth.server'
import { verifySecondFactor } from '~/server/services/two-factor.server'
import { upsertAdmin } from '~/server/services/users.server'
import { cookiesFrom, formRequest, testContext, toastFrom } from '../support/context'
import { describeEachDatabase } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'

const PASSWORD = 'correct horse battery'
const STEP_MS = 30_000

type Refused = { values: { intent?: string }; errors: Record<string, string>; failure: string | null; toast: string }
type Codes = { intent: string; recoveryCodes: string[] }

/*
 * The clock is the test's: only Date is faked (timers and the database drivers run as usual), and it
 * only moves forward, a step at a time, so every code a test computes is the one the server expects.
 */
let clock = 0
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  // The start of a step, a little ahead of real time: a second later is still the same step.
  clock = (Math.floor(Date.now() / STEP_MS) + 2) * STEP_MS + 1_000
  vi.setSystemTime(clock)
})
afterEach(() => {
  vi.useRealTimers()
})
/** Moves the clock to the next 30-second step: a new code. */
const nextStep = () => vi.setSystemTime((clock += STEP_MS))
const codeFor = (secret: string, at = Date.now()) => generate({ secret, epoch: Math.floor(at / 1000) })

describeEachDatabase('two-factor sign-in', (getDb) => {
  const db = () => getDb().db
  let n = 0
  /** Each test its own admin and its own address, so sign-in counts never leak between tests. */
  let ip = ''
  const ctx = (address = ip) => testContext(db(), address)

  const request = (path: string, cookie?: string) => new Request(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} })
  const post = (route: (args: never) => unknown, path: string, fields: Record<string, string>, cookie?: string, address?: string) =>
    callRoute(route, formRequest(path, fields, cookie), ctx(address))
  const twoFactorPost = (fields: Record<string, string>, cookie: string) =>
    post(twoFactorAction, '/admin/account/two-factor', fields, cookie)

  /** A new admin with a session (signed in before anything requires a code of them). */
  async function freshAdmin(role: 'owner' | 'editor' = 'owner') {
    const email = `two-factor${++n}@example.com`
    ip = `10.1.0.${n}`
    await upsertAdmin(db(), email, PASSWORD)
    await db().updateTable('users').set({ role }).where('email', '=', email).execute()
    const response = (await post(loginAction, '/admin/login', { email, password: PASSWORD })) as Response
    return { email, cookie: cookiesFrom(response) }
  }

  const userRow = (email: string) =>
    db()
      .selectFrom('users')
      .select(['id', 'totp_secret', 'totp_pending_secret', 'totp_last_step'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow()

  /** Turns two-factor sign-in on through the card's forms; the secret and the ten recovery codes. */
  async function turnOn(email: string, cookie: string) {
    expect(((await twoFactorPost({ intent: 'begin' }, cookie)) as Response).status).toBe(302)
    const secret = (await userRow(email)).totp_pending_secret!
    const answer = unwrap<Codes>(await twoFactorPost({ intent: 'confirm', code: await codeFor(secret), accountPassword: PASSWORD }, cookie))
    expect(answer.status).toBe(200)
    nextStep()
    return { secret, recoveryCodes: answer.data.recoveryCodes }
  }

  /** The password step: its answer, and the cookie of the second step it set. */
  async function passwordStep(email: string, address?: string) {
    const response = await post(loginAction, '/admin/login', { email, password: PASSWORD }, undefined, address)
    return { response: response as Response, pending: response instanceof Response ? cookiesFrom(response) : '' }
  }
  const codeStep = (pending: string, code: string, method: 'app' | 'recovery' = 'app', address?: string) =>
    post(verifyAction, '/admin/login/verify', { code, method }, pending, address)

  const sessionCount = async (email: string) => {
    const { id } = await userRow(email)
    return (await db().selectFrom('sessions').select('id').where('user_id', '=', id).execute()).length
  }

  it('sets up with a QR code and the key as text, refuses a wrong code, and confirms with a right one', async () => {
    const { email, cookie } = await freshAdmin()
    const begun = (await twoFactorPost({ intent: 'begin' }, cookie)) as Response
    expect(begun.headers.get('Location')).toBe('/admin/settings#two-factor')
    const { twoFactor } = (await callRoute(twoFactorLoader, request('/admin/account/two-factor', cookie), ctx())) as Awaited<
      ReturnType<typeof twoFactorLoader>
    >
    expect(twoFactor).toMatchObject({ on: false, required: false, recoveryCodesLeft: 0 })
    const secret = twoFactor.setup!.secret
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(twoFactor.setup!.qrCode).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(Buffer.from(twoFactor.setup!.qrCode.split(',')[1]!, 'base64').toString()).toContain('<svg')
    // Nothing changes for signing in until a code confirms the setup.
    expect(await userRow(email)).toMatchObject({ totp_secret: null, totp_pending_secret: secret })

    const malformed = unwrap<Refused>(await twoFactorPost({ intent: 'confirm', code: '12ab', accountPassword: PASSWORD }, cookie))
    expect(malformed).toMatchObject({ status: 400, data: { errors: { code: codeFormatMessage } } })
    const wrongCode = String((Number(await codeFor(secret)) + 1) % 1_000_000).padStart(6, '0')
    const wrong = unwrap<Refused>(await twoFactorPost({ intent: 'confirm', code: wrongCode, accountPassword: PASSWORD }, cookie))
    expect(wrong).toMatchObject({ status: 400, data: { values: { intent: 'confirm' }, errors: { code: wrongCodeMessage } } })
    // A session alone cannot turn it on: the current password must come with the code.
    const noPassword = unwrap<Refused>(await twoFactorPost({ intent: 'confirm', code: await codeFor(secret) }, cookie))
    expect(noPassword).toMatchObject({ status: 400, data: { errors: { accountPassword: enterPasswordMessage } } })
    const wrongPassword = unwrap<Refused>(
      await twoFactorPost({ intent: 'confirm', code: await codeFor(secret), accountPassword: 'not my password' }, cookie),
    )
    expect(wrongPassword).toMatchObject({ status: 400, data: { errors: { accountPassword: wrongPasswordMessage } } })
    expect((await userRow(email)).totp_secret).toBeNull()

    // Spaces as some apps show them are fine.
    const code = await codeFor(secret)
    const confirmed = unwrap<Codes>(
      await twoFactorPost({ intent: 'confirm', code: `${code.slice(0, 3)} ${code.slice(3)}`, accountPassword: PASSWORD }, cookie),
    )
    expect(confirmed.status).toBe(200)
    expect(confirmed.data.recoveryCodes).toHaveLength(10)
    expect(new Set(confirmed.data.recoveryCodes).size).toBe(10)
    for (const recoveryCode of confirmed.data.recoveryCodes)
      expect(recoveryCode).toMatch(/^[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{2}$/)
    const row = await userRow(email)
    expect(row).toMatchObject({ totp_secret: secret, totp_pending_secret: null, totp_last_step: Math.floor(Date.now() / STEP_MS) })
    // Only hashes are kept.
    const stored = await db().selectFrom('recovery_codes').select(['code_hash', 'used_at']).where('user_id', '=', row.id).execute()
    expect(stored).toHaveLength(10)
    for (const { code_hash, used_at } of stored) {
      expect(code_hash).toMatch(/^[0-9a-f]{64}$/)
      expect(used_at).toBeNull()
    }
    const activity = await db()
      .selectFrom('activity')
      .select('action')
      .where('user_email', '=', email)
      .where('action', '=', 'two-factor-on')
      .execute()
    expect(activity).toHaveLength(1)
    const settings = (await callRoute(settingsLoader, request('/admin/settings', cookie), ctx())) as Awaited<
      ReturnType<typeof settingsLoader>
    >
    expect(settings.twoFactor).toEqual({ on: true, recoveryCodesLeft: 10, setup: null, required: false })
  })

  it('asks for a code after the password and opens the session only for a right one', async () => {
    const { email, cookie } = await freshAdmin()
    const { secret } = await turnOn(email, cookie)
    const sessionsBefore = await sessionCount(email)

    const { response, pending } = await passwordStep(email)
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/admin/login/verify')
    const setCookie = response.headers.getSetCookie()
    expect(setCookie.some((c) => c.startsWith('session='))).toBe(false)
    expect(setCookie.find((c) => c.startsWith('pending_sign_in='))).toMatch(/HttpOnly/i)
    expect(setCookie.find((c) => c.startsWith('pending_sign_in='))).toMatch(/Max-Age=300/)
    expect(setCookie.find((c) => c.startsWith('pending_sign_in='))).toMatch(/Path=\/admin\/login/)
    expect(await sessionCount(email)).toBe(sessionsBefore)
    expect(await callRoute(verifyLoader, request('/admin/login/verify', pending), ctx())).toMatchObject({ email, method: 'app' })
    expect(await callRoute(verifyLoader, request('/admin/login/verify?method=recovery', pending), ctx())).toMatchObject({
      method: 'recovery',
    })

    const malformed = unwrap<{ error: string }>(await codeStep(pending, '12345'))
    expect(malformed).toMatchObject({ status: 400, data: { error: codeFormatMessage } })
    const wrong = unwrap<{ error: string }>(await codeStep(pending, '000000' === (await codeFor(secret)) ? '111111' : '000000'))
    expect(wrong).toMatchObject({ status: 401, data: { error: wrongCodeMessage } })
    expect(await sessionCount(email)).toBe(sessionsBefore)

    const signedIn = (await codeStep(pending, await codeFor(secret))) as Response
    expect(signedIn.status).toBe(302)
    expect(signedIn.headers.get('Location')).toBe('/admin/blog')
    expect(toastFrom(signedIn.headers)).toEqual({ type: 'success', title: 'Signed in successfully' })
    expect(signedIn.headers.getSetCookie().some((c) => /^pending_sign_in=;.*Max-Age=0/.test(c))).toBe(true)
    expect(await callRoute(layoutLoader, request('/admin/blog', cookiesFrom(signedIn)), ctx())).toMatchObject({ email })
    expect(await sessionCount(email)).toBe(sessionsBefore + 1)
    const lines = await db().selectFrom('activity').select(['action', 'title']).where('user_email', '=', email).orderBy('at').execute()
    expect(lines.slice(-2)).toEqual([
      { action: 'sign-in-failed', title: 'Wrong two-factor code' },
      { action: 'signed-in', title: 'With an authenticator app code' },
    ])
  })

  it('never accepts a code twice: once used, and of two sign-ins sent with it at once exactly one gets in', async () => {
    const { email, cookie } = await freshAdmin()
    const { secret } = await turnOn(email, cookie)
    const code = await codeFor(secret)
    const first = await passwordStep(email)
    const second = await passwordStep(email)
    const answers = await Promise.all([codeStep(first.pending, code), codeStep(second.pending, code)])
    expect(answers.map((answer) => unwrap(answer).status).sort()).toEqual([302, 401])

    // Replayed later, in the same step, it is refused too.
    const third = await passwordStep(email)
    expect(unwrap(await codeStep(third.pending, code)).status).toBe(401)
    // The next step's code works.
    nextStep()
    expect(((await codeStep(third.pending, await codeFor(secret))) as Response).status).toBe(302)

    // Straight at the service, many at once: one winner.
    nextStep()
    const { id } = await userRow(email)
    const fresh = await codeFor(secret)
    const results = await Promise.all(Array.from({ length: 6 }, () => verifySecondFactor(db(), id, fresh)))
    expect(results.filter(Boolean)).toEqual([{ method: 'app' }])
  })

  it('accepts a code of the step before or after (a clock a little off) but not two steps away', async () => {
    const { email, cookie } = await freshAdmin()
    const { secret } = await turnOn(email, cookie)
    const { id } = await userRow(email)
    nextStep()
    nextStep()
    expect(await verifySecondFactor(db(), id, await codeFor(secret, Date.now() - 2 * STEP_MS))).toBeNull()
    expect(await verifySecondFactor(db(), id, await codeFor(secret, Date.now() - STEP_MS))).toEqual({ method: 'app' })
    expect(await verifySecondFactor(db(), id, await codeFor(secret, Date.now() + 2 * STEP_MS))).toBeNull()
    expect(await verifySecondFactor(db(), id, await codeFor(secret, Date.now() + STEP_MS))).toEqual({ method: 'app' })
    // The step after now was used: the current one is earlier, so it no longer counts.
    expect(await verifySecondFactor(db(), id, await codeFor(secret))).toBeNull()
  })

  it('accepts each recovery code once, however it is typed, even when sent twice at once', async () => {
    const { email, cookie } = await freshAdmin()
    const { recoveryCodes } = await turnOn(email, cookie)
    const [first, second, third] = recoveryCodes as [string, string, string]

    const { pending } = await passwordStep(email)
    expect(unwrap<{ error: string }>(await codeStep(pending, 'not-a-code', 'recovery')).data.error).toMatch(
      /^Enter one of your recovery codes/,
    )
    const signedIn = (await codeStep(pending, ` ${first.toUpperCase().replace(/-/g, '')} `, 'recovery')) as Response
    expect(signedIn.status).toBe(302)
    expect(toastFrom(signedIn.headers)).toEqual({
      type: 'success',
      title: 'Signed in with a recovery code',
      description: '9 recovery codes left.',
    })
    const line = await db()
      .selectFrom('activity')
      .select('title')
      .where('user_email', '=', email)
      .where('action', '=', 'signed-in')
      .orderBy('at', 'desc')
      .executeTakeFirstOrThrow()
    expect(line.title).toBe('With a recovery code')

    const again = await passwordStep(email)
    expect(unwrap<{ error: string }>(await codeStep(again.pending, first, 'recovery'))).toMatchObject({
      status: 401,
      data: { error: wrongRecoveryCodeMessage },
    })

    // Two sign-ins with one code at the same moment: one gets in.
    const a = await passwordStep(email)
    const b = await passwordStep(email)
    const answers = await Promise.all([codeStep(a.pending, second, 'recovery'), codeStep(b.pending, second, 'recovery')])
    expect(answers.map((answer) => unwrap(answer).status).sort()).toEqual([302, 401])
    const { id } = await userRow(email)
    const results = await Promise.all(Array.from({ length: 6 }, () => verifySecondFactor(db(), id, third)))
    expect(results.filter(Boolean)).toEqual([{ method: 'recovery', recoveryCodesLeft: 7 }])
    const settings = (await callRoute(settingsLoader, request('/admin/settings', cookie), ctx())) as Awaited<
      ReturnType<typeof settingsLoader>
    >
    expect(settings.twoFactor.recoveryCodesLeft).toBe(7)
  })

  it('counts codes against the sign-in limit: after five wrong ones even the right code, and the password, are refused', async () => {
    const { email, cookie } = await freshAdmin()
    const { secret } = await turnOn(email, cookie)
    const right = await codeFor(secret)
    const wrong = right === '000000' ? '111111' : '000000'
    // The password's own attempt is given back while it waits for its code: the five are for codes.
    const { pending } = await passwordStep(email)
    for (let i = 0; i < 5; i++) expect(unwrap(await codeStep(pending, wrong)).status).toBe(401)
    const blocked = unwrap<{ error: string }>(await codeStep(pending, right))
    expect(blocked).toMatchObject({ status: 429, data: { error: tooManyAttemptsMessage } })
    // The email is locked from any address, for the password too, and signing in again does not reset it.
    const elsewhere = await passwordStep(email, '10.9.9.9')
    expect(unwrap<{ error: { message: string } }>(elsewhere.response)).toMatchObject({
      status: 429,
      data: { error: { message: tooManyAttemptsMessage } },
    })
    // The code step itself belongs to the browser and address that gave the password: elsewhere it starts over.
    const moved = (await codeStep(pending, right, 'app', '10.9.9.9')) as Response
    expect(moved.headers.get('Location')).toBe('/admin/login')
    expect(moved.headers.getSetCookie().some((c) => /^session=[^;]/.test(c))).toBe(false)
  })

  it('a right password then a right code leaves no count behind', async () => {
    const { email, cookie } = await freshAdmin()
    const { secret } = await turnOn(email, cookie)
    const { pending } = await passwordStep(email)
    expect(((await codeStep(pending, await codeFor(secret))) as Response).status).toBe(302)
    const counts = await db()
      .selectFrom('sign_in_attempts')
      .select(['key', 'attempts'])
      .where('key', 'in', [`email:${email}`, `ip:${ip}`])
      .execute()
    expect(counts.filter((row) => row.attempts > 0)).toEqual([])
  })

  it('sends the second step back to the password when its cookie is missing, forged or past five minutes', async () => {
    const { email, cookie } = await freshAdmin()
    const { secret } = await turnOn(email, cookie)
    const { pending } = await passwordStep(email)
    for (const bad of [undefined, 'pending_sign_in=garbage', pending.replace(/.{4}$/, 'AAAA')]) {
      const result = (await callRoute(verifyLoader, request('/admin/login/verify', bad), ctx())) as Response
      expect(result.headers.get('Location')).toBe('/admin/login')
    }
    vi.setSystemTime((clock += 5 * 60_000 + 1_000))
    const expired = (await callRoute(verifyLoader, request('/admin/login/verify', pending), ctx())) as Response
    expect(expired.headers.get('Location')).toBe('/admin/login')
    const late = (await codeStep(pending, await codeFor(secret))) as Response
    expect(late.status).toBe(302)
    expect(late.headers.get('Location')).toBe('/admin/login')
    expect(toastFrom(late.headers)?.title).toBe('Your sign-in timed out')
  })

  it('gives new recovery codes for a current code; the old ones stop working', async () => {
    const { email, cookie } = await freshAdmin()
    const { secret, recoveryCodes } = await turnOn(email, cookie)
    const wrongCode = (await codeFor(secret)) === '000000' ? '111111' : '000000'
    expect(unwrap<Refused>(await twoFactorPost({ intent: 'renew', code: wrongCode }, cookie)).data.errors).toEqual({
      code: wrongCodeMessage,
    })
    const renewed = unwrap<Codes>(await twoFactorPost({ intent: 'renew', code: await codeFor(secret) }, cookie))
    expect(renewed.data.recoveryCodes).toHaveLength(10)
    const { id } = await userRow(email)
    expect(await verifySecondFactor(db(), id, recoveryCodes[0]!)).toBeNull()
    expect(await verifySecondFactor(db(), id, renewed.data.recoveryCodes[0]!)).toEqual({ method: 'recovery', recoveryCodesLeft: 9 })
  })

  it('turns off for the current password only, not for a wrong one or a code alone', async () => {
    const { email, cookie } = await freshAdmin()
    const { secret } = await turnOn(email, cookie)
    const wrong = unwrap<Refused>(await twoFactorPost({ intent: 'off', accountPassword: 'not my password' }, cookie))
    expect(wrong.data.errors).toEqual({ accountPassword: wrongPasswordMessage })
    const codeAlone = unwrap<Refused>(await twoFactorPost({ intent: 'off', accountPassword: await codeFor(secret) }, cookie))
    expect(codeAlone.data.errors).toEqual({ accountPassword: wrongPasswordMessage })
    expect((await userRow(email)).totp_secret).toBe(secret)
    const off = (await twoFactorPost({ intent: 'off', accountPassword: PASSWORD }, cookie)) as Response
    expect(off.status).toBe(302)
    expect(toastFrom(off.headers)?.title).toBe('Two-factor sign-in is off')
    const { id, ...columns } = await userRow(email)
    expect(columns).toEqual({ totp_secret: null, totp_pending_secret: null, totp_last_step: null })
    expect(await db().selectFrom('recovery_codes').select('id').where('user_id', '=', id).execute()).toEqual([])
    // Signing in takes the password only again.
    expect((await passwordStep(email)).response.headers.getSetCookie().some((c) => c.startsWith('session='))).toBe(true)

    const again = await turnOn(email, cookie)
    expect(((await twoFactorPost({ intent: 'off', accountPassword: PASSWORD }, cookie)) as Response).status).toBe(302)
    expect((await userRow(email)).totp_secret).toBeNull()
    expect(secret).not.toBe(again.secret)
  })

  it('turning it on, and off, ends every other session of the admin and keeps this one', async () => {
    const { email, cookie } = await freshAdmin()
    await post(loginAction, '/admin/login', { email, password: PASSWORD })
    expect(await sessionCount(email)).toBe(2)
    const { secret } = await turnOn(email, cookie)
    expect(await sessionCount(email)).toBe(1)
    expect(await callRoute(twoFactorLoader, request('/admin/account/two-factor', cookie), ctx())).toMatchObject({ twoFactor: { on: true } })
    const { pending } = await passwordStep(email)
    expect(((await codeStep(pending, await codeFor(secret))) as Response).status).toBe(302)
    expect(await sessionCount(email)).toBe(2)
    const off = (await twoFactorPost({ intent: 'off', accountPassword: PASSWORD }, cookie)) as Response
    expect(toastFrom(off.headers)?.description).toBe(signedOutElsewhereMessage)
    expect(await sessionCount(email)).toBe(1)
  })

  it('an owner requires it of everyone: others are sent to set it up first, and no one can turn it off', async () => {
    const owner = await freshAdmin()
    const policy = (required: boolean, who = owner.cookie) =>
      post(
        settingsAction,
        '/admin/settings?tab=site',
        { intent: 'two-factor-policy', ...(required ? { requireTwoFactor: 'on' } : {}) },
        who,
      )
    // An editor may not change it, nor the other site settings.
    const editor = await freshAdmin('editor')
    expect(unwrap(await policy(true, editor.cookie)).status).toBe(403)
    expect(unwrap(await post(settingsAction, '/admin/settings?tab=site', { intent: 'site' }, editor.cookie)).status).toBe(403)
    // An owner, only after turning it on for themselves.
    expect(unwrap<Refused>(await policy(true))).toMatchObject({
      status: 400,
      data: { errors: { requireTwoFactor: expect.stringMatching(/your own account first/) } },
    })
    await turnOn(owner.email, owner.cookie)
    const saved = (await policy(true)) as Response
    expect(saved.headers.get('Location')).toBe('/admin/settings?tab=site')
    expect(toastFrom(saved.headers)?.title).toBe('Two-factor sign-in is now required for every admin')

    const open = (path: string, cookie = editor.cookie) => callRoute(layoutLoader, request(path, cookie), ctx())
    for (const path of ['/admin', '/admin/blog', '/admin/blog.data', '/admin/inbox', '/admin/settings?tab=site']) {
      const sent = (await open(path)) as Response
      expect(sent.status, path).toBe(302)
      expect(sent.headers.get('Location'), path).toBe('/admin/settings#two-factor')
    }
    for (const path of ['/admin/settings', '/admin/settings.data', '/admin/account/two-factor'])
      expect(await open(path), path).toMatchObject({ email: editor.email })
    const settings = (await callRoute(settingsLoader, request('/admin/settings', editor.cookie), ctx())) as Awaited<
      ReturnType<typeof settingsLoader>
    >
    expect(settings).toMatchObject({ twoFactor: { on: false, required: true }, site: null })
    expect(mustSetUpMessage).toMatch(/Turn it on below/)
    expect(((await post(sessionAction, '/admin/session', {}, editor.cookie)) as Response).status).toBe(200)
    // The owner, who has it, goes anywhere.
    expect(await open('/admin/blog', owner.cookie)).toMatchObject({ email: owner.email })

    // Setting it up opens the rest.
    await turnOn(editor.email, editor.cookie)
    expect(await open('/admin/blog')).toMatchObject({ email: editor.email })

    // While required, no one can turn theirs off.
    const refused = unwrap<Refused>(await twoFactorPost({ intent: 'off', accountPassword: PASSWORD }, editor.cookie))
    expect(refused).toMatchObject({ status: 409, data: { failure: requiredForEveryoneMessage } })
    expect((await userRow(editor.email)).totp_secret).not.toBeNull()

    // Signing out stays open for anyone.
    const newcomer = await freshAdmin('editor')
    expect(((await post(logoutAction, '/admin/logout', {}, newcomer.cookie)) as Response).headers.get('Location')).toBe('/admin/login')

    expect(((await policy(false)) as Response).status).toBe(302)
    expect(((await twoFactorPost({ intent: 'off', accountPassword: PASSWORD }, editor.cookie)) as Response).status).toBe(302)
  })

  it('a password reset by the owner (npm run admin:create) turns it off', async () => {
    const { email, cookie } = await freshAdmin()
    await turnOn(email, cookie)
    await upsertAdmin(db(), email, PASSWORD)
    const { id, ...columns } = await userRow(email)
    expect(columns).toEqual({ totp_secret: null, totp_pending_secret: null, totp_last_step: null })
    expect(await db().selectFrom('recovery_codes').select('id').where('user_id', '=', id).execute()).toEqual([])
  })
})
