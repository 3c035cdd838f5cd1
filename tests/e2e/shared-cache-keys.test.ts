import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestAuthor, createTestPost } from '../support/blog'
import { postForm, signInOverHttp } from '../support/http'
import { withServerDb } from '../support/server'
import { ADMIN, useRunningSite } from '../support/site'

// What a shared cache in front (Varnish, a CDN) is told: which pages it may keep, under which keys,
// and which keys each save makes stale. A receiver here stands in for Varnish and for a CDN's hook.
interface Purge {
  method: string
  keys: string
  body: string
}
const purges: Purge[] = []
const receiver: Server = createServer((req, res) => {
  let body = ''
  req.on('data', (chunk) => (body += chunk))
  req.on('end', () => {
    purges.push({ method: req.method ?? '', keys: String(req.headers['surrogate-key'] ?? ''), body })
    res.end('ok')
  })
})
let receiverUrl = ''
beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())))

const site = useRunningSite(() => ({ CACHE_PURGE_URLS: `${receiverUrl}/`, CACHE_PURGE_WEBHOOK: `${receiverUrl}/cdn-hook` }))
const keysOf = (response: Response) => (response.headers.get('surrogate-key') ?? '').split(' ')
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${site.server.url}${path}`, { headers })

describe('pages for a shared cache', () => {
  let post: { id: string; slug: string }
  let other: { id: string; slug: string }
  let authorId = ''
  beforeAll(async () => {
    ;[post, other] = await withServerDb(site.server, async (db) => {
      authorId = await createTestAuthor(db)
      return [await createTestPost(db, authorId, { slug: 'keyed-post' }), await createTestPost(db, authorId, { slug: 'other-keyed-post' })]
    })
  })

  it('are kept five minutes by a shared cache, under the keys of what they show', async () => {
    const page = await get(`/resources/blog/${post.slug}`)
    expect(page.status).toBe(200)
    expect(page.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=300, stale-while-revalidate=30, stale-if-error=86400')
    expect(keysOf(page).sort()).toEqual(['authors', `post:${post.id}`, 'post-pages', 'site', 'team'].sort())

    expect(keysOf(await get('/resources/blog'))).toEqual(expect.arrayContaining(['site', 'posts', 'authors']))
    expect(keysOf(await get('/resources/blog'))).not.toContain(`post:${post.id}`)
    const home = keysOf(await get('/'))
    expect(home).toEqual(expect.arrayContaining(['site', 'pages', 'case-studies']))
    expect(home.filter((key) => key.startsWith('page:'))).toHaveLength(1)
    expect(keysOf(await get('/case-studies'))).toEqual(expect.arrayContaining(['site', 'case-studies']))
  })

  it('are never offered to a shared cache when personal, missing, or the back office', async () => {
    const cookie = await signInOverHttp(site.server.url, ADMIN.email, ADMIN.password)
    const signedIn = await get(`/resources/blog/${post.slug}`, { Cookie: cookie })
    expect(signedIn.headers.get('cache-control')).toBe('private, no-cache')
    expect(signedIn.headers.get('surrogate-key')).toBeNull()
    const admin = await get('/admin/blog', { Cookie: cookie })
    expect(admin.status).toBe(200)
    expect(admin.headers.get('cache-control')).toBe('no-store')
    const missing = await get('/resources/blog/no-such-post')
    expect(missing.status).toBe(404)
    expect(missing.headers.get('cache-control') ?? '').not.toContain('s-maxage')
    const answer = await fetch(`${site.server.url}/contact`, { method: 'POST', body: new URLSearchParams({ name: '' }) })
    expect(answer.headers.get('cache-control') ?? '').not.toContain('s-maxage')
    expect(answer.headers.get('surrogate-key')).toBeNull()
  })

  it("purges exactly a post's page and the lists after its edit, at the cache and the CDN's hook, twice", async () => {
    const cookie = await signInOverHttp(site.server.url, ADMIN.email, ADMIN.password)
    purges.length = 0
    const edit = new FormData()
    const fields = {
      title: 'Keyed post, edited',
      slug: post.slug,
      content: 'Edited.',
      excerpt: '',
      publishAt: '',
      published: 'on',
      authorId,
    }
    for (const [name, value] of Object.entries(fields)) edit.set(name, value)
    edit.set('featuredImage', new File([], ''))
    expect((await postForm(site.server.url, `/admin/blog/edit/${post.id}`, edit, cookie)).status).toBe(302)

    // At once, and again a moment later for a copy another instance answered meanwhile.
    await expect.poll(() => purges.length, { timeout: 10_000 }).toBe(4)
    for (const purge of purges) expect(purge.keys).toBe(`post:${post.id} posts`)
    expect(purges.filter((purge) => purge.method === 'PURGE')).toHaveLength(2)
    const hooks = purges.filter((purge) => purge.method === 'POST')
    expect(hooks).toHaveLength(2)
    expect(JSON.parse(hooks[0]!.body)).toEqual({ keys: [`post:${post.id}`, 'posts'] })
    expect(purges.some((purge) => purge.keys.includes(other.id))).toBe(false)
  })
})
