import { expect, it } from 'vitest'
import { withServerDb } from '../support/server'
import { ADMIN, useRunningSite } from '../support/site'

// Its own server: the browser's address is locked out here, which must not touch other tests.
const site = useRunningSite()

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
  expect(await attempt(ADMIN.password)).toBe(
    'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
  )
  expect(new URL(page.url()).pathname).toBe('/admin/login')
  expect(await withServerDb(site.server, (db) => db.selectFrom('sessions').selectAll().execute())).toEqual([])
})
