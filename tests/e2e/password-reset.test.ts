import { once } from 'node:events'
import { createServer, type AddressInfo } from 'node:net'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accessibilityViolations } from '../support/axe'
import { launchBrowser, toast, waitForHydration } from '../support/browser'
import { createAdmin, startServer, type RunningServer } from '../support/server'
import { ADMIN, signInThroughForm } from '../support/site'
import { readableMail, useSmtpServer } from '../support/smtp'

const smtp = useSmtpServer()
const NEW_PASSWORD = 'a-brand-new-password'
const SENT = 'If that e-mail belongs to an admin, a link to reset the password is on its way. It works for 30 minutes.'

let server: RunningServer
let browser: Browser

/** A port no one listens on now, so SITE_URL can name the server's real address before it starts. */
async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1')
  await once(probe, 'listening')
  const { port } = probe.address() as AddressInfo
  probe.close()
  await once(probe, 'close')
  return port
}

beforeAll(async () => {
  const port = await freePort()
  server = await startServer({ PORT: String(port), SITE_URL: `http://127.0.0.1:${port}`, SMTP_URL: smtp.url() })
  await createAdmin(server, ADMIN.email, ADMIN.password)
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

async function newPage(options: { javaScriptEnabled?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, ...options })
  return context.newPage()
}

/** The reset link in the newest mail to `email`, once it has arrived. */
async function linkMailedTo(email: string, count: number): Promise<string> {
  const received = () => smtp.mails.filter((mail) => mail.includes(`To: ${email}`))
  await expect.poll(() => received().length, { timeout: 10_000 }).toBe(count)
  const link = /http:\/\/\S+\/admin\/reset-password\/[A-Za-z0-9_-]{43}/.exec(readableMail(received().at(-1)!))?.[0]
  if (!link) throw new Error(`no reset link in the mail to ${email}`)
  return link
}

/** What a field's error says, and whether the field is marked invalid and announces it. */
async function fieldError(page: Page, name: string) {
  const input = page.locator(`#field-${name}`)
  return {
    error: await page.locator(`#field-${name}-error`).textContent(),
    invalid: await input.getAttribute('aria-invalid'),
    describedBy: await input.getAttribute('aria-describedby'),
  }
}

describe('password reset by e-mail', () => {
  it('resets a forgotten password from the sign-in page: the link comes by e-mail, every session ends, and the link works once', async () => {
    const signedIn = await newPage()
    await signInThroughForm(signedIn)

    const page = await newPage()
    await page.goto('/admin/login')
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await page.waitForURL('**/admin/forgot-password')
    await page.getByRole('button', { name: 'Send Reset Link' }).waitFor()
    expect(await accessibilityViolations(page)).toEqual([])
    await page.getByLabel('Email').fill(ADMIN.email)
    await page.getByRole('button', { name: 'Send Reset Link' }).click()
    await expect.poll(() => page.getByRole('status').textContent()).toBe(SENT)
    expect(await accessibilityViolations(page)).toEqual([])

    const link = await linkMailedTo(ADMIN.email, 1)
    expect(link.startsWith(`${server.url}/admin/reset-password/`)).toBe(true)
    const opened = await page.goto(link)
    const headers = opened!.headers()
    expect([headers['referrer-policy'], headers['cache-control']]).toEqual(['strict-origin', 'no-store'])
    await waitForHydration(page)
    expect(await accessibilityViolations(page)).toEqual([])
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
    await page.getByLabel('Confirm new password').fill(`${NEW_PASSWORD}-typo`)
    await page.getByRole('button', { name: 'Set New Password' }).click()
    expect(await fieldError(page, 'confirmPassword')).toEqual({
      error: "New passwords don't match",
      invalid: 'true',
      describedBy: 'field-confirmPassword-error',
    })

    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD)
    await page.getByRole('button', { name: 'Set New Password' }).click()
    await page.waitForURL('**/admin/login')
    await expect.poll(() => toast(page, 'Password reset. Sign in with your new password.').count()).toBe(1)

    await page.getByLabel('Email').fill(ADMIN.email)
    await page.getByLabel('Password').fill(ADMIN.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect.poll(() => page.locator('#login-error').textContent()).toBe('Invalid email or password')
    await page.getByLabel('Password').fill(NEW_PASSWORD)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await page.waitForURL('**/admin/blog')

    // The session opened before the reset is over.
    await signedIn.goto('/admin')
    expect(new URL(signedIn.url()).pathname).toBe('/admin/login')

    const again = await newPage()
    const response = await again.goto(link)
    expect(response!.status()).toBe(410)
    expect(await again.getByRole('alert').textContent()).toContain('This reset link has expired or was already used.')
    expect(await again.getByRole('link', { name: 'Request a New Link' }).getAttribute('href')).toBe('/admin/forgot-password')
    expect(await accessibilityViolations(again)).toEqual([])
  })

  it('works without JavaScript: the e-mail is checked at its field, the link sent and the new password set by plain form posts', async () => {
    const second = { email: 'second-admin@example.com', password: 'second-admin-password' }
    await createAdmin(server, second.email, second.password)
    const page = await newPage({ javaScriptEnabled: false })
    await page.goto('/admin/forgot-password')
    await page.getByLabel('Email').fill('second-admin.example.com')
    await page.getByRole('button', { name: 'Send Reset Link' }).click()
    await page.waitForLoadState('load')
    expect(await fieldError(page, 'email')).toEqual({
      error: 'Please enter a valid email address, like name@example.com',
      invalid: 'true',
      describedBy: 'field-email-error',
    })
    expect(await page.getByLabel('Email').inputValue()).toBe('second-admin.example.com')

    await page.getByLabel('Email').fill(second.email)
    await page.getByRole('button', { name: 'Send Reset Link' }).click()
    await page.waitForLoadState('load')
    expect(await page.getByRole('status').textContent()).toBe(SENT)

    await page.goto(await linkMailedTo(second.email, 1))
    await page.getByLabel('New password', { exact: true }).fill('short')
    await page.getByLabel('Confirm new password').fill('short')
    await page.getByRole('button', { name: 'Set New Password' }).click()
    await page.waitForLoadState('load')
    expect(await fieldError(page, 'newPassword')).toEqual({
      error: 'Password must be at least 8 characters',
      invalid: 'true',
      describedBy: 'field-newPassword-error',
    })

    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD)
    await page.getByRole('button', { name: 'Set New Password' }).click()
    await page.waitForURL('**/admin/login', { waitUntil: 'load' })
    expect(await page.locator('body').textContent()).toContain('Password reset. Sign in with your new password.')
    await page.getByLabel('Email').fill(second.email)
    await page.getByLabel('Password').fill(NEW_PASSWORD)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await page.waitForURL('**/admin/blog', { waitUntil: 'load' })
  })
})

describe('a site without a mail server', () => {
  let plain: RunningServer
  beforeAll(async () => {
    plain = await startServer()
  })
  afterAll(async () => {
    await plain?.stop()
  })

  it('says reset by e-mail is not available and promises no e-mail', async () => {
    const context = await browser.newContext({ baseURL: plain.url })
    const page = await context.newPage()
    await page.goto('/admin/login')
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await page.waitForURL('**/admin/forgot-password')
    // The address changes as the navigation starts; the new page follows.
    await page.getByText('Reset by e-mail is not available on this site.').waitFor()
    const text = await page.locator('main').innerText()
    expect(text).toContain('Ask the site owner to reset your password for you.')
    expect(text).not.toMatch(/on its way|we will e-mail|check your e-mail/i)
    expect(await page.getByLabel('Email').count()).toBe(0)
    expect(await page.getByRole('button').count()).toBe(0)
    expect(await accessibilityViolations(page)).toEqual([])
  })
})
