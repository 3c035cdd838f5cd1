import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { toast, waitForHydration } from '../support/browser'
import { signInThroughForm, useRunningSite } from '../support/site'

const site = useRunningSite()

async function open(width: number, path: string) {
  const context = await site.browser.newContext({ baseURL: site.server.url, viewport: { width, height: 900 } })
  const page = await context.newPage()
  await page.goto(path)
  return page
}

/** The tops of the three smaller studies, rounded: equal in a row, rising one under another when stacked. */
const smallTops = (page: Page) =>
  page.getByTestId('proof-study').evaluateAll((cards) => cards.map((card) => Math.round(card.getBoundingClientRect().top)))

describe.each([390, 1280])('the home page proof at %s px', (width) => {
  it('shows one featured study with its picture, figure and quote, then three smaller ones and the list link', async () => {
    const page = await open(width, '/')
    const featured = page.getByTestId('featured-study')
    expect(await featured.count()).toBe(1)
    expect(await featured.locator('img').count()).toBe(1)
    expect(await featured.getByTestId('case-study-headline').count()).toBe(1)
    expect(await featured.locator('blockquote').textContent()).toMatch(/^“.+”$/)
    expect(await featured.getByRole('link', { name: /^Read full case study/ }).getAttribute('href')).toBe('/case-studies#hvac-assistant')
    expect(await page.getByTestId('proof-study').count()).toBe(3)
    expect(await page.getByTestId('proof-study').getByTestId('case-study-headline').count()).toBe(3)
    const tops = await smallTops(page)
    if (width >= 768) expect(new Set(tops).size).toBe(1)
    else expect(tops).toEqual([...tops].sort((a, b) => a - b))
    expect(await page.locator('#case-studies').getByRole('link', { name: 'View All Case Studies' }).getAttribute('href')).toBe(
      '/case-studies',
    )
    // No stars on the home page: none of its words come with a review source.
    expect(await page.locator('[data-star]').count()).toBe(0)
    await page.context().close()
  })
})

describe('the home page proof', () => {
  it('names each client in one proof section only (the hero’s figures, the featured study and the three)', async () => {
    const page = await open(1280, '/')
    const hero = await page.getByTestId('hero-result').allTextContents()
    const proof = await page
      .locator('[data-testid="featured-study"], [data-testid="proof-study"]')
      .evaluateAll((cards) => cards.map((card) => card.querySelector('a[href^="/case-studies"]')!.getAttribute('href')!))
    expect(proof).toHaveLength(4)
    expect(new Set(proof).size).toBe(4)
    const clients = ['Sound Side Heating & Air', 'Crescent Key Realty', 'Wag & Wade Doggy Daycare', 'Sweetgum Lawn & Landscape']
    for (const client of clients) expect(hero.join(' '), client).not.toContain(client)
    expect(await page.locator('#case-studies').textContent()).toContain('Client Success Snapshot')
    await page.context().close()
  })

  it('lands on #case-studies and #client-success', async () => {
    for (const anchor of ['case-studies', 'client-success']) {
      const page = await open(1280, `/#${anchor}`)
      await expect
        .poll(() => page.locator(`#${anchor}`).evaluate((element) => Math.round(element.getBoundingClientRect().top)))
        .toBeLessThan(200)
      expect(await page.locator(`#${anchor}`).evaluate((element) => element.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0)
      await page.context().close()
    }
  })
})

async function editJessica(page: Page, reviewUrl: string) {
  await page.goto('/admin/testimonials')
  await waitForHydration(page)
  await page.getByRole('link', { name: 'Edit Jessica Trahan' }).click()
  await page.getByRole('heading', { name: 'Edit Testimonial' }).waitFor()
  await waitForHydration(page)
  await page.getByLabel('Review source').fill(reviewUrl)
  await page.getByRole('button', { name: 'Save Testimonial' }).click()
}

describe('testimonial stars', () => {
  it('show only with a review source, linked by its host; a source that is not https is refused at the field', async () => {
    const visitor = await open(1280, '/about')
    const jessica = visitor.getByTestId('testimonial').filter({ hasText: 'Jessica Trahan' })
    expect(await visitor.getByTestId('testimonial').count()).toBe(2)
    expect(await visitor.locator('[data-star]').count()).toBe(0)
    // Both About clients have a case study, so their cards show the client's mark instead of initials.
    expect(await visitor.getByTestId('testimonial').locator('[data-client-mark]').count()).toBe(2)

    const admin = await (await site.browser.newContext({ baseURL: site.server.url })).newPage()
    await signInThroughForm(admin)
    await editJessica(admin, 'http://www.yelp.com/biz/wag-and-wade')
    await expect
      .poll(() => admin.locator('#field-reviewUrl-error').textContent())
      .toBe('Enter the full https:// address of the review, like https://g.page/your-business/review')
    expect(await admin.getByLabel('Review source').getAttribute('aria-invalid')).toBe('true')

    await admin.getByLabel('Review source').fill('https://www.yelp.com/biz/wag-and-wade')
    await admin.getByRole('button', { name: 'Save Testimonial' }).click()
    await admin.waitForURL(/\/admin\/testimonials$/)
    await expect.poll(() => toast(admin, 'Testimonial updated successfully').count()).toBe(1)

    await visitor.reload()
    expect(await jessica.locator('[data-star]').count()).toBe(5)
    expect(await jessica.getByRole('img', { name: '5 out of 5 stars' }).count()).toBe(1)
    const link = jessica.getByRole('link', { name: 'Read the review on yelp.com' })
    expect(await link.getAttribute('href')).toBe('https://www.yelp.com/biz/wag-and-wade')
    // The other testimonial has no source, so no stars.
    expect(await visitor.locator('[data-star]').count()).toBe(5)

    await admin.context().close()
    await visitor.context().close()
  })
})
