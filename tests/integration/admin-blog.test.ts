import { beforeAll, expect, it } from 'vitest'
import { action, loader } from '~/routes/admin/blog'
import { seedOnce } from '~/server/db/seed.server'
import { signIn } from '~/server/auth.server'
import { upsertAdmin } from '~/server/users.server'
import { formRequest, testContext } from '../support/context'
import { describeEachDatabase } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'

describeEachDatabase('admin post list', (getDb) => {
  let cookie = ''
  const ctx = () => testContext(getDb().db)

  beforeAll(async () => {
    await seedOnce(getDb().db)
    await upsertAdmin(getDb().db, 'editor@example.com', 'a-long-password')
    const result = await signIn(new Request('http://localhost/admin/login'), ctx(), {
      email: 'editor@example.com',
      password: 'a-long-password',
    })
    if (!result.ok) throw new Error('sign-in failed')
    cookie = result.setCookie.split(';')[0]!
  })

  const list = async () => {
    const request = new Request('http://localhost/admin/blog', { headers: { Cookie: cookie } })
    return ((await callRoute(loader, request, ctx())) as Awaited<ReturnType<typeof loader>>).posts
  }
  const post = (intent: string, id: string, withCookie = cookie) =>
    callRoute(action, formRequest('/admin/blog', { intent, id }, withCookie), ctx())
  const toastOf = (headers: Headers) => headers.getSetCookie().find((c) => c.startsWith('toast='))

  it('lists every post newest first with its author and status', async () => {
    const posts = await list()
    expect(posts).toHaveLength(4)
    const created = posts.map((p) => p.created_at)
    expect(created).toEqual([...created].sort().reverse())
    expect(posts.every((p) => p.author_name.length > 0)).toBe(true)
    expect(posts.filter((p) => p.status === 'published')).toHaveLength(3)
    expect(posts.filter((p) => p.status === 'draft')).toHaveLength(1)
  })

  it('publishes a draft with published_at now, and unpublishes it back to null', async () => {
    const draft = (await list()).find((p) => p.status === 'draft')!
    const before = Date.now()
    const published = unwrap<{ ok: boolean }>(await post('publish', draft.id))
    expect(published.status).toBe(200)
    expect(toastOf(published.headers)).toBeDefined()
    const row = await getDb().db.selectFrom('blog_posts').selectAll().where('id', '=', draft.id).executeTakeFirstOrThrow()
    expect(row.published).toBe(1)
    expect(Date.parse(row.published_at!)).toBeGreaterThanOrEqual(before - 1000)

    expect(unwrap(await post('unpublish', draft.id)).status).toBe(200)
    const after = await getDb().db.selectFrom('blog_posts').selectAll().where('id', '=', draft.id).executeTakeFirstOrThrow()
    expect(after.published).toBe(0)
    expect(after.published_at).toBeNull()
  })

  it('deletes a post and its tags', async () => {
    const target = (await list())[0]!
    const tagsBefore = await getDb().db.selectFrom('post_tags').select('tag').where('post_id', '=', target.id).execute()
    expect(tagsBefore.length).toBeGreaterThan(0)
    expect(unwrap(await post('delete', target.id)).status).toBe(200)
    expect((await list()).map((p) => p.id)).not.toContain(target.id)
    expect(await getDb().db.selectFrom('post_tags').select('tag').where('post_id', '=', target.id).execute()).toEqual([])
  })

  it('answers an unknown post with 404 and the error toast, changing nothing', async () => {
    const before = await list()
    for (const intent of ['publish', 'unpublish', 'delete']) {
      expect(unwrap(await post(intent, 'no-such-post')).status).toBe(404)
    }
    expect(await list()).toEqual(before)
  })

  it('refuses an unknown intent with 400', async () => {
    const [first] = await list()
    expect(unwrap(await post('destroy-everything', first!.id)).status).toBe(400)
  })

  it('refuses every action without a session: redirect to login, nothing changed', async () => {
    const before = await list()
    const result = (await post('delete', before[0]!.id, '')) as Response
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe('/admin/login')
    expect(await list()).toEqual(before)
  })
})
