import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { caseStudies } from '~/content/case-studies'
import { publicPagePaths } from '~/server/services/sitemap.server'
import { toast, waitForHydration } from '../support/browser'
import { signInThroughForm, useRunningSite } from '../support/site'
import { structuredData } from '../support/schema-org'

const site = useRunningSite()

const pages = [...publicPagePaths, '/industries/hvac', '/industries/dental-offices', '/case-studies/healthcare-ai', '/no/such/page']

async function open(path: string, viewport = { width: 1280, height: 800 }, options: { reducedMotion?: 'reduce' | 'no-preference' } = {}) {
  const context = await site.browser.newContext({ baseURL: site.server.url, viewport, ...options })
  const page = await context.newPage()
  const response = await page.goto(path)
  return { page, status: response?.status() }
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
        if (row && box.top < row.bottom - 1) Object.assign(row, { count: row.count + 1, bottom: Math.max(row.bottom, box.bottom), width: row.width + box.width })
        else rows.push({ count: 1, bottom: box.bottom, width: box.width })
      }
      const last = rows.at(-1)
      const inner = grid.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
      if (rows.length > 1 && last!.count === 1 && last!.width < inner * 0.9) found.push(`${grid.tagName.toLowerCase()}.${[...grid.classList].join('.')}`)
    }
    return found
  })
}

describe('case study pages', () => {
  it('gives every study its own page, with its results, testimonial, Article and BreadcrumbList, in the sitemap', async () => {
    const sitemap = await (await fetch(`${site.server.url}/sitemap.xml`)).text()
    const { page } = await open('/')
    for (const study of caseStudies) {
      const path = `/case-studies/${study.id}`
      expect(sitemap, path).toContain(`${path}</loc>`)
      expect((await page.goto(path))?.status(), path).toBe(200)
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(study.title)
      expect(await page.title()).toBe(`${study.client}: ${study.title} | Bayline AI`)
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(new RegExp(`${path}$`))
      for (const result of study.results) expect(await page.getByText(result, { exact: true }).count(), result).toBe(1)
      expect(await page.getByText(study.testimonial.quote, { exact: false }).count()).toBe(1)
      expect(await page.getByText(study.headline!.figure, { exact: true }).count()).toBe(1)
      expect(await page.getByRole('link', { name: 'Book a Strategy Session' }).count()).toBe(1)
      const data = await structuredData(page)
      expect(data.find((item) => item['@type'] === 'Article')).toMatchObject({ headline: study.title, about: { '@type': 'Organization', name: study.client } })
      const trail = data.find((item) => item['@type'] === 'BreadcrumbList')!.itemListElement as { position: number; name: string; item: string }[]
      expect(trail.map((step) => [step.position, step.name])).toEqual([
        [1, 'Home'],
        [2, 'Case Studies'],
        [3, study.client],
      ])
      expect(trail[2]!.item).toMatch(new RegExp(`${path}$`))
      // More stories, never this one again.
      const more = await page.locator('#more a[href^="/case-studies/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')))
      expect(more.length).toBeGreaterThan(0)
      expect(more).not.toContain(path)
    }
    await page.context().close()
  })

  it('links each card of the list page and each industry story to its page, and answers an unknown study with the 404 page', async () => {
    const { page } = await open('/case-studies')
    const titles = await page.locator('[data-testid="case-study-card"] h2 a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))
    expect(titles).toEqual(caseStudies.map((study) => `/case-studies/${study.id}`))
    await page.goto('/industries/hvac')
    expect(await page.locator('[data-testid="case-study-summary"] a').getAttribute('href')).toBe('/case-studies/hvac-assistant')
    const missing = await page.goto('/case-studies/no-such-study')
    expect(missing?.status()).toBe(404)
    expect(await page.getByRole('heading', { name: 'Oops! Page not found' }).isVisible()).toBe(true)
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBeGreaterThan(0)
    await page.context().close()
  })
})

