import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { adminNavItemsFor } from '~/components/admin/nav'
import { accessibilityViolations } from '../support/axe'
import { toast, waitForHydration } from '../support/browser'
import { ADMIN, pauseLikeAPerson, signInThroughForm, useRunningSite } from '../support/site'

const site = useRunningSite()

const PHONE = { width: 390, height: 844 }

/** Each screen of the section menu, plus screens below a section, with the item that must be current. */
const screens: [path: string, current: string][] = [
  ...adminNavItemsFor('owner').map(({ to, label }): [string, string] => [to, label]),
  ['/admin/blog/new', 'Blog Posts'],
  ['/admin/case-studies/edit/hvac-assistant', 'Case Studies'],
  ['/admin/settings?tab=site', 'Settings'],
]

async function newPage({ javaScript = true, viewport = PHONE } = {}) {
  const context = await site.browser.newContext({ baseURL: site.server.url, viewport, javaScriptEnabled: javaScript })
  return context.newPage()
}

interface Box {
  left: number
  right: number
  top: number
  bottom: number
}

/** The visible part of the section menu's row, and where each of its items is. */
function menuGeometry(page: Page) {
  return page.evaluate(() => {
    const box = (element: Element): Box => {
      const { left, right, top, bottom } = element.getBoundingClientRect()
      return { left, right, top, bottom }
    }
    const strip = document.querySelector('nav[aria-label="Admin"] ul')!
    return {
      strip: box(strip),
      stripWidth: strip.clientWidth,
      pageWidth: document.documentElement.scrollWidth,
      items: [...strip.querySelectorAll('a')].map((link) => ({
        text: link.textContent ?? '',
        current: link.getAttribute('aria-current') === 'page',
        box: box(link),
        scrollWidth: link.scrollWidth,
        clientWidth: link.clientWidth,
      })),
    }
  })
}

const inside = (inner: Box, outer: Box) =>
  inner.left >= outer.left - 0.5 && inner.right <= outer.right + 0.5 && inner.top >= outer.top - 0.5 && inner.bottom <= outer.bottom + 0.5

/** Where the current item is, once the row has settled (a client-side navigation scrolls it smoothly). */
async function expectCurrentInView(page: Page, label: string) {
  await expect
    .poll(async () => {
      const { strip, items } = await menuGeometry(page)
      const [current, ...others] = items.filter((item) => item.current)
      const whole = current && others.length === 0 && current.text.startsWith(label) && inside(current.box, strip)
      return whole ? 'in view' : JSON.stringify({ strip, current, others })
    })
    .toBe('in view')
}

/** Whether the menu's item number `index` lies wholly inside the visible part of the row. */
async function itemInView(page: Page, index: number) {
  const { strip, items } = await menuGeometry(page)
  const item = items[index]
  return item !== undefined && inside(item.box, strip)
}

beforeAll(async () => {
  // An unread message puts a count beside 'Inbox', the widest item the menu can have.
  const page = await newPage()
  await page.goto('/contact')
  await waitForHydration(page)
  await page.getByLabel('Name').fill('Rosa Ramírez')
  await page.getByLabel('Email').fill('rosa@example.com')
  await page.getByLabel('Message').fill('Do you cover Tampa? We have two crews and one phone line.')
  await pauseLikeAPerson(page)
  await page.getByRole('button', { name: 'Send Message' }).click()
  await page.getByRole('heading', { name: 'Message sent successfully!' }).waitFor()
  await page.context().close()
})

describe('the section menu on a 390 px phone', () => {
  it('shows the current screen’s item whole when a page opens', async () => {
    const page = await newPage()
    await signInThroughForm(page)
    for (const [path, label] of screens) {
      await page.goto(path)
      await waitForHydration(page)
      const { strip, pageWidth } = await menuGeometry(page)
      expect(strip.left, path).toBeGreaterThanOrEqual(0)
      expect(strip.right, path).toBeLessThanOrEqual(PHONE.width)
      expect(pageWidth, `${path} scrolls sideways`).toBeLessThanOrEqual(PHONE.width)
      await expectCurrentInView(page, label)
    }
    await page.context().close()
  })

  it('brings the current item into view after a navigation inside the app', async () => {
    const page = await newPage()
    await signInThroughForm(page)
    await page.goto('/admin')
    await waitForHydration(page)
    await expectCurrentInView(page, 'Dashboard')
    await page.getByRole('link', { name: 'Manage Settings' }).click()
    await page.waitForURL('**/admin/settings')
    await expectCurrentInView(page, 'Settings')
    await page.context().close()
  })

  it('keeps every label whole: no item is cut, shrunk or clipped by the row when scrolled to', async () => {
    const page = await newPage()
    await signInThroughForm(page)
    await page.goto('/admin/settings')
    await waitForHydration(page)
    const { items, stripWidth } = await menuGeometry(page)
    expect(items.map((item) => item.text)).toEqual(
      adminNavItemsFor('owner').map(({ label }) => (label === 'Inbox' ? 'Inbox1 unread' : label)),
    )
    for (const item of items) {
      expect(item.scrollWidth, item.text).toBeLessThanOrEqual(item.clientWidth)
      expect(item.box.right - item.box.left, item.text).toBeLessThan(stripWidth)
    }
    const links = page.getByRole('navigation', { name: 'Admin' }).getByRole('link')
    for (const [i, item] of items.entries()) {
      await links.nth(i).evaluate((link) => link.scrollIntoView({ block: 'nearest', inline: 'nearest' }))
      await expect.poll(() => itemInView(page, i), { message: item.text }).toBe(true)
    }
    await page.context().close()
  })

  it('scrolls each item clear of the row’s edges as the keyboard focuses it', async () => {
    const page = await newPage()
    await signInThroughForm(page)
    await page.goto('/admin')
    await waitForHydration(page)
    const links = page.getByRole('navigation', { name: 'Admin' }).getByRole('link')
    await links.first().focus()
    for (const [i, { label }] of adminNavItemsFor('owner').entries()) {
      if (i > 0) await page.keyboard.press('Tab')
      expect(await links.nth(i).evaluate((link) => link === document.activeElement), label).toBe(true)
      await expect.poll(() => itemInView(page, i), { message: label }).toBe(true)
    }
    await page.context().close()
  })

  it('shows the current item before any script has run', async () => {
    const page = await newPage({ javaScript: false })
    await signInThroughForm(page, { javaScript: false })
    const opened: [path: string, current: string][] = [
      ['/admin/settings', 'Settings'],
      ['/admin/team', 'Team Members'],
      ['/admin/blog', 'Blog Posts'],
    ]
    for (const [path, label] of opened) {
      await page.goto(path)
      await expectCurrentInView(page, label)
    }
    await page.context().close()
  })
})

