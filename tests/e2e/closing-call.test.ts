import { expect, it } from 'vitest'
import { bookingLabel } from '~/content/booking'
import { firstCall } from '~/content/first-call'
import { fallbackTeamMembers } from '~/content/team'
import { postHref } from '~/lib/blog-links'
import { publicPagePaths } from '~/server/services/sitemap.server'
import { seedPosts } from '~/server/services/seed-content.server'
import { useRunningSite } from '../support/site'

/*
 * Every public page ends by asking for the call: the last section of <main> holds one link to the
 * booking calendar from Settings, labelled with the one booking label, with a heading that asks in
 * words, in view at phone and desktop widths. Contact ends the same way, after its locations (its
 * 'Book a Strategy Session' card keeps the spec's 'Open Scheduler' and says what the call is); the
 * home page asks just before the spec's closing 'Get in Touch'.
 */

const BOOKING_URL = 'https://cal.example.com/bayline/intro'
const site = useRunningSite({ BOOKING_URL })

const PAGES = [...publicPagePaths, '/industries/hvac', '/industries/dental-offices', postHref(seedPosts[0]!.slug)]

/** The last section of main: its last child, or the last child of the one element it holds (an article). */
const CLOSING = 'data-closing-under-test'
/** The home page's booking band ('Let's Build Together') comes just before the spec's closing 'Get in Touch'. */
const BEFORE_CONTACT = new Set(['/'])

it.each([390, 1280])('ends every public page with the booking call at %i px', async (width) => {
  const context = await site.browser.newContext({ baseURL: site.server.url, viewport: { width, height: 900 } })
  const page = await context.newPage()
  await page.goto('/case-studies')
  const study = await page.locator('main a[href^="/case-studies/"]').first().getAttribute('href')
  for (const path of [...PAGES, study!]) {
    await page.goto(path)
    await page.evaluate(
      ({ mark, beforeContact }) => {
        let last = document.querySelector('main')!.lastElementChild!
        while (last.tagName !== 'SECTION' && last.lastElementChild) last = last.lastElementChild
        if (beforeContact) last = last.previousElementSibling!
        last.setAttribute(mark, '')
      },
      { mark: CLOSING, beforeContact: BEFORE_CONTACT.has(path) },
    )
    const closing = page.locator(`[${CLOSING}]`)
    const booking = closing.locator('a[data-booking]')
    expect(await booking.count(), path).toBe(1)
    expect((await booking.textContent())?.trim(), path).toBe(bookingLabel)
    await booking.scrollIntoViewIfNeeded()
    expect(await booking.isVisible(), path).toBe(true)
    expect(await booking.getAttribute('href'), path).toBe(BOOKING_URL)
    // The band asks in words, not with a button alone.
    expect(await closing.getByRole('heading', { level: 2 }).count(), path).toBe(1)
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBe(width)
  }
  await context.close()
})

it('says what the first call is beside the booking button: its length, with whom, and what you leave with', async () => {
  const context = await site.browser.newContext({ baseURL: site.server.url, viewport: { width: 390, height: 900 } })
  const page = await context.newPage()
  const host = fallbackTeamMembers[0]!
  for (const [path, where] of [
    ['/how-we-help', '#book-a-call'],
    ['/contact', 'main [data-slot="card"]:has(a[data-booking])'],
  ] as const) {
    await page.goto(path)
    const call = page.locator(where).locator('[data-slot="first-call"]')
    await expect.poll(() => call.count(), { message: path }).toBe(1)
    const text = (await call.textContent()) ?? ''
    expect(text, path).toContain(firstCall.length)
    expect(await call.locator('li').count(), path).toBe(firstCall.leaveWith.length)
    // Contact's header already shows whom the call is with, so its card does not say it twice.
    const shown = path === '/contact' ? page.locator('main') : call
    expect(await shown.getByText(host.name, { exact: true }).count(), path).toBe(1)
    expect(await shown.getByText(host.role, { exact: true }).count(), path).toBe(1)
  }
  // Contact's card keeps the spec's words.
  const card = page.locator('main [data-slot="card"]:has(a[data-booking])')
  expect(await card.getByRole('heading', { name: 'Book a Strategy Session' }).count()).toBe(1)
  expect((await card.locator('a[data-booking]').textContent())?.trim()).toBe('Open Scheduler')
  await context.close()
})
