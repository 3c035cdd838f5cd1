import { afterAll, beforeAll, expect, it } from 'vitest'
import { launchBrowser } from '../support/browser'
import { createAdmin, startServer, withServerDb, type RunningServer } from '../support/server'
import type { Browser } from 'playwright-core'

// Its own server: the browser's address is locked out here, which must not touch other tests.
let server: RunningServer
let browser: Browser
beforeAll(async () => {
  server = await startServer()
  await createAdmin(server, 'owner@example.com', 'a-long-password')
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

it('locks sign-in after repeated failures, even for the right password, and opens no session', async () => {
  const page = await browser.newPage({ baseURL: server.url })
  await page.goto('/admin/login')
  const attempt = async (password: string) => {
    await page.getByLabel('Email').fill('owner@example.com')
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
  expect(await attempt('a-long-password')).toBe(
    'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
  )
  expect(new URL(page.url()).pathname).toBe('/admin/login')
  expect(await withServerDb(server, (db) => db.selectFrom('sessions').selectAll().execute())).toEqual([])
})
