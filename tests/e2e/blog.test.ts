import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { createTestAuthor, createTestPost } from '../support/blog'
import { waitForHydration } from '../support/browser'
import { logMessages } from '../support/log-lines'
import { withServerDb } from '../support/server'
import { ADMIN, useRunningSite } from '../support/site'
import { structuredData } from '../support/schema-org'

const site = useRunningSite()

const CEDAR = {
  title: 'Cedar Planning Guide for Busy Owners',
  slug: 'cedar-planning-guide',
  tag: 'Cedar Tag',
  publishedAt: '2024-03-05T15:00:00.000Z',
}
const DRAFT_SLUG = 'secret-cedar-draft'
const SEEDED_POST = '/resources/blog/what-an-ai-receptionist-actually-does-for-a-small-business'

beforeAll(async () => {
  await withServerDb(site.server, async (db) => {
    const quietAuthor = await createTestAuthor(db, { name: 'Quinn Quiet', bio: null })
    await createTestPost(db, quietAuthor, {
      title: CEDAR.title,
      slug: CEDAR.slug,
      excerpt: 'How to plan a season of work without a spreadsheet marathon.',
      content: '## Plan the season\n\nStart with the calls you missed last year.',
      tags: [CEDAR.tag],
      publishedAt: CEDAR.publishedAt,
    })
    await createTestPost(db, quietAuthor, { title: 'Secret Cedar Draft', slug: DRAFT_SLUG, published: false, publishedAt: null })
  })
})

/** Opens a page of the blog, once its scripts have run (every public page, a missing one included, has them). */
async function open(path: string, { javaScript = true, viewport = { width: 1280, height: 800 } } = {}) {
  const context = await site.browser.newContext({ baseURL: site.server.url, javaScriptEnabled: javaScript, viewport })
  const page = await context.newPage()
  const response = await page.goto(path)
  if (javaScript) await waitForHydration(page)
  return { page, response }
}
const cards = (page: Page) => page.getByTestId('post-card')
const cardTitles = (page: Page) => cards(page).locator('h2').allTextContents()
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search articles' })

