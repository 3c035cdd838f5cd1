import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { toast, waitForHydration } from '../support/browser'
import { visit } from '../support/http'
import { logMessages } from '../support/log-lines'
import { signInThroughForm, useRunningSite } from '../support/site'

// Not-found counts reach the database within a fifth of a second.
const site = useRunningSite({ ANALYTICS_FLUSH_SECONDS: '0.2' })

async function signedInPage() {
  const context = await site.browser.newContext({ baseURL: site.server.url })
  const page = await context.newPage()
  await signInThroughForm(page)
  return page
}

/** How the site answers a path, without following a redirect. */
async function answer(path: string) {
  const response = await fetch(`${site.server.url}${path}`, { redirect: 'manual' })
  return { status: response.status, location: response.headers.get('location') }
}

/** Visits a page twice as an anonymous visitor, so the second answer comes from the page cache. */
async function cache(path: string) {
  for (let i = 0; i < 2; i++) expect((await visit(site.server.url, path)).status).toBe(200)
  // The server's log line travels through a pipe and may arrive just after the answer.
  await expect.poll(() => logMessages(site.server.output())).toContain(`GET ${path} 200 cached`)
}

async function changeSlug(page: Page, slug: string, save: string, saved: string) {
  await page.getByLabel(/^Slug/).fill(slug)
  await page.getByRole('button', { name: save }).click()
  await expect.poll(() => toast(page, saved).count()).toBe(1)
}

