import { beforeAll, expect, it } from 'vitest'
import { tooManyAttemptsMessage } from '~/server/services/auth.server'
import { tooManyResetRequestsMessage } from '~/server/services/password-reset.server'
import { waitForHydration } from '../support/browser'
import { createAdmin, withServerDb } from '../support/server'
import { ADMIN, useRunningSite } from '../support/site'
import { useSmtpServer } from '../support/smtp'
import { codeFor, giveTwoFactor, wrongCodeFor } from '../support/two-factor'

// Its own server: the browser's address is locked out here, which must not touch other tests. It
// has a mail server, so reset links can be asked for, and trusts one proxy, so a request can name
// its address (the browser, sending none, is 127.0.0.1).
const smtp = useSmtpServer()
const site = useRunningSite(() => ({ SMTP_URL: smtp.url(), TRUST_PROXY: '1' }))
const OTHER_ADMIN = { email: 'other-admin@example.com', password: 'other-admin-password' }

beforeAll(async () => {
  await createAdmin(site.server, OTHER_ADMIN.email, OTHER_ADMIN.password)
})

it('locks sign-in after repeated failures, even for the right password, and opens no session', async () => {
  const page = await site.browser.newPage({ baseURL: site.server.url })
  await page.goto('/admin/login')
  const attempt = async (password: string) => {
    await page.getByLabel('Email').fill(ADMIN.email)
    await page.getByLabel('Password').fill(password)
    const answered = page.waitForResponse((r) => r.url().includes('/admin/login') && r.request().method() === 'POST')
    await page.getByRole('button', { name: 'Sign In' }).click()
    await answered
    await expect.poll(() => page.getByRole('button', { name: 'Sign In' }).isEnabled()).toBe(true)
    return page.locator('#login-error').textContent()
  }
  for (let i = 1; i <= 10; i++) {
    expect(await attempt(`wrong-${i}`)).toMatch(/Invalid email or password|Too many failed sign-in attempts/)
  }
  expect(await attempt(ADMIN.password)).toBe(tooManyAttemptsMessage)
  expect(new URL(page.url()).pathname).toBe('/admin/login')
  expect(await withServerDb(site.server, (db) => db.selectFrom('sessions').selectAll().execute())).toEqual([])
})

it('lets the owner in from a browser that signed in before while strangers’ guesses lock the e-mail, and tells a new browser how to get in', async () => {
  const owner = { email: 'locked-owner@example.com', password: 'the-owners-own-password' }
  await createAdmin(site.server, owner.email, owner.password)
  const signInFrom = async (page: import('playwright-core').Page, password: string) => {
    await page.goto('/admin/login')
    await waitForHydration(page)
    await page.getByLabel('Email').fill(owner.email)
    await page.getByLabel('Password').fill(password)
    const answered = page.waitForResponse((r) => r.url().includes('/admin/login') && r.request().method() === 'POST')
    await page.getByRole('button', { name: 'Sign In' }).click()
    return answered
  }
  // The owner's office, where the guesses come from too (this file's other tests lock 127.0.0.1).
  const office = { 'X-Forwarded-For': '203.0.113.50' }
  // The owner's own browser signed in last week, and signed out.
  const ownBrowser = await site.browser.newContext({ baseURL: site.server.url, extraHTTPHeaders: office })
  const own = await ownBrowser.newPage()
  await signInFrom(own, owner.password)
  await own.waitForURL('**/admin/blog')
  await own.getByRole('button', { name: 'Sign Out' }).click()
  await own.waitForURL('**/admin/login')

  // Six wrong passwords from one address (the one the owner uses too) lock the e-mail for strangers.
  const stranger = (password: string) =>
    fetch(`${site.server.url}/admin/login`, {
      method: 'POST',
      body: new URLSearchParams({ email: owner.email, password }),
      headers: office,
      redirect: 'manual',
    })
  const statuses = []
  for (let i = 1; i <= 6; i++) statuses.push((await stranger(`guess-${i}`)).status)
  expect(statuses).toEqual([401, 401, 401, 401, 401, 429])
  expect((await stranger(owner.password)).status).toBe(429)

  // A new browser with the right password is refused, and told how to get in.
  const newBrowser = await site.browser.newContext({ baseURL: site.server.url, extraHTTPHeaders: office })
  const fresh = await newBrowser.newPage()
  expect((await signInFrom(fresh, owner.password)).status()).toBe(429)
  const told = await fresh.locator('#login-error').textContent()
  expect(told).toBe(tooManyAttemptsMessage)
  expect(told).toMatch(/browser you have signed in with before/)
  expect(told).toMatch(/Forgot password/)

  // The owner's own browser gets in with the right password, and the lock still holds for strangers.
  await signInFrom(own, owner.password)
  await own.waitForURL('**/admin/blog')
  expect((await stranger(owner.password)).status).toBe(429)
  // That browser has no more guesses than anyone: five wrong ones lock it too.
  await own.getByRole('button', { name: 'Sign Out' }).click()
  await own.waitForURL('**/admin/login')
  const ownStatuses = []
  for (let i = 1; i <= 6; i++) ownStatuses.push((await signInFrom(own, `own-guess-${i}`)).status())
  expect(ownStatuses).toEqual([401, 401, 401, 401, 401, 429])
  await ownBrowser.close()
  await newBrowser.close()
})

