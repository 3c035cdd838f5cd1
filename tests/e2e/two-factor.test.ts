import { generate } from 'otplib'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { mustSetUpMessage, wrongCodeMessage, wrongRecoveryCodeMessage } from '~/lib/two-factor'
import { accessibilityViolations } from '../support/axe'
import { toast, waitForHydration } from '../support/browser'
import { createAdmin, withServerDb } from '../support/server'
import { ADMIN, useRunningSite } from '../support/site'
import { giveTwoFactor } from '../support/two-factor'

const site = useRunningSite()

const STEP_MS = 30_000
const PASSWORD = 'the-two-factor-password'

let admins = 0
async function freshAdmin(role: 'owner' | 'editor' = 'owner') {
  const email = `two-factor${++admins}@example.com`
  await createAdmin(site.server, email, PASSWORD)
  await withServerDb(site.server, (db) => db.updateTable('users').set({ role }).where('email', '=', email).execute())
  return email
}

async function newPage({ javaScriptEnabled = true } = {}) {
  const context = await site.browser.newContext({ baseURL: site.server.url, viewport: { width: 1280, height: 900 }, javaScriptEnabled })
  return context.newPage()
}

async function signInWithPassword(page: Page, email: string, password = PASSWORD, { javaScript = true } = {}) {
  await page.goto('/admin/login')
  if (javaScript) await waitForHydration(page)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

/**
 * Checked once every toast is gone: axe can catch one halfway through its fade-in or fade-out and
 * report its colours.
 */
async function accessibilityViolationsWithoutToasts(page: Page) {
  await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 15_000 }).toBe(0)
  return accessibilityViolations(page)
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign Out' }).click()
  await page.waitForURL('**/admin/login')
}

/**
 * An authenticator app that never offers a code twice: each code is for a step after the last one
 * used, which is now or the next step (the server accepts one step either side). So a test never
 * waits out a 30-second step, and a step turning over between typing and checking changes nothing.
 */
function authenticator(secret: string) {
  let lastStep = -Infinity
  return {
    async code(): Promise<string> {
      const step = Math.max(Math.floor(Date.now() / STEP_MS), lastStep + 1)
      lastStep = step
      return generate({ secret, epoch: step * 30 + 1 })
    },
    /** The step of the code that confirmed the setup, which the server will not accept again. */
    used(at: number) {
      lastStep = Math.max(lastStep, Math.floor(at / STEP_MS))
    },
  }
}

/** Turns two-factor sign-in on from the Account tab, as a person would; its secret's app and the recovery codes. */
async function turnOnFromSettings(page: Page, password = PASSWORD) {
  await page.goto('/admin/settings')
  await waitForHydration(page)
  const card = page.locator('#two-factor')
  expect(await card.getByTestId('two-factor-status').textContent()).toBe('Off')
  await card.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
  await card.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor()
  const shown = (await card.getByTestId('two-factor-secret').textContent())!
  expect(shown).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/)
  const app = authenticator(shown.replace(/ /g, ''))
  const before = Date.now()
  await card.getByLabel('Code from the app').fill(await app.code())
  await card.getByLabel('Your current password').fill(password)
  await card.getByRole('button', { name: 'Confirm and turn on' }).click()
  const codes = card.getByTestId('recovery-codes').getByRole('listitem')
  await expect.poll(() => codes.count()).toBe(10)
  app.used(before)
  return { app, recoveryCodes: await codes.allTextContents() }
}