describe('links never break', () => {
  it('sends the old address of a published post whose slug changed to the new one, over the cached page', async () => {
    const admin = await signedInPage()
    await admin
      .getByTestId('post-row')
      .filter({ hasText: 'Published' })
      .first()
      .getByRole('link', { name: /^Edit / })
      .click()
    await admin.getByRole('heading', { name: 'Edit Post' }).waitFor()
    await waitForHydration(admin)
    const editor = admin.url()
    const oldSlug = await admin.getByLabel(/^Slug/).inputValue()
    await cache(`/resources/blog/${oldSlug}`)

    await changeSlug(admin, `${oldSlug}-moved`, 'Save Post', 'Post updated successfully')
    expect(await answer(`/resources/blog/${oldSlug}?utm_source=newsletter`)).toEqual({
      status: 301,
      location: `/resources/blog/${oldSlug}-moved?utm_source=newsletter`,
    })
    const visitor = await (await site.browser.newContext({ baseURL: site.server.url })).newPage()
    await visitor.goto(`/resources/blog/${oldSlug}/`)
    expect(new URL(visitor.url()).pathname).toBe(`/resources/blog/${oldSlug}-moved`)

    // Moving it back: the new address redirects to the old, and the old one is the post's again.
    await admin.goto(editor)
    await waitForHydration(admin)
    expect(await admin.getByLabel(/^Slug/).inputValue()).toBe(`${oldSlug}-moved`)
    await changeSlug(admin, oldSlug, 'Save Post', 'Post updated successfully')
    expect((await answer(`/resources/blog/${oldSlug}`)).status).toBe(200)
    expect(await answer(`/resources/blog/${oldSlug}-moved`)).toEqual({ status: 301, location: `/resources/blog/${oldSlug}` })

    await admin.goto('/admin/redirects')
    const rows = admin.getByTestId('redirect-row')
    await expect.poll(() => rows.count()).toBe(1)
    expect(await rows.textContent()).toContain(`/resources/blog/${oldSlug}-moved`)
    await visitor.context().close()
    await admin.context().close()
  })

  it('sends the old address of a case study whose slug changed to the new one', async () => {
    await cache('/case-studies/healthcare-ai')
    const admin = await signedInPage()
    await admin.goto('/admin/case-studies/edit/healthcare-ai')
    await waitForHydration(admin)
    await changeSlug(admin, 'clinic-phones', 'Save Case Study', 'Case study updated successfully')
    expect(await answer('/case-studies/healthcare-ai')).toEqual({ status: 301, location: '/case-studies/clinic-phones' })
    expect((await answer('/case-studies/clinic-phones')).status).toBe(200)
    await admin.context().close()
  })

  it('lists a missing path under Not Found, and "Create redirect" there mends it', async () => {
    const missing = `/services-old-${Date.now()}`
    const visitor = await (await site.browser.newContext({ baseURL: site.server.url })).newPage()
    expect((await visitor.goto(missing))!.status()).toBe(404)
    expect((await answer(missing)).status).toBe(404)

    const admin = await signedInPage()
    await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Not Found' }).click()
    await admin.waitForURL(/\/admin\/not-found$/)
    const row = admin.getByTestId('not-found-row').filter({ hasText: missing })
    await expect
      .poll(async () => {
        await admin.reload()
        return row.count()
      })
      .toBe(1)
    expect(await row.textContent()).toContain('2 hits')
    await row.getByRole('link', { name: `Create redirect from ${missing}` }).click()
    await admin.getByRole('heading', { name: 'New Redirect' }).waitFor()
    await waitForHydration(admin)
    expect(await admin.getByLabel('From path').inputValue()).toBe(missing)

    // Pointing it at itself is refused at the field, before anything is sent.
    await admin.getByLabel('Redirect to').fill(`${missing}/`)
    await admin.getByRole('button', { name: 'Save Redirect' }).click()
    await expect.poll(() => admin.locator('#field-toTarget-error').textContent()).toBe('A redirect cannot point to its own address')

    await admin.getByLabel('Redirect to').fill('/solutions')
    await admin.getByRole('button', { name: 'Save Redirect' }).click()
    await admin.waitForURL(/\/admin\/redirects$/)
    await expect.poll(() => toast(admin, 'Redirect created successfully').count()).toBe(1)
    expect(await admin.getByTestId('redirect-row').filter({ hasText: missing }).textContent()).toContain('Permanent (301)')

    expect(await answer(`${missing}?ref=x`)).toEqual({ status: 301, location: '/solutions?ref=x' })
    await visitor.goto(missing)
    expect(new URL(visitor.url()).pathname).toBe('/solutions')

    await admin.goto('/admin/not-found')
    expect(await admin.getByTestId('not-found-row').filter({ hasText: missing }).count()).toBe(0)
    await visitor.context().close()
    await admin.context().close()
  })

  it('refuses a loop made of two redirects with a message at the field', async () => {
    const admin = await signedInPage()
    await admin.goto('/admin/redirects/new')
    await waitForHydration(admin)
    await admin.getByLabel('From path').fill('/loop-one')
    await admin.getByLabel('Redirect to').fill('/loop-two')
    await admin.getByRole('button', { name: 'Save Redirect' }).click()
    await admin.waitForURL(/\/admin\/redirects$/)

    await admin.goto('/admin/redirects/new')
    await waitForHydration(admin)
    await admin.getByLabel('From path').fill('/loop-two')
    await admin.getByLabel('Redirect to').fill('/loop-one')
    await admin.getByLabel('Type').selectOption('302')
    await admin.getByRole('button', { name: 'Save Redirect' }).click()
    await expect
      .poll(() => admin.locator('#field-toTarget-error').textContent())
      .toBe('This would send visitors in a circle: /loop-one already redirects back to /loop-two')
    expect((await answer('/loop-two')).status).toBe(404)

    // Deleting asks first, then the address is no longer redirected.
    await admin.goto('/admin/redirects')
    await waitForHydration(admin)
    await admin
      .getByTestId('redirect-row')
      .filter({ hasText: '/loop-one' })
      .getByRole('button', { name: /^Delete / })
      .click()
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await expect.poll(() => toast(admin, 'Redirect deleted successfully').count()).toBe(1)
    expect((await answer('/loop-one')).status).toBe(404)
    await admin.context().close()
  })
})
