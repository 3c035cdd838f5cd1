import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { accessibilityViolations } from '../support/axe'
import { toast, waitForHydration } from '../support/browser'
import { withServerDb } from '../support/server'
import { ADMIN, pauseLikeAPerson, useRunningSite } from '../support/site'

const site = useRunningSite()

async function newPage(options: { javaScriptEnabled?: boolean; width?: number } = {}) {
  const { width = 1280, ...rest } = options
  const context = await site.browser.newContext({
    baseURL: site.server.url,
    viewport: { width, height: 900 },
    acceptDownloads: true,
    ...rest,
  })
  return context.newPage()
}

async function signIn(page: Page, { javaScript = true } = {}) {
  await page.goto('/admin/login')
  if (javaScript) await waitForHydration(page)
  await page.getByLabel('Email').fill(ADMIN.email)
  await page.getByLabel('Password').fill(ADMIN.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.waitForURL('**/admin/blog')
}

const readAt = (name: string) =>
  withServerDb(
    site.server,
    async (db) => (await db.selectFrom('inquiries').select('read_at').where('name', '=', name).executeTakeFirst())?.read_at,
  )

/** A visitor writes through the public contact form, as anyone would. */
async function sendContactMessage(name: string, message: string) {
  const page = await newPage({ width: 390 })
  await page.goto('/contact')
  await waitForHydration(page)
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Email').fill('rosa@example.com')
  await page.getByLabel('Business (optional)').fill('Ramírez Roofing, LLC')
  await page.getByLabel('Message').fill(message)
  await pauseLikeAPerson(page)
  await page.getByRole('button', { name: 'Send Message' }).click()
  await page.getByRole('heading', { name: 'Message sent successfully!' }).waitFor()
  await page.context().close()
}

it('shows a new contact message as unread, opens it, exports it and deletes it', async () => {
  const name = 'Rosa Ramírez'
  await sendContactMessage(name, 'Do you cover Tampa?\nWe have two crews and one phone line.')

  const page = await newPage()
  await signIn(page)
  expect(await page.getByTestId('unread-count').textContent()).toBe('1 unread')
  await page.getByRole('link', { name: 'Bayline AI Admin' }).click()
  await page.waitForURL(/\/admin$/)
  await expect.poll(() => page.getByTestId('dashboard-unread').textContent()).toBe('1 unread')

  await page.getByRole('link', { name: 'Manage Inbox' }).click()
  await page.waitForURL('**/admin/inbox')
  expect(await page.getByRole('heading', { level: 1 }).getByTestId('inbox-unread').textContent()).toBe('1 unread')
  const row = page.getByTestId('inquiry-row').filter({ hasText: name })
  expect(await row.getAttribute('data-unread')).toBe('true')
  expect(await row.getByText('Contact', { exact: true }).count()).toBe(1)
  expect(await row.getByText('Do you cover Tampa?', { exact: true }).count()).toBe(1)
  expect(await row.getByRole('link', { name: 'rosa@example.com' }).getAttribute('href')).toBe('mailto:rosa@example.com')
  // Checked without the sign-in toast, which axe can catch halfway through its fade-in.
  await page.reload()
  expect(await accessibilityViolations(page)).toEqual([])

  await row.getByRole('link', { name: `${name} (unread)` }).click()
  await page.waitForURL(/\/admin\/inbox\/[0-9a-f-]{36}$/)
  expect(await page.getByTestId('message-body').innerText()).toBe('Do you cover Tampa?\nWe have two crews and one phone line.')
  expect(await page.getByText('Ramírez Roofing, LLC').count()).toBe(1)
  expect(await page.getByRole('link', { name: 'Reply by e-mail' }).getAttribute('href')).toBe('mailto:rosa@example.com')
  await expect.poll(() => page.getByTestId('read-state').textContent()).toBe('Read')
  await expect.poll(() => readAt(name)).not.toBeNull()
  await expect.poll(() => page.getByTestId('unread-count').count()).toBe(0)
  expect(await accessibilityViolations(page)).toEqual([])

  await page.getByRole('link', { name: 'Back to Inbox' }).click()
  await page.waitForURL('**/admin/inbox')
  expect(await page.getByTestId('inquiry-row').filter({ hasText: name }).getAttribute('data-unread')).toBeNull()
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()])
  expect(download.suggestedFilename()).toMatch(/^inbox-\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = await readFile((await download.path())!, 'utf8')
  expect(csv).toContain('received,kind,name,email,business,message,read')
  expect(csv).toContain(
    `Contact,${name},rosa@example.com,"Ramírez Roofing, LLC","Do you cover Tampa?\nWe have two crews and one phone line.",yes`,
  )

  await page.getByTestId('inquiry-row').filter({ hasText: name }).getByRole('link', { name }).click()
  await page.waitForURL(/\/admin\/inbox\/[0-9a-f-]{36}$/)
  await waitForHydration(page)
  await page.getByRole('button', { name: `Delete message from ${name}` }).click()
  const dialog = page.getByRole('alertdialog')
  expect(await dialog.getByText('Are you sure you want to delete this message?').isVisible()).toBe(true)
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await page.waitForURL('**/admin/inbox')
  await expect.poll(() => toast(page, 'Message deleted successfully').count()).toBe(1)
  expect(await page.getByText('No messages yet').isVisible()).toBe(true)
  expect(await readAt(name)).toBeUndefined()
  await page.context().close()
})

it('marks read only on request without JavaScript, and unread again', async () => {
  const name = 'Noah Script'
  await sendContactMessage(name, 'Plain HTML forever.')
  const page = await newPage({ javaScriptEnabled: false, width: 390 })
  await signIn(page, { javaScript: false })
  await page.goto('/admin/inbox')
  await page.getByRole('link', { name: `${name} (unread)` }).click()
  expect(await page.getByTestId('read-state').textContent()).toBe('Unread')
  expect(await readAt(name)).toBeNull()

  await page.getByRole('button', { name: 'Mark as read' }).click()
  expect(await page.getByTestId('read-state').textContent()).toBe('Read')
  expect(await readAt(name)).not.toBeNull()

  await page.getByRole('button', { name: 'Mark as unread' }).click()
  expect(new URL(page.url()).pathname).toBe('/admin/inbox')
  expect(await page.getByTestId('inquiry-row').filter({ hasText: name }).getAttribute('data-unread')).toBe('true')
  expect(await readAt(name)).toBeNull()
  await page.context().close()
})

it('refuses the CSV without a session and answers an unknown message with the inbox', async () => {
  const page = await newPage()
  const response = await page.request.get('/admin/inbox/export.csv', { maxRedirects: 0 })
  expect(response.status()).toBe(302)
  expect(response.headers().location).toBe('/admin/login?redirectTo=%2Fadmin%2Finbox%2Fexport.csv')

  await signIn(page)
  await page.goto('/admin/inbox/00000000-0000-0000-0000-000000000000')
  expect(new URL(page.url()).pathname).toBe('/admin/inbox')
  await expect.poll(() => toast(page, 'Message not found').count()).toBe(1)
  await page.context().close()
})
