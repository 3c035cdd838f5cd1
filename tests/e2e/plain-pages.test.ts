import { gzipSync } from 'node:zlib'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { toast, waitForHydration } from '../support/browser'
import { withServerDb } from '../support/server'
import { useRunningSite } from '../support/site'

// The marketing pages served without React, the enhancement script being their only JavaScript.
const PLAIN_PAGES = [
  '/',
  '/solutions',
  '/how-we-help',
  '/industries',
  '/industries/hvac',
  '/case-studies/healthcare-ai',
  '/resources',
  '/terms',
  '/privacy',
  '/about',
  '/partners',
  '/resources/faq',
  '/case-studies',
]
// Gzipped JavaScript a plain page may load: the enhancement script is about 2 KB of it.
const PLAIN_JS_BUDGET = 10 * 1024
// A plain page with a lead form also loads the form's script, zod being about 24 KB of it.
const LEAD_FORM_PAGES = ['/contact', '/resources/ai-playbook']
const LEAD_FORM_JS_BUDGET = 50 * 1024

// A closed local port: the booking tab opens without any traffic leaving this machine.
const BOOKING_URL = 'http://127.0.0.1:9/strategy-session'
const site = useRunningSite({ BOOKING_URL })

async function open(path: string, { width = 1280, javaScriptEnabled = true } = {}) {
  const context = await site.browser.newContext({ baseURL: site.server.url, viewport: { width, height: 800 }, javaScriptEnabled })
  const page = await context.newPage()
  await page.goto(path)
  if (javaScriptEnabled) await waitForHydration(page)
  return page
}
const partnerCards = (page: Page) => page.getByTestId('partner-card')
const selectedTab = (page: Page) => page.getByRole('tab', { selected: true })
const studyCards = (page: Page) => page.getByTestId('case-study-card')

/** The gzipped size of the page's scripts, after checking there are `count` of them, all classic and carrying the nonce. */
async function classicScriptsSize(path: string, count: number, status = 200) {
  const response = await fetch(`${site.server.url}${path}`)
  const html = await response.text()
  expect(response.status, path).toBe(status)
  expect(html, path).not.toContain('type="module"')
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get('Content-Security-Policy') ?? '')?.[1]
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !tag.includes('application/ld+json'))
  expect(scripts, path).toHaveLength(count)
  let total = 0
  for (const tag of scripts) {
    expect(tag, path).toContain(`nonce="${nonce}"`)
    const src = /src="([^"]+)"/.exec(tag)![1]!
    total += gzipSync(Buffer.from(await (await fetch(`${site.server.url}${src}`)).arrayBuffer())).length
  }
  return total
}

describe('pages served plain', () => {
  it('ship no React, only the small classic enhancement script, each carrying the nonce', async () => {
    const sizes: Record<string, number> = {}
    for (const path of PLAIN_PAGES) sizes[path] = await classicScriptsSize(path, 1)
    for (const [path, size] of Object.entries(sizes)) expect(size, path).toBeLessThan(PLAIN_JS_BUDGET)
  })

  it('ship the pages with a lead form with the lead form script too, both classic and within its budget', async () => {
    for (const path of LEAD_FORM_PAGES) expect(await classicScriptsSize(path, 2), path).toBeLessThan(LEAD_FORM_JS_BUDGET)
  })

  it('ship the blog list with its own script too, classic and within the plain budget', async () => {
    expect(await classicScriptsSize('/resources/blog', 2)).toBeLessThan(PLAIN_JS_BUDGET)
  })

  it('serve a page not found plain too, with its 404 status, whether no route or a loader found nothing', async () => {
    for (const path of ['/no-such-page', '/case-studies/no-such-study'])
      expect(await classicScriptsSize(path, 1, 404), path).toBeLessThan(PLAIN_JS_BUDGET)
  })

  it('show the booking toast when a booking link opens the scheduler', async () => {
    const page = await open('/solutions')
    // The closing band's; the pricing band above it offers the same booking.
    const link = page.getByRole('link', { name: 'Book a free 30-minute call' }).last()
    expect(await link.getAttribute('href')).toBe(BOOKING_URL)
    const [popup] = await Promise.all([page.context().waitForEvent('page'), link.click()])
    expect(popup).toBeDefined()
    const shown = toast(page, 'Opening scheduler...').filter({ hasText: "You'll be redirected to our strategy session booking page." })
    await expect.poll(() => shown.count()).toBe(1)
    expect(await page.getByRole('status').filter({ has: shown }).count()).toBe(1)
    // Gone by itself after about four seconds.
    await expect.poll(() => shown.count(), { timeout: 8_000 }).toBe(0)
    await page.context().close()
  })

  it('remember how the visit began', async () => {
    const page = await open('/industries?utm_source=flyer&fbclid=private')
    expect(await page.evaluate(() => sessionStorage.getItem('visit'))).toBe(
      JSON.stringify({ landing: '/industries?utm_source=flyer', referrer: '' }),
    )
    await page.context().close()
  })
})

