import { describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { caseStudies } from '~/content/case-studies'
import { listCaseStudies, type StoredCaseStudy } from '~/server/repositories/case-studies.server'
import { toast, waitForHydration } from '../support/browser'
import { withServerDb } from '../support/server'
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
      expect(await page.getByRole('link', { name: 'Book a free 30-minute call' }).count()).toBe(1)
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

/** The one label of a way from a card to its study, with the client a screen reader hears after it. */
const readLabel = (study: StoredCaseStudy) => `Read full case study on ${study.client}`

/**
 * A card shows its study's headline as the figure large in the display face over what it measures,
 * read as one phrase, inside the card; without a headline it shows none.
 */
async function expectHeadline(card: Locator, study: StoredCaseStudy) {
  const headline = card.getByTestId('case-study-headline')
  if (!study.headline) {
    expect(await headline.count(), study.id).toBe(0)
    return
  }
  expect(await headline.ariaSnapshot(), study.id).toBe(`- paragraph: ${study.headline.figure} ${study.headline.label}`)
  const [figure, label] = await headline.locator('[aria-hidden]').evaluateAll((parts) =>
    parts.map((part) => {
      const style = getComputedStyle(part)
      return { text: part.textContent, font: style.fontFamily, size: parseFloat(style.fontSize), top: part.getBoundingClientRect().top }
    }),
  )
  expect(figure!.text, study.id).toBe(study.headline.figure)
  expect(label!.text, study.id).toBe(study.headline.label)
  expect(figure!.font).toMatch(/^["']?Fraunces/)
  expect(figure!.size).toBeGreaterThanOrEqual(label!.size * 2)
  expect(label!.top).toBeGreaterThan(figure!.top)
  const [inner, outer] = await Promise.all([headline.boundingBox(), card.boundingBox()])
  expect(inner!.x + inner!.width, study.id).toBeLessThanOrEqual(outer!.x + outer!.width)
}

const fitsTheWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

describe('case study cards', () => {
  it.each([390, 1280])('show each study’s headline and lead to its page under one label naming the client, at %i px', async (width) => {
    const studies = await withServerDb(site.server, listCaseStudies)
    expect(studies.filter((study) => study.headline).length).toBeGreaterThan(1)
    const bySlug = new Map(studies.map((study) => [study.slug, study]))
    const context = await site.browser.newContext({ baseURL: site.server.url, viewport: { width, height: 900 } })
    const page = await context.newPage()

    // The list: every card, its title to the study's page, its toggle under the one label.
    await page.goto('/case-studies')
    expect(await page.getByTestId('case-study-card').count()).toBe(studies.length)
    for (const study of studies) {
      const card = page.locator(`[data-testid="case-study-card"]#${study.id}`)
      await expectHeadline(card, study)
      expect(await card.locator('h2 a').getAttribute('href')).toBe(`/case-studies/${study.slug}`)
      expect(await card.getByRole('button', { name: readLabel(study), exact: true }).count(), study.id).toBe(1)
    }
    expect(await fitsTheWidth(page)).toBe(true)

    // An industry page's story: the link is the card's way to the study's own page.
    const hvac = studies.find((study) => study.industry === 'HVAC')!
    await page.goto('/industries/hvac')
    const stories = page.getByTestId('case-study-summary')
    expect(await stories.count()).toBeGreaterThan(0)
    for (const card of await stories.all()) {
      const link = card.getByRole('link')
      const study = bySlug.get((await link.getAttribute('href'))!.replace('/case-studies/', ''))
      expect(study, 'a link to a published study').toBeDefined()
      await expectHeadline(card, study!)
      expect(await link.getAttribute('aria-label')).toBeNull()
      expect(await card.getByRole('link', { name: readLabel(study!), exact: true }).count()).toBe(1)
    }
    expect(await stories.getByRole('link', { name: readLabel(hvac), exact: true }).getAttribute('href')).toBe(`/case-studies/${hvac.slug}`)
    expect(await fitsTheWidth(page)).toBe(true)

    // The home page: the same label on the featured study and the three beside it (to their cards, as the spec has it).
    await page.goto('/')
    const proof = page.locator('[data-testid="featured-study"], [data-testid="proof-study"]')
    expect(await proof.count()).toBe(4)
    for (const card of await proof.all()) {
      const id = (await card.getByRole('link').getAttribute('href'))!.replace('/case-studies#', '')
      const study = studies.find((each) => each.id === id)!
      await expectHeadline(card, study)
      expect(await card.getByRole('link', { name: readLabel(study), exact: true }).count()).toBe(1)
    }
    for (const old of ['Read the story', 'See how']) expect(await page.getByText(old).count(), old).toBe(0)
    expect(await fitsTheWidth(page)).toBe(true)
    await context.close()
  })
})
