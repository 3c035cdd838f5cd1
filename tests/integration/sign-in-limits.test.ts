import { describe, expect, it } from 'vitest'
import { action as loginAction } from '~/routes/admin/login'
import { action as settingsAction } from '~/routes/admin/settings'
import { tooManyAttemptsMessage, tooManyPasswordGuessesMessage } from '~/server/services/auth.server'
import { openDatabase } from '~/server/db/connection.server'
import type { Db } from '~/server/db/schema.server'
import { MAX_FAILED_SIGN_INS } from '~/server/repositories/sign-in-attempts.server'
import { findUserForSignIn, verifyPassword } from '~/server/services/users.server'
import { FRESH_ADMIN_PASSWORD, freshAdmin, sessionOf } from '../support/admins'
import { formRequest, testContext } from '../support/context'
import { describeEachDatabase } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'

const GUESSES = 30

const statusOf = (result: unknown) => unwrap(result).status
const tally = (statuses: number[]) =>
  Object.fromEntries([...new Set(statuses)].sort().map((s) => [s, statuses.filter((x) => x === s).length]))

describeEachDatabase('sign-in limits', (getDb) => {
  const db = () => getDb().db
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
      const email = await freshAdmin(db())
      const statuses = await withSecondInstance((second) =>
        Promise.all(
          Array.from({ length: GUESSES }, (_, i) => signInOn(i % 2 ? second : db(), `198.51.100.${i}`, email, `wrong-${i}`).then(statusOf)),
        ),
      )
      expect(tally(statuses)).toEqual({ 401: MAX_FAILED_SIGN_INS, 429: GUESSES - MAX_FAILED_SIGN_INS })
      const late = unwrap<{ error: { message: string } }>(await signInOn(db(), '198.51.100.200', email, FRESH_ADMIN_PASSWORD))
      expect(late.status).toBe(429)
      expect(late.data.error.message).toBe(tooManyAttemptsMessage)
    })

    it(`checks only ${MAX_FAILED_SIGN_INS} guesses from one address spread over ${GUESSES} emails, and keeps no row for the others`, async () => {
      const ip = '203.0.113.77'
      const statuses = await withSecondInstance((second) =>
        Promise.all(
          Array.from({ length: GUESSES }, (_, i) => signInOn(i % 2 ? second : db(), ip, `sprayed${i}@example.com`, 'guess').then(statusOf)),
        ),
      )
      expect(tally(statuses)).toEqual({ 401: MAX_FAILED_SIGN_INS, 429: GUESSES - MAX_FAILED_SIGN_INS })
      const rows = await db().selectFrom('sign_in_attempts').select('key').where('key', 'like', 'email:sprayed%').execute()
      expect(rows).toHaveLength(MAX_FAILED_SIGN_INS)
    })
  })

  describe('over-long sign-in fields', () => {
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
  })

  describe('wrong current passwords', () => {
    it(`limits wrong current passwords like sign-in failures, even sent together, and keeps the password`, async () => {
      const email = await freshAdmin(db())
      const cookie = await sessionOf(db(), email, '192.0.2.30')
      const change = (instance: Db, currentPassword: string) =>
        callRoute(
          settingsAction,
          formRequest(
            '/admin/settings',
            { intent: 'password', currentPassword, newPassword: 'taken-over-123', confirmPassword: 'taken-over-123' },
            cookie,
          ),
          testContext(instance, '192.0.2.31'),
        )
      const statuses = await withSecondInstance((second) =>
        Promise.all(Array.from({ length: GUESSES }, (_, i) => change(i % 2 ? second : db(), `guess-${i}`).then(statusOf))),
      )
      expect(tally(statuses)).toEqual({ 400: MAX_FAILED_SIGN_INS, 429: GUESSES - MAX_FAILED_SIGN_INS })
      const right = unwrap<{ errors: Record<string, string> }>(await change(db(), FRESH_ADMIN_PASSWORD))
      expect(right.status).toBe(429)
      expect(right.data.errors.currentPassword).toBe(tooManyPasswordGuessesMessage)
      expect(await verifyPassword((await findUserForSignIn(db(), email))!.password_hash, FRESH_ADMIN_PASSWORD)).toBe(true)
      // The same secret is being guessed: the sign-in form is closed to it too.
      expect(statusOf(await signInOn(db(), '192.0.2.32', email, FRESH_ADMIN_PASSWORD))).toBe(429)
    })
  })
})
