import { expect, it } from 'vitest'
import { accessibilityViolations } from '../support/axe'
import { ADMIN, useRunningSite } from '../support/site'

const site = useRunningSite()

// The public pages are checked in public-site.test.ts; these are the back office's screens.
const adminScreens = [
  '/admin',
  '/admin/blog',
  '/admin/blog/new',
  '/admin/authors',
  '/admin/authors/new',
  '/admin/case-studies',
  '/admin/case-studies/new',
  '/admin/case-studies/edit/hvac-assistant',
  '/admin/team',
  '/admin/team/new',
  '/admin/settings',
  '/admin/settings?tab=site',
  '/admin/inbox',
  '/admin/activity',
  '/admin/redirects',
  '/admin/redirects/new?from=/old-page',
  '/admin/not-found',
]

it.each([
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
])('has no WCAG AA violations on the 404 page, the login and every admin screen (%s)', async (_name, viewport) => {
  const page = await site.browser.newPage({ baseURL: site.server.url, viewport })
  const found: Record<string, string[]> = {}
  for (const path of ['/missing-page', '/admin/login']) {
    await page.goto(path)
    found[path] = await accessibilityViolations(page)
  }
  await page.getByLabel('Email').fill(ADMIN.email)
  await page.getByLabel('Password').fill(ADMIN.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.waitForURL('**/admin/blog')
  for (const path of adminScreens) {
    const response = await page.goto(path)
    found[path] = response?.status() === 200 ? await accessibilityViolations(page) : [`status ${response?.status()}`]
  }
  expect(found).toEqual(Object.fromEntries(Object.keys(found).map((path) => [path, []])))
  await page.close()
})
