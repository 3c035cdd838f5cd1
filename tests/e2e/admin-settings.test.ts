import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { accessibilityViolations } from '../support/axe'
import { toast, waitForHydration } from '../support/browser'
import { createAdmin } from '../support/server'
import { useRunningSite } from '../support/site'

const site = useRunningSite()

let admins = 0
/** Each test changes its own admin's password, so the tests stay independent. */
async function freshAdmin() {
  const admin = { email: `settings${++admins}@example.com`, password: 'the-first-password' }
  await createAdmin(site.server, admin.email, admin.password)
  return admin
}

async function newPage(options: { javaScriptEnabled?: boolean; width?: number } = {}) {
  const { width = 1280, ...rest } = options
  const context = await site.browser.newContext({ baseURL: site.server.url, viewport: { width, height: 900 }, ...rest })
  return context.newPage()
}

async function signIn(page: Page, email: string, password: string, { javaScript = true } = {}) {
  await page.goto('/admin/login')
  if (javaScript) await waitForHydration(page)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

const errorOf = (page: Page, name: string) => page.locator(`#field-${name}-error`)

/** Holds each form post back a moment, so the busy state of its button can be seen. */
async function slowDownPosts(page: Page) {
  await page.route('**/admin/settings*', async (route) => {
    if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 500))
    await route.continue()
  })
}

async function fillPasswords(page: Page, current: string, next: string, confirm = next) {
  await page.getByLabel('Current password').fill(current)
  await page.getByLabel('New password', { exact: true }).fill(next)
  await page.getByLabel('Confirm new password').fill(confirm)
}

describe('changing the password', () => {
  it('checks the rules, updates the password, ends the other sessions and keeps this one', async () => {
    const { email, password } = await freshAdmin()
    const page = await newPage()
    const otherDevice = await newPage()
    await signIn(otherDevice, email, password)
    await otherDevice.waitForURL('**/admin/blog')
    await signIn(page, email, password)
    await page.waitForURL('**/admin/blog')

    await page.getByRole('link', { name: 'Settings' }).click()
    await page.waitForURL('**/admin/settings')
    // The address bar changes a moment before React renders the new route, so wait for the tab itself.
    await page.getByRole('tab', { name: 'Account', selected: true }).waitFor()
    await waitForHydration(page)
    expect(await page.getByTestId('account-email').textContent()).toBe(email)
    expect(await page.getByLabel('Current password').getAttribute('autocomplete')).toBe('current-password')
    expect(await page.getByLabel('New password', { exact: true }).getAttribute('autocomplete')).toBe('new-password')
    expect(await page.getByLabel('Confirm new password').getAttribute('autocomplete')).toBe('new-password')
    // Checked without the sign-in toast, which axe can catch halfway through its fade-in.
    await page.reload()
    await waitForHydration(page)
    expect(await accessibilityViolations(page)).toEqual([])

    const update = page.getByRole('button', { name: 'Update Password' })
    await update.click()
    await expect.poll(() => toast(page, 'Please fill in all password fields').count()).toBe(1)
    expect(await page.getByLabel('Current password').getAttribute('aria-invalid')).toBe('true')
    expect(await page.getByLabel('Current password').getAttribute('aria-describedby')).toBe('field-currentPassword-error')

    await fillPasswords(page, password, 'new-password-1', 'new-password-2')
    await update.click()
    await expect.poll(() => errorOf(page, 'confirmPassword').textContent()).toBe("New passwords don't match")

    await fillPasswords(page, password, 'short')
    await update.click()
    await expect.poll(() => errorOf(page, 'newPassword').textContent()).toBe('Password must be at least 8 characters')

    // Only the server can tell a wrong current password; it answers without echoing any password.
    await fillPasswords(page, 'not-the-password', 'the-second-password')
    await update.click()
    await expect.poll(() => errorOf(page, 'currentPassword').textContent()).toBe('Current password is incorrect')
    await expect.poll(() => toast(page, 'Current password is incorrect').count()).toBe(1)
    expect(await page.getByLabel('New password', { exact: true }).inputValue()).toBe('')

    await fillPasswords(page, password, 'the-second-password')
    await slowDownPosts(page)
    await update.click()
    const updating = page.getByRole('button', { name: 'Updating...' })
    await expect.poll(() => updating.isDisabled()).toBe(true)
    await expect.poll(() => toast(page, 'Password updated successfully').count()).toBe(1)
    expect(await page.getByLabel('Current password').inputValue()).toBe('')
    expect(await errorOf(page, 'currentPassword').count()).toBe(0)

    await otherDevice.goto('/admin/blog')
    expect(new URL(otherDevice.url()).pathname).toBe('/admin/login')
    await page.goto('/admin')
    expect(new URL(page.url()).pathname).toBe('/admin')

    await page.getByRole('button', { name: 'Sign Out' }).click()
    await page.waitForURL('**/admin/login')
    await signIn(page, email, password)
    await expect.poll(() => page.locator('#login-error').textContent()).toBe('Invalid email or password')
    await signIn(page, email, 'the-second-password')
    await page.waitForURL('**/admin/blog')
    await otherDevice.context().close()
    await page.context().close()
  })

  it('works without JavaScript, showing the server’s messages next to the fields', async () => {
    const { email, password } = await freshAdmin()
    const page = await newPage({ javaScriptEnabled: false })
    await signIn(page, email, password, { javaScript: false })
    await page.goto('/admin/settings')
    await fillPasswords(page, password, 'the-second-password', 'something-else')
    await page.getByRole('button', { name: 'Update Password' }).click()
    expect(await errorOf(page, 'confirmPassword').textContent()).toBe("New passwords don't match")
    expect(await page.getByLabel('Confirm new password').getAttribute('aria-invalid')).toBe('true')
    expect(await page.getByLabel('Current password').inputValue()).toBe('')

    await fillPasswords(page, password, 'the-second-password')
    await page.getByRole('button', { name: 'Update Password' }).click()
    expect(new URL(page.url()).pathname).toBe('/admin/settings')
    expect(await page.getByText('Password updated successfully').count()).toBe(0) // toasts need JavaScript
    await page.getByRole('button', { name: 'Sign Out' }).click()
    await signIn(page, email, 'the-second-password', { javaScript: false })
    expect(new URL(page.url()).pathname).toBe('/admin/blog')
    await page.context().close()
  })
})

