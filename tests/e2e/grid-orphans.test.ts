import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { useRunningSite } from '../support/site'

const site = useRunningSite()

const WIDTHS = [390, 768, 1024, 1280]

/** Every page the sitemap lists, and the blog's list, which it may not. */
let paths: string[] = []

beforeAll(async () => {
  const sitemap = await (await fetch(`${site.server.url}/sitemap.xml`)).text()
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname)
  paths = [...new Set([...listed, '/resources/blog'])]
  // The sitemap is the source of the pages: guard against reading an empty or broken one.
  expect(listed).toContain('/partners')
  expect(listed.some((path) => path.startsWith('/case-studies/'))).toBe(true)
})

/**
 * The card grids of the page whose last row looks broken: one card alone under rows of two or more,
 * or a card there wider than the cards above it. A card grid is a grid or wrapping flex box whose
 * visible children share a width on the full rows (a wrapping list of tags or buttons varies in width,
 * so it is not one). Offsets, not client rects, so a transform never moves a card between rows.
 */
function brokenLastRows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = []
    for (const grid of document.querySelectorAll<HTMLElement>('main *')) {
      const style = getComputedStyle(grid)
      const wraps = style.display === 'grid' || (style.display === 'flex' && style.flexWrap === 'wrap')
      if (!wraps) continue
      const items = [...grid.children].filter(
        (child): child is HTMLElement =>
          child instanceof HTMLElement && getComputedStyle(child).position !== 'absolute' && child.offsetHeight > 0,
      )
      // Items share a row when their boxes overlap vertically, since centred items start at different heights.
      const rows: { top: number; bottom: number; widths: number[] }[] = []
      for (const item of [...items].sort((a, b) => a.offsetTop - b.offsetTop)) {
        const row = rows.at(-1)
        const top = item.offsetTop
        const bottom = top + item.offsetHeight
        if (row && top < row.bottom - 1) {
          row.bottom = Math.max(row.bottom, bottom)
          row.widths.push(item.offsetWidth)
        } else rows.push({ top, bottom, widths: [item.offsetWidth] })
      }
      if (rows.length < 2) continue
      const full = rows.slice(0, -1)
      const last = rows.at(-1)!
      const widest = Math.max(...full.map((row) => row.widths.length))
      if (widest < 2) continue
      const widths = full.flatMap((row) => row.widths)
      const cardWidth = Math.max(...widths)
      if (cardWidth - Math.min(...widths) > 2) continue
      const problem =
        last.widths.length === 1
          ? `1 item on the last row under rows of ${widest}`
          : last.widths.some((width) => width > cardWidth + 2)
            ? `an item of ${Math.max(...last.widths)} px on the last row under items of ${cardWidth} px`
            : null
      if (!problem) continue
      // Named by the last page heading before it and its classes.
      const heading = [...document.querySelectorAll('main h1, main h2')]
        .filter((candidate) => candidate.compareDocumentPosition(grid) & Node.DOCUMENT_POSITION_FOLLOWING)
        .at(-1)
      found.push(`"${heading?.textContent?.trim() ?? ''}" ${grid.tagName.toLowerCase()}.${[...grid.classList].join('.')}: ${problem}`)
    }
    return found
  })
}

describe('card grids', () => {
  it.each(WIDTHS)(
    'leave no card alone or stretched on a last row at %i px',
    async (width) => {
      const context = await site.browser.newContext({
        baseURL: site.server.url,
        viewport: { width, height: 900 },
        reducedMotion: 'reduce',
      })
      const page = await context.newPage()
      const found: string[] = []
      for (const path of paths) {
        await page.goto(path)
        await page.evaluate(() => document.fonts.ready)
        for (const grid of await brokenLastRows(page)) found.push(`${path} at ${width} px: ${grid}`)
      }
      await context.close()
      expect(found).toEqual([])
    },
    300_000,
  )
})
