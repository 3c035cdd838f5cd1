import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { caseStudyHref } from '~/lib/case-study-links'
import { toast, waitForHydration } from '../support/browser'
import { signInThroughForm, useRunningSite } from '../support/site'
import { withServerDb } from '../support/server'

/*
 * One list of industries: healthcare and legal have pages of their own with their stories, How We
 * Help's and the Industries page's cards come from Collections → Industries (a rename shows on both),
 * and every "Partners" link in the header and the footer leads to the one Partners page.
 */

const site = useRunningSite()

async function openPage(path: string, width = 1280): Promise<Page> {
  const context = await site.browser.newContext({ baseURL: site.server.url, viewport: { width, height: 900 } })
  const page = await context.newPage()
  const response = await page.goto(path)
  expect(response?.status(), path).toBe(200)
  return page
}

/** The links of an area of the page, as text and address. */
const linksIn = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluateAll((links) => links.map((link) => ({ text: link.textContent?.trim() ?? '', href: link.getAttribute('href') })))

async function studySlug(id: string) {
  return withServerDb(
    site.server,
    async (db) => (await db.selectFrom('case_studies').select('slug').where('id', '=', id).executeTakeFirstOrThrow()).slug,
  )
}

it.each([
  ['/industries/healthcare', 'AI for Healthcare', 'healthcare-ai', 'Bayou Family Clinic'],
  ['/industries/legal', 'AI for Legal Services', 'legal-workflow', 'Fontenot & Pierce Law'],
])('%s shows its trade and its own story, leading to the study’s page', async (path, title, study, client) => {
  const page = await openPage(path)
  expect((await page.locator('h1').textContent())?.trim()).toBe(title)
  const story = page.locator('#story')
  expect(await story.textContent()).toContain(client)
  const href = caseStudyHref(await studySlug(study))
  expect(await story.locator(`a[href="${href}"]`).count()).toBeGreaterThan(0)
  await page.context().close()
})

it('lists the two new pages in the sitemap and the header’s Industries menu', async () => {
  const sitemap = await (await fetch(`${site.server.url}/sitemap.xml`)).text()
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname)
  expect(paths).toEqual(expect.arrayContaining(['/industries/healthcare', '/industries/legal']))
  const page = await openPage('/')
  const header = await linksIn(page, 'header a')
  expect(header).toEqual(
    expect.arrayContaining([
      { text: 'Healthcare', href: '/industries/healthcare' },
      { text: 'Legal Services', href: '/industries/legal' },
    ]),
  )
  await page.context().close()
})

it('names How We Help’s seven industries, those with a page leading to it', async () => {
  const page = await openPage('/how-we-help', 390)
  const band = page.locator('#industries-served')
  const cards = await linksIn(page, '#industries-served [data-testid="industry-card"] a')
  expect(cards.map((card) => card.href)).toEqual([
    '/industries/legal',
    '/industries/healthcare',
    '/industries/hvac',
    '/industries/real-estate',
  ])
  expect(await band.locator('[data-testid="industry-card"] h3').allTextContents()).toEqual([
    'Legal Services',
    'Healthcare',
    'HVAC',
    'Real Estate',
  ])
  // The trades without a page are named, without a link to a page that would only be the template.
  const others = band.getByTestId('industries-also-served')
  expect(await others.locator('li').allTextContents()).toEqual(['Retail', 'Hospitality', 'Professional Services'])
  expect(await others.locator('a').count()).toBe(0)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390)
  await page.context().close()
})

it.each([390, 1280])('sends every Partners link of the header and the footer to /partners at %i px', async (width) => {
  const page = await openPage('/about', width)
  for (const area of ['header', 'footer']) {
    const partners = (await linksIn(page, `${area} a`)).filter((link) => link.text === 'Partners')
    expect(partners.length, area).toBeGreaterThan(0)
    expect(new Set(partners.map((link) => link.href)), area).toEqual(new Set(['/partners']))
  }
  await page.context().close()
})

it('shows an industry renamed under Collections on How We Help and the Industries page', async () => {
  const renamed = 'Clinics and Practices'
  const context = await site.browser.newContext({ baseURL: site.server.url, viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  await signInThroughForm(page)
  await page.goto('/admin/collections')
  await waitForHydration(page)
  await page.getByRole('link', { name: /^Industries/ }).click()
  await page.waitForURL('**/admin/collections/industries')
  await waitForHydration(page)
  await page.getByRole('link', { name: 'Edit Healthcare' }).click()
  await page.waitForURL(/\/admin\/collections\/industries\/edit\//)
  await waitForHydration(page)
  await page.getByLabel('Name', { exact: true }).fill(renamed)
  await page.getByRole('button', { name: 'Save Industry' }).click()
  await page.waitForURL('**/admin/collections/industries')
  await expect.poll(() => toast(page, 'The industry was saved').count()).toBe(1)

  const cardNames = async (path: string, band: string) => {
    await page.goto(path)
    return page.locator(`${band} [data-testid="industry-card"] h3, ${band} [data-testid="industry-card"] h2`).allTextContents()
  }
  await expect.poll(() => cardNames('/how-we-help', '#industries-served')).toEqual(['Legal Services', renamed, 'HVAC', 'Real Estate'])
  const industries = await cardNames('/industries', 'main')
  expect(industries).toContain(renamed)
  expect(industries).not.toContain('Healthcare')
  await context.close()
})
