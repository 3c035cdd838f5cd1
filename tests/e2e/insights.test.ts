import { describe, expect, it } from 'vitest'
import { canonicalPath } from '~/server/http/canonical-path.server'
import { OTHER_LABEL } from '~/server/repositories/visit-counts.server'
import { accessibilityViolations } from '../support/axe'
import { waitForHydration } from '../support/browser'
import { withServerDb } from '../support/server'
import { pauseLikeAPerson, signInThroughForm, useRunningSite } from '../support/site'

// Counts reach the database within a fifth of a second here, rather than every ten seconds.
const site = useRunningSite({ ANALYTICS_FLUSH_SECONDS: '0.2' })
const CRAWLER = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'
// Headless Chromium names itself HeadlessChrome, which isbot rightly takes for a robot: these
// visitors present the browser a person uses.
const PERSON = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

const campaignRow = (page: import('playwright-core').Page, campaign: string) =>
  page.getByTestId('campaigns').getByRole('row').filter({ hasText: campaign })

describe('where leads come from, and which pages bring them', () => {
  it('keeps the landing page, referrer and campaign of a visit on the lead it sends from another page, in the inbox and the CSV', async () => {
    const context = await site.browser.newContext({ baseURL: site.server.url, viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    const campaign = `spring-${Date.now()}`
    const email = `attributed-${Date.now()}@example.com`
    await page.goto(`/solutions?utm_source=newsletter&utm_medium=email&utm_campaign=${campaign}&gclid=private-click-id`, {
      referer: 'https://news.example/story?id=7',
    })
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Contact' }).first().click()
    await page.waitForURL('**/contact')
    await page.getByLabel('Name').fill('Avery Source')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Message').fill('Our phones ring off the hook.')
    await pauseLikeAPerson(page)
    await page.getByRole('button', { name: 'Send Message' }).click()
    const lead = () =>
      withServerDb(site.server, (db) =>
        db
          .selectFrom('inquiries')
          .select(['id', 'landing_page', 'referrer', 'utm_campaign', 'form_page'])
          .where('email', '=', email)
          .executeTakeFirst(),
      )
    await expect
      .poll(lead)
      .toMatchObject({ landing_page: `/solutions?utm_source=newsletter&utm_medium=email&utm_campaign=${campaign}`, form_page: '/contact' })
    const { id, referrer } = (await lead())!
    // The referring page without its query; the click id never leaves the browser.
    expect(referrer).toMatch(/^https:\/\/news\.example\/(story)?$/)

    await signInThroughForm(page)
    await page.goto(`/admin/inbox/${id}`)
    expect(await page.getByTestId('landing-page').textContent()).toBe(
      `/solutions?utm_source=newsletter&utm_medium=email&utm_campaign=${campaign}`,
    )
    expect(await page.getByTestId('referrer').textContent()).toBe(referrer)
    expect(await page.getByTestId('campaign').textContent()).toBe(`Source: newsletter · Medium: email · Campaign: ${campaign}`)
    expect(await page.getByTestId('form-page').textContent()).toBe('/contact')
    const csv = await (await page.request.get('/admin/inbox/export.csv')).text()
    const row = csv.split('\n').find((line) => line.includes(email))
    expect(row).toContain(
      `/solutions?utm_source=newsletter&utm_medium=email&utm_campaign=${campaign},${referrer},newsletter,email,${campaign},,,/contact`,
    )
    expect(csv).not.toContain('private-click-id')
    await context.close()
  })

  it("shows in Insights the visits a person made, and neither a crawler's nor those of a visitor with Global Privacy Control", async () => {
    const stamp = Date.now()
    const [counted, crawled, privateCampaign] = [`counted-${stamp}`, `crawled-${stamp}`, `gpc-${stamp}`]
    const visitor = await site.browser.newContext({ baseURL: site.server.url, userAgent: PERSON })
    const page = await visitor.newPage()
    // Three visits: the second and third come from the page cache, and count the same.
    for (let i = 0; i < 3; i++) await page.goto(`/about?utm_source=e2e&utm_medium=test&utm_campaign=${counted}`)
    for (let i = 0; i < 3; i++) {
      const answer = await fetch(`${site.server.url}/about?utm_source=e2e&utm_campaign=${crawled}`, { headers: { 'User-Agent': CRAWLER } })
      expect(answer.status).toBe(200)
    }
    const privateVisitor = await site.browser.newContext({
      baseURL: site.server.url,
      userAgent: PERSON,
      extraHTTPHeaders: { 'Sec-GPC': '1' },
    })
    const privatePage = await privateVisitor.newPage()
    for (let i = 0; i < 2; i++) await privatePage.goto(`/about?utm_source=e2e&utm_campaign=${privateCampaign}`)
    await privateVisitor.close()

    await signInThroughForm(page)
    await expect
      .poll(async () => {
        await page.goto('/admin/insights')
        return campaignRow(page, counted).count()
      })
      .toBe(1)
    expect(await campaignRow(page, counted).getByRole('cell').allTextContents()).toEqual(['e2e', 'test', '3', '0'])
    expect(await campaignRow(page, crawled).count()).toBe(0)
    expect(await campaignRow(page, privateCampaign).count()).toBe(0)
    expect(await page.getByTestId('top-pages').getByRole('rowheader', { name: '/about', exact: true }).count()).toBe(1)
    // The weekly chart is drawn in the browser; its figures are in a table for screen readers.
    await expect.poll(() => page.locator('.recharts-surface').count()).toBeGreaterThan(0)
    expect(await accessibilityViolations(page)).toEqual([])
    await page.setViewportSize({ width: 390, height: 844 })
    expect(await accessibilityViolations(page)).toEqual([])
    await visitor.close()
  })

  it('counts one page under one address, whatever spelling a visitor asked for', async () => {
    const spellings = ['/PARTNERS', '/Partners', '/%70artners', '/partners/', '/ADMIN/login', '/%61dmin/login']
    for (const spelling of spellings) {
      const answer = await fetch(`${site.server.url}${spelling}`, { headers: { 'User-Agent': PERSON }, redirect: 'manual' })
      expect(answer.status, spelling).toBe(301)
    }
    await fetch(`${site.server.url}/partners`, { headers: { 'User-Agent': PERSON } })
    const paths = () =>
      withServerDb(site.server, (db) => db.selectFrom('page_views').select('path').where('path', 'like', '%artners%').execute())
    await expect.poll(async () => (await paths()).map((row) => row.path)).toEqual(['/partners'])
    const stored = await withServerDb(site.server, (db) => db.selectFrom('page_views').select('path').execute())
    // Each day's Other row (OTHER_LABEL, the pages past the daily bound) is no address.
    expect(
      stored.filter((row) => row.path !== OTHER_LABEL && (row.path !== canonicalPath(row.path) || row.path.startsWith('/admin'))),
    ).toEqual([])
  })
})
