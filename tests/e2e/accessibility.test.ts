import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { accessibilityViolations } from '../support/axe'
import { launchBrowser } from '../support/browser'
import { createAdmin, startServer, type RunningServer } from '../support/server'

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

it.each([
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
])('has no WCAG AA violations on the pages built so far (%s)', async (_name, viewport) => {
  const page = await browser.newPage({ baseURL: server.url, viewport })
  const found: Record<string, string[]> = {}
  for (const path of ['/', '/missing-page', '/admin/login']) {
    await page.goto(path)
    found[path] = await accessibilityViolations(page)
  }
  await page.getByLabel('Email').fill('owner@example.com')
  await page.getByLabel('Password').fill('a-long-password')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.waitForURL('**/admin/blog')
  for (const path of ['/admin/blog', '/admin']) {
    await page.goto(path)
    found[path] = await accessibilityViolations(page)
  }
  expect(found).toEqual({ '/': [], '/missing-page': [], '/admin/login': [], '/admin/blog': [], '/admin': [] })
  await page.close()
})
