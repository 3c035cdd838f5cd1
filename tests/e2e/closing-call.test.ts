import { expect, it } from 'vitest'
import { useRunningSite } from '../support/site'

/*
 * The pages a visitor reads to decide (the services, how we help, the stories, each industry) end by
 * asking for the call: the last band before the footer holds the booking button, in view at phone
 * and desktop widths, leading to the booking calendar from Settings.
 */

const site = useRunningSite({ BOOKING_URL: 'https://cal.example.com/bayline/intro' })

const PAGES = ['/solutions', '/how-we-help', '/case-studies', '/industries/hvac', '/industries/dental-offices']

it.each([390, 1280])('ends each deciding page with the booking button at %i px', async (width) => {
  const context = await site.browser.newContext({ baseURL: site.server.url, viewport: { width, height: 900 } })
  const page = await context.newPage()
  for (const path of PAGES) {
    await page.goto(path)
    const closing = page.locator('main > :last-child')
    const booking = closing.locator('a[data-booking]')
    expect(await booking.count(), path).toBe(1)
    await booking.scrollIntoViewIfNeeded()
    expect(await booking.isVisible(), path).toBe(true)
    expect(await booking.getAttribute('href'), path).toBe('https://cal.example.com/bayline/intro')
    // The band asks in words, not with a button alone.
    expect(await closing.getByRole('heading', { level: 2 }).count(), path).toBe(1)
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBe(width)
  }
  await context.close()
})
