import { describe, expect, it } from 'vitest'
import { caseStudies } from '~/content/case-studies'
import { toast, waitForHydration } from '../support/browser'
import { signInThroughForm, useRunningSite } from '../support/site'
import { structuredData } from '../support/schema-org'

const site = useRunningSite()

async function open(path: string) {
  const context = await site.browser.newContext({ baseURL: site.server.url, viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  await page.goto(path)
  return { page }
}

describe('case study pages', () => {
  it('gives every study its own page, with its results, testimonial, Article and BreadcrumbList, in the sitemap', async () => {
    const sitemap = await (await fetch(`${site.server.url}/sitemap.xml`)).text()
    const { page } = await open('/')
    for (const study of caseStudies) {
      const path = `/case-studies/${study.id}`
      expect(sitemap, path).toContain(`${path}</loc>`)
      expect((await page.goto(path))?.status(), path).toBe(200)
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(study.title)
      expect(await page.title()).toBe(`${study.client}: ${study.title} | Bayline AI`)
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(new RegExp(`${path}$`))
      for (const result of study.results) expect(await page.getByText(result, { exact: true }).count(), result).toBe(1)
      expect(await page.getByText(study.testimonial.quote, { exact: false }).count()).toBe(1)
      expect(await page.getByText(study.headline!.figure, { exact: true }).count()).toBe(1)
      expect(await page.getByRole('link', { name: 'Book a Strategy Session' }).count()).toBe(1)
      const data = await structuredData(page)
      expect(data.find((item) => item['@type'] === 'Article')).toMatchObject({
        headline: study.title,
        about: { '@type': 'Organization', name: study.client },
      })
      const trail = data.find((item) => item['@type'] === 'BreadcrumbList')!.itemListElement as {
        position: number
        name: string
        item: string
      }[]
      expect(trail.map((step) => [step.position, step.name])).toEqual([
        [1, 'Home'],
        [2, 'Case Studies'],
        [3, study.client],
      ])
      expect(trail[2]!.item).toMatch(new RegExp(`${path}$`))
      // More stories, never this one again.
      const more = await page.locator('#more a[href^="/case-studies/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')))
      expect(more.length).toBeGreaterThan(0)
      expect(more).not.toContain(path)
    }
    await page.context().close()
  })

  it('links each card of the list page and each industry story to its page, and answers an unknown study with the 404 page', async () => {
    const { page } = await open('/case-studies')
    const titles = await page
      .locator('[data-testid="case-study-card"] h2 a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')))
    expect(titles).toEqual(caseStudies.map((study) => `/case-studies/${study.id}`))
    await page.goto('/industries/hvac')
    expect(await page.locator('[data-testid="case-study-summary"] a').getAttribute('href')).toBe('/case-studies/hvac-assistant')
    const missing = await page.goto('/case-studies/no-such-study')
    expect(missing?.status()).toBe(404)
    expect(await page.getByRole('heading', { name: 'Oops! Page not found' }).isVisible()).toBe(true)
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBeGreaterThan(0)
    await page.context().close()
  })
})

describe('proof on the home page', () => {
  it('shows in the hero the first studies with a headline result, linked to them, and follows an edited study', async () => {
    const visitor = (await open('/')).page
    const hero = visitor.getByTestId('hero-result')
    expect(await hero.count()).toBe(3)
    const first = caseStudies[0]!
    expect(await hero.first().textContent()).toContain(first.headline!.figure)
    expect(await hero.first().getByRole('link').getAttribute('href')).toBe(`/case-studies/${first.id}`)
    const marks = visitor.locator('[aria-labelledby="clients-title"]')
    expect(await marks.getByRole('link').count()).toBe(caseStudies.length)
    for (const study of caseStudies) {
      expect(await marks.getByRole('link', { name: `${study.client} case study`, exact: true }).getAttribute('href')).toBe(
        `/case-studies/${study.id}`,
      )
    }

    const admin = (await open('/')).page
    await signInThroughForm(admin)
    await admin.goto(`/admin/case-studies/edit/${first.id}`)
    await waitForHydration(admin)
    await admin.getByLabel('Headline figure').fill('31 → 2')
    await admin.getByLabel('What the figure measures').fill('missed calls in a week of flu season')
    await admin.getByRole('button', { name: 'Save Case Study' }).click()
    await expect.poll(() => toast(admin, 'Case study updated successfully').count()).toBe(1)

    await visitor.reload()
    expect(await hero.first().textContent()).toContain('31 → 2')
    expect(await hero.first().textContent()).toContain('missed calls in a week of flu season')

    // Without a headline the study leaves the hero, and the next one with a headline takes its place.
    await admin.goto(`/admin/case-studies/edit/${first.id}`)
    await waitForHydration(admin)
    await admin.getByLabel('Headline figure').fill('')
    await admin.getByLabel('What the figure measures').fill('')
    await admin.getByRole('button', { name: 'Save Case Study' }).click()
    await admin.waitForURL('**/admin/case-studies')
    await visitor.reload()
    const links = await hero.getByRole('link').evaluateAll((all) => all.map((a) => a.getAttribute('href')))
    expect(links).toEqual(caseStudies.slice(1, 4).map((study) => `/case-studies/${study.id}`))
    await visitor.context().close()
    await admin.context().close()
  })
})
