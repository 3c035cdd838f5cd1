import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { toast, waitForHydration } from '../support/browser'
import { signInThroughForm, useRunningSite } from '../support/site'

const site = useRunningSite()

async function openNavigation() {
  const context = await site.browser.newContext({ baseURL: site.server.url })
  const page = await context.newPage()
  await signInThroughForm(page)
  await page.goto('/admin/navigation')
  await waitForHydration(page)
  return page
}

// The list's own items, not the columns and links inside them.
const items = (page: Page, list: string) => page.getByRole('group', { name: list, exact: true }).locator(':scope > ol > li')
const menus = (page: Page) => items(page, 'Header menus')
// An item's own heading and field come before those of the columns and links inside it.
const heading = (item: Locator) => item.getByRole('heading', { level: 4 }).first()
const buttonNames = (page: Page, name: string) =>
  ['Move %s up', 'Move %s down', 'Remove %s'].map((text) => page.getByRole('button', { name: text.replace('%s', name), exact: true }))

describe('the Navigation editor', () => {
  it('names each menu and column by the label typed for it, and by its place while that is empty', async () => {
    const page = await openNavigation()
    const first = menus(page).first()
    const label = first.getByLabel('Label', { exact: true }).first()

    await label.fill('Our Work')
    expect(await heading(first).textContent()).toBe('Our Work')
    for (const button of buttonNames(page, 'Our Work')) expect(await button.count()).toBe(1)

    // Only blanks: the menu is named by its place again.
    await label.fill('   ')
    expect(await heading(first).textContent()).toBe('Menu 1')
    for (const button of buttonNames(page, 'Menu 1')) expect(await button.count()).toBe(1)
    expect(await page.getByRole('button', { name: 'Remove Our Work' }).count()).toBe(0)

    // A new footer column is named by its place until its title is typed.
    const before = await items(page, 'Footer columns').count()
    await page.getByRole('group', { name: 'Footer columns', exact: true }).getByRole('button', { name: 'Add column', exact: true }).click()
    const added = items(page, 'Footer columns').nth(before)
    expect(await heading(added).textContent()).toBe(`Column ${before + 1}`)
    await added.getByLabel('Title', { exact: true }).fill('Visit Us')
    expect(await heading(added).textContent()).toBe('Visit Us')

    // Moved down and saved, the menu keeps its name in its new place.
    await label.fill('Our Work')
    const second = (await heading(menus(page).nth(1)).textContent()) ?? ''
    await page.getByRole('button', { name: 'Move Our Work down', exact: true }).click()
    expect(await heading(menus(page).first()).textContent()).toBe(second)
    expect(await heading(menus(page).nth(1)).textContent()).toBe('Our Work')
    await page.getByRole('button', { name: 'Save Navigation' }).click()
    await toast(page, 'Navigation saved').waitFor()
    await page.reload()
    await waitForHydration(page)
    expect(await heading(menus(page).nth(1)).textContent()).toBe('Our Work')
    expect(await heading(items(page, 'Footer columns').nth(before)).textContent()).toBe('Visit Us')
    await page.context().close()
  })
})