describe('two-factor sign-in', () => {
  it('turns on with the QR code or the key, then signs in with a code, and with a recovery code only once', async () => {
    const email = await freshAdmin()
    const page = await newPage()
    await signInWithPassword(page, email)
    await page.waitForURL('**/admin/blog')
    await page.goto('/admin/settings')
    await waitForHydration(page)
    const card = page.locator('#two-factor')
    expect(await card.getByTestId('two-factor-status').textContent()).toBe('Off')
    await card.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
    await card.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor()
    expect(await accessibilityViolationsWithoutToasts(page)).toEqual([])
    const secret = (await card.getByTestId('two-factor-secret').textContent())!.replace(/ /g, '')
    const app = authenticator(secret)

    // A code of the wrong shape is refused in the browser, a wrong code by the server, each at the field.
    const field = card.getByLabel('Code from the app')
    await card.getByLabel('Your current password').fill(PASSWORD)
    expect(await field.getAttribute('inputmode')).toBe('numeric')
    expect(await field.getAttribute('autocomplete')).toBe('one-time-code')
    await field.fill('12')
    await card.getByRole('button', { name: 'Confirm and turn on' }).click()
    await expect.poll(() => page.locator('#field-code-error').textContent()).toBe('Enter the 6-digit code from your authenticator app')
    const right = await app.code()
    await field.fill(right === '000000' ? '111111' : '000000')
    await card.getByRole('button', { name: 'Confirm and turn on' }).click()
    await expect.poll(() => page.locator('#field-code-error').textContent()).toBe(wrongCodeMessage)
    expect(await field.getAttribute('aria-invalid')).toBe('true')

    const confirmedAt = Date.now()
    await field.fill(right)
    await card.getByRole('button', { name: 'Confirm and turn on' }).click()
    const codes = card.getByTestId('recovery-codes').getByRole('listitem')
    await expect.poll(() => codes.count()).toBe(10)
    app.used(confirmedAt)
    const recoveryCodes = await codes.allTextContents()
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{2}$/)
    await expect.poll(() => card.getByTestId('two-factor-status').textContent()).toBe('On')
    // The heading takes the focus, so the codes are announced.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Save your recovery codes')
    expect(await accessibilityViolationsWithoutToasts(page)).toEqual([])
    await card.getByRole('link', { name: 'I have saved them' }).click()
    await expect.poll(() => card.getByTestId('recovery-codes-left').textContent()).toBe('10 of 10 recovery codes left.')
    expect(await card.getByTestId('recovery-codes').count()).toBe(0)

    // Signing in now takes the password, then a code.
    await signOut(page)
    await signInWithPassword(page, email)
    await page.waitForURL('**/admin/login/verify')
    await waitForHydration(page)
    const codeField = page.getByLabel('Authentication code')
    expect(await codeField.getAttribute('inputmode')).toBe('numeric')
    expect(await codeField.getAttribute('autocomplete')).toBe('one-time-code')
    expect(await page.getByText('Enter the 6-digit code from your authenticator app.').count()).toBe(1)
    expect(await accessibilityViolationsWithoutToasts(page)).toEqual([])
    await codeField.fill(await app.code())
    await page.getByRole('button', { name: 'Verify' }).click()
    await page.waitForURL('**/admin/blog')

    // A recovery code works once.
    await signOut(page)
    await signInWithPassword(page, email)
    await page.waitForURL('**/admin/login/verify')
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Use a recovery code instead' }).click()
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!)
    await page.getByRole('button', { name: 'Verify' }).click()
    await page.waitForURL('**/admin/blog')
    await expect.poll(() => toast(page, 'Signed in with a recovery code').count()).toBe(1)
    expect(await toast(page, '9 recovery codes left.').count()).toBe(1)

    await signOut(page)
    await signInWithPassword(page, email)
    await page.waitForURL('**/admin/login/verify')
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Use a recovery code instead' }).click()
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!)
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect.poll(() => page.locator('#verify-error').textContent()).toBe(wrongRecoveryCodeMessage)
    expect(new URL(page.url()).pathname).toBe('/admin/login/verify')
    // The second one does.
    await page.getByLabel('Recovery code').fill(recoveryCodes[1]!)
    await page.getByRole('button', { name: 'Verify' }).click()
    await page.waitForURL('**/admin/blog')
    await page.goto('/admin/settings')
    expect(await page.locator('#two-factor').getByTestId('recovery-codes-left').textContent()).toBe('8 of 10 recovery codes left.')
    await page.context().close()
  })

  it('sets up, signs in and turns off without JavaScript', async () => {
    const email = await freshAdmin()
    const page = await newPage({ javaScriptEnabled: false })
    await signInWithPassword(page, email, PASSWORD, { javaScript: false })
    await page.goto('/admin/settings')
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
    expect(new URL(page.url()).pathname).toBe('/admin/settings')
    const secret = (await page.getByTestId('two-factor-secret').textContent())!.replace(/ /g, '')
    const app = authenticator(secret)
    // A refused code shows on the card's own page, next to the field.
    await page.getByLabel('Code from the app').fill('000')
    await page.getByLabel('Your current password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Confirm and turn on' }).click()
    expect(new URL(page.url()).pathname).toBe('/admin/account/two-factor')
    expect(await page.locator('#field-code-error').textContent()).toBe('Enter the 6-digit code from your authenticator app')
    const confirmedAt = Date.now()
    await page.getByLabel('Code from the app').fill(await app.code())
    await page.getByLabel('Your current password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Confirm and turn on' }).click()
    expect(await page.getByTestId('recovery-codes').getByRole('listitem').count()).toBe(10)
    app.used(confirmedAt)
    await page.getByRole('link', { name: 'I have saved them' }).click()
    expect(new URL(page.url()).pathname).toBe('/admin/settings')

    await page.getByRole('button', { name: 'Sign Out' }).click()
    await signInWithPassword(page, email, PASSWORD, { javaScript: false })
    expect(new URL(page.url()).pathname).toBe('/admin/login/verify')
    await page.getByLabel('Authentication code').fill(await app.code())
    await page.getByRole('button', { name: 'Verify' }).click()
    expect(new URL(page.url()).pathname).toBe('/admin/blog')

    await page.goto('/admin/settings')
    await page.getByLabel('Your current password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Turn off two-factor sign-in' }).click()
    expect(new URL(page.url()).pathname).toBe('/admin/settings')
    expect(await page.locator('#two-factor').getByTestId('two-factor-status').textContent()).toBe('Off')
    await page.context().close()
  })

  it('an owner requires it of everyone: another admin without it is sent to set it up first', async () => {
    const owner = await newPage()
    await signInWithPassword(owner, ADMIN.email, ADMIN.password)
    await owner.waitForURL('**/admin/blog')
    await turnOnFromSettings(owner, ADMIN.password)
    await owner.goto('/admin/settings?tab=site')
    await waitForHydration(owner)
    await owner.getByLabel('Require two-factor sign-in for every admin').check()
    await owner.getByRole('button', { name: 'Save', exact: true }).click()
    await expect.poll(() => toast(owner, 'Two-factor sign-in is now required for every admin').count()).toBe(1)
    expect(await owner.getByLabel('Require two-factor sign-in for every admin').isChecked()).toBe(true)

    const email = await freshAdmin('editor')
    const page = await newPage()
    await signInWithPassword(page, email)
    await page.waitForURL('**/admin/settings#two-factor')
    await page.getByText(mustSetUpMessage).waitFor()
    // The Site Settings tab is not an editor's.
    expect(await page.getByRole('tab', { name: 'Site Settings' }).count()).toBe(0)
    await page.goto('/admin/inbox')
    expect(new URL(page.url()).pathname).toBe('/admin/settings')
    await page.getByRole('link', { name: 'Blog Posts' }).first().click()
    await page.waitForURL('**/admin/settings#two-factor')

    await turnOnFromSettings(page)
    // While it is required, there is no turning it off.
    await page.getByRole('link', { name: 'I have saved them' }).click()
    await page.getByText('Two-factor sign-in is required for every admin of this site').waitFor()
    expect(await page.getByRole('button', { name: 'Turn off two-factor sign-in' }).count()).toBe(0)
    await page.goto('/admin/inbox')
    expect(new URL(page.url()).pathname).toBe('/admin/inbox')

    // Not required any more: back as it was for the other tests of this server.
    await owner.getByLabel('Require two-factor sign-in for every admin').uncheck()
    await owner.getByRole('button', { name: 'Save', exact: true }).click()
    await expect.poll(() => toast(owner, 'Two-factor sign-in is no longer required').count()).toBe(1)
    await owner.context().close()
    await page.context().close()
  })

  it('turning it on takes the current password, and signs out every other browser', async () => {
    const email = await freshAdmin()
    const laptop = await newPage()
    const phone = await newPage()
    for (const page of [laptop, phone]) {
      await signInWithPassword(page, email)
      await page.waitForURL('**/admin/blog')
    }
    await laptop.goto('/admin/settings')
    await waitForHydration(laptop)
    const card = laptop.locator('#two-factor')
    await card.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
    const secret = (await card.getByTestId('two-factor-secret').textContent())!.replace(/ /g, '')
    const app = authenticator(secret)
    // The refused tries never reach the code, so one code serves them all and the last, accepted try;
    // asking the app for more would walk past the one step either side that the server accepts.
    const code = await app.code()
    // Without the password, or with a wrong one, it stays off: a stolen session is not enough.
    await card.getByLabel('Code from the app').fill(code)
    await card.getByRole('button', { name: 'Confirm and turn on' }).click()
    await expect.poll(() => laptop.locator('#field-accountPassword-error').textContent()).toBe('Enter your current password')
    await card.getByLabel('Your current password').fill('not-my-password')
    await card.getByRole('button', { name: 'Confirm and turn on' }).click()
    await expect.poll(() => laptop.locator('#field-accountPassword-error').textContent()).toBe('That is not your current password.')
    expect(
      await withServerDb(site.server, (db) =>
        db.selectFrom('users').select('totp_secret').where('email', '=', email).executeTakeFirstOrThrow(),
      ),
    ).toEqual({ totp_secret: null })
    const stolen = await phone.context().cookies()
    const withoutPassword = await fetch(`${site.server.url}/admin/account/two-factor`, {
      method: 'POST',
      body: new URLSearchParams({ intent: 'confirm', code }),
      headers: { Cookie: stolen.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ') },
    })
    expect(withoutPassword.status).toBe(400)

    const confirmedAt = Date.now()
    await card.getByLabel('Code from the app').fill(code)
    await card.getByLabel('Your current password').fill(PASSWORD)
    await card.getByRole('button', { name: 'Confirm and turn on' }).click()
    await expect.poll(() => card.getByTestId('recovery-codes').getByRole('listitem').count()).toBe(10)
    app.used(confirmedAt)
    await card.getByText('You were signed out in every other browser and device.').waitFor()
    // The other browser's session ended with the change; this one goes on.
    await phone.goto('/admin/blog')
    expect(new URL(phone.url()).pathname).toBe('/admin/login')
    await laptop.goto('/admin/blog')
    expect(new URL(laptop.url()).pathname).toBe('/admin/blog')
    await laptop.context().close()
    await phone.context().close()
  })

  it('refuses the code step in a second browser the cookie was copied to, and a second time after it succeeded', async () => {
    const email = await freshAdmin()
    const secret = await withServerDb(site.server, (db) => giveTwoFactor(db, email))
    const app = authenticator(secret)
    const first = await newPage()
    await signInWithPassword(first, email)
    await first.waitForURL('**/admin/login/verify')
    const pending = (await first.context().cookies()).filter((cookie) => cookie.name === 'pending_sign_in')
    expect(pending).toHaveLength(1)

    // Another browser (another kind of browser, as a thief's would be) with the copied cookie.
    const thief = await site.browser.newContext({
      baseURL: site.server.url,
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
    })
    await thief.addCookies(pending)
    const thiefPage = await thief.newPage()
    await thiefPage.goto('/admin/login/verify')
    expect(new URL(thiefPage.url()).pathname).toBe('/admin/login')
    const copied = await thief.request.post('/admin/login/verify', { form: { code: await app.code(), method: 'app' }, maxRedirects: 0 })
    expect(copied.headers()['set-cookie'] ?? '').not.toMatch(/(^|\n)session=[^;]/)

    // The browser that passed the password step completes it, once.
    await first.getByLabel('Authentication code').fill(await app.code())
    await first.getByRole('button', { name: 'Verify' }).click()
    await first.waitForURL('**/admin/blog')
    const sessions = () =>
      withServerDb(site.server, (db) =>
        db
          .selectFrom('sessions')
          .innerJoin('users', 'users.id', 'sessions.user_id')
          .select('sessions.id')
          .where('users.email', '=', email)
          .execute(),
      )
    expect(await sessions()).toHaveLength(1)
    const replay = await fetch(`${site.server.url}/admin/login/verify`, {
      method: 'POST',
      body: new URLSearchParams({ code: await app.code(), method: 'app' }),
      headers: { Cookie: `pending_sign_in=${pending[0]!.value}`, 'User-Agent': await first.evaluate(() => navigator.userAgent) },
      redirect: 'manual',
    })
    expect(replay.headers.getSetCookie().some((cookie) => /^session=[^;]/.test(cookie))).toBe(false)
    expect(await sessions()).toHaveLength(1)
    await thief.close()
    await first.context().close()
  })
})