describe('partner tabs served plain', () => {
  it('follow the keyboard: arrows wrap, Home and End, and only the selected tab is in the tab order', async () => {
    const page = await open('/partners')
    const tabs = page.getByRole('tab')
    expect(await tabs.evaluateAll((all) => all.map((tab) => (tab as HTMLElement).tabIndex))).toEqual([0, -1, -1, -1])
    await selectedTab(page).focus()
    await page.keyboard.press('ArrowRight')
    expect(await selectedTab(page).textContent()).toBe('AI Automations')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('AI Automations')
    expect(await partnerCards(page).count()).toBe(5)
    expect(await tabs.evaluateAll((all) => all.map((tab) => (tab as HTMLElement).tabIndex))).toEqual([-1, 0, -1, -1])
    await page.keyboard.press('End')
    expect(await selectedTab(page).textContent()).toBe('Infrastructure Modernization')
    expect(await partnerCards(page).count()).toBe(6)
    await page.keyboard.press('ArrowRight')
    expect(await selectedTab(page).textContent()).toBe('All Partners')
    expect(await partnerCards(page).count()).toBe(16)
    await page.keyboard.press('ArrowLeft')
    expect(await selectedTab(page).textContent()).toBe('Infrastructure Modernization')
    await page.keyboard.press('Home')
    expect(await selectedTab(page).textContent()).toBe('All Partners')
    const panel = page.getByRole('tabpanel')
    expect(await panel.getAttribute('aria-labelledby')).toBe(await selectedTab(page).getAttribute('id'))
    await page.context().close()
  })

  it('show all sixteen partners without JavaScript, with no tab row that could not work', async () => {
    const page = await open('/partners', { javaScriptEnabled: false })
    expect(await partnerCards(page).count()).toBe(16)
    expect(await partnerCards(page).last().isVisible()).toBe(true)
    expect(await page.getByRole('tablist').isVisible()).toBe(false)
    await page.context().close()
  })
})

describe('home hero served plain', () => {
  const canvasWidth = (page: Page) => page.getByTestId('hero-canvas').evaluate((canvas: HTMLCanvasElement) => canvas.width)
  const glow = (page: Page) =>
    page
      .getByTestId('hero-cursor')
      .evaluate((cursor: HTMLElement) => ({ opacity: cursor.style.opacity, transform: cursor.style.transform }))

  it('draws the particle network and moves the glow with the pointer', async () => {
    const page = await open('/')
    await expect.poll(() => canvasWidth(page)).toBe(1280)
    const hero = await page.getByTestId('hero-canvas').evaluate((canvas) => canvas.parentElement!.getBoundingClientRect().top)
    await page.mouse.move(200, hero + 150)
    await expect.poll(() => glow(page)).toEqual({ opacity: '1', transform: 'translate(200px, 150px)' })
    await page.context().close()
  })

  it('leaves the canvas blank and the glow still for visitors who ask for less motion', async () => {
    const context = await site.browser.newContext({
      baseURL: site.server.url,
      viewport: { width: 1280, height: 800 },
      reducedMotion: 'reduce',
    })
    const page = await context.newPage()
    await page.goto('/')
    await waitForHydration(page)
    await page.mouse.move(200, 300)
    expect(await canvasWidth(page)).toBe(300)
    expect(await glow(page)).toEqual({ opacity: '', transform: '' })
    await context.close()
  })
})

describe('FAQ served plain', () => {
  it('opens one answer at a time from the keyboard, and a second press closes it', async () => {
    const page = await open('/resources/faq', { width: 390 })
    const questions = page.getByTestId('faq-item').getByRole('button')
    const answer = (index: number) => page.getByTestId('faq-item').nth(index).getByRole('region')
    await questions.first().focus()
    await page.keyboard.press('Enter')
    expect(await questions.first().getAttribute('aria-expanded')).toBe('true')
    expect(await answer(0).isVisible()).toBe(true)
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press(' ')
    expect(await questions.nth(1).getAttribute('aria-expanded')).toBe('true')
    expect(await questions.first().getAttribute('aria-expanded')).toBe('false')
    expect(await answer(0).isVisible()).toBe(false)
    await page.keyboard.press('End')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(await questions.last().textContent())
    await page.keyboard.press('Home')
    await page.keyboard.press('ArrowUp')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(await questions.last().textContent())
    await questions.nth(1).press('Enter')
    expect(await questions.nth(1).getAttribute('aria-expanded')).toBe('false')
    await page.context().close()
  })

  it('shows every answer without JavaScript', async () => {
    const page = await open('/resources/faq', { javaScriptEnabled: false })
    const answers = page.locator('[data-slot="accordion-content"]')
    expect(await answers.count()).toBe(5)
    for (const answer of await answers.all()) expect(await answer.isVisible()).toBe(true)
    await page.context().close()
  })
})