describe('site settings', () => {
  it('changes the contact e-mail and the public footer follows at once', async () => {
    const { email, password } = await freshAdmin()
    const page = await newPage({ width: 390 })
    await signIn(page, email, password)
    await page.waitForURL('**/admin/blog')
    await page.goto('/admin/settings')
    await waitForHydration(page)
    await page.getByRole('tab', { name: 'Site Settings' }).click()
    await expect.poll(() => new URL(page.url()).search).toBe('?tab=site')
    const contact = page.getByLabel('Contact email')
    expect(await contact.inputValue()).toBe('hello@baylineai.com')
    expect(await accessibilityViolations(page)).toEqual([])

    await contact.fill('not-an-email')
    await page.getByLabel('Booking URL').fill('http://cal.com/insecure')
    await page.getByRole('button', { name: 'Save Settings' }).click()
    await expect.poll(() => errorOf(page, 'contactEmail').textContent()).toBe('Please enter a valid email address, like name@example.com')
    expect(await errorOf(page, 'bookingUrl').textContent()).toBe('Please enter a full https:// address, like https://example.com/page')
    expect(await contact.getAttribute('aria-invalid')).toBe('true')

    await contact.fill('team@bayline.example')
    await page.getByLabel('Booking URL').fill('https://cal.com/bayline-ai/intro')
    await slowDownPosts(page)
    await page.getByRole('button', { name: 'Save Settings' }).click()
    await expect.poll(() => page.getByRole('button', { name: 'Saving...' }).isDisabled()).toBe(true)
    await expect.poll(() => toast(page, 'Site settings saved').count()).toBe(1)
    expect(new URL(page.url()).search).toBe('?tab=site')
    expect(await page.getByLabel('Contact email').inputValue()).toBe('team@bayline.example')

    await page.goto('/')
    expect(await page.locator('footer a[href^="mailto:"]').getAttribute('href')).toBe('mailto:team@bayline.example')
    expect(await page.locator('footer a[data-booking]').getAttribute('href')).toBe('https://cal.com/bayline-ai/intro')
    await page.context().close()
  })

  it('reaches the Site Settings tab and saves without JavaScript, landing back on that tab', async () => {
    const { email, password } = await freshAdmin()
    const page = await newPage({ javaScriptEnabled: false })
    await signIn(page, email, password, { javaScript: false })
    await page.goto('/admin/settings')
    await page.getByRole('tab', { name: 'Site Settings' }).click()
    expect(new URL(page.url()).search).toBe('?tab=site')
    await page.getByLabel('Twitter URL').fill('ftp://x.com/bayline')
    await page.getByRole('button', { name: 'Save Settings' }).click()
    expect(await errorOf(page, 'twitterUrl').textContent()).toBe('Please enter a full https:// address, like https://example.com/page')
    expect(await page.getByLabel('Twitter URL').inputValue()).toBe('ftp://x.com/bayline')

    await page.getByLabel('Twitter URL').fill('https://x.com/bayline_news')
    await page.getByRole('button', { name: 'Save Settings' }).click()
    await page.waitForLoadState('load')
    expect(new URL(page.url()).search).toBe('?tab=site')
    await expect.poll(() => page.getByRole('tab', { name: 'Site Settings', selected: true }).count()).toBe(1)
    expect(await page.getByLabel('Twitter URL').inputValue()).toBe('https://x.com/bayline_news')
    await page.context().close()
  })
})
