import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { publicPagePaths } from '~/server/services/sitemap.server'
import { waitForHydration } from '../support/browser'
import { useRunningSite } from '../support/site'

const site = useRunningSite()

const pages = [...publicPagePaths, '/industries/hvac', '/industries/dental-offices', '/case-studies/healthcare-ai', '/no/such/page']

async function open(path: string, viewport = { width: 1280, height: 800 }, options: { reducedMotion?: 'reduce' | 'no-preference' } = {}) {
  const context = await site.browser.newContext({ baseURL: site.server.url, viewport, ...options })
  const page = await context.newPage()
  await page.goto(path)
  return { page }
}

/**
 * Grids whose last row holds one item that does not span the row: an orphan. Items share a row when
 * their boxes overlap vertically, since centred items start at different heights.
 */
function orphans(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = []
    for (const grid of document.querySelectorAll<HTMLElement>('main *')) {
      const style = getComputedStyle(grid)
      if (style.display !== 'grid' || style.gridTemplateColumns.split(' ').length < 2) continue
      const boxes = [...grid.children]
        .filter((child) => getComputedStyle(child).position !== 'absolute' && child.getBoundingClientRect().height > 0)
        .map((child) => child.getBoundingClientRect())
        .sort((a, b) => a.top - b.top)
      const rows: { count: number; bottom: number; width: number }[] = []
      for (const box of boxes) {
        const row = rows.at(-1)
        if (row && box.top < row.bottom - 1)
          Object.assign(row, { count: row.count + 1, bottom: Math.max(row.bottom, box.bottom), width: row.width + box.width })
        else rows.push({ count: 1, bottom: box.bottom, width: box.width })
      }
      const last = rows.at(-1)
      const inner = grid.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
      if (rows.length > 1 && last!.count === 1 && last!.width < inner * 0.9)
        found.push(`${grid.tagName.toLowerCase()}.${[...grid.classList].join('.')}`)
    }
    return found
  })
}

describe('layout', () => {
  it.each([390, 768, 1024, 1280])('leaves no grid with a lone item on its last row at %i px', async (width) => {
    const { page } = await open('/', { width, height: 900 })
    const found: Record<string, string[]> = {}
    for (const path of pages) {
      await page.goto(path)
      found[path] = await orphans(page)
    }
    expect(found).toEqual(Object.fromEntries(pages.map((path) => [path, []])))
    await page.context().close()
  })

  it('never crops a case-study picture at 768 px', async () => {
    const { page } = await open('/case-studies', { width: 768, height: 1024 })
    const cropped: string[] = []
    for (const path of ['/case-studies', '/', '/case-studies/healthcare-ai', '/industries/hvac']) {
      await page.goto(path)
      const pictures = page.locator('[data-testid="case-study-card"] img, [data-testid="case-study-summary"] img, article header img')
      for (const picture of await pictures.all()) {
        await picture.scrollIntoViewIfNeeded()
        await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
        const shown = await picture.evaluate((img: HTMLImageElement) => {
          const box = img.getBoundingClientRect()
          const fit = getComputedStyle(img).objectFit
          const sameShape = Math.abs(box.width / box.height - img.naturalWidth / img.naturalHeight) < 0.02
          return fit === 'contain' || fit === 'scale-down' || sameShape
            ? null
            : `${img.getAttribute('src')} ${fit} ${Math.round(box.width)}x${Math.round(box.height)}`
        })
        if (shown) cropped.push(`${path}: ${shown}`)
      }
    }
    expect(cropped).toEqual([])
    await page.context().close()
  })

  it('shows no illustration twice on one page', async () => {
    const { page } = await open('/')
    const repeats: Record<string, string[]> = {}
    for (const path of pages) {
      await page.goto(path)
      const sources = await page.locator('main img').evaluateAll((images) => images.map((img) => img.getAttribute('src')!))
      repeats[path] = sources.filter((src, index) => sources.indexOf(src) !== index)
    }
    expect(repeats).toEqual(Object.fromEntries(pages.map((path) => [path, []])))
    await page.context().close()
  })

  it('writes markup the Nu checker accepts on the points it refused: captions inside figures, ids without spaces', async () => {
    const { page } = await open('/')
    const problems: Record<string, string[]> = {}
    for (const path of [...pages, '/partners']) {
      await page.goto(path)
      await waitForHydration(page)
      problems[path] = await page.evaluate(() => [
        ...[...document.querySelectorAll('figcaption')]
          .filter((caption) => caption.parentElement?.tagName !== 'FIGURE')
          .map(() => 'figcaption outside a figure'),
        ...[...document.querySelectorAll('[id]')].filter((element) => /\s/.test(element.id)).map((element) => `id "${element.id}"`),
      ])
    }
    expect(problems).toEqual(Object.fromEntries(Object.keys(problems).map((path) => [path, []])))
    await page.context().close()
  })

  it('moves content into view only for visitors who have not asked for less motion', async () => {
    const moving = (await open('/', undefined, { reducedMotion: 'no-preference' })).page
    const still = (await open('/', undefined, { reducedMotion: 'reduce' })).page
    const animation = (page: Page) =>
      page
        .locator('.reveal')
        .first()
        .evaluate((element) => getComputedStyle(element).animationName)
    expect(await animation(moving)).toBe('reveal-rise')
    expect(await animation(still)).toBe('none')
    await moving.context().close()
    await still.context().close()
  })
})

describe('the industries and solutions pages', () => {
  it('names industries as written, links the Industries menu to /industries once, and closes Solutions with a heading', async () => {
    const { page } = await open('/industries')
    const cards = await page.locator('main a[href^="/industries/"]').allTextContents()
    expect(cards.map((text) => text.trim())).toContain('How we help HVAC')
    expect(cards.join(' ')).not.toMatch(/How we help [a-z]/)
    const menu = page.locator('#menu-industries')
    expect(await menu.locator('a[href="/industries"]').count()).toBe(1)
    await page.goto('/solutions')
    const closing = page.locator('main > section').last()
    expect(await closing.getByRole('heading', { level: 2 }).textContent()).toBe('Not sure which one fits?')
    expect(await closing.getByRole('link', { name: 'Book a free 30-minute call' }).count()).toBe(1)
    // The closing band has room above it: its own padding, not the band before it.
    expect(await closing.evaluate((band) => parseFloat(getComputedStyle(band).paddingTop))).toBeGreaterThanOrEqual(48)
    await page.context().close()
  })
})
