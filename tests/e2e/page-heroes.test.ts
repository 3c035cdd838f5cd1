import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { withServerDb } from '../support/server'
import { useRunningSite } from '../support/site'

/*
 * A header per kind of page (decision 072), in Chromium against the production server at a phone's
 * width and a wide screen's: the case studies' figures, the trade of an industry page, the team on
 * About, and on Contact the person to talk to, the phone and the booking button. On a phone the
 * title comes first, above the fold, with the visual beneath it.
 */

const BOOKING_URL = 'http://127.0.0.1:9/strategy-session'
const PHONE = '(504) 555-0142'

const site = useRunningSite({ BOOKING_URL })

beforeAll(async () => {
  // Set before any page is seen, so no cached page predates it.
  await withServerDb(site.server, (db) =>
    db.insertInto('site_settings').values({ key: 'phone', value: PHONE, updated_at: new Date().toISOString() }).execute(),
  )
})

async function visit(width: number, path: string): Promise<Page> {
  const context = await site.browser.newContext({ baseURL: site.server.url, viewport: { width, height: 844 } })
  const page = await context.newPage()
  await page.goto(path)
  return page
}

/** The visual shows, and the title's bottom sits above the fold. */
async function expectHero(page: Page, kind: string) {
  const visual = page.locator(`[data-hero="${kind}"]`)
  await expect(visual.count()).resolves.toBe(1)
  expect(await visual.isVisible()).toBe(true)
  const title = (await page.locator('h1').boundingBox())!
  expect(title.y + title.height).toBeLessThan(844)
  return visual
}

describe.each([390, 1280])('page headers at %i px', (width) => {
  it('shows three headline figures on the case studies list', async () => {
    const page = await visit(width, '/case-studies')
    const figures = await expectHero(page, 'figures')
    expect(await figures.getByTestId('case-study-headline').count()).toBe(3)
  })

  it('shows the trade on an industry page, the template page and every trade on the Industries page', async () => {
    const hvac = await visit(width, '/industries/hvac')
    expect(await (await expectHero(hvac, 'trade')).locator('svg[data-trade="hvac"]').count()).toBe(1)
    const dental = await visit(width, '/industries/dental-offices')
    expect(await (await expectHero(dental, 'trade')).locator('svg[data-trade="health"]').count()).toBe(1)
    const all = await expectHero(await visit(width, '/industries'), 'trade')
    expect(await all.locator('svg[data-trade]').count()).toBeGreaterThan(3)
    // "Lawn care" is not law.
    expect(await all.locator('svg[data-trade="lawn"]').count()).toBe(1)
  })

  it('shows the team’s portraits on About', async () => {
    const team = await expectHero(await visit(width, '/about'), 'team')
    expect(await team.locator('[data-slot="portrait"]').count()).toBeGreaterThan(1)
  })

  it('shows a person, the phone with a tel: link and the booking button on Contact', async () => {
    const contact = await expectHero(await visit(width, '/contact'), 'contact')
    expect(await contact.locator('[data-slot="portrait"]').count()).toBe(1)
    expect(await contact.locator('a[href="tel:5045550142"]').textContent()).toContain(PHONE)
    const booking = contact.getByRole('link', { name: 'Book a free 30-minute call' })
    expect(await booking.getAttribute('href')).toBe(BOOKING_URL)
  })

  it('keeps the legal pages plain', async () => {
    const page = await visit(width, '/privacy')
    expect(await page.locator('[data-hero]').count()).toBe(0)
  })
})
