import { afterEach, beforeAll, expect, it } from 'vitest'
import type { PublicContent } from '~/lib/admin-sections'
import { action as postListAction } from '~/routes/admin/blog'
import { action as caseStudyListAction, loader as caseStudyListLoader } from '~/routes/admin/case-studies'
import { loader as activityLoader } from '~/routes/admin/activity'
import { action as historyAction, loader as historyLoader } from '~/routes/admin/history'
import { action as draftsAction } from '~/routes/admin/drafts'
import { action as editorAction } from '~/routes/admin/post-editor'
import { loader as studyEditorLoader } from '~/routes/admin/case-study-editor'
import { pruneActivity } from '~/server/repositories/activity.server'
import { getPostForEditor } from '~/server/repositories/posts.server'
import { addRevision, getRevision, listRevisions } from '~/server/repositories/revisions.server'
import { caseStudyRevisions } from '~/server/services/case-studies.server'
import { snapshotOf } from '~/server/services/revisions.server'
import { signIn } from '~/server/services/auth.server'
import { seedOnce } from '~/server/services/seed.server'
import { upsertAdmin } from '~/server/services/users.server'
import { createTestAuthor } from '../support/blog'
import { formRequest, testContext, toastFrom } from '../support/context'
import { describeEachDatabase } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'

type History = Awaited<ReturnType<typeof historyLoader>>

