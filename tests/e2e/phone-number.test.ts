import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { toast, waitForHydration } from '../support/browser'
import { withServerDb } from '../support/server'
import { signInThroughForm, useRunningSite } from '../support/site'

/*
 * The phone number in Site Settings, in Chromium against the production server: an owner sets it
 * (a number that is not one is refused at its field), and the header, as the number on a wide screen
 * and as a Call button on a phone, and the footer call it with tel: links. Cleared, every one goes.
 */

const PHONE = '(504) 555-0142'
const TEL = 'tel:5045550142'

describe('phone number', () => {
  const site = useRunningSite()

  async function siteSettings(): Promise<Page> {
    const context = await site.browser.newContext({ baseURL: site.server.url, viewport: { width: 390, height: 900 } })
    const page = await context.newPage()
    await signInThroughForm(page)
    await page.goto('/admin/settings?tab=site')
    await waitForHydration(page)
    return page
  }

  async function savePhone(page: Page, phone: string) {
    await page.getByLabel('Phone number').fill(phone)
    await page.getByRole('button', { name: 'Save Settings' }).click()
    await expect.poll(() => toast(page, 'Site settings saved').count()).toBe(1)
    await toast(page, 'Site settings saved').waitFor({ state: 'detached' })
  }

  /** The home page as a visitor sees it at `width`, signed out. */
  async function home(width: number): Promise<Page> {
    const context = await site.browser.newContext({ baseURL: site.server.url, viewport: { width, height: 900 } })
    const page = await context.newPage()
    await page.goto('/')
    return page
  }

  /** The texts in `bar` that break onto a second line. */
  const wrappedWords = (bar: Element) => {
    const texts = document.createTreeWalker(bar, NodeFilter.SHOW_TEXT)
    const wrapped: string[] = []
    for (let text = texts.nextNode(); text; text = texts.nextNode()) {
      const range = document.createRange()
      range.selectNodeContents(text)
      if (range.getClientRects().length > 1) wrapped.push(text.textContent ?? '')
    }
    return wrapped
  }
  const telLinks = (page: Page) => page.locator('a[href^="tel:"]').count()
  const storedPhone = () =>
    withServerDb(site.server, (db) => db.selectFrom('site_settings').select('value').where('key', '=', 'phone').executeTakeFirst())

  it('shows no number and no empty link while none is set', async () => {
    for (const width of [390, 1280]) {
      const page = await home(width)
      expect(await telLinks(page)).toBe(0)
      expect(await page.locator('header a[data-booking]').filter({ hasText: 'Book a Call' }).first().isVisible()).toBe(true)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width)
      await page.context().close()
    }
  })

  it('refuses a number that is not one at its field and stores nothing', async () => {
    const page = await siteSettings()
    const field = page.getByLabel('Phone number')
    await field.fill('call us')
    await page.getByRole('button', { name: 'Save Settings' }).click()
    await expect.poll(() => page.locator('#field-phone-error').textContent()).toBe('Please enter a phone number, like (504) 555-0142')
    expect(await field.getAttribute('aria-invalid')).toBe('true')
    expect(await field.getAttribute('aria-describedby')).toBe('field-phone-error')
    expect(await storedPhone()).toBeUndefined()
    await page.context().close()
  })

  it('calls the number from the header at 390, 1024 and 1280 and from the footer once set', async () => {
    const settings = await siteSettings()
    await savePhone(settings, PHONE)

    for (const width of [390, 1024, 1280]) {
      const page = await home(width)
      // One way to call in the bar at each width: the Call button on a phone, the number beside the full menu.
      const header = page.locator('header a[href^="tel:"]')
      const shown = await header.evaluateAll((links) => links.filter((link) => link.checkVisibility()).length)
      expect(shown).toBe(1)
      const call = page.locator('header').getByRole('link', { name: `Call ${PHONE}`, exact: true })
      expect(await call.getAttribute('href')).toBe(TEL)
      const footerLink = page.locator('footer').getByRole('link', { name: PHONE, exact: true })
      expect(await footerLink.isVisible()).toBe(true)
      expect(await footerLink.getAttribute('href')).toBe(TEL)
      // The booking button stays in the bar at every width, beside the way to call.
      const booking = page.locator('header a[data-booking]').filter({ hasText: 'Book a Call' })
      expect(await booking.evaluateAll((links) => links.filter((link) => link.checkVisibility()).length)).toBe(1)
      // The link fits the bar beside the logo and the menu: nothing runs past the screen's edge or onto a second line.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width)
      expect(await page.locator('header').evaluate(wrappedWords)).toEqual([])
      await page.context().close()
    }

    await settings.context().close()
  })

  it('shows no number anywhere once the owner clears it', async () => {
    const settings = await siteSettings()
    await savePhone(settings, PHONE)
    const before = await home(390)
    expect(await telLinks(before)).toBeGreaterThan(0)
    await before.context().close()

    await savePhone(settings, '')
    expect(await storedPhone()).toEqual({ value: '' })
    for (const width of [390, 1280]) {
      const page = await home(width)
      expect(await telLinks(page)).toBe(0)
      expect(await page.locator('header a[data-booking]').filter({ hasText: 'Book a Call' }).first().isVisible()).toBe(true)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width)
      await page.context().close()
    }
    await settings.context().close()
  })
})
