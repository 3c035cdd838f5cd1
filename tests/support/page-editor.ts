import type { Page } from 'playwright-core'
import { waitForHydration } from './browser'

/** Opens the page editor of the page named `name` from the Pages list, as an editor would. */
export async function openPageEditor(page: Page, name: string) {
  await page.goto('/admin/pages')
  await waitForHydration(page)
  await page
    .getByTestId('page-row')
    .filter({ hasText: name })
    .first()
    .getByRole('link', { name: `Edit ${name}` })
    .click()
  await page.waitForURL(/\/admin\/pages\/edit\/[^/]+$/)
  await waitForHydration(page)
}

/** The editor's card of the first block of a type. */
export const blockCard = (page: Page, type: string) => page.locator(`[data-testid="block-card"][data-block-type="${type}"]`).first()

/** Opens the first block of a type's card, unless it is open already. */
export async function openBlockCard(page: Page, type: string) {
  const toggle = blockCard(page, type).locator('button[aria-expanded]')
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click()
}

/** The live preview beside the editor. */
export const pagePreview = (page: Page) => page.frameLocator('iframe[name="page-preview"]')
