import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { bookingLabel } from '~/content/booking'
import { waitForHydration } from '../support/browser'
import { withServerDb } from '../support/server'
import { useRunningSite } from '../support/site'

const site = useRunningSite()

const scripts = [
  ['with JavaScript', true],
  ['without JavaScript', false],
] as const

async function open(path: string, javaScriptEnabled: boolean, width = 1280) {
  const context = await site.browser.newContext({ baseURL: site.server.url, viewport: { width, height: 800 }, javaScriptEnabled })
  const page = await context.newPage()
  await page.goto(path)
  if (javaScriptEnabled) await waitForHydration(page)
  return page
}

/** Clicks the form's button and waits for what answers it: the page the server sends, or the script's check. */
async function send(page: Page, button: string) {
  await page.getByRole('button', { name: button }).click()
  await page.waitForLoadState()
}

const focused = (page: Page) => page.evaluate(() => document.activeElement?.id || document.activeElement?.textContent)
const box = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect)

/**
 * Name and Email share a row from 640 px: their inputs keep one top, whichever shows a message. On a
 * phone they stack: Email starts below Name and the message under it, never on them.
 */
async function expectNameAndEmailClear(page: Page, width: number) {
  const [name, email] = [await box(page, '#field-name'), await box(page, '#field-email')]
  if (width >= 640) {
    expect(email.left).toBeGreaterThan(name.right)
    expect(email.top).toBe(name.top)
    return
  }
  const nameNote = (await page.locator('#field-name-error').count()) > 0 ? await box(page, '#field-name-error') : name
  expect(email.left).toBe(name.left)
  expect(email.top).toBeGreaterThan(nameNote.bottom)
}

const inquiries = (email: string) =>
  withServerDb(site.server, (db) => db.selectFrom('inquiries').select(['kind', 'name']).where('email', '=', email).execute())

describe.each(scripts)('the contact form %s', (_, javaScriptEnabled) => {
  it.each([390, 1280])(
    'at %i px keeps Name and Email level when one of them is refused, and focuses the first field in error',
    async (width) => {
      const page = await open('/contact', javaScriptEnabled, width)
      await page.getByLabel('Name').fill('Marcus Bell')
      await page.getByLabel('Email').fill('marcus@')
      await send(page, 'Send Message')
      await page.locator('#field-email-error').waitFor()
      expect(await page.locator('#field-name-error').count()).toBe(0)
      // The message under Email hangs below it and moves neither input.
      await expectNameAndEmailClear(page, width)
      expect(await focused(page)).toBe('field-email')

      // With the name gone too, the name comes first.
      await page.getByLabel('Name').fill('')
      await page.getByLabel('Message').fill('Can an AI receptionist book our weekend calls?')
      await send(page, 'Send Message')
      await page.locator('#field-name-error').waitFor()
      await expectNameAndEmailClear(page, width)
      expect(await focused(page)).toBe('field-name')
      expect(await inquiries('marcus@')).toEqual([])
      await page.context().close()
    },
  )

  it('says once that the message was sent, in the form’s place, and offers an empty form for another', async () => {
    const email = `sent-${javaScriptEnabled}@example.com`
    const page = await open('/contact', javaScriptEnabled, 390)
    await page.getByLabel('Name').fill('Dana Cole')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Message').fill('Do you set up phones for a two-chair salon?')
    await send(page, 'Send Message')

    const confirmation = page.getByRole('heading', { name: 'Message sent successfully!' })
    await confirmation.waitFor()
    expect(await focused(page)).toBe('Message sent successfully!')
    expect(await page.getByText("We'll be in touch with you shortly.").isVisible()).toBe(true)
    // One confirmation: no toast and no second notice repeating it.
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0)
    expect(await page.getByText('Message sent successfully!').count()).toBe(1)
    expect(await page.getByLabel('Name').isVisible()).toBe(false)
    expect(await page.getByRole('button', { name: 'Send Message' }).isVisible()).toBe(false)
    expect(await inquiries(email)).toEqual([{ kind: 'contact', name: 'Dana Cole' }])

    await page.getByRole('link', { name: 'Send another message' }).click()
    await page.getByLabel('Name').waitFor()
    expect(await confirmation.isVisible()).toBe(false)
    expect(await page.getByLabel('Name').inputValue()).toBe('')
    expect(await page.getByLabel('Message').inputValue()).toBe('')
    await page.context().close()
  })
})