it('refuses the 6th reset request for an e-mail, and from an address, within 15 minutes with 429, and sign-in still works', async () => {
  const post = (path: string, fields: Record<string, string>, address: string) =>
    fetch(`${site.server.url}${path}`, {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: { 'X-Forwarded-For': address },
      redirect: 'manual',
    })
  const askForLink = (email: string, address: string) => post('/admin/forgot-password', { email }, address)
  const address = '198.51.100.20'
  for (let i = 1; i <= 5; i++) expect((await askForLink(OTHER_ADMIN.email, address)).status).toBe(200)
  const refused = await askForLink(OTHER_ADMIN.email, address)
  expect(refused.status).toBe(429)
  expect(await refused.text()).toContain(tooManyResetRequestsMessage)
  // Each limit on its own: this e-mail from another address, and another e-mail from this address.
  expect((await askForLink(OTHER_ADMIN.email, '198.51.100.21')).status).toBe(429)
  expect((await askForLink('someone-else@example.com', address)).status).toBe(429)
  const mailsToAdmin = () => smtp.mails.filter((mail) => mail.includes(`To: ${OTHER_ADMIN.email}`)).length
  await expect.poll(mailsToAdmin).toBe(5)

  // Reset requests count apart from sign-ins: the admin signs in, from the same address, at once.
  const signIn = await post('/admin/login', OTHER_ADMIN, address)
  expect(signIn.status).toBe(302)
  expect(signIn.headers.get('Location')).toBe('/admin/blog')
})

it('counts two-factor codes against the same limit: after five wrong ones even the right code is refused', async () => {
  const admin = { email: 'two-factor@example.com', password: 'a-long-password' }
  await createAdmin(site.server, admin.email, admin.password)
  const secret = await withServerDb(site.server, (db) => giveTwoFactor(db, admin.email))
  const context = await site.browser.newContext({ baseURL: site.server.url, extraHTTPHeaders: { 'X-Forwarded-For': '203.0.113.77' } })
  const page = await context.newPage()
  await page.goto('/admin/login')
  await waitForHydration(page)
  await page.getByLabel('Email').fill(admin.email)
  await page.getByLabel('Password').fill(admin.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.waitForURL('**/admin/login/verify')
  await waitForHydration(page)

  const attempt = async (code: string) => {
    await page.getByLabel('Authentication code').fill(code)
    const answered = page.waitForResponse((r) => r.url().includes('/admin/login/verify') && r.request().method() === 'POST')
    await page.getByRole('button', { name: 'Verify' }).click()
    await answered
    await expect.poll(() => page.getByRole('button', { name: 'Verify' }).isEnabled()).toBe(true)
    return page.locator('#verify-error').textContent()
  }
  for (let i = 1; i <= 5; i++) expect(await attempt(await wrongCodeFor(secret))).toMatch(/^That code is not right/)
  expect(await attempt(await codeFor(secret))).toBe(tooManyAttemptsMessage)
  expect(new URL(page.url()).pathname).toBe('/admin/login/verify')
  const sessions = await withServerDb(site.server, (db) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select('sessions.id')
      .where('users.email', '=', admin.email)
      .execute(),
  )
  expect(sessions).toEqual([])
  await context.close()
})