describe('proof on the home page', () => {
  it('shows in the hero the first studies with a headline result, linked to them, and follows an edited study', async () => {
    const visitor = (await open('/')).page
    const hero = visitor.getByTestId('hero-result')
    expect(await hero.count()).toBe(3)
    const first = caseStudies[0]!
    expect(await hero.first().textContent()).toContain(first.headline!.figure)
    expect(await hero.first().getByRole('link').getAttribute('href')).toBe(`/case-studies/${first.id}`)
    const marks = visitor.locator('[aria-labelledby="clients-title"]')
    expect(await marks.getByRole('link').count()).toBe(caseStudies.length)
    for (const study of caseStudies) {
      expect(await marks.getByRole('link', { name: `${study.client} case study`, exact: true }).getAttribute('href')).toBe(`/case-studies/${study.id}`)
    }

    const admin = (await open('/')).page
    await signInThroughForm(admin)
    await admin.goto(`/admin/case-studies/edit/${first.id}`)
    await waitForHydration(admin)
    await admin.getByLabel('Headline figure').fill('31 → 2')
    await admin.getByLabel('What the figure measures').fill('missed calls in a week of flu season')
    await admin.getByRole('button', { name: 'Save Case Study' }).click()
    await expect.poll(() => toast(admin, 'Case study updated successfully').count()).toBe(1)

    await visitor.reload()
    expect(await hero.first().textContent()).toContain('31 → 2')
    expect(await hero.first().textContent()).toContain('missed calls in a week of flu season')

    // Without a headline the study leaves the hero, and the next one with a headline takes its place.
    await admin.goto(`/admin/case-studies/edit/${first.id}`)
    await waitForHydration(admin)
    await admin.getByLabel('Headline figure').fill('')
    await admin.getByLabel('What the figure measures').fill('')
    await admin.getByRole('button', { name: 'Save Case Study' }).click()
    await admin.waitForURL('**/admin/case-studies')
    await visitor.reload()
    const links = await hero.getByRole('link').evaluateAll((all) => all.map((a) => a.getAttribute('href')))
    expect(links).toEqual(caseStudies.slice(1, 4).map((study) => `/case-studies/${study.id}`))
    await visitor.context().close()
    await admin.context().close()
  })
})

describe('the not-found page', () => {
  it('sits in the site frame, with the navigation, a blog search and the main sections', async () => {
    const { page, status } = await open('/no/such/page', { width: 390, height: 844 })
    expect(status).toBe(404)
    expect(await page.getByText('404', { exact: true }).isVisible()).toBe(true)
    expect(await page.getByRole('heading', { name: 'Oops! Page not found' }).isVisible()).toBe(true)
    expect(await page.getByRole('button', { name: /menu/i }).isVisible()).toBe(true)
    expect(await page.locator('footer').isVisible()).toBe(true)
    const sections = await page.getByRole('navigation', { name: 'Where to next' }).getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))
    expect(sections).toEqual(['/solutions', '/industries', '/case-studies', '/resources/blog', '/about', '/contact'])
    await waitForHydration(page)
    await page.getByRole('searchbox', { name: 'Search the blog' }).fill('receptionist')
    await page.getByRole('button', { name: 'Search' }).click()
    await page.waitForURL('**/resources/blog?q=receptionist')
    await page.context().close()
  })
})

describe('rough edges from the walk through the site', () => {
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
    expect(await closing.getByRole('link', { name: 'Book a Strategy Session' }).count()).toBe(1)
    // The closing band has room above it: its own padding, not the band before it.
    expect(await closing.evaluate((band) => parseFloat(getComputedStyle(band).paddingTop))).toBeGreaterThanOrEqual(48)
    await page.context().close()
  })
})

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
          return fit === 'contain' || fit === 'scale-down' || sameShape ? null : `${img.getAttribute('src')} ${fit} ${Math.round(box.width)}x${Math.round(box.height)}`
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
        ...[...document.querySelectorAll('figcaption')].filter((caption) => caption.parentElement?.tagName !== 'FIGURE').map(() => 'figcaption outside a figure'),
        ...[...document.querySelectorAll('[id]')].filter((element) => /\s/.test(element.id)).map((element) => `id "${element.id}"`),
      ])
    }
    expect(problems).toEqual(Object.fromEntries(Object.keys(problems).map((path) => [path, []])))
    await page.context().close()
  })

  it('moves content into view only for visitors who have not asked for less motion', async () => {
    const moving = (await open('/', undefined, { reducedMotion: 'no-preference' })).page
    const still = (await open('/', undefined, { reducedMotion: 'reduce' })).page
    const animation = (page: Page) => page.locator('.reveal').first().evaluate((element) => getComputedStyle(element).animationName)
    expect(await animation(moving)).toBe('reveal-rise')
    expect(await animation(still)).toBe('none')
    await moving.context().close()
    await still.context().close()
  })
})