describe('case studies served plain', () => {
  it('open and close a card from the keyboard, its button naming what it will do', async () => {
    const page = await open('/case-studies', { width: 390 })
    const card = studyCards(page).first()
    const results = card.getByRole('heading', { name: 'Results' })
    await card.getByRole('button', { name: 'Read full case study' }).focus()
    await page.keyboard.press('Enter')
    expect(await card.getAttribute('data-expanded')).toBe('true')
    expect(await results.isVisible()).toBe(true)
    expect(await card.getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true')
    await page.keyboard.press(' ')
    expect(await card.getAttribute('data-expanded')).toBe('false')
    expect(await results.isVisible()).toBe(false)
    expect(await card.getByRole('button', { name: 'Read full case study' }).count()).toBe(1)
    await page.context().close()
  })

  it('open the card a changed hash names, bringing back the tab that holds it', async () => {
    const page = await open('/case-studies')
    await page.getByRole('tab', { name: 'Pet Care' }).click()
    expect(await studyCards(page).count()).toBe(1)
    await page.evaluate(() => (location.hash = '#property-management'))
    const card = page.locator('#property-management')
    await expect.poll(() => card.getAttribute('data-expanded')).toBe('true')
    expect(await selectedTab(page).textContent()).toBe('All Industries')
    expect(await studyCards(page).count()).toBe(10)
    expect(await card.evaluate((el) => Math.abs(el.getBoundingClientRect().top) < 200)).toBe(true)
    expect(await card.getByRole('heading', { name: 'The challenge' }).isVisible()).toBe(true)
    await page.context().close()
  })

  it('show every study in full without JavaScript, with no buttons that could not work', async () => {
    const page = await open('/case-studies', { javaScriptEnabled: false })
    expect(await studyCards(page).count()).toBe(10)
    const challenges = page.getByRole('heading', { name: 'The challenge' })
    expect(await challenges.count()).toBe(10)
    for (const heading of await challenges.all()) expect(await heading.isVisible()).toBe(true)
    expect(await studyCards(page).getByRole('button').count()).toBe(0)
    expect(await page.getByRole('tablist').isVisible()).toBe(false)
    await page.context().close()
  })
})

describe('contact form served plain', () => {
  const field = (page: Page, name: string) => page.locator(`[name="${name}"]`)

  it('fills in where the lead came from and the ticket, and checks from the keyboard without leaving the page', async () => {
    const page = await open('/contact', { width: 390 })
    await expect.poll(() => field(page, 'ticket').inputValue()).not.toBe('')
    expect(await field(page, 'formPage').inputValue()).toBe('/contact')
    expect(JSON.parse(await field(page, 'visit').inputValue())).toMatchObject({ landing: '/contact' })
    await page.evaluate(() => Object.assign(window, { stayedOnPage: true }))
    await page.getByLabel('Email').fill('marcus@')
    await page.getByLabel('Email').press('Enter')
    expect(await page.getByRole('alert').filter({ hasText: 'Please complete all required fields' }).count()).toBe(1)
    expect(await page.getByLabel('Email').getAttribute('aria-describedby')).toBe('field-email-error')
    expect(await page.locator('#field-email-error').textContent()).toBe('Please enter a valid email address')
    expect(await page.evaluate(() => 'stayedOnPage' in window)).toBe(true)
    await page.context().close()
  })

  it("says 'Sending...' while the form is sent, then answers in the form's place", async () => {
    const page = await open('/contact')
    // The button as the form leaves, kept in the tab's storage across the page that answers.
    await page.evaluate(() =>
      document.addEventListener('submit', () => {
        const button = document.querySelector<HTMLButtonElement>('button[type="submit"]')!
        sessionStorage.setItem('sending', JSON.stringify({ text: button.textContent, disabled: button.disabled }))
      }),
    )
    await page.getByLabel('Name').fill('Plain Sender')
    await page.getByLabel('Email').fill('plain@example.com')
    await page.getByLabel('Message').fill('Sent from the page without React')
    await page.getByLabel('Name').press('Enter')
    await page.getByRole('heading', { name: 'Message sent successfully!' }).waitFor()
    // The form kept for another message is empty and ready.
    expect(await page.getByLabel('Name').inputValue()).toBe('')
    expect(await page.getByRole('button', { name: 'Send Message', includeHidden: true }).isEnabled()).toBe(true)
    expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem('sending')))!)).toEqual({ text: 'Sending...', disabled: true })

    // A reload asks for the page again, and does not send the message a second time.
    await page.reload()
    await page.waitForSelector('html[data-enhanced="true"]')
    expect(await page.getByTestId('lead-form-sent').count()).toBe(0)
    const stored = await withServerDb(site.server, (db) =>
      db.selectFrom('inquiries').select('id').where('email', '=', 'plain@example.com').execute(),
    )
    expect(stored).toHaveLength(1)
    await page.context().close()
  })
})
