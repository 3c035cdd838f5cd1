import { beforeAll, describe, expect, it } from 'vitest'
import { upsertAdmin } from '~/server/services/users.server'
import { toast } from '../support/browser'
import { blockCard, openBlockCard, openPageEditor } from '../support/page-editor'
import { withServerDb } from '../support/server'
import { signInThroughForm, useRunningSite } from '../support/site'

const BOOKING_URL = 'http://127.0.0.1:9/pricing-call'
const site = useRunningSite({ BOOKING_URL })
const EDITOR = { email: 'pricing-editor@example.com', password: 'a-pricing-editor-password' }

beforeAll(async () => {
  await withServerDb(site.server, async (db) => {
    await upsertAdmin(db, EDITOR.email, EDITOR.password)
    await db.updateTable('users').set({ role: 'editor' }).where('email', '=', EDITOR.email).execute()
  })
})

const visit = async (path: string, width = 1280) => {
  const page = await site.browser.newPage({ baseURL: site.server.url, viewport: { width, height: 900 } })
  await page.goto(path)
  return page
}

describe('what it costs', () => {
  it.each([390, 1280])('shows the Solutions packages with their starting prices and the booking button at %i px', async (width) => {
    const page = await visit('/solutions#pricing', width)
    const band = page.locator('#pricing')
    expect(await band.getByRole('heading', { level: 2 }).textContent()).toBe('What it costs')
    const packages = band.getByTestId('pricing-package')
    expect(await packages.count()).toBe(3)
    for (const text of await packages.allInnerTexts()) expect(text).toMatch(/From\s*\$\d/)
    for (const price of await band.getByTestId('pricing-price').all()) expect(await price.isVisible()).toBe(true)
    const booking = band.getByRole('link', { name: 'Book a free 30-minute call' })
    expect(await booking.getAttribute('href')).toBe(BOOKING_URL)
    // The band comes before the page's closing call to action.
    const order = await page.locator('main section[id]').evaluateAll((sections) => sections.map((section) => section.id))
    expect(order.indexOf('pricing')).toBeLessThan(order.indexOf('solutions-closing'))
    await page.close()
  })

  it('answers the FAQ’s cost question with a figure', async () => {
    const page = await visit('/resources/faq')
    const item = page.getByTestId('faq-item').filter({ hasText: 'How much does it cost?' })
    expect(await item.locator('[data-slot="accordion-content"]').textContent()).toMatch(/\$1,500.*\$300 a month/)
    await page.close()
  })

  it('offers to check the ROI estimate on a call', async () => {
    const page = await visit('/resources/ai-playbook')
    const check = page.getByTestId('roi-calculator').getByRole('link', { name: 'Check these numbers with us' })
    expect(await check.getAttribute('href')).toBe(BOOKING_URL)
    expect(await check.isVisible()).toBe(true)
    await page.close()
  })

  it('lets an editor change a package’s price, and the page shows it once published', async () => {
    const context = await site.browser.newContext({ baseURL: site.server.url, viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await signInThroughForm(page, EDITOR)
    await openPageEditor(page, 'Solutions')
    await openBlockCard(page, 'pricing')
    await blockCard(page, 'pricing').getByTestId('list-item').first().getByLabel('Price', { exact: true }).fill('$1,750')
    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    await expect.poll(() => toast(page, 'Page published').count()).toBe(1)
    await context.close()

    const visitor = await visit('/solutions')
    expect(await visitor.getByTestId('pricing-price').first().textContent()).toBe('$1,750')
    await visitor.close()
  })
})
