import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { accessibilityViolations } from '../support/axe'
import { toast, waitForHydration } from '../support/browser'
import { logMessages } from '../support/log-lines'
import { signInThroughForm, useRunningSite } from '../support/site'

const site = useRunningSite()

async function signedInPage() {
  const context = await site.browser.newContext({ baseURL: site.server.url })
  const page = await context.newPage()
  await signInThroughForm(page)
  return page
}

/** The About page's testimonial quotes as an anonymous visitor gets them (the home page tells its clients' words in its studies). */
async function aboutQuotes(visitor: Page) {
  await visitor.goto('/about')
  return visitor.getByTestId('testimonial').locator('blockquote').allTextContents()
}
/** About page answers from the page cache: 200, or 304 to a browser revalidating its copy. */
const cachedAboutAnswers = () => logMessages(site.server.output()).filter((line) => /^GET \/about (200|304) cached$/.test(line)).length

async function editJessica(page: Page, change: (page: Page) => Promise<void>) {
  await page.goto('/admin/testimonials')
  await waitForHydration(page)
  await page.getByTestId('testimonial-row').filter({ hasText: 'Jessica Trahan' }).getByRole('link', { name: 'Edit Jessica Trahan' }).click()
  await page.getByRole('heading', { name: 'Edit Testimonial' }).waitFor()
  await waitForHydration(page)
  await change(page)
  await page.getByRole('button', { name: 'Save Testimonial' }).click()
  await page.waitForURL(/\/admin\/testimonials$/)
  await expect.poll(() => toast(page, 'Testimonial updated successfully').count()).toBe(1)
}

describe('managing testimonials', () => {
  it('shows an edited quote on the cached About page at once, and takes it off when "About page" is unticked', async () => {
    const visitor = await (await site.browser.newContext({ baseURL: site.server.url })).newPage()
    const seeded = await aboutQuotes(visitor)
    expect(seeded).toHaveLength(2)
    expect(seeded[0]).toContain('They took the time to learn how a daycare actually runs')
    // A second visit comes from the page cache, which the save must clear.
    const cachedBefore = cachedAboutAnswers()
    expect(await aboutQuotes(visitor)).toEqual(seeded)
    await expect.poll(cachedAboutAnswers).toBe(cachedBefore + 1)

    const admin = await signedInPage()
    await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Testimonials' }).click()
    await admin.waitForURL(/\/admin\/testimonials$/)
    await expect.poll(() => admin.locator('thead th').allTextContents()).toEqual(['Name', 'Quote', 'Stars', 'Shown on', 'Order', 'Actions'])
    expect(await admin.getByTestId('testimonial-row').count()).toBe(5)

    await editJessica(admin, async (page) => {
      expect(await page.getByLabel('Quote').inputValue()).toContain('They took the time to learn how a daycare actually runs')
      await page.getByLabel('Quote').fill('Every call answered, all summer long.')
    })
    const edited = await aboutQuotes(visitor)
    expect(edited[0]).toBe('“Every call answered, all summer long.”')
    expect(edited.slice(1)).toEqual(seeded.slice(1))

    await editJessica(admin, async (page) => {
      expect(await page.getByLabel('About page').isChecked()).toBe(true)
      await page.getByLabel('About page').uncheck()
    })
    expect(await admin.getByTestId('testimonial-row').filter({ hasText: 'Jessica Trahan' }).getByText('Not shown').isVisible()).toBe(true)
    expect(await aboutQuotes(visitor)).toEqual(seeded.slice(1))

    await visitor.context().close()
    await admin.context().close()
  })

  it('shows validation messages next to the fields before sending, and keeps the dashboard to its cards', async () => {
    const admin = await signedInPage()
    await admin.goto('/admin/testimonials/new')
    await waitForHydration(admin)
    await admin.getByLabel('Stars').fill('6')
    await admin.getByRole('button', { name: 'Save Testimonial' }).click()
    await expect.poll(() => admin.locator('#field-quote-error').textContent()).toBe('Quote is required')
    expect(await admin.locator('#field-name-error').textContent()).toBe('Name is required')
    expect(await admin.locator('#field-stars-error').textContent()).toBe('Stars must be a whole number from 1 to 5')
    expect(await toast(admin, 'Quote is required').count()).toBe(1)

    await admin.goto('/admin')
    await admin.getByRole('heading', { name: 'Dashboard' }).waitFor()
    expect(await admin.getByRole('link', { name: 'Manage Testimonials' }).count()).toBe(0)
    await admin.context().close()
  })

  it('has no WCAG AA violations on the list and the editor, on a desktop and a phone', async () => {
    const admin = await signedInPage()
    await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Testimonials' }).click()
    await admin.waitForURL(/\/admin\/testimonials$/)
    const editHref = await admin
      .getByTestId('testimonial-row')
      .first()
      .getByRole('link', { name: /^Edit / })
      .getAttribute('href')
    const found: Record<string, string[]> = {}
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await admin.setViewportSize(viewport)
      for (const path of ['/admin/testimonials', '/admin/testimonials/new', editHref!]) {
        const response = await admin.goto(path)
        found[`${path} at ${viewport.width}px`] =
          response?.status() === 200 ? await accessibilityViolations(admin) : [`status ${response?.status()}`]
      }
    }
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((key) => [key, []])))
    await admin.context().close()
  })
})
