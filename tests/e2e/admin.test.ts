import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { toast, waitForHydration } from '../support/browser'
import { withServerDb } from '../support/server'
import { ADMIN, useRunningSite } from '../support/site'

const { email: EMAIL, password: PASSWORD } = ADMIN

const site = useRunningSite()

async function newPage(options: { javaScriptEnabled?: boolean } = {}) {
  const context = await site.browser.newContext({ baseURL: site.server.url, ...options })
  return context.newPage()
}

async function signIn(page: Page, email = EMAIL, password = PASSWORD, { javaScript = true } = {}) {
  await page.goto('/admin/login')
  if (javaScript) await waitForHydration(page)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

describe('admin sign-in', () => {
  it('sends a visitor without a session from any admin page to the login page', async () => {
    const page = await newPage()
    await page.goto('/admin/blog')
    expect(new URL(page.url()).pathname).toBe('/admin/login')
    await expect.poll(() => page.getByRole('heading', { name: 'Bayline AI Admin' }).isVisible()).toBe(true)
    // The server command is the owner's business (README); visitors are told whom to ask.
    expect(await page.getByText('No account yet?').isVisible()).toBe(true)
    await page.context().close()
  })

  it('asks for both fields before sending anything', async () => {
    const page = await newPage()
    await page.goto('/admin/login')
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect.poll(() => page.getByRole('alert').first().textContent()).toBe('Please enter both email and password')
    await page.context().close()
  })

  it('shows a wrong password in an alert box and in a toast', async () => {
    const page = await newPage()
    await signIn(page, EMAIL, 'not-the-password')
    await expect.poll(() => page.locator('#login-error').textContent()).toBe('Invalid email or password')
    await expect.poll(() => toast(page, 'Authentication error: Invalid email or password').count()).toBe(1)
    expect(new URL(page.url()).pathname).toBe('/admin/login')
    await page.context().close()
  })

  it('works without JavaScript', async () => {
    const page = await newPage({ javaScriptEnabled: false })
    await signIn(page, EMAIL, PASSWORD, { javaScript: false })
    // Without scripts the sign-in is a page load: wait for the list page to load, not just its address.
    await page.waitForURL('**/admin/blog', { waitUntil: 'load' })
    expect(new URL(page.url()).pathname).toBe('/admin/blog')
    expect(await page.getByTestId('post-row').count()).toBeGreaterThan(0)
    await page.context().close()
  })
})

describe('managing the post list', () => {
  it('signs in, publishes, unpublishes, deletes and signs out', async () => {
    const page = await newPage()
    await signIn(page)
    await page.waitForURL('**/admin/blog')
    await expect.poll(() => toast(page, 'Signed in successfully').count()).toBe(1)
    expect(await page.getByTestId('admin-email').textContent()).toBe(EMAIL)
    expect(await page.getByRole('link', { name: 'Blog Posts' }).getAttribute('aria-current')).toBe('page')

    const rows = page.getByTestId('post-row')
    expect(await rows.count()).toBe(4)
    const headers = await page.locator('thead th').allTextContents()
    expect(headers).toEqual(['Title', 'Author', 'Status', 'Created', 'Actions'])
    expect(await page.getByRole('link', { name: 'New Post' }).getAttribute('href')).toBe('/admin/blog/new')

    const draft = rows.filter({ hasText: 'Draft' })
    const title = (await draft.locator('th').textContent())!
    const row = rows.filter({ hasText: title })
    expect(await row.getByRole('link', { name: /^View / }).count()).toBe(0)

    // Publishing and unpublishing from the list ask first.
    await row.getByRole('button', { name: 'Publish' }).click()
    await page
      .getByRole('alertdialog', { name: `Publish “${title}”?` })
      .getByRole('button', { name: 'Publish' })
      .click()
    await expect.poll(() => toast(page, 'Post published successfully').count()).toBe(1)
    await expect.poll(() => row.getByText('Published', { exact: true }).count()).toBe(1)
    const view = row.getByRole('link', { name: /^View / })
    expect(await view.getAttribute('target')).toBe('_blank')
    expect(await view.getAttribute('href')).toMatch(/^\/resources\/blog\/[a-z0-9-]+$/)
    const stored = await withServerDb(site.server, (db) =>
      db.selectFrom('blog_posts').select(['published', 'published_at']).where('title', '=', title).executeTakeFirstOrThrow(),
    )
    expect(stored.published).toBe(1)
    expect(stored.published_at).not.toBeNull()

    await row.getByRole('button', { name: 'Unpublish' }).click()
    await page
      .getByRole('alertdialog', { name: `Unpublish “${title}”?` })
      .getByRole('button', { name: 'Unpublish' })
      .click()
    await expect.poll(() => toast(page, 'Post unpublished successfully').count()).toBe(1)
    await expect.poll(() => row.getByText('Draft', { exact: true }).count()).toBe(1)

    await row.getByRole('button', { name: `Delete ${title}` }).click()
    const dialog = page.getByRole('alertdialog')
    expect(await dialog.getByText('Are you sure you want to delete this post?').isVisible()).toBe(true)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    expect(await rows.count()).toBe(4)
    await row.getByRole('button', { name: `Delete ${title}` }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await expect.poll(() => toast(page, 'Post deleted successfully').count()).toBe(1)
    await expect.poll(() => rows.count()).toBe(3)

    await page.getByRole('button', { name: 'Sign Out' }).click()
    await page.waitForURL('**/admin/login')
    await expect.poll(() => toast(page, 'Signed out').count()).toBe(1)
    await page.goto('/admin/blog')
    expect(new URL(page.url()).pathname).toBe('/admin/login')
    await page.context().close()
  })

  it('shows the dashboard with the five Manage cards of the spec, and the Inbox', async () => {
    const page = await newPage()
    await signIn(page)
    await page.waitForURL('**/admin/blog')
    await page.getByRole('link', { name: 'Bayline AI Admin' }).click()
    await page.waitForURL(/\/admin$/)
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
    for (const label of ['Blog Posts', 'Authors', 'Case Studies', 'Team Members', 'Settings', 'Inbox']) {
      expect(await page.getByRole('heading', { name: label }).isVisible()).toBe(true)
    }
    expect(await page.getByRole('link', { name: /^Manage/ }).count()).toBe(6)
    await page.context().close()
  })

  it('notices an ended session at the 10-minute refresh and goes to login', async () => {
    const page = await newPage()
    await page.clock.install()
    await signIn(page)
    await page.waitForURL('**/admin/blog')
    // The refresh timer starts once the admin layout has mounted, which the sign-in toast shows.
    await expect.poll(() => toast(page, 'Signed in successfully').count()).toBe(1)
    await withServerDb(site.server, (db) => db.deleteFrom('sessions').execute())
    await page.clock.runFor('10:01')
    await expect.poll(() => toast(page, 'Session expired. Please login again.').count()).toBe(1)
    await page.waitForURL('**/admin/login')
    await page.context().close()
  })
})

describe('the not-found page', () => {
  it('shows 404 with a way home and logs the path to the console', async () => {
    const page = await newPage()
    const messages: string[] = []
    page.on('console', (m) => messages.push(m.text()))
    const response = await page.goto('/this/page/is/missing')
    expect(response?.status()).toBe(404)
    expect(await page.getByText('404', { exact: true }).isVisible()).toBe(true)
    expect(await page.getByRole('heading', { name: 'Oops! Page not found' }).isVisible()).toBe(true)
    await expect.poll(() => messages.some((m) => m.includes('/this/page/is/missing'))).toBe(true)
    await page.getByRole('link', { name: 'Return to Home' }).click()
    await page.waitForURL(`${site.server.url}/`)
    await page.context().close()
  })
})
