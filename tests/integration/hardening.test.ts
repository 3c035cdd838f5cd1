import { afterAll, describe, expect, it } from 'vitest'
import { DEFAULT_TIME_ZONE } from '~/lib/dates'
import { action as postListAction } from '~/routes/admin/blog'
import { action as messageAction } from '~/routes/admin/inbox-message'
import { action as loginAction } from '~/routes/admin/login'
import { action as postEditorAction } from '~/routes/admin/post-editor'
import { action as settingsAction } from '~/routes/admin/settings'
import { signIn, tooManyAttemptsMessage, tooManyPasswordGuessesMessage } from '~/server/services/auth.server'
import type { PublicContent } from '~/lib/admin-sections'
import { openDatabase } from '~/server/db/connection.server'
import type { Db } from '~/server/db/schema.server'
import { createInquiry } from '~/server/repositories/inquiries.server'
import { scheduleMaintenance } from '~/server/host/maintenance.server'
import { watchPublishSchedule } from '~/server/host/publish-schedule.server'
import { MAX_FAILED_SIGN_INS } from '~/server/repositories/sign-in-attempts.server'
import { findUserForSignIn, upsertAdmin, verifyPassword } from '~/server/services/users.server'
import { createTestAuthor, createTestPost, setSiteTimeZone } from '../support/blog'
import { formRequest, testContext } from '../support/context'
import { describeEachDatabase } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'

const PASSWORD = 'the-right-password'
const GUESSES = 30

const statusOf = (result: unknown) => unwrap(result).status
const tally = (statuses: number[]) => Object.fromEntries([...new Set(statuses)].sort().map((s) => [s, statuses.filter((x) => x === s).length]))

