import { describe, expect, it } from 'vitest'
import { tooManyAttemptsMessage } from '~/server/services/auth.server'
import { MAX_FAILED_SIGN_INS } from '~/server/repositories/sign-in-attempts.server'
import { ADMIN, useRunningSite } from '../support/site'

// Its own server: the guessing test locks this test's address out.
const site = useRunningSite()

describe('guesses arriving together', () => {
  it(`checks only ${MAX_FAILED_SIGN_INS} of 30 sign-in guesses sent at the same instant`, async () => {
    const guesses = Array.from({ length: 30 }, (_, i) =>
      fetch(`${site.server.url}/admin/login`, {
        method: 'POST',
        body: new URLSearchParams({ email: ADMIN.email, password: `wrong-${i}` }),
        redirect: 'manual',
      }),
    )
    const statuses = (await Promise.all(guesses)).map((r) => r.status)
    expect(statuses.filter((s) => s === 401)).toHaveLength(MAX_FAILED_SIGN_INS)
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - MAX_FAILED_SIGN_INS)
    const right = await fetch(`${site.server.url}/admin/login`, { method: 'POST', body: new URLSearchParams(ADMIN), redirect: 'manual' })
    expect(right.status).toBe(429)
    expect(await right.text()).toContain(tooManyAttemptsMessage)
  })
})
