import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seedNavigation } from '~/content/navigation'
import { publicPagePaths } from '~/server/services/sitemap.server'
import { accessibilityViolations } from '../support/axe'
import { toast, waitForHydration } from '../support/browser'
import { withServerDb } from '../support/server'
import { useRunningSite } from '../support/site'

// A closed local port: the booking tab opens without any traffic leaving this machine.
const BOOKING_URL = 'http://127.0.0.1:9/strategy-session'

// Every page in the sitemap, plus the kinds of page with a parameter.
const publicRoutes = [
  ...publicPagePaths,
  '/industries/hvac',
  '/industries/dental-offices',
  '/case-studies/healthcare-ai',
  '/resources/blog/what-an-ai-receptionist-actually-does-for-a-small-business',
]

const widths = [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
] as const

const site = useRunningSite({ BOOKING_URL })

async function open(viewport: { width: number; height: number }, path: string, options: { javaScriptEnabled?: boolean } = {}) {
  const context: BrowserContext = await site.browser.newContext({ baseURL: site.server.url, viewport, ...options })
  const page = await context.newPage()
  await page.goto(path)
  if (options.javaScriptEnabled !== false) await waitForHydration(page)
  return page
}
const count = (page: Page, testId: string) => page.getByTestId(testId).count()

describe.each(widths)('every public page at %s width', (_name, viewport) => {
  it('renders with one h1, a title, a description, a canonical URL and no accessibility violations', async () => {
    const page = await open(viewport, '/')
    const problems: Record<string, unknown> = {}
    for (const path of publicRoutes) {
      const response = await page.goto(path)
      const found = {
        status: response?.status(),
        h1: await page.locator('h1').count(),
        title: (await page.title()).length > 0,
        description: (await page.locator('meta[name="description"]').getAttribute('content'))?.length ?? 0,
        canonical: await page.locator('link[rel="canonical"]').getAttribute('href'),
        ogTitle: await page.locator('meta[property="og:title"]').count(),
        violations: await accessibilityViolations(page),
      }
      if (
        found.status !== 200 ||
        found.h1 !== 1 ||
        !found.title ||
        found.description < 20 ||
        !found.canonical?.endsWith(path) ||
        found.ogTitle !== 1 ||
        found.violations.length
      ) {
        problems[path] = found
      }
    }
    expect(problems).toEqual({})
    await page.context().close()
  })

  it('stays within the "good" layout-shift band when the web font arrives late', async () => {
    const shifts: Record<string, number> = {}
    for (const path of publicRoutes) {
      const shift = await layoutShiftWithLateFont(viewport, path)
      if (shift >= 0.1) shifts[path] = shift
    }
    expect(shifts).toEqual({})
    // A fresh browser context per page, each drawn twice: on a busy two-core machine this takes a while.
  }, 180_000)
})

it('draws the text in a fallback face as wide as Inter until Inter arrives', async () => {
  const page = await open(widths[0][1], '/case-studies')
  await page.evaluate(() => document.fonts.ready)
  // Over the headings and paragraphs of the page, as one line each: Inter's width over the fallback's.
  const ratio = await page.evaluate(() => {
    const [inter, ...fallbacks] = getComputedStyle(document.body).fontFamily.split(',')
    const elements = [...document.querySelectorAll('main :is(h1, h2, p)')]
    const width = (family: string) =>
      elements.reduce((total, element) => {
        const style = getComputedStyle(element)
        const probe = document.createElement('span')
        Object.assign(probe.style, {
          position: 'absolute',
          whiteSpace: 'nowrap',
          fontFamily: family,
          fontSize: style.fontSize,
          fontWeight: style.fontWeight,
          letterSpacing: style.letterSpacing,
        })
        probe.textContent = element.textContent
        document.body.append(probe)
        const { width } = probe.getBoundingClientRect()
        probe.remove()
        return total + width
      }, 0)
    return width(inter!) / width(fallbacks.join(','))
  })
  // Unscaled, Arial's metric twin runs about 5% narrower than Inter over this text.
  expect(Math.abs(ratio - 1)).toBeLessThan(0.01)
  await page.context().close()
})