describe('the signed-in account on a 390 px phone', () => {
  it('shows the e-mail after one tap on Account, and signs out from there', async () => {
    const page = await newPage()
    await signInThroughForm(page)
    await page.goto('/admin/settings')
    await waitForHydration(page)
    const email = page.getByTestId('admin-email')
    expect(await email.isVisible()).toBe(false)

    await page.getByRole('button', { name: 'Account' }).click()
    await expect.poll(() => email.isVisible()).toBe(true)
    expect(await email.textContent()).toBe(ADMIN.email)
    const box = (await email.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width)
    expect(await accessibilityViolations(page)).toEqual([])

    await page.getByRole('button', { name: 'Sign Out' }).click()
    await page.waitForURL('**/admin/login')
    await expect.poll(() => toast(page, 'Signed out').count()).toBe(1)
    await page.goto('/admin/settings')
    expect(new URL(page.url()).pathname).toBe('/admin/login')
    await page.context().close()
  })

  it('opens and closes from the keyboard, with Sign Out next in the tab order', async () => {
    const page = await newPage()
    await signInThroughForm(page)
    await waitForHydration(page)
    const account = page.getByRole('button', { name: 'Account' })
    await account.focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByTestId('admin-email').isVisible()).toBe(true)
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Sign Out')
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByTestId('admin-email').isVisible()).toBe(false)
    await page.context().close()
  })

  it('works without JavaScript', async () => {
    const page = await newPage({ javaScript: false })
    await signInThroughForm(page, { javaScript: false })
    await page.getByRole('button', { name: 'Account' }).click()
    await expect.poll(() => page.getByTestId('admin-email').isVisible()).toBe(true)
    expect(await page.getByTestId('admin-email').textContent()).toBe(ADMIN.email)
    await page.getByRole('button', { name: 'Sign Out' }).click()
    await page.waitForURL('**/admin/login')
    await page.goto('/admin/blog')
    expect(new URL(page.url()).pathname).toBe('/admin/login')
    await page.context().close()
  })

  it('keeps the e-mail and Sign Out in the header line on a desktop screen', async () => {
    const page = await newPage({ viewport: { width: 1280, height: 800 } })
    await signInThroughForm(page)
    await expect.poll(() => page.getByTestId('admin-email').isVisible()).toBe(true)
    expect(await page.getByRole('button', { name: 'Sign Out' }).isVisible()).toBe(true)
    expect(await page.getByRole('button', { name: 'Account' }).isVisible()).toBe(false)
    await page.context().close()
  })
})

describe('the sign-in page', () => {
  it('asks a visitor without an account to turn to the site owner, not to run a server command', async () => {
    const page = await newPage()
    const response = await page.goto('/admin/login')
    const html = await response!.text()
    expect(html).not.toContain('admin:create')
    expect(await page.content()).not.toContain('admin:create')
    expect(await page.getByText('No account yet?').isVisible()).toBe(true)
    expect(await page.getByText(/Ask the site owner to invite you/).isVisible()).toBe(true)
    await page.context().close()
  })
})

describe('an editor on a 390 px phone', () => {
  it('keeps Save in reach at the bottom of the screen while the form scrolls, and in its place on a desktop', async () => {
    const page = await newPage()
    await signInThroughForm(page)
    await page.goto('/admin/blog/new')
    await waitForHydration(page)
    const save = page.getByRole('button', { name: 'Save Post' })
    for (const y of [0, 600]) {
      await page.evaluate((top) => window.scrollTo(0, top), y)
      const box = (await save.boundingBox())!
      expect(box.y, `scrolled to ${y}`).toBeGreaterThanOrEqual(0)
      expect(box.y + box.height, `scrolled to ${y}`).toBeLessThanOrEqual(PHONE.height)
    }
    // Nothing it covers is out of reach: the last field scrolls clear of the bar.
    const content = page.getByLabel('Content')
    await content.fill('Typed on a phone.')
    expect(await page.locator('textarea[name="content"]').inputValue()).toBe('Typed on a phone.')
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.evaluate(() => window.scrollTo(0, 0))
    expect(await save.evaluate((button) => getComputedStyle(button.closest('[data-slot="editor-actions"]')!).position)).toBe('static')
    await page.context().close()
  })
})