describe.each(scripts)('the playbook request %s', (_, javaScriptEnabled) => {
  it('gives the form’s place to the thanks, the download and the booking button, with no toast over the page', async () => {
    const email = `playbook-${javaScriptEnabled}@example.com`
    const page = await open('/resources/ai-playbook', javaScriptEnabled, 390)
    await page.getByLabel('Your Name').fill('Kim Tran')
    await send(page, 'Download Free Playbook')
    await page.locator('#field-email-error').waitFor()
    expect(await focused(page)).toBe('field-email')

    await page.getByLabel('Your Email').fill(email)
    await send(page, 'Download Free Playbook')
    const sent = page.getByTestId('lead-form-sent')
    await sent.waitFor()
    expect(await sent.getByText('Your playbook is ready: download it below.').isVisible()).toBe(true)
    expect(await sent.getByTestId('playbook-download').isVisible()).toBe(true)
    const booking = sent.getByRole('link', { name: bookingLabel })
    expect(await booking.isVisible()).toBe(true)
    expect(await booking.getAttribute('data-booking')).toBe('strategy')
    expect(await booking.getAttribute('target')).toBe('_blank')
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Download Free Playbook' }).count()).toBe(0)
    expect(await page.getByLabel('Your Name').count()).toBe(0)
    // Nothing in the card reaches past the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390)
    expect(await inquiries(email)).toEqual([{ kind: 'playbook', name: 'Kim Tran' }])
    await page.context().close()
  })
})

/** Opens the scheduler from a booking link as a visitor does: a new tab, closed again; its toast stays on the page. */
async function openScheduler(page: Page, link: Locator) {
  const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()])
  await tab.close()
}

/** The header's booking button (the one shown: its menu has another). */
const headerBooking = (page: Page) => page.locator('header a[data-booking]:visible')

/** Scrolls until `selector` sits just under the sticky header, or ends at the bottom of the screen. */
async function scrollField(page: Page, selector: string, to: 'top' | 'bottom') {
  await page.locator(selector).evaluate((field, to) => {
    const { top, bottom } = field.getBoundingClientRect()
    const below = document.querySelector('header')!.getBoundingClientRect().bottom
    window.scrollBy({ top: to === 'top' ? top - below : bottom - window.innerHeight, behavior: 'instant' })
  }, to)
}

/**
 * Once the toasts have come in: whether they stand within the sticky header, and the fields and
 * booking buttons whose visible part (what has not scrolled under the header) one of them covers.
 */
async function toastsOverFields(page: Page) {
  await page.waitForFunction(() => {
    const toasts = [...document.querySelectorAll('[data-sonner-toast]')]
    return toasts.length > 0 && toasts.every((toast) => toast.getAnimations().length === 0)
  })
  return page.evaluate(() => {
    const below = document.querySelector('header')!.getBoundingClientRect().bottom
    const toasts = [...document.querySelectorAll('[data-sonner-toast]')].map((toast) => toast.getBoundingClientRect())
    const covers = (field: DOMRect) =>
      toasts.some(
        (toast) =>
          Math.max(field.top, below) < Math.min(field.bottom, toast.bottom) && field.left < toast.right && field.right > toast.left,
      )
    const fields = [
      ...document.querySelectorAll<HTMLElement>('main :is(input:not([type="hidden"]), textarea, select, button, a[data-booking])'),
    ]
    return {
      withinHeader: toasts.every((toast) => toast.top >= 0 && toast.bottom <= below),
      covered: fields
        .filter((field) => field.checkVisibility() && covers(field.getBoundingClientRect()))
        .map((field) => field.id || field.textContent),
    }
  })
}

describe.each([390, 1280])('a booking toast at %i px', (width) => {
  const clear = { withinHeader: true, covered: [] }

  it.each([
    ['/contact', '#field-name', 'Send Message'],
    ['/resources/ai-playbook', '#field-name', 'Download Free Playbook'],
  ])('on %s covers none of the form’s fields, whether they sit under the header or at the bottom', async (path, first, button) => {
    const page = await open(path, true, width)
    const booking = headerBooking(page)
    await scrollField(page, first, 'top')
    await openScheduler(page, booking)
    expect(await toastsOverFields(page)).toEqual(clear)
    await scrollField(page, `button:text-is("${button}")`, 'bottom')
    await openScheduler(page, booking)
    expect(await toastsOverFields(page)).toEqual(clear)
    await page.context().close()
  })

  it('on the playbook’s sent page covers neither the booking button it came from nor the ROI calculator', async () => {
    const page = await open('/resources/ai-playbook', true, width)
    await page.getByLabel('Your Name').fill('Lee Park')
    await page.getByLabel('Your Email').fill(`toast-${width}@example.com`)
    await send(page, 'Download Free Playbook')
    const sent = page.getByTestId('lead-form-sent')
    await sent.waitFor()
    await openScheduler(page, sent.getByRole('link', { name: bookingLabel }))
    expect(await toastsOverFields(page)).toEqual(clear)
    await scrollField(page, '#field-roiMissedCalls', 'top')
    await openScheduler(page, headerBooking(page))
    expect(await toastsOverFields(page)).toEqual(clear)
    await page.context().close()
  })
})
