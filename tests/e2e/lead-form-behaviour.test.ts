import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
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
const top = (page: Page, label: string) => page.getByLabel(label).evaluate((input) => input.getBoundingClientRect().top)
const inquiries = (email: string) =>
  withServerDb(site.server, (db) => db.selectFrom('inquiries').select(['kind', 'name']).where('email', '=', email).execute())

describe.each(scripts)('the contact form %s', (_, javaScriptEnabled) => {
  it('keeps Name and Email level when one of them is refused, and focuses the first field in error', async () => {
    const page = await open('/contact', javaScriptEnabled)
    await page.getByLabel('Name').fill('Marcus Bell')
    await page.getByLabel('Email').fill('marcus@')
    await send(page, 'Send Message')
    await page.locator('#field-email-error').waitFor()
    expect(await page.locator('#field-name-error').count()).toBe(0)
    // Side by side at this width: the message under Email hangs below it and moves neither input.
    expect(await top(page, 'Email')).toBe(await top(page, 'Name'))
    expect(await focused(page)).toBe('field-email')

    // With the name gone too, the name comes first.
    await page.getByLabel('Name').fill('')
    await page.getByLabel('Message').fill('Can an AI receptionist book our weekend calls?')
    await send(page, 'Send Message')
    await page.locator('#field-name-error').waitFor()
    expect(await top(page, 'Email')).toBe(await top(page, 'Name'))
    expect(await focused(page)).toBe('field-name')
    expect(await inquiries('marcus@')).toEqual([])
    await page.context().close()
  })

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
    const booking = sent.getByRole('link', { name: 'Book a free 30-minute call' })
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
