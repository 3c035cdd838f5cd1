import { expect, it } from 'vitest'
import { accessibilityViolations } from '../support/axe'
import { ADMIN, useRunningSite } from '../support/site'

const site = useRunningSite()

it.each([
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
])('has no WCAG AA violations on the pages built so far (%s)', async (_name, viewport) => {
  const page = await site.browser.newPage({ baseURL: site.server.url, viewport })
  const found: Record<string, string[]> = {}
  for (const path of ['/', '/missing-page', '/admin/login']) {
    await page.goto(path)
    found[path] = await accessibilityViolations(page)
  }
  await page.getByLabel('Email').fill(ADMIN.email)
  await page.getByLabel('Password').fill(ADMIN.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.waitForURL('**/admin/blog')
  for (const path of ['/admin/blog', '/admin']) {
    await page.goto(path)
    found[path] = await accessibilityViolations(page)
  }
  expect(found).toEqual({ '/': [], '/missing-page': [], '/admin/login': [], '/admin/blog': [], '/admin': [] })
  await page.close()
})
