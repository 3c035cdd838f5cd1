import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { toast, waitForHydration } from '../support/browser'
import { loadVocabulary, structuredDataProblems } from '../support/schema-org'
import { signInThroughForm, useRunningSite } from '../support/site'

const site = useRunningSite()

async function signedInPage(): Promise<Page> {
  const context = await site.browser.newContext({ baseURL: site.server.url, viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  await signInThroughForm(page)
  return page
}

/** What a page tells search engines and share cards, read from its HTML as a crawler would. */
async function headOf(path: string) {
  const html = await (await fetch(`${site.server.url}${path}`)).text()
  const meta = (attribute: 'name' | 'property', key: string) =>
    new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1]?.replaceAll('&amp;', '&').replaceAll('&#x27;', "'")
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    description: meta('name', 'description'),
    robots: meta('name', 'robots'),
    og: { title: meta('property', 'og:title'), description: meta('property', 'og:description'), image: meta('property', 'og:image') },
    twitter: {
      title: meta('name', 'twitter:title'),
      description: meta('name', 'twitter:description'),
      image: meta('name', 'twitter:image'),
    },
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1] ?? '') as unknown,
    ),
  }
}

async function sitemapPaths(): Promise<string[]> {
  const xml = await (await fetch(`${site.server.url}/sitemap.xml`)).text()
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname)
}

describe('search and sharing', () => {
  it("shows a post's SEO title, description and social image in <title>, the meta tags and the social tags, with a live preview while typing", async () => {
    const page = await signedInPage()
    await page
      .getByTestId('post-row')
      .filter({ hasText: /Published/ })
      .first()
      .getByRole('link', { name: /^Edit/ })
      .click()
    await page.waitForURL('**/admin/blog/edit/**')
    await waitForHydration(page)
    const slug = await page.getByLabel('Slug').inputValue()

    await page.getByLabel('SEO title').fill('Answer Every Call Without Hiring')
    await page
      .getByLabel('Meta description')
      .fill('How a small office answers every call, day and night, with an AI receptionist that books and routes.')
    await page.getByLabel('Social image').fill('https://images.example.com/answer-every-call.png')
    const previews = page.getByRole('group', { name: 'Previews' })
    await expect.poll(() => previews.getByText('Answer Every Call Without Hiring').count()).toBe(2)
    expect(await page.getByText(/characters: a good length/).count()).toBe(2)

    await page.getByRole('button', { name: 'Save Post' }).click()
    await page.waitForURL('**/admin/blog')
    await expect.poll(() => toast(page, 'Post updated successfully').count()).toBe(1)

    const head = await headOf(`/resources/blog/${slug}`)
    expect(head.title).toBe('Answer Every Call Without Hiring')
    expect(head.description).toBe('How a small office answers every call, day and night, with an AI receptionist that books and routes.')
    expect(head.og).toEqual({ title: head.title, description: head.description, image: 'https://images.example.com/answer-every-call.png' })
    expect(head.twitter).toEqual(head.og)
    expect(head.robots).toBeUndefined()
  })

  it('hides a post from search engines: robots noindex on its page and gone from the sitemap', async () => {
    const page = await signedInPage()
    await page
      .getByTestId('post-row')
      .filter({ hasText: /Published/ })
      .nth(1)
      .getByRole('link', { name: /^Edit/ })
      .click()
    await page.waitForURL('**/admin/blog/edit/**')
    await waitForHydration(page)
    const path = `/resources/blog/${await page.getByLabel('Slug').inputValue()}`
    expect(await sitemapPaths()).toContain(path)

    await page.getByLabel('Hide from search engines').check()
    await page.getByRole('button', { name: 'Save Post' }).click()
    await page.waitForURL('**/admin/blog')

    expect((await headOf(path)).robots).toBe('noindex')
    expect(await sitemapPaths()).not.toContain(path)
  })

  it("edits a page's search fields in its editor, refuses a bad image address, and the page shows them once published", async () => {
    const page = await signedInPage()
    await page.goto('/admin/pages')
    await waitForHydration(page)
    await page.getByTestId('page-row').filter({ hasText: '/partners' }).getByRole('link', { name: /^Edit/ }).click()
    await page.waitForURL(/\/admin\/pages\/edit\/[^/]+$/)
    // Opened directly too: the server renders the editor and its previews.
    await page.reload()
    await waitForHydration(page)
    // The preview starts from the page's own title.
    await expect
      .poll(() =>
        page
          .getByRole('group', { name: 'Previews' })
          .getByText(/^Our Partners \|/)
          .count(),
      )
      .toBe(2)

    await page.getByLabel('SEO title').fill('Technology Partners We Trust')
    await page.getByLabel('Social image').fill('javascript:alert(1)')
    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    await expect
      .poll(() => page.locator('#field-socialImage-error').textContent())
      .toBe('Use an address on this site starting with /, or a full https:// address')
    expect((await headOf('/partners')).title).not.toBe('Technology Partners We Trust')

    await page.getByLabel('Social image').fill('')
    await page.getByLabel('Hide from search engines').check()
    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    await expect.poll(() => toast(page, 'Page published').count()).toBe(1)

    const head = await headOf('/partners')
    expect(head.title).toBe('Technology Partners We Trust')
    expect(head.og.title).toBe('Technology Partners We Trust')
    expect(head.robots).toBe('noindex')
    expect(await sitemapPaths()).not.toContain('/partners')
  })

  it('gives every public page structured data that parses and names only schema.org types and their properties', async () => {
    const vocabulary = loadVocabulary()
    const paths = [...(await sitemapPaths()), '/partners']
    expect(paths.some((path) => path.startsWith('/case-studies/'))).toBe(true)
    expect(paths.some((path) => path.startsWith('/resources/blog/'))).toBe(true)
    const typesByPath = new Map<string, string[]>()
    for (const path of paths) {
      const { jsonLd } = await headOf(path)
      expect(jsonLd, path).toHaveLength(1)
      const [document] = jsonLd as [{ '@context': string; '@graph': Record<string, unknown>[] }]
      expect(document['@context']).toBe('https://schema.org')
      expect(structuredDataProblems(vocabulary, document['@graph']), path).toEqual([])
      const firm = document['@graph'][0]!
      expect(firm['@type']).toBe('ProfessionalService')
      expect((firm.location as unknown[]).length, path).toBeGreaterThan(0)
      typesByPath.set(
        path,
        document['@graph'].map((node) => String(node['@type'])),
      )
    }
    expect(typesByPath.get('/resources/faq')).toEqual(['ProfessionalService', 'FAQPage', 'BreadcrumbList'])
    for (const [path, types] of typesByPath) {
      if (path.startsWith('/resources/blog/')) expect(types, path).toEqual(['ProfessionalService', 'BlogPosting', 'BreadcrumbList'])
      if (path.startsWith('/case-studies/')) expect(types, path).toEqual(['ProfessionalService', 'Article', 'BreadcrumbList'])
      if (path.startsWith('/industries/')) expect(types, path).toEqual(['ProfessionalService', 'BreadcrumbList'])
    }
    const post = [...paths].find((path) => path.startsWith('/resources/blog/'))!
    const posting = ((await headOf(post)).jsonLd[0] as { '@graph': Record<string, unknown>[] })['@graph'][1]!
    expect(posting.dateModified).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    expect(posting.author).toMatchObject({ '@type': 'Person', name: expect.any(String) })
  })
})