describeEachDatabase('revisions of posts and case studies', (getDb) => {
  const db = () => getDb().db
  let announced: PublicContent[] = []
  const ctx = () => testContext(db(), '127.0.0.1', (what) => announced.push(what))
  let cookie = ''
  let authorId = ''
  let postId = ''

  beforeAll(async () => {
    await seedOnce(db())
    authorId = await createTestAuthor(db(), { name: 'History Author' })
    await upsertAdmin(db(), 'historian@example.com', 'a-long-password')
    const result = await signIn(new Request('http://localhost/admin/login'), ctx(), {
      email: 'historian@example.com',
      password: 'a-long-password',
    })
    if (!result.ok) throw new Error('sign-in failed')
    cookie = result.setCookie.split(';')[0]!
  })
  afterEach(() => {
    announced = []
  })

  async function savePost(title: string, content: string) {
    const form = new FormData()
    const fields = { title, slug: 'a-post-with-a-past', content, excerpt: '', authorId, publishAt: '', published: 'on' }
    for (const [name, value] of Object.entries(fields)) form.append(name, value)
    form.append('featuredImage', new File([], '', { type: 'application/octet-stream' }))
    if (postId) form.append('version', (await getPostForEditor(db(), postId))!.version)
    const path = postId ? `/admin/blog/edit/${postId}` : '/admin/blog/new'
    const answer = unwrap(
      await callRoute(
        editorAction,
        new Request(`http://localhost${path}`, { method: 'POST', body: form, headers: { Cookie: cookie } }),
        ctx(),
        postId ? { id: postId } : {},
      ),
    )
    expect(answer.status).toBe(302)
    postId ||= (await db().selectFrom('blog_posts').select('id').where('slug', '=', 'a-post-with-a-past').executeTakeFirstOrThrow()).id
  }
  const history = async (query = '', path = `/admin/blog/history/${postId}`, id = postId) =>
    (await callRoute(historyLoader, new Request(`http://localhost${path}${query}`, { headers: { Cookie: cookie } }), ctx(), {
      id,
    })) as History

  it('keeps a revision of every save with who made it, newest first, and compares any two', async () => {
    await savePost('First title', 'One line.\nTwo lines.')
    await savePost('Second title', 'One line.\nTwo lines, edited.')
    await savePost('Third title', 'One line.\nTwo lines, edited.\nThree.')
    const revisions = await listRevisions(db(), 'post', postId)
    expect(revisions.map((r) => [r.action, r.userEmail])).toEqual([
      ['updated', 'historian@example.com'],
      ['updated', 'historian@example.com'],
      ['created', 'historian@example.com'],
    ])

    const page = await history()
    expect(page).toMatchObject({ exists: true, title: 'Third title', section: 'posts' })
    expect(page.compared?.changes.map((c) => c.label)).toEqual(expect.arrayContaining(['Title', 'Content']))
    expect(page.compared?.changes.map((c) => c.label)).not.toContain('Slug')
    const oldest = revisions[2]!.id
    const compared = await history(`?from=${oldest}&to=${revisions[0]!.id}`)
    const title = compared.compared!.changes.find((c) => c.label === 'Title')!.parts
    expect(title.filter((p) => p.change === 'removed').map((p) => p.value.trim())).toEqual(['First'])
    expect(title.filter((p) => p.change === 'added').map((p) => p.value.trim())).toEqual(['Third'])
  })

  it('restores the oldest revision as a new one, over the version shown, and tells the page cache', async () => {
    const revisions = await listRevisions(db(), 'post', postId)
    const oldest = revisions.at(-1)!
    const restore = (version: string) =>
      callRoute(
        historyAction,
        formRequest(`/admin/blog/history/${postId}`, { intent: 'restore', revision: oldest.id, version }, cookie),
        ctx(),
        { id: postId },
      )

    const stale = unwrap(await restore('2000-01-01T00:00:00.000Z'))
    expect(stale.status).toBe(409)
    expect(toastFrom(stale.headers)?.title).toMatch(/^This was changed by someone else/)

    const restored = unwrap(await restore((await getPostForEditor(db(), postId))!.version))
    expect(restored.status).toBe(302)
    expect(toastFrom(restored.headers)?.title).toMatch(/^Restored the revision of /)
    expect(announced).toEqual(['posts'])
    const first = (await getRevision<{ title: string; content: string }>(db(), 'post', postId, oldest.id))!.snapshot
    expect(first.title).toBe('First title')
    expect(await getPostForEditor(db(), postId)).toMatchObject({ title: first.title, content: first.content })
    const after = await listRevisions(db(), 'post', postId)
    expect(after.map((r) => r.action)).toEqual(['restored', 'updated', 'updated', 'created'])
  })

  it('restores a live post’s first draft without taking it off the site or moving it, says so first, and logs which revision it was', async () => {
    const send = async (fields: Record<string, string>, id?: string) => {
      const form = new FormData()
      for (const [name, value] of Object.entries({ excerpt: '', authorId, publishAt: '', ...fields })) form.append(name, value)
      form.append('featuredImage', new File([], '', { type: 'application/octet-stream' }))
      if (id) form.append('version', (await getPostForEditor(db(), id))!.version)
      const path = id ? `/admin/blog/edit/${id}` : '/admin/blog/new'
      expect(
        unwrap(
          await callRoute(
            editorAction,
            new Request(`http://localhost${path}`, { method: 'POST', body: form, headers: { Cookie: cookie } }),
            ctx(),
            id ? { id } : {},
          ),
        ).status,
      ).toBe(302)
    }
    await send({ title: 'A rough first draft', slug: 'rough-draft', content: 'Notes.', publish: 'draft' })
    const id = (await db().selectFrom('blog_posts').select('id').where('slug', '=', 'rough-draft').executeTakeFirstOrThrow()).id
    await send({ title: 'The finished post', slug: 'finished-post', content: 'Finished text.', publish: 'now' }, id)
    const live = (await getPostForEditor(db(), id))!
    const [, first] = await listRevisions(db(), 'post', id)

    const page = await history('', `/admin/blog/history/${id}`, id)
    expect(page.kept).toEqual({ address: '/resources/blog/finished-post', published: true, publishedAt: live.publishedAt })
    expect(page.restores[first!.id]).toEqual({ changes: ['Title', 'Excerpt', 'Content'], keepsImage: false })

    const answer = unwrap(
      await callRoute(
        historyAction,
        formRequest(`/admin/blog/history/${id}`, { intent: 'restore', revision: first!.id, version: live.version }, cookie),
        ctx(),
        { id },
      ),
    )
    expect(answer.status).toBe(302)
    expect(await getPostForEditor(db(), id)).toMatchObject({
      title: 'A rough first draft',
      content: 'Notes.',
      slug: 'finished-post',
      published: true,
      publishedAt: live.publishedAt,
    })
    expect(await db().selectFrom('redirects').select('from_path').execute()).toEqual([])
    const line = await db()
      .selectFrom('activity')
      .selectAll()
      .where('record_id', '=', id)
      .where('action', '=', 'restored')
      .executeTakeFirstOrThrow()
    expect(line.restored_revision_at).toBe(first!.createdAt)
  })

  it('restores a case study’s older text at its current address', async () => {
    const study = (await db()
      .selectFrom('case_studies')
      .select(['id', 'slug', 'title'])
      .where('id', '=', 'retail-chatbot')
      .executeTakeFirstOrThrow())!
    const older = { ...(await snapshotOf(db(), caseStudyRevisions, study.id))!, slug: 'an-old-address', title: 'An older title' } as Record<
      string,
      unknown
    >
    const revision = await addRevision(
      db(),
      { type: 'case-study', recordId: study.id, action: 'updated', snapshot: older, userEmail: null },
      50,
    )
    const version = (await db().selectFrom('case_studies').select('updated_at').where('id', '=', study.id).executeTakeFirstOrThrow())
      .updated_at
    const page = await history('', `/admin/case-studies/history/${study.id}`, study.id)
    expect(page.restores[revision]!.changes).toEqual(['Title'])
    const answer = unwrap(
      await callRoute(
        historyAction,
        formRequest(`/admin/case-studies/history/${study.id}`, { intent: 'restore', revision, version }, cookie),
        ctx(),
        { id: study.id },
      ),
    )
    expect(answer.status).toBe(302)
    expect(await db().selectFrom('case_studies').select(['slug', 'title']).where('id', '=', study.id).executeTakeFirstOrThrow()).toEqual({
      slug: study.slug,
      title: 'An older title',
    })
  })

  it('keeps publishing, unpublishing and deleting too, and shows a deleted record its history without Restore', async () => {
    const version = async () => (await getPostForEditor(db(), postId))!.version
    for (const intent of ['unpublish', 'publish'] as const) {
      const answer = unwrap(
        await callRoute(postListAction, formRequest('/admin/blog', { intent, id: postId, version: await version() }, cookie), ctx()),
      )
      expect(answer.status).toBe(200)
    }
    expect((await listRevisions(db(), 'post', postId)).slice(0, 2).map((r) => r.action)).toEqual(['published', 'unpublished'])

    const study = await db()
      .selectFrom('case_studies')
      .select(['id', 'updated_at', 'title'])
      .where('id', '=', 'lawn-care')
      .executeTakeFirstOrThrow()
    const deleted = unwrap(
      await callRoute(
        caseStudyListAction,
        formRequest('/admin/case-studies', { intent: 'delete', id: study.id, version: study.updated_at }, cookie),
        ctx(),
      ),
    )
    expect(deleted.status).toBe(200)
    const [last] = await listRevisions(db(), 'case-study', study.id)
    expect(last).toMatchObject({ action: 'deleted', userEmail: 'historian@example.com' })
    const page = await history('', `/admin/case-studies/history/${study.id}`, study.id)
    expect(page).toMatchObject({ exists: false, version: null, title: study.title, section: 'case-studies' })
  })

  it('brings a deleted case study back whole from its last revision, image and all, and keeps it in the Trash until then', async () => {
    const before = await db().selectFrom('case_studies').selectAll().where('id', '=', 'barber-scheduling').executeTakeFirstOrThrow()
    const listed = async () =>
      (await callRoute(
        caseStudyListLoader,
        new Request('http://localhost/admin/case-studies', { headers: { Cookie: cookie } }),
        ctx(),
      )) as Awaited<ReturnType<typeof caseStudyListLoader>>
    const trashedBefore = (await listed()).trashed!
    unwrap(
      await callRoute(
        caseStudyListAction,
        formRequest('/admin/case-studies', { intent: 'delete', id: before.id, version: before.updated_at }, cookie),
        ctx(),
      ),
    )
    // The list links to the Trash, which holds it.
    expect((await listed()).trashed).toBe(trashedBefore + 1)

    const [deleted] = await listRevisions(db(), 'case-study', before.id)
    const restored = unwrap(
      await callRoute(
        historyAction,
        formRequest(`/admin/case-studies/history/${before.id}`, { intent: 'restore', revision: deleted!.id, version: '' }, cookie),
        ctx(),
        { id: before.id },
      ),
    )
    expect(restored.status).toBe(302)
    expect(announced).toContain('case-studies')
    const after = await db().selectFrom('case_studies').selectAll().where('id', '=', before.id).executeTakeFirstOrThrow()
    // A restored study goes last in the hand-set order; everything else comes back as it was.
    expect({ ...after, created_at: '', updated_at: '', position: 0 }).toEqual({ ...before, created_at: '', updated_at: '', position: 0 })
    // Brought back from its history, it is no longer in the Trash.
    expect((await listed()).trashed).toBe(trashedBefore)
    expect((await listRevisions(db(), 'case-study', before.id))[0]!.action).toBe('restored')
  })

  it('logs every change with its author and revision, and sign-ins, failed ones only for admins, newest first', async () => {
    const log = await db().selectFrom('activity').selectAll().where('record_id', '=', postId).orderBy('at').orderBy('id').execute()
    expect(log.map((line) => line.action)).toEqual(['created', 'updated', 'updated', 'restored', 'unpublished', 'published'])
    expect(log.every((line) => line.user_email === 'historian@example.com' && line.record_type === 'post')).toBe(true)
    const revisionIds = new Set(
      (await db().selectFrom('revisions').select('id').where('record_id', '=', postId).execute()).map((r) => r.id),
    )
    expect(log.every((line) => revisionIds.has(line.revision_id!))).toBe(true)

    const attempt = (email: string, password: string) =>
      signIn(new Request('http://localhost/admin/login'), testContext(db(), '10.9.8.7'), { email, password })
    const before = (await db().selectFrom('activity').select('id').execute()).length
    await attempt('historian@example.com', 'not-the-password')
    await attempt('stranger@example.com', 'whatever-it-is')
    await attempt('historian@example.com', 'a-long-password')
    const added = await db()
      .selectFrom('activity')
      .selectAll()
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit((await db().selectFrom('activity').select('id').execute()).length - before)
      .execute()
    expect(added.map((line) => [line.action, line.user_email])).toEqual([
      ['signed-in', 'historian@example.com'],
      ['sign-in-failed', 'historian@example.com'],
    ])

    const page = unwrap<{ rows: unknown[] }>(
      await callRoute(activityLoader, new Request('http://localhost/admin/activity', { headers: { Cookie: cookie } }), ctx()),
    ).data
    expect(page.rows[0]).toMatchObject({ action: 'signed-in', userEmail: 'historian@example.com' })
    await pruneActivity(db(), new Date(Date.now() + 1000).toISOString())
    expect(await db().selectFrom('activity').select('id').execute()).toEqual([])
  })

  it('keeps only the newest revisions of a record beyond the configured count', async () => {
    for (let i = 0; i < 5; i++) {
      await addRevision(db(), { type: 'post', recordId: 'pruned', action: 'updated', snapshot: { title: `Take ${i}` }, userEmail: null }, 3)
      await new Promise((resolve) => setTimeout(resolve, 2))
    }
    const kept = await listRevisions(db(), 'post', 'pruned')
    expect(kept).toHaveLength(3)
    const titles = await db().selectFrom('revisions').select('snapshot').where('record_id', '=', 'pruned').orderBy('created_at').execute()
    expect(titles.map((row) => (JSON.parse(row.snapshot) as { title: string }).title)).toEqual(['Take 2', 'Take 3', 'Take 4'])
  })

  it('sends a visitor without a session to the login page, and an unknown record back to its list', async () => {
    const anonymous = await callRoute(historyLoader, new Request(`http://localhost/admin/blog/history/${postId}`), ctx(), { id: postId })
    expect((anonymous as Response).headers.get('Location')).toBe(
      `/admin/login?redirectTo=${encodeURIComponent(`/admin/blog/history/${postId}`)}`,
    )
    const unknown = await callRoute(
      historyLoader,
      new Request('http://localhost/admin/blog/history/nope', { headers: { Cookie: cookie } }),
      ctx(),
      { id: 'nope' },
    )
    expect((unknown as Response).headers.get('Location')).toBe('/admin/blog')
    expect(toastFrom((unknown as Response).headers)?.title).toBe('Failed to load post')
  })
})

