import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { wrongCodeMessage } from '~/lib/two-factor'
import { toast, waitForHydration } from '../support/browser'
import { createAdmin, withServerDb } from '../support/server'
import { signInThroughForm, useRunningSite } from '../support/site'
import { codeFor, giveTwoFactor, wrongCodeFor } from '../support/two-factor'

// No SMTP_URL: an invitation's link is shown to copy.
const site = useRunningSite()

/** Gone at once, not when its own time runs out: it would stand beside the success that followed. */
const goneSoon = (page: Page, text: string) => expect.poll(() => toast(page, text).count(), { timeout: 1_000 }).toBe(0)

async function newPage() {
  const context = await site.browser.newContext({ baseURL: site.server.url, viewport: { width: 1280, height: 900 } })
  return context.newPage()
}

it('takes the error toast of a refused invitation form away once the next try joins', async () => {
  const owner = await newPage()
  await signInThroughForm(owner)
  await owner.goto('/admin/people')
  await waitForHydration(owner)
  await owner.getByLabel('Email', { exact: true }).fill('stale-invitee@example.com')
  await owner.getByLabel('Role', { exact: true }).selectOption('editor')
  await owner.getByRole('button', { name: 'Send invitation', exact: true }).click()
  await owner.getByTestId('invitation-link').waitFor()
  const link = await owner.getByLabel('Invitation link for stale-invitee@example.com').inputValue()

  const invitee = await newPage()
  await invitee.goto(new URL(link).pathname)
  await waitForHydration(invitee)
  await invitee.getByLabel('Password', { exact: true }).fill('a-long-enough-password')
  await invitee.getByLabel('Confirm password').fill('another-password')
  await invitee.getByRole('button', { name: /^Join / }).click()
  await expect.poll(() => toast(invitee, "Passwords don't match").count()).toBe(1)
  await invitee.getByLabel('Confirm password').fill('a-long-enough-password')
  await invitee.getByRole('button', { name: /^Join / }).click()
  await invitee.waitForURL(/\/admin$/)
  await expect.poll(() => toast(invitee, 'Welcome to').count()).toBe(1)
  await goneSoon(invitee, "Passwords don't match")
  await owner.context().close()
  await invitee.context().close()
})

it('leaves no refused code on screen after a right one, in Settings and at sign-in', async () => {
  const email = 'stale-codes@example.com'
  const password = 'stale-codes-password'
  await createAdmin(site.server, email, password)
  const page = await newPage()
  await signInThroughForm(page, { email, password })

  // Settings: a wrong code, then the right one.
  await page.goto('/admin/settings')
  await waitForHydration(page)
  const card = page.locator('#two-factor')
  await card.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
  await card.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor()
  const secret = (await card.getByTestId('two-factor-secret').textContent())!.replace(/ /g, '')
  await card.getByLabel('Your current password').fill(password)
  await card.getByLabel('Code from the app').fill(await wrongCodeFor(secret))
  await card.getByRole('button', { name: 'Confirm and turn on' }).click()
  await expect.poll(() => toast(page, wrongCodeMessage).count()).toBe(1)
  await card.getByLabel('Code from the app').fill(await codeFor(secret))
  await card.getByRole('button', { name: 'Confirm and turn on' }).click()
  await expect.poll(() => card.getByTestId('recovery-codes').getByRole('listitem').count()).toBe(10)
  await goneSoon(page, wrongCodeMessage)
  expect(await card.getByText(wrongCodeMessage).count()).toBe(0)

  // Sign-in: a wrong code, then the right one (of a secret set anew, so no step was used yet).
  const fresh = await withServerDb(site.server, (db) => giveTwoFactor(db, email))
  await page.getByRole('button', { name: 'Sign Out' }).click()
  await page.waitForURL('**/admin/login')
  await waitForHydration(page)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.waitForURL('**/admin/login/verify')
  await waitForHydration(page)
  await page.getByLabel('Authentication code').fill(await wrongCodeFor(fresh))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect.poll(() => page.locator('#verify-error').textContent()).toBe(wrongCodeMessage)
  await page.getByLabel('Authentication code').fill(await codeFor(fresh))
  await page.getByRole('button', { name: 'Verify' }).click()
  await page.waitForURL('**/admin/blog')
  await expect.poll(() => toast(page, 'Signed in successfully').count()).toBe(1)
  await goneSoon(page, wrongCodeMessage)
  await page.context().close()
})
