import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { waitForHydration } from '../support/browser'
import { withServerDb } from '../support/server'
import { signInThroughForm, useRunningSite } from '../support/site'

const site = useRunningSite()

async function signedInPage() {
  const context = await site.browser.newContext({ baseURL: site.server.url })
  const page = await context.newPage()
  await signInThroughForm(page)
  return page
}

async function open(page: Page, path: string) {
  await page.goto(path)
  await waitForHydration(page)
}

// A team member's cell also holds their initials; the name is in its own span.
const rowNames = (page: Page, testId: string) =>
  page.getByTestId(testId).locator('th').locator('span.break-words, :scope:not(:has(span))').allTextContents()
const aboutTeam = async (page: Page) => {
  await page.goto('/about')
  return page.getByTestId('team-member').locator('h3').allTextContents()
}
/** Waits until the stored order is the one shown, so the next step reads what was saved. */
const stored = (table: 'team_members' | 'testimonials', names: string[]) =>
  expect
    .poll(() =>
      withServerDb(site.server, async (db) =>
        (await db.selectFrom(table).select('name').orderBy('position').orderBy('name').execute()).map((row) => row.name),
      ),
    )
    .toEqual(names)

describe('lists ordered by hand', () => {
  it('moves a team member to the top with the keyboard, then another by drag, and the About page follows', async () => {
    const page = await signedInPage()
    await open(page, '/admin/team')
    const names = await rowNames(page, 'team-member-row')
    expect(names).toHaveLength(4)
    // Seeded in the content's order, the founder first.
    expect(names[0]).toBe('Nicole Arceneaux')
    const [first, second, third, fourth] = names as [string, string, string, string]

    // The last one climbs three places from the keyboard; focus stays on its button all the way up.
    await page.getByRole('button', { name: `Move ${fourth} up` }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Moved' }).textContent()).toBe(`Moved ${fourth} to position 3 of 4`)
    await page.keyboard.press('Enter')
    await page.keyboard.press('Enter')
    await expect.poll(() => rowNames(page, 'team-member-row')).toEqual([fourth, first, second, third])
    expect(await page.getByRole('status').filter({ hasText: 'Moved' }).textContent()).toBe(`Moved ${fourth} to position 1 of 4`)
    // At the top its Move up is disabled, so focus moved to its Move down.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Move ${fourth} down`)
    expect(await page.getByRole('button', { name: `Move ${fourth} up` }).isDisabled()).toBe(true)
    await stored('team_members', [fourth, first, second, third])
    expect(await aboutTeam(page)).toEqual([fourth, first, second, third])

    // Dragged by its handle onto the top half of the first row, the last one goes first.
    await open(page, '/admin/team')
    const handle = page.getByTestId('team-member-row').filter({ hasText: third }).getByTestId('drag-handle')
    await handle.dragTo(page.getByTestId('team-member-row').first(), { targetPosition: { x: 40, y: 4 } })
    await expect.poll(() => rowNames(page, 'team-member-row')).toEqual([third, fourth, first, second])
    await stored('team_members', [third, fourth, first, second])
    expect(await aboutTeam(page)).toEqual([third, fourth, first, second])
    await page.context().close()
  })

  it('swaps two testimonials with Move down, and the list keeps the new order after a reload', async () => {
    const page = await signedInPage()
    await open(page, '/admin/testimonials')
    const names = await rowNames(page, 'testimonial-row')
    const [first, second] = names as [string, string]
    await page.getByRole('button', { name: `Move ${first} down` }).click()
    await expect.poll(() => rowNames(page, 'testimonial-row')).toEqual([second, first, ...names.slice(2)])
    await stored('testimonials', [second, first, ...names.slice(2)])
    await page.reload()
    expect(await rowNames(page, 'testimonial-row')).toEqual([second, first, ...names.slice(2)])
    await page.context().close()
  })

  it('keeps a draft case study from visitors and the sitemap, and shows it to the signed-in admin', async () => {
    const page = await signedInPage()
    await open(page, '/admin/case-studies/edit/lawn-care')
    await page.getByLabel('Draft', { exact: true }).check()
    await page.getByRole('button', { name: 'Save Case Study' }).click()
    await page.waitForURL('**/admin/case-studies')
    const row = page.getByTestId('case-study-row').filter({ hasText: 'Lawn' })
    await row.getByText('Draft', { exact: true }).waitFor()

    // Visitors: no page, no card, no sitemap entry.
    const visitor = await site.browser.newContext({ baseURL: site.server.url })
    const visitorPage = await visitor.newPage()
    expect((await visitorPage.goto('/case-studies/lawn-care'))!.status()).toBe(404)
    await visitorPage.goto('/case-studies')
    expect(await visitorPage.locator('a[href="/case-studies/lawn-care"]').count()).toBe(0)
    const sitemap = await (await fetch(`${site.server.url}/sitemap.xml`)).text()
    expect(sitemap).not.toContain('/case-studies/lawn-care<')
    expect(sitemap).toContain('/case-studies/barber-scheduling<')
    await visitor.close()

    // The admin previews it, marked as a draft, never cached for others.
    const preview = await page.goto('/case-studies/lawn-care')
    expect(preview!.status()).toBe(200)
    expect(preview!.headers()['cache-control']).toBe('private, no-store')
    expect(await page.getByRole('note').filter({ hasText: 'Preview' }).textContent()).toContain('a draft, not published')
    await page.context().close()
  })
})
