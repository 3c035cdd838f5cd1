import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { createTestAuthor, createTestPost } from '../support/blog'
import { toast, waitForHydration } from '../support/browser'
import { withServerDb } from '../support/server'
import { ADMIN, useRunningSite } from '../support/site'

const site = useRunningSite()

async function signedInPage(options: { javaScriptEnabled?: boolean } = {}) {
  const context = await site.browser.newContext({ baseURL: site.server.url, ...options })
  const page = await context.newPage()
  await page.goto('/admin/login')
  if (options.javaScriptEnabled !== false) await waitForHydration(page)
  await page.getByLabel('Email').fill(ADMIN.email)
  await page.getByLabel('Password').fill(ADMIN.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.waitForURL('**/admin/blog')
  return page
}

const row = (page: Page, name: string) => page.getByTestId('author-row').filter({ hasText: name })

async function openAuthors(page: Page) {
  await page.goto('/admin/authors')
  await waitForHydration(page)
}

async function confirmDelete(page: Page, name: string) {
  await row(page, name)
    .getByRole('button', { name: `Delete ${name}` })
    .click()
  const dialog = page.getByRole('alertdialog')
  expect(await dialog.getByText('Are you sure you want to delete this author?').isVisible()).toBe(true)
  await dialog.getByRole('button', { name: 'Delete' }).click()
}

describe('managing authors', () => {
  it('creates an author with an avatar, then edits them', async () => {
    const page = await signedInPage()
    await openAuthors(page)
    expect(await page.locator('thead th').allTextContents()).toEqual(['Name', 'Email', 'Posts', 'Actions'])
    await page.getByRole('link', { name: 'New Author' }).click()
    await page.waitForURL('**/admin/authors/new')
    await waitForHydration(page)

    // Checked in the browser before anything is sent.
    await page.getByRole('button', { name: 'Save Author' }).click()
    await expect.poll(() => page.locator('#field-name-error').textContent()).toBe('Name is required')
    expect(await page.getByLabel('Name').getAttribute('aria-invalid')).toBe('true')
    expect(await page.locator('#field-email-error').textContent()).toBe('Email is required')

    await page.getByLabel('Name').fill('Ada Lovelace')
    await expect.poll(() => page.locator('[data-slot="avatar"]').textContent()).toBe('AL')
    await page.getByLabel('Email').fill('ada@example.com')
    await page.getByLabel('Bio').fill('Writes about engines.')
    const avatar = await sharp({ create: { width: 80, height: 80, channels: 3, background: '#336699' } })
      .png()
      .toBuffer()
    await page.locator('input[type="file"]').setInputFiles({ name: 'ada.png', mimeType: 'image/png', buffer: avatar })
    await page.getByLabel('Alt text').fill('Ada at her desk')
    await page.getByRole('button', { name: 'Save Author' }).click()

    await page.waitForURL(/\/admin\/authors$/)
    await expect.poll(() => toast(page, 'Author created successfully').count()).toBe(1)
    expect(await toast(page, 'Avatar uploaded successfully').count()).toBe(1)
    const created = row(page, 'Ada Lovelace')
    expect(await created.getByText('ada@example.com').isVisible()).toBe(true)
    expect(await created.locator('img').getAttribute('src')).toMatch(/^\/media\/images\/authors\/[0-9a-f-]+\.png$/)

    await created.getByRole('link', { name: 'Edit Ada Lovelace' }).click()
    await page.waitForURL(/\/admin\/authors\/edit\/[0-9a-f-]+$/)
    await page.getByRole('heading', { name: 'Edit Author' }).waitFor()
    await waitForHydration(page)
    expect(await page.getByLabel('Bio').inputValue()).toBe('Writes about engines.')
    await page.getByLabel('Name').fill('Ada King')
    await page.getByRole('button', { name: 'Save Author' }).click()
    await page.waitForURL(/\/admin\/authors$/)
    await expect.poll(() => toast(page, 'Author updated successfully').count()).toBe(1)
    expect(await row(page, 'Ada King').locator('img').count()).toBe(1)
    expect(await row(page, 'Ada Lovelace').count()).toBe(0)
    await page.context().close()
  })

  it('refuses to delete an author who has posts, and deletes one who has none', async () => {
    const busy = 'Bea Busywriter'
    const idle = 'Ian Idlewriter'
    await withServerDb(site.server, async (db) => {
      await createTestPost(db, await createTestAuthor(db, { name: busy }))
      await createTestAuthor(db, { name: idle })
    })
    const page = await signedInPage()
    await openAuthors(page)
    expect(await row(page, busy).locator('td').nth(1).textContent()).toMatch(/^1\b/)

    await confirmDelete(page, busy)
    await expect.poll(() => toast(page, 'Cannot delete author. They have 1 posts.').count()).toBe(1)
    expect(await row(page, busy).count()).toBe(1)

    await confirmDelete(page, idle)
    await expect.poll(() => toast(page, 'Author deleted successfully').count()).toBe(1)
    await expect.poll(() => row(page, idle).count()).toBe(0)
    await page.context().close()
  })

  it('works without JavaScript: errors come back next to the fields with the values kept', async () => {
    const page = await signedInPage({ javaScriptEnabled: false })
    await page.goto('/admin/authors/new')
    await page.getByLabel('Name').fill('Nora Noscript')
    await page.getByLabel('Email').fill('not-an-address')
    await page.getByLabel('Bio').fill('Reads pages as plain HTML.')
    await page.getByRole('button', { name: 'Save Author' }).click()

    await page.locator('#field-email-error').waitFor()
    expect(await page.locator('#field-email-error').textContent()).toBe('Please enter a valid email address, like name@example.com')
    expect(await page.getByLabel('Email').getAttribute('aria-describedby')).toBe('field-email-error')
    expect(await page.getByLabel('Name').inputValue()).toBe('Nora Noscript')
    expect(await page.getByLabel('Bio').inputValue()).toBe('Reads pages as plain HTML.')

    await page.getByLabel('Email').fill('nora@example.com')
    await page.getByRole('button', { name: 'Save Author' }).click()
    await page.waitForURL(/\/admin\/authors$/)
    expect(await row(page, 'Nora Noscript').getByText('nora@example.com').isVisible()).toBe(true)
    await page.context().close()
  })
})
