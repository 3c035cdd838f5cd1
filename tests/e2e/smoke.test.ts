import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { waitForHydration } from '../support/browser'
import { logMessages } from '../support/log-lines'
import { withServerDb } from '../support/server'
import { pauseLikeAPerson, signInThroughForm, useRunningSite } from '../support/site'

/*
 * The site's main paths in Chromium, on the production server, with its fast paths
 * (app/server/host/fast/) on and off: off, the site must work the plain way, only slower.
 */
describe.each(['on', 'off'])('smoke test, fast paths %s', (fastPaths) => {
  const site = useRunningSite({ FAST_PATHS: fastPaths })

  async function open(path: string): Promise<Page> {
    const context = await site.browser.newContext({ baseURL: site.server.url })
    const page = await context.newPage()
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(200)
    await waitForHydration(page)
    return page
  }

  it('shows the home page, the second time from the page cache', async () => {
    for (let visit = 0; visit < 2; visit++) {
      const page = await open('/')
      expect(await page.getByRole('heading', { level: 1 }).isVisible()).toBe(true)
      await page.context().close()
    }
    await expect.poll(() => logMessages(site.server.output()).includes('GET / 200 cached')).toBe(true)
  })

  it('shows a blog post reached from the blog', async () => {
    const page = await open('/resources/blog')
    const firstPost = page.locator('a[href^="/resources/blog/"]').first()
    const title = (await firstPost.textContent())!.trim()
    await firstPost.click()
    await page.waitForURL('**/resources/blog/*')
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(title.slice(0, 20))
    expect(await page.getByRole('heading', { name: 'About the author' }).isVisible()).toBe(true)
    await page.context().close()
  })

  it('takes a lead from the contact page', async () => {
    const page = await open('/contact')
    const email = `smoke-${fastPaths}@example.com`
    await page.getByLabel('Name').fill('Sam Smoke')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Message').fill('Can you look at our phones?')
    await pauseLikeAPerson(page)
    await page.getByRole('button', { name: 'Send Message' }).click()
    await page.getByText("Message sent successfully! We'll be in touch with you shortly.").waitFor()
    const lead = await withServerDb(site.server, (db) =>
      db.selectFrom('inquiries').select('name').where('email', '=', email).executeTakeFirst(),
    )
    expect(lead?.name).toBe('Sam Smoke')
    await page.context().close()
  })

  it('answers an unknown address with the 404 page', async () => {
    const context = await site.browser.newContext({ baseURL: site.server.url })
    const page = await context.newPage()
    expect((await page.goto('/no-such-page'))?.status()).toBe(404)
    expect(await page.title()).toBe('404: Page not found')
    await context.close()
  })

  it('signs in to the admin dashboard', async () => {
    const context = await site.browser.newContext({ baseURL: site.server.url })
    const page = await context.newPage()
    await signInThroughForm(page)
    expect(await page.getByRole('heading', { level: 1 }).isVisible()).toBe(true)
    await context.close()
  })
})
