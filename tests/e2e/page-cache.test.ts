import { beforeAll, describe, expect, it } from 'vitest'
import { ADMIN } from '../support/site'
import { createTestAuthor, createTestPost } from '../support/blog'
import { postForm, signInOverHttp, visit } from '../support/http'
import { createAdmin, startServer, withServerDb, type RunningServer } from '../support/server'
import { afterAll } from 'vitest'

let server: RunningServer
let cookie = ''
let draft = { id: '', slug: '' }

beforeAll(async () => {
  server = await startServer()
  await createAdmin(server, ADMIN.email, ADMIN.password)
  cookie = await signInOverHttp(server.url, ADMIN.email, ADMIN.password)
  draft = await withServerDb(server, async (db) =>
    createTestPost(db, await createTestAuthor(db), { title: 'Cache Draft Title', slug: 'cache-draft', published: false, publishedAt: null }),
  )
})
afterAll(() => server?.stop())

const cachedAnswers = (path: string) => server.output().split('\n').filter((line) => line === `GET ${path} 200 cached`).length
const renders = (path: string) => server.output().split('\n').filter((line) => new RegExp(`^GET ${path} 200 [\\d.]+ms$`).test(line)).length

describe('page cache', () => {
  it('answers a repeated anonymous request from memory, and a signed-in one never', async () => {
    await visit(server.url, '/about')
    const before = cachedAnswers('/about')
    const again = await visit(server.url, '/about')
    expect(again.status).toBe(200)
    await expect.poll(() => cachedAnswers('/about')).toBe(before + 1)
    const signedIn = await fetch(`${server.url}/about`, { headers: { Cookie: cookie } })
    expect(signedIn.status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(cachedAnswers('/about')).toBe(before + 1)
  })

  it('renders a page once for a crowd arriving together after a save, and gives everyone that render', async () => {
    // A save clears the cache: everyone arriving next wants a page nobody has rendered yet.
    expect((await postForm(server.url, '/admin/blog', { intent: 'unpublish', id: draft.id }, cookie)).status).toBe(200)
    const before = { renders: renders('/partners'), cached: cachedAnswers('/partners') }
    const crowd = await Promise.all(Array.from({ length: 20 }, () => visit(server.url, '/partners')))
    expect(crowd.map((answer) => answer.status)).toEqual(Array(20).fill(200))
    expect(new Set(crowd.map((answer) => answer.html)).size).toBe(1)
    await expect.poll(() => cachedAnswers('/partners') - before.cached).toBe(19)
    expect(renders('/partners') - before.renders).toBe(1)
  })

  it('shows a publish, an edit, an unpublish and a settings change on the very next anonymous request', async () => {
    // Warm the cache with the pages that are about to change.
    for (let i = 0; i < 2; i++) {
      await visit(server.url, '/resources/blog')
      await visit(server.url, '/resources/blog/cache-draft')
      await visit(server.url, '/contact')
    }
    expect((await visit(server.url, '/resources/blog')).html).not.toContain('Cache Draft Title')

    expect((await postForm(server.url, '/admin/blog', { intent: 'publish', id: draft.id }, cookie)).status).toBe(200)
    expect((await visit(server.url, '/resources/blog')).html).toContain('Cache Draft Title')
    expect((await visit(server.url, '/resources/blog/cache-draft')).status).toBe(200)

    const edit = new FormData()
    for (const [name, value] of Object.entries({ title: 'Cache Edited Title', slug: 'cache-draft', content: 'Edited.', excerpt: '', publishAt: '', timezoneOffset: '0', published: 'on' })) edit.set(name, value)
    edit.set('authorId', await withServerDb(server, async (db) => (await db.selectFrom('blog_posts').select('author_id').where('id', '=', draft.id).executeTakeFirstOrThrow()).author_id))
    edit.set('featuredImage', new File([], ''))
    expect((await postForm(server.url, `/admin/blog/edit/${draft.id}`, edit, cookie)).status).toBe(302)
    expect((await visit(server.url, '/resources/blog/cache-draft')).html).toContain('Cache Edited Title')

    expect((await postForm(server.url, '/admin/blog', { intent: 'unpublish', id: draft.id }, cookie)).status).toBe(200)
    expect((await visit(server.url, '/resources/blog/cache-draft')).status).toBe(404)
    expect((await visit(server.url, '/resources/blog')).html).not.toContain('Cache Edited Title')

    const settings = {
      intent: 'site',
      contactEmail: 'cache-test@example.com',
      partnersEmail: 'partners@example.com',
      bookingUrl: 'https://example.com/book',
      linkedinUrl: 'https://www.linkedin.com/company/example',
      twitterUrl: 'https://x.com/example',
    }
    expect((await postForm(server.url, '/admin/settings?tab=site', settings, cookie)).status).toBeLessThan(400)
    expect((await visit(server.url, '/contact')).html).toContain('cache-test@example.com')
  })
})
