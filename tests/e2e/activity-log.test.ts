import type { Page } from 'playwright-core'
import { beforeAll, expect, it } from 'vitest'
import { PAGE_TEMPLATE_CONTENT } from '~/content/page-templates'
import { pageContentSchema } from '~/lib/page-content'
import { recordActivity } from '~/server/repositories/activity.server'
import { insertItem } from '~/server/repositories/collection-items.server'
import { insertPage } from '~/server/repositories/pages.server'
import { accessibilityViolations } from '../support/axe'
import { waitForHydration } from '../support/browser'
import { withServerDb } from '../support/server'
import { ADMIN, signInThroughForm, useRunningSite } from '../support/site'

/*
 * The Activity screen's filters in Chromium: a GET form whose address holds the filter, with and
 * without JavaScript, its messages at the fields, the empty state's way back, and paging that keeps
 * the filter. Screenshots at 390 and 1280 px go to SCREENSHOT_DIR when it is set.
 */

const site = useRunningSite()

async function ownerPage({ javaScript = true, width = 1280 } = {}): Promise<Page> {
  const context = await site.browser.newContext({
    baseURL: site.server.url,
    viewport: { width, height: 900 },
    javaScriptEnabled: javaScript,
  })
  const page = await context.newPage()
  await signInThroughForm(page, { javaScript })
  return page
}

const lines = (page: Page) => page.getByTestId('activity')
const search = (page: Page) => page.getByRole('search', { name: 'Filter activity' })
const shot = async (page: Page, name: string) => {
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}.png`, fullPage: true })
}

beforeAll(async () => {
  await withServerDb(site.server, async (db) => {
    // Sixty team lines from one editor, so the Team kind has two pages; one People line from the owner.
    for (let i = 0; i < 60; i++)
      await recordActivity(db, {
        user_email: 'tess@example.com',
        action: 'updated',
        record_type: 'team',
        record_id: `m${i}`,
        title: `Member ${i}`,
      })
    await recordActivity(db, { user_email: ADMIN.email, action: 'invited', record_type: null, title: 'new.editor@example.com as Editor' })
  })
})

it('narrows the log by person and kind through the address, keeps the filter across pages, and clears it', async () => {
  const page = await ownerPage()
  await page.goto('/admin/activity')
  await waitForHydration(page)
  const form = search(page)
  await form.getByLabel('Kind').selectOption({ label: 'Team' })
  await form.getByLabel('Person').selectOption('tess@example.com')
  await form.getByRole('button', { name: 'Filter' }).click()
  // The empty date fields stay out of the address.
  await page.waitForURL((url) => url.search === '?person=tess%40example.com&kind=team')
  // The address changes before React renders the filtered log (a transition), so wait for the log itself.
  await expect.poll(() => lines(page).filter({ hasText: 'new.editor@example.com' }).count()).toBe(0)
  expect(await lines(page).count()).toBe(50)
  expect(await lines(page).filter({ hasText: 'Member 59' }).count()).toBe(1)
  await shot(page, 'activity-filtered-1280')

  await page.getByRole('link', { name: /Older entries/ }).click()
  await page.waitForURL((url) => url.search === '?person=tess%40example.com&kind=team&page=2')
  await expect.poll(() => lines(page).count()).toBe(10)
  expect(await search(page).getByLabel('Kind').inputValue()).toBe('team')

  await search(page).getByLabel('Kind').selectOption({ label: 'People' })
  await search(page).getByRole('button', { name: 'Filter' }).click()
  await page.waitForURL((url) => url.search === '?person=tess%40example.com&kind=people')
  await expect.poll(() => page.getByText('No activity matches these filters').count()).toBe(1)
  await page.getByTestId('activity-empty').getByRole('link', { name: 'clear the filters' }).click()
  await page.waitForURL((url) => url.pathname === '/admin/activity' && url.search === '')
  await expect.poll(() => lines(page).count()).toBe(50)
  expect(await search(page).getByLabel('Person').inputValue()).toBe('')
  expect(await accessibilityViolations(page)).toEqual([])
  await page.context().close()
})

it('says at the field when the "To" date is before the "From" date, and filters by day without JavaScript', async () => {
  const page = await ownerPage({ javaScript: false, width: 390 })
  await page.goto('/admin/activity')
  const form = search(page)
  await form.getByLabel('From').fill('2026-03-05')
  await form.getByLabel('To').fill('2026-03-01')
  await form.getByRole('button', { name: 'Filter' }).click()
  await page.waitForURL((url) => url.searchParams.get('to') === '2026-03-01')
  const to = search(page).getByLabel('To')
  expect(await to.getAttribute('aria-invalid')).toBe('true')
  const message = page.locator(`#${await to.getAttribute('aria-describedby')}`)
  expect(await message.textContent()).toBe('The “To” date must be on or after the “From” date')
  expect(await search(page).getByLabel('From').inputValue()).toBe('2026-03-05')
  expect(await lines(page).count()).toBe(0)
  await shot(page, 'activity-bad-dates-390')

  // Today's lines, by a day range that holds today wherever the site's clock is.
  const today = new Date()
  const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10)
  await search(page).getByLabel('From').fill(day(-1))
  await search(page).getByLabel('To').fill(day(1))
  await search(page).getByLabel('Kind').selectOption({ label: 'People' })
  await search(page).getByRole('button', { name: 'Filter' }).click()
  await page.waitForURL((url) => url.searchParams.get('kind') === 'people')
  expect(await lines(page).count()).toBe(1)
  expect(await lines(page).first().textContent()).toContain('new.editor@example.com as Editor')
  await shot(page, 'activity-filtered-390')
  await page.context().close()
})

it('links a page’s line to its editor, a collection item’s to the item while it exists, and the menus’ to theirs', async () => {
  const { pageId, itemId } = await withServerDb(site.server, async (db) => {
    const draft = JSON.stringify(pageContentSchema.parse(PAGE_TEMPLATE_CONTENT.blank))
    const pageId = await insertPage(db, { path: '/lp/linked-from-activity', name: 'Linked page', template: 'blank', draft })
    const itemId = await insertItem(db, 'faq', { question: 'A linked question?', answer: 'Yes.' })
    const line = { user_email: ADMIN.email, action: 'updated' } as const
    await recordActivity(db, { ...line, record_type: 'page', record_id: pageId, title: 'Linked page' })
    await recordActivity(db, { ...line, record_type: 'collections', record_id: itemId, title: 'FAQ: A linked question?' })
    await recordActivity(db, { ...line, record_type: 'collections', record_id: 'an-item-since-deleted', title: 'FAQ: A deleted question?' })
    await recordActivity(db, { ...line, record_type: 'navigation', title: 'Menus and footer links' })
    return { pageId, itemId }
  })
  const page = await ownerPage()
  await page.goto('/admin/activity?kind=pages')
  await waitForHydration(page)
  const link = (name: string) => lines(page).getByRole('link', { name, exact: true })
  expect(await link('FAQ: A linked question?').getAttribute('href')).toBe(`/admin/collections/faq/edit/${itemId}`)
  expect(await link('Menus and footer links').getAttribute('href')).toBe('/admin/navigation')
  // A deleted item's line still names it, with nothing to open.
  expect(await lines(page).filter({ hasText: 'FAQ: A deleted question?' }).count()).toBe(1)
  expect(await link('FAQ: A deleted question?').count()).toBe(0)
  await link('Linked page').click()
  await page.waitForURL((url) => url.pathname === `/admin/pages/edit/${pageId}`)
  await page.context().close()
})
