import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { upsertAdmin } from '~/server/services/users.server'
import { clusterUnavailable, startTestCluster, type TestCluster } from '../support/cluster'
import { postForm, signInOverHttp } from '../support/http'
import { ADMIN } from '../support/site'

// Varnish in front of HAProxy in front of three instances, as `npm run cluster` runs them with the
// configurations in deploy/: what the shared cache keeps, what a save throws away, and what it never keeps.
const unavailable = clusterUnavailable()

describe.skipIf(unavailable !== null)(`the shared cache in front of the cluster${unavailable ? ` (skipped: ${unavailable})` : ''}`, () => {
  let test: TestCluster
  let edited: { id: string; slug: string; authorId: string }
  let other: { slug: string }

  beforeAll(async () => {
    test = await startTestCluster()
    const db = test.database.db
    await upsertAdmin(db, ADMIN.email, ADMIN.password)
    const posts = await db
      .selectFrom('blog_posts')
      .select(['id', 'slug', 'author_id'])
      .where('published', '=', 1)
      .orderBy('published_at', 'desc')
      .limit(2)
      .execute()
    if (posts.length < 2) throw new Error('the seeded site has fewer than two published posts')
    edited = { id: posts[0]!.id, slug: posts[0]!.slug, authorId: posts[0]!.author_id }
    other = { slug: posts[1]!.slug }
  })
  afterAll(async () => {
    await test?.stop()
  })

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${test.cluster.url}${path}`, { headers, redirect: 'manual' })
    return { response, body: await response.text(), cache: response.headers.get('x-cache') }
  }

  it('stores a public page: a miss, then a hit with its age', async () => {
    const first = await get('/about')
    expect(first.response.status).toBe(200)
    expect(first.cache).toBe('MISS')
    expect(first.response.headers.get('cache-control')).toContain('s-maxage=')
    const second = await get('/about')
    expect(second.cache).toBe('HIT')
    expect(second.response.headers.get('age')).toMatch(/^\d+$/)
    expect(second.body).toBe(first.body)
  })

  it("purges exactly the edited post's page and the blog's list after a save on one instance", async () => {
    const postPath = `/resources/blog/${edited.slug}`
    const otherPath = `/resources/blog/${other.slug}`
    for (const path of [postPath, otherPath, '/resources/blog']) {
      await get(path)
      expect((await get(path)).cache).toBe('HIT')
    }

    const instance = test.cluster.instances[0]!.url
    const cookie = await signInOverHttp(instance, ADMIN.email, ADMIN.password)
    const bansBefore = (await test.cluster.varnishStats()).bans
    const form = new FormData()
    const fields = {
      title: 'Edited through one instance',
      slug: edited.slug,
      content: 'Edited while Varnish kept the page.',
      excerpt: '',
      authorId: edited.authorId,
      publishAt: '',
      published: 'on',
    }
    for (const [name, value] of Object.entries(fields)) form.set(name, value)
    form.set('featuredImage', new File([], ''))
    const saved = await postForm(instance, `/admin/blog/edit/${edited.id}`, form, cookie)
    expect(saved.status).toBe(302)
    // The instance purges at once and once more a moment later (app/server/host/shared-cache-purge.server.ts):
    // each purge is one ban at Varnish.
    await expect.poll(async () => (await test.cluster.varnishStats()).bans).toBeGreaterThanOrEqual(bansBefore + 2)

    const post = await get(postPath)
    expect(post.cache).toBe('MISS')
    expect(post.body).toContain('Edited through one instance')
    expect((await get(postPath)).cache).toBe('HIT')
    expect((await get('/resources/blog')).cache).toBe('MISS')
    expect((await get('/resources/blog')).cache).toBe('HIT')
    expect((await get(otherPath)).cache).toBe('HIT')
  })

  it("never serves a signed-in admin's page from the cache, nor offers it one", async () => {
    const cookie = await signInOverHttp(test.cluster.url, ADMIN.email, ADMIN.password)
    const hitsBefore = (await test.cluster.varnishStats()).hits
    for (let i = 0; i < 2; i++) {
      const admin = await get('/admin', { Cookie: cookie })
      // Signed out, it would be a redirect to the sign-in page.
      expect(admin.response.status).toBe(200)
      expect(admin.cache).toBe('PASS')
      expect(admin.response.headers.get('cache-control') ?? '').not.toContain('s-maxage')
    }
    expect((await test.cluster.varnishStats()).hits).toBe(hitsBefore)
  })

  it("never serves a form's answer from the cache, nor offers it one", async () => {
    const hitsBefore = (await test.cluster.varnishStats()).hits
    for (let i = 0; i < 2; i++) {
      const answer = await fetch(`${test.cluster.url}/contact`, {
        method: 'POST',
        body: new URLSearchParams({ name: '', email: 'not-an-address', message: '' }),
      })
      expect(answer.status).toBe(400)
      expect(await answer.text()).toContain('Please enter your name')
      expect(answer.headers.get('x-cache')).toBe('PASS')
      expect(answer.headers.get('cache-control') ?? '').not.toContain('s-maxage')
    }
    expect((await test.cluster.varnishStats()).hits).toBe(hitsBefore)
  })
})