describe('blog list', () => {
  it('shows published posts only, newest first, with relative times and authors', async () => {
    const { page } = await open('/resources/blog')
    const titles = await cardTitles(page)
    expect(titles).toHaveLength(4)
    expect(titles.at(-1)).toBe(CEDAR.title)
    expect(titles).not.toContain('Secret Cedar Draft')
    const cedar = cards(page).filter({ hasText: CEDAR.title })
    expect(await cedar.locator('time').textContent()).toMatch(/years? ago$/)
    expect(await cedar.getByText('Quinn Quiet').isVisible()).toBe(true)
    // No avatar: the author's first letter instead, and the gradient in place of a missing image.
    expect(await cedar.locator('[data-slot="avatar"]').textContent()).toBe('Q')
    expect(await cedar.getByTestId('post-cover-fallback').count()).toBe(1)
    await page.context().close()
  })

  it('narrows as the visitor types, says when nothing matches, and clears', async () => {
    const { page } = await open('/resources/blog')
    await searchBox(page).fill('CEDAR planning')
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('CEDAR planning')
    await expect.poll(() => cardTitles(page)).toEqual([CEDAR.title])

    await searchBox(page).fill('no such article anywhere')
    await expect.poll(() => page.getByText('No blog posts found matching your search.').isVisible()).toBe(true)
    await page.getByRole('link', { name: 'Clear Search' }).click()
    await expect.poll(() => cards(page).count()).toBe(4)
    expect(new URL(page.url()).search).toBe('')
    expect(await searchBox(page).inputValue()).toBe('')
    await page.context().close()
  })

  it('shows four placeholders while the next results load', async () => {
    const { page } = await open('/resources/blog')
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    // The next results are the list's own page, fetched in place.
    await page.route(
      (url) => url.pathname === '/resources/blog' && url.searchParams.has('q'),
      async (route) => {
        await held
        await route.continue()
      },
    )
    await searchBox(page).fill('cedar')
    await expect.poll(() => page.getByTestId('post-card-skeleton').count()).toBe(4)
    release()
    await expect.poll(() => cardTitles(page)).toEqual([CEDAR.title])
    expect(await page.getByTestId('post-card-skeleton').count()).toBe(0)
    await page.context().close()
  })

  it('searches without JavaScript through the URL', async () => {
    const { page } = await open('/resources/blog?q=cedar', { javaScript: false })
    expect(await cardTitles(page)).toEqual([CEDAR.title])
    expect(await searchBox(page).inputValue()).toBe('cedar')
    await page.context().close()
  })

  it('filters by a tag from a card and clears the tag', async () => {
    const { page } = await open('/resources/blog')
    await cards(page).filter({ hasText: CEDAR.title }).getByRole('link', { name: CEDAR.tag }).click()
    await expect.poll(() => new URL(page.url()).searchParams.get('tag')).toBe(CEDAR.tag)
    await expect.poll(() => cardTitles(page)).toEqual([CEDAR.title])
    expect(await page.getByTestId('filter-summary').textContent()).toContain(`1 post tagged “${CEDAR.tag}”`)
    await page.getByRole('link', { name: 'Clear tag' }).click()
    await expect.poll(() => cards(page).count()).toBe(4)
    await page.context().close()
  })

  it('opens a post from anywhere on its card', async () => {
    const { page } = await open('/resources/blog')
    // The card's centre is its excerpt, not the title: the whole card is the link's target.
    await cards(page).filter({ hasText: CEDAR.title }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/resources/blog/${CEDAR.slug}`)
    await expect.poll(() => page.locator('h1').textContent()).toBe(CEDAR.title)
    await page.context().close()
  })
})

describe('blog post', () => {
  it('shows the title, author, US date, reading time, body, tags and no author block without a bio', async () => {
    const { page, response } = await open(`/resources/blog/${CEDAR.slug}`)
    expect(response?.status()).toBe(200)
    expect(await page.getByTestId('post-author').textContent()).toBe('Quinn Quiet')
    expect(await page.getByTestId('post-date').textContent()).toBe('March 5, 2024')
    expect(await page.getByTestId('post-reading-time').textContent()).toBe('1 min read')
    expect(await page.getByTestId('post-body').locator('h2').textContent()).toBe('Plan the season')
    expect(await page.getByRole('list', { name: 'Tags' }).getByRole('link', { name: CEDAR.tag }).getAttribute('href')).toBe(
      '/resources/blog?tag=Cedar+Tag',
    )
    expect(await page.getByText('About the author').count()).toBe(0)
    await page.getByRole('link', { name: 'Back to all posts' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/resources/blog')
    await page.context().close()
  })

  it('shows the author block when the author has a bio, and describes itself to search engines', async () => {
    const { page } = await open(SEEDED_POST)
    const about = page.getByTestId('about-author')
    expect(await about.getByRole('heading', { name: 'About the author' }).isVisible()).toBe(true)
    expect(await about.textContent()).toContain('Nicole Arceneaux')
    expect(await page.locator('meta[property="og:type"]').getAttribute('content')).toBe('article')
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(new RegExp(`${SEEDED_POST}$`))
    const posting = (await structuredData(page)).find((node) => node['@type'] === 'BlogPosting')
    expect(posting).toMatchObject({
      headline: 'What an AI Receptionist Actually Does for a Small Business',
      author: { '@type': 'Person', name: 'Nicole Arceneaux' },
    })
    expect(await page.locator('link[rel="alternate"][type="application/rss+xml"]').getAttribute('href')).toMatch(
      /\/resources\/blog\/rss\.xml$/,
    )
    await page.context().close()
  })

  it('arrives as plain HTML without React, only the enhancement script, and its header menus still work', async () => {
    const { page } = await open(SEEDED_POST)
    expect(await page.locator('script[type="module"]').count()).toBe(0)
    expect(
      await page.locator('script:not([type="application/ld+json"])').evaluateAll((all) => all.map((s) => s.matches('script[defer][src]'))),
    ).toEqual([true])
    await page.getByRole('button', { name: 'Resources' }).click()
    await page.getByRole('link', { name: 'FAQ' }).first().click()
    await page.waitForURL('**/resources/faq')
    await page.context().close()

    const phone = (await open(SEEDED_POST, { viewport: { width: 390, height: 844 } })).page
    await phone.getByRole('button', { name: 'Open menu' }).click()
    const menu = phone.getByRole('dialog')
    await expect.poll(() => menu.isVisible()).toBe(true)
    await phone.keyboard.press('Escape')
    await expect.poll(() => menu.count()).toBe(0)
    await phone.getByRole('button', { name: 'Open menu' }).click()
    await menu.getByRole('link', { name: 'Case Studies' }).click()
    await phone.waitForURL('**/case-studies')
    await phone.context().close()
  })

  it('is rendered in place when reached from the blog list', async () => {
    const { page } = await open('/resources/blog')
    await page.evaluate(() => Object.assign(window, { stayedOnPage: true }))
    await cards(page).filter({ hasText: CEDAR.title }).click()
    await expect.poll(() => page.locator('h1').textContent()).toBe(CEDAR.title)
    expect(await page.evaluate(() => 'stayedOnPage' in window)).toBe(true)
    await page.context().close()
  })

  it('goes Back and Forward between the list and a post opened in place, without leaving the page', async () => {
    const { page } = await open('/resources/blog')
    await page.evaluate(() => Object.assign(window, { stayedOnPage: true }))
    await cards(page).filter({ hasText: CEDAR.title }).click()
    await expect.poll(() => page.locator('h1').textContent()).toBe(CEDAR.title)
    expect(await page.title()).toContain(CEDAR.title)
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(new RegExp(`/resources/blog/${CEDAR.slug}$`))
    await page.goBack()
    await expect.poll(() => cards(page).count()).toBe(4)
    expect(new URL(page.url()).pathname).toBe('/resources/blog')
    await page.goForward()
    await expect.poll(() => page.locator('h1').textContent()).toBe(CEDAR.title)
    // The post's own tag leads back to the list, narrowed to it.
    await page.getByRole('list', { name: 'Tags' }).getByRole('link', { name: CEDAR.tag }).click()
    await expect.poll(() => cardTitles(page)).toEqual([CEDAR.title])
    expect(new URL(page.url()).searchParams.get('tag')).toBe(CEDAR.tag)
    expect(await page.evaluate(() => 'stayedOnPage' in window)).toBe(true)
    await page.context().close()
  })

  it('answers a reload with 304 and the page still works', async () => {
    const { page } = await open(SEEDED_POST)
    const blocked: string[] = []
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) blocked.push(message.text())
    })
    const notModified = () => logMessages(site.server.output()).filter((line) => line.startsWith(`GET ${SEEDED_POST} 304`)).length
    const before = notModified()
    // The browser shows its stored copy, so only the server's log tells a 304 from a 200.
    await page.reload()
    await expect.poll(notModified).toBe(before + 1)
    await page.getByRole('link', { name: 'Back to all posts' }).click()
    await expect.poll(() => cards(page).count()).toBe(4)
    expect(blocked).toEqual([])
    await page.context().close()
  })

  it('is not found for a visitor when it is a draft, and previewed for a signed-in admin', async () => {
    const { page, response } = await open(`/resources/blog/${DRAFT_SLUG}`)
    expect(response?.status()).toBe(404)
    expect(await page.getByText('Blog post not found.').isVisible()).toBe(true)
    await page.getByRole('link', { name: 'Back to Blog' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/resources/blog')

    await page.goto('/admin/login')
    await waitForHydration(page)
    await page.getByLabel('Email').fill(ADMIN.email)
    await page.getByLabel('Password').fill(ADMIN.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await page.waitForURL('**/admin/blog')
    const preview = await page.goto(`/resources/blog/${DRAFT_SLUG}`)
    expect(preview?.status()).toBe(200)
    expect(preview?.headers()['cache-control']).toBe('private, no-store')
    expect(await page.getByText('Preview — not published').isVisible()).toBe(true)
    expect(await page.locator('h1').textContent()).toBe('Secret Cedar Draft')
    await page.context().close()
  })
})

describe('feed and sitemap', () => {
  it('parse as XML and list published posts only', async () => {
    const { page } = await open('/')
    const read = (path: string) =>
      page.evaluate(async (p) => {
        const doc = new DOMParser().parseFromString(await (await fetch(p)).text(), 'application/xml')
        return {
          error: doc.querySelector('parsererror')?.textContent ?? null,
          links: [...doc.querySelectorAll('item > link, url > loc')].map((n) => n.textContent ?? ''),
        }
      }, path)
    const feed = await read('/resources/blog/rss.xml')
    expect(feed.error).toBeNull()
    expect(feed.links).toHaveLength(4)
    expect(feed.links.some((l) => l.endsWith(`/resources/blog/${CEDAR.slug}`))).toBe(true)
    const sitemap = await read('/sitemap.xml')
    expect(sitemap.error).toBeNull()
    expect(sitemap.links.some((l) => l.endsWith(`/resources/blog/${CEDAR.slug}`))).toBe(true)
    expect(sitemap.links.some((l) => l.includes(DRAFT_SLUG))).toBe(false)
    expect(sitemap.links.some((l) => l.endsWith('/industries/lawn-care'))).toBe(true)
    await page.context().close()
  })
})

describe('structured data', () => {
  it('describes the organization on the home page and the questions on the FAQ', async () => {
    const { page } = await open('/')
    expect(JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}')).toMatchObject({
      '@context': 'https://schema.org',
    })
    const [firm] = await structuredData(page)
    expect(firm).toMatchObject({ '@type': 'ProfessionalService', name: 'Bayline AI' })
    expect(firm!.email).toMatch(/@/)
    await page.goto('/resources/faq')
    const faq = (await structuredData(page)).find((node) => node['@type'] === 'FAQPage')!
    expect(faq['@type']).toBe('FAQPage')
    expect(faq.mainEntity).toHaveLength(5)
    expect(faq.mainEntity[0]).toMatchObject({ '@type': 'Question', acceptedAnswer: { '@type': 'Answer' } })
    await page.context().close()
  })
})

describe('when the database fails', () => {
  it('says so on pages it must read, keeps serving pages it already has, and Try Again loads them once it is back', async () => {
    const birch = await withServerDb(site.server, async (db) =>
      createTestPost(db, await createTestAuthor(db), { title: 'Birch Budget Basics', slug: 'birch-budget-basics' }),
    )
    // Cached for anonymous visitors before the failure.
    for (let i = 0; i < 2; i++) await fetch(`${site.server.url}/resources/blog`)
    await withServerDb(site.server, (db) => db.schema.alterTable('blog_posts').renameTo('blog_posts_away').execute())
    try {
      expect((await fetch(`${site.server.url}/resources/blog`)).status).toBe(200)
      const { page, response } = await open('/resources/blog?q=budget')
      expect(response?.status()).toBe(500)
      expect(await page.getByText('There was an error loading blog posts.').isVisible()).toBe(true)
      const post = await page.goto(`/resources/blog/${birch.slug}`)
      expect(post?.status()).toBe(500)
      expect(await page.getByText('There was an error loading this blog post.').isVisible()).toBe(true)
      await withServerDb(site.server, (db) => db.schema.alterTable('blog_posts_away').renameTo('blog_posts').execute())
      await waitForHydration(page)
      await page.getByRole('link', { name: 'Try Again' }).click()
      await expect.poll(() => page.locator('h1').textContent()).toBe('Birch Budget Basics')
      await page.context().close()
    } finally {
      await withServerDb(site.server, async (db) => {
        const tables = await db.introspection.getTables()
        if (tables.some((t) => t.name === 'blog_posts_away')) await db.schema.alterTable('blog_posts_away').renameTo('blog_posts').execute()
      })
    }
  })
})