describeEachDatabase('autosaved drafts', (getDb) => {
  const db = () => getDb().db
  const ctx = () => testContext(db(), '127.0.0.1', () => {})
  let cookie = ''
  beforeAll(async () => {
    await seedOnce(db())
    await upsertAdmin(db(), 'drafter@example.com', 'a-long-password')
    const result = await signIn(new Request('http://localhost/admin/login'), ctx(), {
      email: 'drafter@example.com',
      password: 'a-long-password',
    })
    if (!result.ok) throw new Error('sign-in failed')
    cookie = result.setCookie.split(';')[0]!
  })
  const send = (fields: Record<string, string>, withCookie = cookie) =>
    callRoute(draftsAction, formRequest('/admin/drafts', fields, withCookie), ctx())
  const openStudy = async (id: string) =>
    (await callRoute(
      studyEditorLoader,
      new Request(`http://localhost/admin/case-studies/edit/${id}`, { headers: { Cookie: cookie } }),
      ctx(),
      { id },
    )) as Awaited<ReturnType<typeof studyEditorLoader>>

  it('keeps a draft per admin and record, offers it while newer than the record, and refuses anything else', async () => {
    expect((await openStudy('legal-workflow')).draft).toBeNull()
    const saved = unwrap<{ ok: boolean; savedAt: string }>(
      await send({ intent: 'save', type: 'case-study', key: 'legal-workflow', values: JSON.stringify({ title: 'Drafted title' }) }),
    )
    expect(saved.data).toEqual({ ok: true, savedAt: expect.stringMatching(/^\d{4}-/) })
    expect((await openStudy('legal-workflow')).draft).toEqual({ values: { title: 'Drafted title' }, savedAt: saved.data.savedAt })

    const refused: Record<string, string>[] = [
      { intent: 'save', type: 'author', key: 'x', values: '{}' },
      { intent: 'save', type: 'post', key: 'x', values: 'not json' },
      { intent: 'save', type: 'post', key: 'x', values: '[1,2]' },
      { intent: 'save', type: 'post', key: 'x'.repeat(500), values: '{}' },
      { intent: 'save', type: 'post', key: 'x', values: `"${'y'.repeat(260_000)}"` },
      { intent: 'save', type: 'post', key: 'x' },
      { intent: 'erase', type: 'post', key: 'x', values: '{}' },
    ]
    for (const bad of refused) expect(unwrap(await send(bad)).status, JSON.stringify(bad).slice(0, 80)).toBe(400)
    expect((await send({ intent: 'save', type: 'post', key: 'x', values: '{}' }, '')) as Response).toMatchObject({ status: 302 })

    // A save of the record since the draft makes it moot.
    await db()
      .updateTable('case_studies')
      .set({ updated_at: new Date(Date.now() + 60_000).toISOString() })
      .where('id', '=', 'legal-workflow')
      .execute()
    expect((await openStudy('legal-workflow')).draft).toBeNull()
    expect(unwrap(await send({ intent: 'discard', type: 'case-study', key: 'legal-workflow' })).data).toEqual({ ok: true, savedAt: null })
    expect(await db().selectFrom('drafts').select('record_key').execute()).toEqual([])
  })
})