/**
 * The layout shift a page makes (as Chrome scores it) when Inter comes after the first paint, as on
 * a slow phone connection: the page is drawn in the fallback face first, then the font is let through.
 * Lines can still break at other words, so some shift remains; the fallback keeps it small.
 */
async function layoutShiftWithLateFont(viewport: { width: number; height: number }, path: string) {
  const context = await site.browser.newContext({ baseURL: site.server.url, viewport })
  const page = await context.newPage()
  let letFontThrough!: () => void
  const fontHeld = new Promise<void>((resolve) => (letFontThrough = resolve))
  await page.route('**/*.woff2', async (route) => {
    await fontHeld
    await route.continue()
  })
  await page.addInitScript(() => {
    const shift = { total: 0 }
    Object.assign(window, { layoutShift: shift })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shift.total += entry.value
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
  const nextFrames = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  await page.goto(path, { waitUntil: 'domcontentloaded' })
  await nextFrames()
  expect(await page.evaluate(() => document.fonts.check('16px "Inter Variable"'))).toBe(false)
  letFontThrough()
  await page.waitForFunction(() => document.fonts.check('16px "Inter Variable"'))
  await nextFrames()
  const shift = await page.evaluate(() => (window as unknown as { layoutShift: { total: number } }).layoutShift.total)
  await context.close()
  return shift
}

describe.each(widths)('home page at %s width', (_name, viewport) => {
  it('has the eight sections in order with their anchors and counts', async () => {
    const page = await open(viewport, '/')
    const headings = await page.locator('main h2').allTextContents()
    expect(headings.length).toBeGreaterThanOrEqual(8)
    const order = [
      'What We Do',
      'Services',
      'Why Choose Us',
      // One proof band holds the spec's snapshot, stories and testimonials (docs/decisions/071).
      'Client Success Stories',
      'Client Success Snapshot',
      "Let's Build Together",
      'Get in Touch',
    ]
    const eyebrowsAndTitles = await page.locator('main section').evaluateAll((sections) => sections.map((s) => s.textContent ?? ''))
    let from = 0
    for (const label of order) {
      const at = eyebrowsAndTitles.findIndex((text, i) => i >= from && text.includes(label))
      expect(at, label).toBeGreaterThanOrEqual(from)
      from = at
    }
    for (const anchor of ['what-we-do', 'solutions', 'client-success', 'case-studies']) {
      expect(await page.locator(`#${anchor}`).count(), anchor).toBe(1)
    }
    expect(await page.locator('#what-we-do h3').allTextContents()).toEqual(['AI Automation', 'IT Modernization', 'AI Agents'])
    expect(await page.locator('#solutions h3').allTextContents()).toEqual([
      'AI Strategy',
      'Custom AI Solutions',
      'AI Integration',
      'AI Training',
    ])
    expect(await page.locator('#why-choose-us h3').allTextContents()).toEqual([
      'Trust',
      'Simplicity',
      'Outcomes',
      'SMB Focus',
      'Fast Results',
    ])
    expect(await count(page, 'featured-study')).toBe(1)
    expect(await count(page, 'proof-study')).toBe(3)
    const storyLinks = await page
      .locator('[data-testid="featured-study"] a, [data-testid="proof-study"] a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')))
    expect(storyLinks).toHaveLength(4)
    for (const href of storyLinks) expect(href).toMatch(/^\/case-studies#(hvac-assistant|real-estate-lead|doggy-daycare|lawn-care)$/)
    expect(await page.getByRole('link', { name: 'View All Case Studies' }).getAttribute('href')).toBe('/case-studies')
    // The testimonials are the four clients' own words beside their figures, without stars: none links a review.
    expect(await page.locator('#case-studies blockquote').count()).toBe(4)
    expect(await page.locator('[data-star]').count()).toBe(0)
    const mail = page.locator('#contact a[href^="mailto:"]')
    expect(await mail.getAttribute('href')).toBe('mailto:hello@baylineai.com')
    await page.context().close()
  })

  it('draws the hero canvas twice the viewport tall, with the headline as real text', async () => {
    const page = await open(viewport, '/')
    expect(await page.locator('h1').textContent()).toContain('Answer every call')
    const canvasHeight = () => page.getByTestId('hero-canvas').evaluate((c) => c.getBoundingClientRect().height)
    await expect.poll(canvasHeight).toBe(viewport.height * 2)
    const particles = await page.getByTestId('hero-canvas').evaluate((c: HTMLCanvasElement) => c.width > 300)
    expect(particles).toBe(true)
    await page.context().close()
  })
})

it('leaves the hero canvas blank under reduced motion', async () => {
  const context = await site.browser.newContext({ baseURL: site.server.url, reducedMotion: 'reduce' })
  const page = await context.newPage()
  await page.goto('/')
  expect(await page.getByTestId('hero-canvas').evaluate((c: HTMLCanvasElement) => c.width)).toBe(300)
  await context.close()
})

describe('header', () => {
  it('turns translucent once scrolled past 10 px', async () => {
    const page = await open({ width: 1280, height: 800 }, '/about')
    const header = page.locator('header').first()
    expect(await header.getAttribute('data-scrolled')).toBe('false')
    await page.evaluate(() => window.scrollTo(0, 8))
    await page.waitForTimeout(100)
    expect(await header.getAttribute('data-scrolled')).toBe('false')
    await page.evaluate(() => window.scrollTo(0, 40))
    await expect.poll(() => header.getAttribute('data-scrolled')).toBe('true')
    await page.context().close()
  })

  it('opens desktop dropdowns from the keyboard', async () => {
    const page = await open({ width: 1280, height: 800 }, '/')
    await page.getByRole('button', { name: 'Resources' }).focus()
    await page.keyboard.press('Enter')
    await page.getByRole('link', { name: 'FAQ' }).first().click()
    await page.waitForURL('**/resources/faq')
    await page.context().close()
  })

  it('opens the mobile menu, closes it on Escape and on a link click', async () => {
    const page = await open({ width: 390, height: 844 }, '/')
    const menu = page.getByRole('dialog')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect.poll(() => menu.isVisible()).toBe(true)
    await page.keyboard.press('Escape')
    await expect.poll(() => menu.count()).toBe(0)
    await page.getByRole('button', { name: 'Open menu' }).click()
    await menu.getByRole('link', { name: 'Case Studies' }).click()
    await page.waitForURL('**/case-studies')
    await expect.poll(() => menu.count()).toBe(0)
    await page.context().close()
  })
})

describe('booking', () => {
  it.each([
    ['/', 'Book a free 30-minute call', "You'll be redirected to our booking page."],
    ['/contact', 'Open Scheduler', "You'll be redirected to our strategy session booking page."],
  ])('on %s opens the scheduler in a new tab and says so', async (path, button, description) => {
    const page = await open({ width: 1280, height: 800 }, path)
    const link = page.getByRole('link', { name: button }).first()
    expect(await link.getAttribute('rel')).toContain('noopener')
    expect(await link.getAttribute('href')).toBe(BOOKING_URL)
    expect(await link.getAttribute('target')).toBe('_blank')
    // The tab opens on a closed local port, so it shows an error page; that it opened is what counts.
    const [popup] = await Promise.all([page.context().waitForEvent('page'), link.click()])
    expect(popup).toBeDefined()
    await expect.poll(() => toast(page, 'Opening scheduler...').filter({ hasText: description }).count()).toBe(1)
    await page.context().close()
  })
})

describe('case studies', () => {
  it('filters by industry tab and expands and collapses a card', async () => {
    const page = await open({ width: 1280, height: 800 }, '/case-studies')
    expect(await page.getByRole('tab').count()).toBe(11)
    expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('All Industries')
    expect(await count(page, 'case-study-card')).toBe(10)
    await page.getByRole('tab', { name: 'Pet Care' }).click()
    expect(await count(page, 'case-study-card')).toBe(1)
    const card = page.getByTestId('case-study-card')
    expect(await card.getByRole('heading', { name: 'The challenge' }).isVisible()).toBe(false)
    await card.getByRole('button', { name: 'Read full case study' }).click()
    expect(await card.getByRole('heading', { name: 'Results' }).isVisible()).toBe(true)
    await card.getByRole('button', { name: 'Show less' }).click()
    expect(await card.getByRole('heading', { name: 'Results' }).isVisible()).toBe(false)
    await page.context().close()
  })

  it('opens and scrolls to the study named in the URL hash', async () => {
    const page = await open({ width: 390, height: 844 }, '/case-studies#property-management')
    const card = page.locator('#property-management')
    await expect.poll(() => card.getAttribute('data-expanded')).toBe('true')
    await expect.poll(() => card.evaluate((el) => Math.abs(el.getBoundingClientRect().top) < 200)).toBe(true)
    expect(await page.locator('[data-expanded="true"]').count()).toBe(1)
    await page.context().close()
  })
})

describe('partners', () => {
  it('shows all 16 partners, then only the chosen category', async () => {
    const page = await open({ width: 1280, height: 800 }, '/partners')
    expect(await page.getByRole('heading', { name: 'Our Partners' }).count()).toBe(1)
    expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('All Partners')
    expect(await count(page, 'partner-card')).toBe(16)
    for (const [tab, n] of [
      ['AI Automations', 5],
      ['AI Agents', 5],
      ['Infrastructure Modernization', 6],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click()
      expect(await count(page, 'partner-card'), tab).toBe(n)
    }
    expect(await page.getByRole('link', { name: 'Become a Partner' }).getAttribute('href')).toBe('mailto:partners@baylineai.com')
    await page.context().close()
  })
})

describe('about, locations and FAQ', () => {
  it('has the about sections, five values, the team, four locations, two testimonials and six partner logos', async () => {
    const page = await open({ width: 390, height: 844 }, '/about')
    // The bands, and every band the header's About menu links to.
    const menuAnchors = seedNavigation.menus
      .flatMap((menu) => menu.sections.flatMap((section) => section.links))
      .flatMap(({ href }) => (href.startsWith('/about#') ? [href.slice('/about#'.length)] : []))
    // Story, values and team; the menu's Partners goes to the Partners page, as the footer's does.
    expect(menuAnchors).toHaveLength(3)
    for (const anchor of new Set(['our-story', 'our-values', 'our-team', 'locations', 'testimonials', 'partners', ...menuAnchors])) {
      expect(await page.locator(`#${anchor}`).count(), anchor).toBe(1)
    }
    expect(await page.locator('#our-values h3').count()).toBe(5)
    expect(await count(page, 'team-member')).toBe(4)
    expect(await count(page, 'location')).toBe(4)
    // A location without an address names the area it serves, never a placeholder note.
    expect(await page.getByText('(Contact for office details)').count()).toBe(0)
    expect(
      await page
        .getByTestId('location')
        .filter({ hasText: /^Atlanta, GA\s*Serving Metro Atlanta/ })
        .count(),
    ).toBe(1)
    expect(await count(page, 'testimonial')).toBe(2)
    expect(await count(page, 'about-partner')).toBe(6)
    await page.context().close()
  })

  it('draws a portrait when a team photo fails to load', async () => {
    await withServerDb(site.server, (db) => db.updateTable('team_members').set({ avatar_url: '/media/team_avatars/missing.png' }).execute())
    const page = await open({ width: 1280, height: 800 }, '/about')
    const first = page.getByTestId('team-member').first()
    await expect.poll(() => first.locator('img').count()).toBe(0)
    const name = await first.getByRole('heading').textContent()
    const portrait = first.locator('[data-slot="portrait"] svg')
    expect(await portrait.getAttribute('aria-label')).toBe(name)
    // A drawn bust, not initials.
    expect(await portrait.getAttribute('data-portrait-drawing')).not.toBeNull()
    expect(await portrait.textContent()).toBe('')
    await withServerDb(site.server, (db) => db.updateTable('team_members').set({ avatar_url: null }).execute())
    await page.context().close()
  })

  it('answers five FAQ items in an accordion', async () => {
    const page = await open({ width: 390, height: 844 }, '/resources/faq')
    expect(await count(page, 'faq-item')).toBe(5)
    const first = page.getByTestId('faq-item').first().getByRole('button')
    expect(await first.getAttribute('aria-expanded')).toBe('false')
    await first.click()
    expect(await first.getAttribute('aria-expanded')).toBe('true')
    await page.context().close()
  })
})

describe('lead forms', () => {
  const inquiries = () => withServerDb(site.server, (db) => db.selectFrom('inquiries').selectAll().execute())

  it('rejects a contact message with missing fields and stores a complete one, in the form’s place', async () => {
    const page = await open({ width: 390, height: 844 }, '/contact')
    expect(await page.getByRole('heading', { name: "Let's Talk" }).count()).toBe(1)
    for (const name of ['name', 'email', 'message']) expect(await page.locator(`[name="${name}"]`).getAttribute('required')).not.toBeNull()
    expect(await page.locator('[name="email"]').getAttribute('type')).toBe('email')

    await page.getByRole('button', { name: 'Send Message' }).click()
    // One line above the form, announced; one message under each empty field; no toast repeating them.
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Please complete all required fields' }).count()).toBe(1)
    expect(await page.getByText('Please complete all required fields').count()).toBe(1)
    const fieldMessages = ['Please enter your name', 'Please enter your email address', 'Please enter your message']
    for (const message of fieldMessages) expect(await page.getByText(message, { exact: true }).count()).toBe(1)
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0)
    expect(await page.getByLabel('Name').getAttribute('aria-invalid')).toBe('true')
    expect(await inquiries()).toEqual([])

    // A message goes as soon as its field is right; the others stay until theirs are.
    await page.getByLabel('Name').fill('Marcus Bell')
    await expect.poll(() => page.getByText('Please enter your name', { exact: true }).count()).toBe(0)
    expect(await page.getByText('Please enter your email address', { exact: true }).count()).toBe(1)
    expect(await page.getByText('Please complete all required fields').count()).toBe(1)
    await page.getByLabel('Email').fill('marcus@')
    await expect.poll(() => page.getByText('Please enter a valid email address', { exact: true }).count()).toBe(1)

    await page.getByLabel('Name').fill('Marcus Bell')
    await page.getByLabel('Email').fill('marcus@example.com')
    await page.getByLabel('Business (optional)').fill('Bell Plumbing')
    await page.getByLabel('Message').fill('Can an AI receptionist book our weekend calls?')
    await page.getByRole('button', { name: 'Send Message' }).click()
    await page.getByRole('heading', { name: 'Message sent successfully!' }).waitFor()
    expect(await page.getByText("We'll be in touch with you shortly.").isVisible()).toBe(true)
    expect(await page.getByLabel('Name').isVisible()).toBe(false)
    expect(await inquiries()).toEqual([
      expect.objectContaining({ kind: 'contact', name: 'Marcus Bell', email: 'marcus@example.com', business: 'Bell Plumbing' }),
    ])
    await page.context().close()
  })

  it('sends the contact form without JavaScript', async () => {
    const page = await open({ width: 1280, height: 800 }, '/contact', { javaScriptEnabled: false })
    await page.getByLabel('Name').fill('No Script')
    await page.getByLabel('Email').fill('noscript@example.com')
    await page.getByLabel('Message').fill('Hello without JS')
    await page.getByRole('button', { name: 'Send Message' }).click()
    await page.waitForLoadState()
    expect(await page.getByRole('heading', { name: 'Message sent successfully!' }).isVisible()).toBe(true)
    expect((await inquiries()).some((i) => i.email === 'noscript@example.com')).toBe(true)
    await page.context().close()
  })

  it('stores a playbook request', async () => {
    const page = await open({ width: 390, height: 844 }, '/resources/ai-playbook')
    expect(await count(page, 'playbook-benefit')).toBe(4)
    await page.getByRole('button', { name: 'Download Free Playbook' }).click()
    await expect.poll(() => page.getByText('Please enter your name').count()).toBeGreaterThan(0)
    await page.getByLabel('Your Name').fill('Kim Tran')
    await page.getByLabel('Your Email').fill('kim@example.com')
    await page.getByLabel('Your Business (optional)').fill('Tran Lawn Care')
    await page.getByRole('button', { name: 'Download Free Playbook' }).click()
    await expect.poll(async () => (await inquiries()).filter((i) => i.kind === 'playbook').length).toBe(1)
    await page.context().close()
  })
})