describeEachDatabase('hardening', (getDb) => {
  const db = () => getDb().db
  let n = 0
  async function freshAdmin() {
    const email = `hardening${++n}@example.com`
    await upsertAdmin(db(), email, PASSWORD)
    return email
  }
  async function sessionOf(email: string, ip: string) {
    const result = await signIn(new Request('http://localhost/admin/login'), testContext(db(), ip), { email, password: PASSWORD })
    if (!result.ok) throw new Error(`sign-in failed: ${result.reason}`)
    return result.setCookie.split(';')[0]!
  }
  /** A second pool on the same database, as a second server instance has. */
  async function withSecondInstance<T>(work: (second: Db) => Promise<T>): Promise<T> {
    const second = openDatabase(getDb().target)
    try {
      return await work(second.db)
    } finally {
      await second.close()
    }
  }
  const signInOn = (instance: Db, ip: string, email: string, password: string) =>
    callRoute(loginAction, formRequest('/admin/login', { email, password }), testContext(instance, ip))

  describe('sign-in limit under simultaneous guesses', () => {
    it(`checks only ${MAX_FAILED_SIGN_INS} of ${GUESSES} guesses at one email sent together from many addresses and two instances`, async () => {
      const email = await freshAdmin()
      const statuses = await withSecondInstance((second) =>
        Promise.all(Array.from({ length: GUESSES }, (_, i) => signInOn(i % 2 ? second : db(), `198.51.100.${i}`, email, `wrong-${i}`).then(statusOf))),
      )
      expect(tally(statuses)).toEqual({ 401: MAX_FAILED_SIGN_INS, 429: GUESSES - MAX_FAILED_SIGN_INS })
      const late = unwrap<{ error: { message: string } }>(await signInOn(db(), '198.51.100.200', email, PASSWORD))
      expect(late.status).toBe(429)
      expect(late.data.error.message).toBe(tooManyAttemptsMessage)
    })

    it(`checks only ${MAX_FAILED_SIGN_INS} guesses from one address spread over ${GUESSES} emails, and keeps no row for the others`, async () => {
      const ip = '203.0.113.77'
      const statuses = await withSecondInstance((second) =>
        Promise.all(Array.from({ length: GUESSES }, (_, i) => signInOn(i % 2 ? second : db(), ip, `sprayed${i}@example.com`, 'guess').then(statusOf))),
      )
      expect(tally(statuses)).toEqual({ 401: MAX_FAILED_SIGN_INS, 429: GUESSES - MAX_FAILED_SIGN_INS })
      const rows = await db().selectFrom('sign_in_attempts').select('key').where('key', 'like', 'email:sprayed%').execute()
      expect(rows).toHaveLength(MAX_FAILED_SIGN_INS)
    })
  })

  describe('nothing unbounded reaches the database', () => {
    it('refuses an e-mail over 254 characters or a password over 256 before counting or storing anything', async () => {
      const before = await db().selectFrom('sign_in_attempts').select('key').execute()
      const long = `${'a'.repeat(3 * 1024 * 1024)}@example.com`
      const refused = unwrap<{ error: { message: string } }>(await signInOn(db(), '192.0.2.10', long, 'whatever'))
      expect(refused.status).toBe(400)
      expect(refused.data.error.message).toBe('Email must be 254 characters or fewer')
      const longPassword = unwrap<{ error: { message: string } }>(await signInOn(db(), '192.0.2.10', 'a@example.com', 'p'.repeat(257)))
      expect(longPassword.data.error.message).toBe('Password must be at most 256 characters')
      expect(await db().selectFrom('sign_in_attempts').select('key').execute()).toEqual(before)
    })

    it('prunes expired sessions and closed sign-in windows on a schedule, with nobody signing in', async () => {
      const email = await freshAdmin()
      const user = (await findUserForSignIn(db(), email))!
      const past = new Date(Date.now() - 60_000).toISOString()
      const future = new Date(Date.now() + 60_000).toISOString()
      await db()
        .insertInto('sessions')
        .values([
          { id: `expired-${n}`, user_id: user.id, expires_at: past, created_at: past },
          { id: `live-${n}`, user_id: user.id, expires_at: future, created_at: past },
        ])
        .execute()
      await db()
        .insertInto('sign_in_attempts')
        .values([
          { key: `email:closed${n}@example.com`, attempts: 5, window_ends_at: past },
          { key: `email:open${n}@example.com`, attempts: 2, window_ends_at: future },
        ])
        .execute()
      const stop = scheduleMaintenance(db(), { retentionMonths: 13, everyMs: 25 })
      try {
        await expect.poll(async () => (await db().selectFrom('sessions').select('id').where('id', '=', `expired-${n}`).execute()).length).toBe(0)
        await expect.poll(async () => (await db().selectFrom('sign_in_attempts').select('key').where('key', '=', `email:closed${n}@example.com`).execute()).length).toBe(0)
      } finally {
        stop()
      }
      expect(await db().selectFrom('sessions').select('id').where('id', '=', `live-${n}`).execute()).toHaveLength(1)
      expect(await db().selectFrom('sign_in_attempts').select('key').where('key', '=', `email:open${n}@example.com`).execute()).toHaveLength(1)
    })
  })

  describe('passwords', () => {
    it('ends every session of an admin whose password is reset from the command line, and no one else’s', async () => {
      const email = await freshAdmin()
      const other = await freshAdmin()
      await sessionOf(email, '192.0.2.20')
      await sessionOf(email, '192.0.2.21')
      await sessionOf(other, '192.0.2.22')
      const sessionsOf = async (address: string) => {
        const user = (await findUserForSignIn(db(), address))!
        return (await db().selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).length
      }
      expect(await sessionsOf(email)).toBe(2)
      expect(await upsertAdmin(db(), email, 'a-new-password-after-a-leak')).toBe('updated')
      expect(await sessionsOf(email)).toBe(0)
      expect(await sessionsOf(other)).toBe(1)
    })

    it(`limits wrong current passwords like sign-in failures, even sent together, and keeps the password`, async () => {
      const email = await freshAdmin()
      const cookie = await sessionOf(email, '192.0.2.30')
      const change = (instance: Db, currentPassword: string) =>
        callRoute(
          settingsAction,
          formRequest('/admin/settings', { intent: 'password', currentPassword, newPassword: 'taken-over-123', confirmPassword: 'taken-over-123' }, cookie),
          testContext(instance, '192.0.2.31'),
        )
      const statuses = await withSecondInstance((second) =>
        Promise.all(Array.from({ length: GUESSES }, (_, i) => change(i % 2 ? second : db(), `guess-${i}`).then(statusOf))),
      )
      expect(tally(statuses)).toEqual({ 400: MAX_FAILED_SIGN_INS, 429: GUESSES - MAX_FAILED_SIGN_INS })
      const right = unwrap<{ errors: Record<string, string> }>(await change(db(), PASSWORD))
      expect(right.status).toBe(429)
      expect(right.data.errors.currentPassword).toBe(tooManyPasswordGuessesMessage)
      expect(await verifyPassword((await findUserForSignIn(db(), email))!.password_hash, PASSWORD)).toBe(true)
      // The same secret is being guessed: the sign-in form is closed to it too.
      expect(statusOf(await signInOn(db(), '192.0.2.32', email, PASSWORD))).toBe(429)
    })
  })

  describe('publish dates', () => {
    afterAll(() => setSiteTimeZone(db(), DEFAULT_TIME_ZONE))
    /** Saves a post dated `publishAt` on the clocks of `timeZone`, which is the site's zone. */
    async function savePost(publishAt: string, timeZone: string) {
      await setSiteTimeZone(db(), timeZone)
      const email = await freshAdmin()
      const cookie = await sessionOf(email, '192.0.2.40')
      const authorId = await createTestAuthor(db())
      const slug = `dated-${n}`
      const form = new FormData()
      const fields = { title: 'Dated post', slug, content: 'Body', excerpt: '', authorId, published: 'on', publishAt, timeZone }
      for (const [name, value] of Object.entries(fields)) form.set(name, value)
      const request = new Request('http://localhost/admin/blog/new', { method: 'POST', body: form, headers: { Cookie: cookie } })
      const result = unwrap<{ errors: Record<string, string> }>(await callRoute(postEditorAction, request, testContext(db())))
      const stored = await db().selectFrom('blog_posts').select('published_at').where('slug', '=', slug).executeTakeFirst()
      return { ...result, stored }
    }

    it.each([
      ['+010000-01-01T00:00', 'UTC', 'Please enter a valid date and time'],
      ['10000-01-01T00:00', 'UTC', 'Please enter a valid date and time'],
      ['+275760-09-13T00:00', 'Pacific/Kiritimati', 'Please enter a valid date and time'],
      ['2026-02-30T10:00', 'UTC', 'Please enter a valid date and time'],
      ['1999-12-31T23:59', 'UTC', 'Please choose a publish date between the years 2000 and 2100'],
      ['2101-01-01T00:00', 'UTC', 'Please choose a publish date between the years 2000 and 2100'],
      ['9999-12-31T23:59', 'Pacific/Kiritimati', 'Please choose a publish date between the years 2000 and 2100'],
      // Midnight on 1 January 2000 at UTC+14 is still 1999 in UTC, which is what is stored.
      ['2000-01-01T00:00', 'Pacific/Kiritimati', 'Please choose a publish date between the years 2000 and 2100'],
    ])('refuses the publish date %s (in %s) with a field error and stores nothing', async (publishAt, timeZone, message) => {
      const { status, data, stored } = await savePost(publishAt, timeZone)
      expect(status).toBe(400)
      expect(data.errors.publishAt).toBe(message)
      expect(stored).toBeUndefined()
    })

    it('accepts the last minute of 2100 in the easternmost time zone and stores a four-digit year', async () => {
      const { status, stored } = await savePost('2100-12-31T23:59', 'Pacific/Kiritimati')
      expect(status).toBe(302)
      expect(stored?.published_at).toBe('2100-12-31T09:59:00.000Z')
    })
  })

  describe('what clears cached pages', () => {
    it('hears of committed post and settings writes, and not of refused ones, reads, sign-ins or lead handling', async () => {
      const heard: PublicContent[] = []
      const email = await freshAdmin()
      const cookie = await sessionOf(email, '192.0.2.50')
      const ctx = () => testContext(db(), '192.0.2.50', (what) => heard.push(what))
      const post = await createTestPost(db(), await createTestAuthor(db()), { published: false, publishedAt: null })
      const leadId = await createInquiry(db(), { kind: 'contact', name: 'Lead', email: 'lead@example.com', business: null, message: 'Hi', ip: null })

      await callRoute(loginAction, formRequest('/admin/login', { email, password: 'wrong' }), ctx())
      await callRoute(postListAction, formRequest('/admin/blog', { intent: 'publish', id: 'no-such-post' }, cookie), ctx())
      await callRoute(messageAction, formRequest(`/admin/inbox/${leadId}`, { intent: 'read' }, cookie), ctx(), { id: leadId })
      await callRoute(settingsAction, formRequest('/admin/settings', { intent: 'site', contactEmail: 'not an email' }, cookie), ctx())
      expect(heard).toEqual([])

      expect(statusOf(await callRoute(postListAction, formRequest('/admin/blog', { intent: 'publish', id: post.id }, cookie), ctx()))).toBe(200)
      const site = {
        intent: 'site',
        contactEmail: 'hello@example.com',
        partnersEmail: 'partners@example.com',
        bookingUrl: 'https://example.com/book',
        linkedinUrl: 'https://www.linkedin.com/company/example',
        twitterUrl: 'https://x.com/example',
        timeZone: 'America/Chicago',
      }
      expect(statusOf(await callRoute(settingsAction, formRequest('/admin/settings', site, cookie), ctx()))).toBe(302)
      expect(heard).toEqual(['posts', 'site-settings'])
    })
  })

  describe('scheduled posts', () => {
    it('says a scheduled post is due when the clock reaches its time, and not before', async () => {
      let offset = 0
      const clock = () => Date.now() + offset
      const due: number[] = []
      const schedule = watchPublishSchedule(db(), () => due.push(clock()), clock)
      try {
        // Scheduled after the watcher started, as an admin would: the save re-arms it.
        const tenOClock = Date.now() + 60 * 60 * 1000
        await createTestPost(db(), await createTestAuthor(db()), { publishedAt: new Date(tenOClock).toISOString() })
        schedule.rearm()
        await new Promise((resolve) => setTimeout(resolve, 300))
        expect(due).toEqual([])

        offset = tenOClock - 400 - Date.now()
        schedule.rearm()
        await expect.poll(() => due.length, { timeout: 5_000 }).toBe(1)
        expect(due[0]).toBeGreaterThanOrEqual(tenOClock)
        expect(due[0]! - tenOClock).toBeLessThan(60_000)
      } finally {
        schedule.stop()
      }
    })
  })
})
