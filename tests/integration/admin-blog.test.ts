import { afterEach, beforeAll, expect, it, vi } from 'vitest'
import { logger } from '~/server/log.server'
import { action, loader } from '~/routes/admin/blog'
import { ADMIN_POSTS_PER_PAGE } from '~/server/repositories/posts.server'
import type { Db } from '~/server/db/schema.server'
import type { PublicContent } from '~/lib/admin-sections'
import { seedOnce } from '~/server/services/seed.server'
import { signIn } from '~/server/services/auth.server'
import { upsertAdmin } from '~/server/services/users.server'
import { createTestAuthor, createTestPost, daysFromNow } from '../support/blog'
import { formRequest, testContext, toastFrom } from '../support/context'
import { describeEachDatabase, failingOn } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'

type ListAnswer = { ok: boolean; toast: { type: 'success' | 'error'; title: string } }

const changedMeanwhile = (verb: string) =>
  `This post was changed by someone else since the list was loaded. Look it over, then ${verb} it again.`

describeEachDatabase('admin post list', (getDb) => {
  let cookie = ''
  const db = () => getDb().db
  /** What the host hears: every committed write says which public content changed. */
  let announced: PublicContent[] = []
  const ctx = (on = db()) => testContext(on, '127.0.0.1', (what) => announced.push(what))

  beforeAll(async () => {
    await seedOnce(db())
    await upsertAdmin(db(), 'editor@example.com', 'a-long-password')
    const result = await signIn(new Request('http://localhost/admin/login'), ctx(), {
      email: 'editor@example.com',
      password: 'a-long-password',
    })
    if (!result.ok) throw new Error('sign-in failed')
    cookie = result.setCookie.split(';')[0]!
  })

  afterEach(() => {
    announced = []
    vi.restoreAllMocks()
  })

  const list = async () => {
    const request = new Request('http://localhost/admin/blog', { headers: { Cookie: cookie } })
    return ((await callRoute(loader, request, ctx())) as Awaited<ReturnType<typeof loader>>).rows
  }
  /** One row action, at the version the list showed: the stored one unless told. */
  const post = async (
    intent: string,
    id: string,
    { version, withCookie = cookie, on = db() }: { version?: string | null; withCookie?: string; on?: Db } = {},
  ) => {
    const shown = version === undefined ? (await postById(id))?.updated_at : version
    const fields = { intent, id, ...(shown && { version: shown }) }
    return unwrap<ListAnswer>(await callRoute(action, formRequest('/admin/blog', fields, withCookie), ctx(on)))
  }
  const postById = (id: string) => db().selectFrom('blog_posts').selectAll().where('id', '=', id).executeTakeFirst()

  it('lists every post newest first with its author, status and version', async () => {
    const posts = await list()
    expect(posts).toHaveLength(4)
    const created = posts.map((p) => p.createdAt)
    expect(created).toEqual([...created].sort().reverse())
    expect(posts.every((p) => p.authorName.length > 0)).toBe(true)
    expect(posts.filter((p) => p.status === 'published')).toHaveLength(3)
    expect(posts.filter((p) => p.status === 'draft')).toHaveLength(1)
    for (const shown of posts) expect(shown.version).toBe((await postById(shown.id))!.updated_at)
  })

  it('publishes a draft with published_at now, and unpublishes it back to null, each with its toast and a new version', async () => {
    const draft = (await list()).find((p) => p.status === 'draft')!
    const before = Date.now()
    const published = await post('publish', draft.id, { version: draft.version })
    expect(published.status).toBe(200)
    expect(published.data).toEqual({ ok: true, toast: { type: 'success', title: 'Post published successfully' } })
    expect(toastFrom(published.headers)).toBeNull()
    const row = (await postById(draft.id))!
    expect(row.published).toBe(1)
    expect(Date.parse(row.published_at!)).toBeGreaterThanOrEqual(before - 1000)
    expect(row.updated_at > draft.version).toBe(true)

    const unpublished = await post('unpublish', draft.id, { version: row.updated_at })
    expect(unpublished.data).toEqual({ ok: true, toast: { type: 'success', title: 'Post unpublished successfully' } })
    const after = (await postById(draft.id))!
    expect(after.published).toBe(0)
    expect(after.published_at).toBeNull()
    expect(announced).toEqual(['posts', 'posts'])
  })

  it('shows when a scheduled post goes out, and cancels its schedule back to a draft, but not once its time came', async () => {
    const authorId = await createTestAuthor(db())
    const soon = await createTestPost(db(), authorId, { title: 'Goes out later', publishedAt: daysFromNow(2) })
    const shown = (await list()).find((p) => p.id === soon.id)!
    expect([shown.status, shown.publishedAt]).toEqual(['scheduled', (await postById(soon.id))!.published_at])
    const cancelled = await post('cancel-schedule', soon.id, { version: shown.version })
    expect(cancelled.data).toEqual({ ok: true, toast: { type: 'success', title: 'Schedule cancelled: the post is a draft again' } })
    expect(await postById(soon.id)).toMatchObject({ published: 0, published_at: null })

    // Its time came while the list still showed it as scheduled: taking it down is an Unpublish.
    const came = await createTestPost(db(), authorId, { title: 'Went out meanwhile', publishedAt: daysFromNow(-0.0001) })
    const refused = await post('cancel-schedule', came.id)
    expect(refused.status).toBe(409)
    expect(refused.data.toast.title).toBe(
      'This post went live while the list was open, so it has no schedule to cancel. Choose Unpublish to take it off the site.',
    )
    expect((await postById(came.id))!.published).toBe(1)
    expect(announced).toEqual(['posts'])
    await db().deleteFrom('blog_posts').where('id', 'in', [soon.id, came.id]).execute()
  })

  it('refuses to publish or unpublish a post changed since the list was loaded, changing nothing', async () => {
    const authorId = await createTestAuthor(db())
    const target = await createTestPost(db(), authorId, { title: 'Stale in the list', published: false, publishedAt: null })
    const shown = (await list()).find((p) => p.id === target.id)!
    // Someone publishes it from another tab; this list still shows the draft.
    expect((await post('publish', target.id)).status).toBe(200)
    const changed = (await postById(target.id))!
    announced = []

    for (const verb of ['publish', 'unpublish']) {
      const result = await post(verb, target.id, { version: shown.version })
      expect(result.status).toBe(409)
      expect(result.data).toEqual({ ok: false, toast: { type: 'error', title: changedMeanwhile(verb) } })
    }
    expect(await postById(target.id)).toEqual(changed)
    expect(announced).toEqual([])
  })

  it('refuses to delete a post changed since the list was loaded, keeping it and its tags', async () => {
    const authorId = await createTestAuthor(db())
    const target = await createTestPost(db(), authorId, { title: 'Edited meanwhile', tags: ['Kept'] })
    const shown = (await list()).find((p) => p.id === target.id)!
    expect((await post('unpublish', target.id)).status).toBe(200)
    const changed = (await postById(target.id))!
    announced = []

    const result = await post('delete', target.id, { version: shown.version })
    expect(result.status).toBe(409)
    expect(result.data).toEqual({ ok: false, toast: { type: 'error', title: changedMeanwhile('delete') } })
    expect(await postById(target.id)).toEqual(changed)
    expect(await db().selectFrom('post_tags').select('tag').where('post_id', '=', target.id).execute()).toEqual([{ tag: 'Kept' }])
    expect(announced).toEqual([])
  })

  it('deletes a post and its tags at the version the list showed', async () => {
    const tagged = await db().selectFrom('post_tags').select('post_id').executeTakeFirstOrThrow()
    const target = (await list()).find((p) => p.id === tagged.post_id)!
    const tagsBefore = await db().selectFrom('post_tags').select('tag').where('post_id', '=', target.id).execute()
    expect(tagsBefore.length).toBeGreaterThan(0)
    const result = await post('delete', target.id, { version: target.version })
    expect(result.status).toBe(200)
    expect(result.data).toEqual({ ok: true, toast: { type: 'success', title: 'Post deleted successfully' }, undo: expect.any(String) })
    expect((await list()).map((p) => p.id)).not.toContain(target.id)
    expect(await db().selectFrom('post_tags').select('tag').where('post_id', '=', target.id).execute()).toEqual([])
    expect(announced).toEqual(['posts'])
  })

  it('answers a post already deleted with 404 and says so, changing nothing', async () => {
    const before = await list()
    for (const intent of ['publish', 'unpublish', 'delete']) {
      const result = await post(intent, 'no-such-post', { version: '2026-01-01T00:00:00.000Z' })
      expect(result.status).toBe(404)
      expect(result.data).toEqual({ ok: false, toast: { type: 'error', title: 'This post was already deleted.' } })
    }
    expect(await list()).toEqual(before)
    expect(announced).toEqual([])
  })

  it('publishes and unpublishes for a request without a version (a script, not the list) as the post stands', async () => {
    const draft = (await list()).find((p) => p.status !== 'draft')!
    expect((await post('unpublish', draft.id, { version: null })).data.toast.title).toBe('Post unpublished successfully')
    expect((await post('publish', draft.id, { version: null })).data.toast.title).toBe('Post published successfully')
    expect((await postById(draft.id))!.published).toBe(1)
    expect((await post('publish', 'no-such-post', { version: null })).status).toBe(404)
  })

  it('says "Error publishing post" when the write fails, changing nothing', async () => {
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => {})
    const draft = (await list()).find((p) => p.status === 'draft')!
    const before = await postById(draft.id)
    const result = await post('publish', draft.id, { on: failingOn(db(), 'UpdateQueryNode', 'blog_posts') })
    expect(result.status).toBe(500)
    expect(result.data).toEqual({ ok: false, toast: { type: 'error', title: 'Error publishing post' } })
    expect(logged).toHaveBeenCalled()
    expect(await postById(draft.id)).toEqual(before)
    expect(announced).toEqual([])
  })

  it('refuses an unknown intent, and a row action without a post, with 400', async () => {
    const [first] = await list()
    const unknown = await post('destroy-everything', first!.id)
    expect(unknown.status).toBe(400)
    expect(unknown.data.toast.title).toBe('That action is not available for posts')
    expect((await post('publish', '')).data).toEqual({ ok: false, toast: { type: 'error', title: 'Error publishing post' } })
    expect((await post('delete', '')).data).toEqual({ ok: false, toast: { type: 'error', title: 'Error deleting post' } })
  })

  it('refuses every action without a session: redirect to login, nothing changed', async () => {
    const before = await list()
    for (const intent of ['publish', 'unpublish', 'delete']) {
      const result = await post(intent, before[0]!.id, { withCookie: '' })
      expect(result.status).toBe(302)
      expect(result.headers.get('Location')).toBe('/admin/login')
    }
    expect(await list()).toEqual(before)
  })

  it(`pages a long list ${ADMIN_POSTS_PER_PAGE} posts at a time, newest first, and sends a page past the end to the last one`, async () => {
    const author = await createTestAuthor(db())
    const total = (await list()).length
    for (let i = total; i < ADMIN_POSTS_PER_PAGE + 3; i++) await createTestPost(db(), author)
    const open = async (query: string) =>
      callRoute(loader, new Request(`http://localhost/admin/blog${query}`, { headers: { Cookie: cookie } }), ctx())
    const first = (await open('')) as Awaited<ReturnType<typeof loader>>
    const second = (await open('?page=2')) as Awaited<ReturnType<typeof loader>>
    expect([first.page, first.pageCount, first.rows.length]).toEqual([1, 2, ADMIN_POSTS_PER_PAGE])
    expect([second.page, second.pageCount, second.rows.length]).toEqual([2, 2, 3])
    const shown = [...first.rows, ...second.rows]
    expect(new Set(shown.map((p) => p.id)).size).toBe(ADMIN_POSTS_PER_PAGE + 3)
    expect(shown.map((p) => p.createdAt)).toEqual(
      shown
        .map((p) => p.createdAt)
        .sort()
        .reverse(),
    )
    const past = (await open('?page=9')) as Response
    expect([past.status, past.headers.get('Location')]).toEqual([302, '/admin/blog?page=2'])
    for (const odd of ['?page=abc', '?page=-2', '?page=1.5', '?page=1e400'])
      expect(((await open(odd)) as Awaited<ReturnType<typeof loader>>).page).toBe(1)
  })
})
