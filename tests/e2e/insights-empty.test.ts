import { expect, it } from 'vitest'
import { waitForHydration } from '../support/browser'
import { withServerDb } from '../support/server'
import { signInThroughForm, useRunningSite } from '../support/site'

// A site of its own: no test has visited its pages yet.
const site = useRunningSite()

it('shows only the empty state, no empty chart, for a list with nothing in the period', async () => {
  // A lead sent by a script counts, with no page view behind it.
  await withServerDb(site.server, (db) =>
    db
      .insertInto('inquiries')
      .values({
        id: crypto.randomUUID(),
        kind: 'contact',
        name: 'Scripted',
        email: 'scripted@example.com',
        business: null,
        message: 'Hi',
        ip: null,
        created_at: new Date().toISOString(),
        read_at: null,
      })
      .execute(),
  )
  const page = await site.browser.newPage({ baseURL: site.server.url, viewport: { width: 1280, height: 900 } })
  await signInThroughForm(page)
  await page.goto('/admin/insights')
  await waitForHydration(page)
  const topPages = page.locator('[data-slot="card"]').filter({ has: page.getByText('Top pages', { exact: true }) })
  await expect.poll(() => topPages.textContent()).toContain('Nothing in this period.')
  // The weekly chart has a lead to draw; once it is drawn, the top pages' card has no chart of its own.
  await expect.poll(() => page.locator('.recharts-wrapper').count()).toBeGreaterThan(0)
  expect(await topPages.locator('.recharts-responsive-container').count()).toBe(0)
  expect(await page.locator('.recharts-wrapper').count()).toBe(1)
  await page.close()
})
