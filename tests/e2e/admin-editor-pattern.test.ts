import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { createTestAuthor } from '../support/blog'
import { toast, waitForHydration } from '../support/browser'
import { withServerDb } from '../support/server'
import { signInThroughForm, useRunningSite } from '../support/site'

// What every back-office editor does, seen in Chromium at desktop width on the authors' editor.
const site = useRunningSite()

/** A browser session signed in as the admin, as admin.test.ts signs in; its pages share the session. */
async function signedInContext(): Promise<BrowserContext> {
  const context = await site.browser.newContext({ baseURL: site.server.url, viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  await signInThroughForm(page)
  await page.close()
  return context
}

async function openEditor(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage()
  await page.goto(path)
  await page.getByRole('button', { name: 'Save Author' }).waitFor()
  await waitForHydration(page)
  return page
}

const errorOf = (page: Page, name: string) => page.locator(`#field-${name}-error`)
const storedAuthor = (name: string) =>
  withServerDb(site.server, (db) => db.selectFrom('authors').select(['name', 'bio']).where('name', '=', name).executeTakeFirst())

describe('an editor on the back-office pattern', () => {
  it('clears the error under a field as soon as the field is fixed, without sending the form', async () => {
    const context = await signedInContext()
    const page = await openEditor(context, '/admin/authors/new')

    await page.getByRole('button', { name: 'Save Author' }).click()
    await expect.poll(() => errorOf(page, 'name').textContent()).toBe('Name is required')
    expect(await page.getByLabel('Name').getAttribute('aria-invalid')).toBe('true')
    expect(await errorOf(page, 'email').textContent()).toBe('Email is required')

    await page.getByLabel('Name').fill('Fixed Fiona')
    await expect.poll(() => errorOf(page, 'name').count()).toBe(0)
    expect(await page.getByLabel('Name').getAttribute('aria-invalid')).toBeNull()
    // Only the fixed field's error leaves, and nothing was sent.
    expect(await errorOf(page, 'email').textContent()).toBe('Email is required')
    expect(new URL(page.url()).pathname).toBe('/admin/authors/new')
    expect(await storedAuthor('Fixed Fiona')).toBeUndefined()
    await context.close()
  })

  it('refuses a save from a page opened before another save, keeping the text typed there', async () => {
    const id = await withServerDb(site.server, (db) => createTestAuthor(db, { name: 'Twice Opened', bio: 'As first written.' }))
    const context = await signedInContext()
    const first = await openEditor(context, `/admin/authors/edit/${id}`)
    const second = await openEditor(context, `/admin/authors/edit/${id}`)

    await first.getByLabel('Bio').fill('Saved from the first page.')
    await first.getByRole('button', { name: 'Save Author' }).click()
    await first.waitForURL(/\/admin\/authors$/)
    await expect.poll(() => toast(first, 'Author updated successfully').count()).toBe(1)

    await second.getByLabel('Name').fill('Twice Overwritten')
    await second.getByLabel('Bio').fill('Typed on the second page.')
    await second.getByRole('button', { name: 'Save Author' }).click()
    const stale = 'This author was changed by someone else since you opened it. Reload to see their changes; your text is kept below.'
    await expect.poll(() => second.locator('form [role="alert"]').textContent()).toBe(stale)
    await expect.poll(() => toast(second, stale).count()).toBe(1)
    expect(new URL(second.url()).pathname).toBe(`/admin/authors/edit/${id}`)
    expect(await second.getByLabel('Name').inputValue()).toBe('Twice Overwritten')
    expect(await second.getByLabel('Bio').inputValue()).toBe('Typed on the second page.')

    expect(await storedAuthor('Twice Opened')).toEqual({ name: 'Twice Opened', bio: 'Saved from the first page.' })
    expect(await storedAuthor('Twice Overwritten')).toBeUndefined()
    await context.close()
  })
})
