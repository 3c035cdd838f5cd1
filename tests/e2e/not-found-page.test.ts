import { describe, expect, it } from 'vitest'
import { waitForHydration } from '../support/browser'
import { useRunningSite } from '../support/site'

const site = useRunningSite()

async function open(path: string, viewport: { width: number; height: number }) {
  const context = await site.browser.newContext({ baseURL: site.server.url, viewport })
  const page = await context.newPage()
  const response = await page.goto(path)
  return { page, status: response?.status() }
}

describe('the not-found page', () => {
  it('sits in the site frame, with the navigation, a blog search and the main sections', async () => {
    const { page, status } = await open('/no/such/page', { width: 390, height: 844 })
    expect(status).toBe(404)
    expect(await page.getByText('404', { exact: true }).isVisible()).toBe(true)
    expect(await page.getByRole('heading', { name: 'Oops! Page not found' }).isVisible()).toBe(true)
    expect(await page.getByRole('button', { name: /menu/i }).isVisible()).toBe(true)
    expect(await page.locator('footer').isVisible()).toBe(true)
    const sections = await page
      .getByRole('navigation', { name: 'Where to next' })
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')))
    expect(sections).toEqual(['/solutions', '/industries', '/case-studies', '/resources/blog', '/about', '/contact'])
    await waitForHydration(page)
    await page.getByRole('searchbox', { name: 'Search the blog' }).fill('receptionist')
    await page.getByRole('button', { name: 'Search' }).click()
    await page.waitForURL('**/resources/blog?q=receptionist')
    await page.context().close()
  })
})
