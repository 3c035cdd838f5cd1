import { chromium, type Browser, type Locator, type Page } from 'playwright-core'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/lib/chromium'

export { CHROMIUM_FLAGS, CHROMIUM_PATH }

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
}

/**
 * Waits until the page is ready for clicks: React has hydrated the server-rendered page (it tags
 * each DOM node it adopts; the footer or main element is adopted late in the pass), or, on a page
 * served plain, the enhancement script has wired its behaviours (it marks the document then).
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    if (document.documentElement.dataset.enhanced === 'true') return true
    const last = document.querySelector('footer') ?? document.querySelector('main')
    return Boolean(last && Object.keys(last).some((key) => key.startsWith('__reactFiber')))
  })
}

/** The toast showing `text`, if any. */
export function toast(page: Page, text: string) {
  return page.locator('[data-sonner-toast]', { hasText: text })
}

/** On a History screen, compares the revision row `from` against `to`, as a person picks them, and waits for the comparison. */
export async function compareRevisions(page: Page, from: Locator, to: Locator) {
  await from.getByRole('radio', { name: /^Compare from / }).check()
  await to.getByRole('radio', { name: /^Compare to / }).check()
  await page.getByRole('button', { name: 'Compare' }).click()
  await page.waitForURL((url) => url.searchParams.has('from') && url.searchParams.has('to'))
}
