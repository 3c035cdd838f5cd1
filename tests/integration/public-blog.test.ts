import { beforeAll, expect, it } from 'vitest'
import { loader as postLoader } from '~/routes/site/blog-post'
import { loader as feedLoader } from '~/routes/site/blog-rss'
import { loader as listLoader } from '~/routes/site/blog'
import { loader as sitemapLoader } from '~/routes/seo/sitemap'
import { loader as robotsLoader } from '~/routes/seo/robots'
import { signIn } from '~/server/services/auth.server'
import { seedPagesOnce } from '~/server/services/seed-pages.server'
import { listPublishedPosts, POSTS_PER_PAGE } from '~/server/repositories/posts.server'
import { slugify } from '~/lib/slugify'
import { upsertAdmin } from '~/server/services/users.server'
import { createTestAuthor, createTestPost, daysFromNow } from '../support/blog'
import { testContext } from '../support/context'
import { describeEachDatabase } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'

type ListData = Awaited<ReturnType<typeof listLoader>>
type PostData = { post: { title: string; html: string; tags: string[]; author: { bio: string | null } }; preview: boolean }

describeEachDatabase('public blog', (getDb) => {
  const db = () => getDb().db
  const ctx = () => testContext(db())
  let authorId = ''
  let adminCookie = ''
  const hidden = { draft: '', future: '', publishedButNoDate: '' }

  beforeAll(async () => {
    authorId = await createTestAuthor(db(), { name: 'Dana Writer' })
    hidden.draft = (
      await createTestPost(db(), authorId, { title: 'Hidden draft zebra', published: false, publishedAt: null, tags: ['zebra'] })
    ).slug
    hidden.future = (await createTestPost(db(), authorId, { title: 'Scheduled zebra', publishedAt: daysFromNow(3), tags: ['zebra'] })).slug
    hidden.publishedButNoDate = (await createTestPost(db(), authorId, { title: 'Undated zebra', publishedAt: null, tags: ['zebra'] })).slug
    await createTestPost(db(), authorId, { title: 'Visible zebra', excerpt: 'The one zebra anyone may read.', tags: ['zebra'] })

    await upsertAdmin(db(), 'editor@example.com', 'a-long-password')
    const result = await signIn(new Request('http://localhost/admin/login'), ctx(), {
      email: 'editor@example.com',
      password: 'a-long-password',
    })
    if (!result.ok) throw new Error('sign-in failed')
    adminCookie = result.setCookie.split(';')[0]!
  })

  const list = async (query: string) =>
    (await callRoute(listLoader, new Request(`http://localhost/resources/blog?${query}`), ctx())) as ListData
  const openPost = (slug: string, cookie?: string) =>
    callRoute(postLoader, new Request(`http://localhost/resources/blog/${slug}`, { headers: cookie ? { Cookie: cookie } : {} }), ctx(), {
      slug,
    })
  type DocumentLoader = (args: never) => Response | Promise<Response>
  const text = async (loader: DocumentLoader, path: string) =>
    ((await callRoute(loader, new Request(`http://localhost${path}`), ctx())) as Response).text()

  it('shows drafts and future-dated posts nowhere a visitor can look', async () => {
    const titles = (await list('q=zebra')).posts.map((p) => p.title)
    expect(titles).toEqual(['Visible zebra'])
    expect((await list('tag=zebra')).posts.map((p) => p.title)).toEqual(['Visible zebra'])
    const feed = await text(feedLoader, '/resources/blog/rss.xml')
    const sitemap = await text(sitemapLoader, '/sitemap.xml')
    for (const slug of Object.values(hidden)) {
      expect(feed).not.toContain(slug)
      expect(sitemap).not.toContain(slug)
      expect(unwrap(await openPost(slug)).status).toBe(404)
    }
    expect(feed).toContain('Visible zebra')
  })

  it('lets a signed-in admin preview a draft or scheduled post, privately', async () => {
    for (const slug of [hidden.draft, hidden.future]) {
      const result = unwrap<PostData>(await openPost(slug, adminCookie))
      expect(result.status).toBe(200)
      expect(result.data.preview).toBe(true)
      expect(result.headers.get('Cache-Control')).toBe('private, no-store')
    }
    expect(unwrap(await openPost(hidden.draft, 'session=forged-token')).status).toBe(404)
  })

  it('lists newest first and pages beyond twelve posts', async () => {
    const tag = 'paging'
    for (let day = 1; day <= POSTS_PER_PAGE + 2; day++) {
      await createTestPost(db(), authorId, { title: `Paging ${String(day).padStart(2, '0')}`, publishedAt: daysFromNow(-day), tags: [tag] })
    }
    const first = await list(`tag=${tag}`)
    expect(first.total).toBe(POSTS_PER_PAGE + 2)
    expect(first.pageCount).toBe(2)
    expect(first.posts.map((p) => p.title).slice(0, 3)).toEqual(['Paging 01', 'Paging 02', 'Paging 03'])
    const second = await list(`tag=${tag}&page=2`)
    expect(second.posts.map((p) => p.title)).toEqual(['Paging 13', 'Paging 14'])
    const beyond = await callRoute(listLoader, new Request(`http://localhost/resources/blog?tag=${tag}&page=3`), ctx())
    expect(unwrap(beyond).status).toBe(404)
  })

  it('matches search terms literally and case-insensitively, in any language', async () => {
    const titles = [
      '100% Growth Plan',
      '100 Percent Plan',
      'snake_case notes',
      'snakeXcase notes',
      `Owner's "Quick" Guide`,
      'Größe zählt: Café Über Alles',
      'Back\\slash tips',
    ]
    for (const title of titles) await createTestPost(db(), authorId, { title, excerpt: 'literal search check' })
    const search = async (term: string) => (await listPublishedPosts(db(), { search: term })).posts.map((p) => p.title)
    expect(await search('100%')).toEqual(['100% Growth Plan'])
    expect(await search('snake_case')).toEqual(['snake_case notes'])
    expect(await search(`OWNER'S "quick"`)).toEqual([`Owner's "Quick" Guide`])
    expect(await search('über alles')).toEqual(['Größe zählt: Café Über Alles'])
    expect(await search('GRÖSSE')).toEqual([])
    expect(await search('größe ZÄHLT')).toEqual(['Größe zählt: Café Über Alles'])
    expect(await search('CAFÉ')).toEqual(['Größe zählt: Café Über Alles'])
    expect(await search('back\\slash')).toEqual(['Back\\slash tips'])
    expect(await search(`'; drop table blog_posts; --`)).toEqual([])
    expect(await search('%')).toEqual(['100% Growth Plan'])
    // The excerpt is searched as well as the title.
    expect((await search('LITERAL SEARCH')).length).toBe(titles.length)
  })

  it('treats SQL in the tag and slug parameters as plain text', async () => {
    expect((await list(`tag=${encodeURIComponent("zebra' OR '1'='1")}`)).posts).toEqual([])
    expect(unwrap(await openPost("x' OR 1=1 --")).status).toBe(404)
  })

  it('opens a post at every address slugify gives, combining marks and modifier letters included', async () => {
    // 'İ' lowercases to 'i' plus a combining dot; 'ʻ' is a modifier letter.
    for (const title of ['İstanbul notes', 'Hawaiʻi offices', 'नमस्ते दुनिया']) {
      const { slug } = await createTestPost(db(), authorId, { title, slug: slugify(title) })
      expect(unwrap(await openPost(slug)).status, slug).toBe(200)
    }
  })

  it('renders markdown to HTML with every script, handler and javascript: link made inert', async () => {
    const content = [
      '## Heading',
      '<script>alert("stored")</script>',
      '<img src="x" onerror="alert(1)">',
      '[click](javascript:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=)',
      '![pic](javascript:alert(2))',
      '| a | b |\n|---|---|\n| 1 | 2 |',
      '> quoted',
      '```\n<b>code</b>\n```',
      '[site](https://example.com)',
    ].join('\n\n')
    const { slug } = await createTestPost(db(), authorId, { title: 'Markdown check', content })
    const { html } = unwrap<PostData>(await openPost(slug)).data.post
    expect(html).toContain('<h2>Heading</h2>')
    expect(html).toContain('<table>')
    expect(html).toContain('<blockquote>')
    expect(html).toContain('&lt;b&gt;code&lt;/b&gt;')
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer">site</a>')
    expect(html).not.toMatch(/<script|<img[^>]*onerror|href="javascript:|src="javascript:|href="data:/i)
  })

  it('shows the author bio only when the author has one', async () => {
    const quiet = await createTestAuthor(db(), { bio: null })
    const { slug } = await createTestPost(db(), quiet, { tags: ['One', 'Two'] })
    const { post } = unwrap<PostData>(await openPost(slug)).data
    expect(post.author.bio).toBeNull()
    expect(post.tags).toEqual(['One', 'Two'])
  })

  it('answers a repeated feed, sitemap or robots request with 304 Not Modified', async () => {
    const documents: [DocumentLoader, string][] = [
      [feedLoader, '/resources/blog/rss.xml'],
      [sitemapLoader, '/sitemap.xml'],
      [robotsLoader, '/robots.txt'],
    ]
    for (const [loader, path] of documents) {
      const first = (await callRoute(loader, new Request(`http://localhost${path}`), ctx())) as Response
      const etag = first.headers.get('ETag')!
      expect(etag).toMatch(/^W\/".+"$/)
      const again = (await callRoute(
        loader,
        new Request(`http://localhost${path}`, { headers: { 'If-None-Match': etag } }),
        ctx(),
      )) as Response
      expect(again.status).toBe(304)
    }
  })

  it('lists pages, industries and published posts in the sitemap with absolute URLs', async () => {
    // The server seeds the pages on start, as here.
    await seedPagesOnce(ctx().db)
    const sitemap = await text(sitemapLoader, '/sitemap.xml')
    const site = ctx().config.siteUrl
    expect(sitemap).toContain(`<loc>${site}/</loc>`)
    expect(sitemap).toContain(`<loc>${site}/resources/blog</loc>`)
    expect(sitemap).toContain(`<loc>${site}/industries/hvac</loc>`)
    expect(sitemap).toMatch(new RegExp(`<loc>${site}/resources/blog/test-post-[^<]+</loc><lastmod>\\d{4}-`))
    expect(await text(robotsLoader, '/robots.txt')).toContain(`Disallow: /admin\n\nSitemap: ${site}/sitemap.xml`)
  })
})
