import { beforeAll, expect, it } from 'vitest'
import type { Role } from '~/lib/admin-access'
import { POST_LIMITS } from '~/lib/post-schema'
import { action as draftsAction } from '~/routes/admin/drafts'
import { action as loginAction } from '~/routes/admin/login'
import { scheduleMaintenance } from '~/server/host/maintenance.server'
import { DRAFTS_PER_ADMIN } from '~/server/repositories/drafts.server'
import { seedOnce } from '~/server/services/seed.server'
import { seedPagesOnce } from '~/server/services/seed-pages.server'
import { upsertAdmin } from '~/server/services/users.server'
import { createTestAuthor, createTestPost, daysFromNow } from '../support/blog'
import { cookiesFrom, formRequest, testContext } from '../support/context'
import { describeEachDatabase } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'

const PASSWORD = 'a-long-password'

describeEachDatabase('autosaved drafts are bounded per admin', (getDb) => {
  const db = () => getDb().db
  const ctx = () => testContext(db())
  let n = 0
  let authorId = ''
  let homePage = ''
  beforeAll(async () => {
    await seedOnce(db())
    await seedPagesOnce(db())
    authorId = await createTestAuthor(db())
    homePage = (await db().selectFrom('pages').select('id').where('path', '=', '/').executeTakeFirstOrThrow()).id
  })

  async function adminWith(role: Role) {
    const email = `drafts-${role}${++n}@example.com`
    await upsertAdmin(db(), email, PASSWORD)
    await db().updateTable('users').set({ role }).where('email', '=', email).execute()
    const { id } = await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()
    const cookie = cookiesFrom(
      (await callRoute(
        loginAction,
        formRequest('/admin/login', { email, password: PASSWORD }),
        testContext(db(), `192.0.2.${n}`),
      )) as Response,
    )
    return { id, cookie }
  }
  const post = async (fields: { createdBy?: string; published?: boolean } = {}) => {
    const published = fields.published ?? false
    const { id } = await createTestPost(db(), authorId, { published, publishedAt: published ? daysFromNow(-1) : null })
    if (fields.createdBy) await db().updateTable('blog_posts').set({ created_by: fields.createdBy }).where('id', '=', id).execute()
    return id
  }
  const save = async (cookie: string, type: string, key: string, values: object = { title: 'Typed' }) =>
    unwrap<{ ok: boolean; message?: string }>(
      await callRoute(
        draftsAction,
        formRequest('/admin/drafts', { intent: 'save', type, key, values: JSON.stringify(values) }, cookie),
        ctx(),
      ),
    )
  const draftsOf = async (userId: string) =>
    (await db().selectFrom('drafts').select('record_key').where('user_id', '=', userId).execute()).map((row) => row.record_key).sort()

  it('keeps a draft as large as a full post, and refuses a larger one with 413 and a message', async () => {
    const editor = await adminWith('editor')
    const content = 'A line of prose, "quoted" now and then.\n'.repeat(POST_LIMITS.content).slice(0, POST_LIMITS.content)
    const full = {
      title: 'x'.repeat(POST_LIMITS.title),
      content,
      excerpt: 'x'.repeat(POST_LIMITS.excerpt),
      tags: Array(POST_LIMITS.tags).fill('x'.repeat(POST_LIMITS.tag)),
    }
    expect((await save(editor.cookie, 'post', 'new', full)).status).toBe(200)
    const tooLarge = await save(editor.cookie, 'post', 'new', { ...full, content: 'x'.repeat(300_000) })
    expect(tooLarge.status).toBe(413)
    expect(tooLarge.data.message).toMatch(/too large.*200,000 characters/)
    expect(await draftsOf(editor.id)).toEqual(['new'])
  })

  it('keeps drafts only of new records and of records the admin may change', async () => {
    const author = await adminWith('author')
    const own = await post({ createdBy: author.id })
    const ownPublished = await post({ createdBy: author.id, published: true })
    const someoneElses = await post()
    expect((await save(author.cookie, 'post', 'new')).status).toBe(200)
    expect((await save(author.cookie, 'post', own)).status).toBe(200)
    for (const [type, key, status] of [
      ['post', 'no-such-post', 404],
      ['post', ownPublished, 403],
      ['post', someoneElses, 403],
      ['case-study', 'new', 403],
      ['case-study', 'legal-workflow', 403],
      ['page', homePage, 403],
    ] as const) {
      expect((await save(author.cookie, type, key)).status, `${type} ${key}`).toBe(status)
    }
    expect(await draftsOf(author.id)).toEqual([own, 'new'].sort())

    const editor = await adminWith('editor')
    for (const [type, key] of [
      ['post', someoneElses],
      ['post', ownPublished],
      ['case-study', 'legal-workflow'],
      ['case-study', 'new'],
      ['page', homePage],
    ]) {
      expect((await save(editor.cookie, type!, key!)).status, `${type} ${key}`).toBe(200)
    }
    expect((await save(editor.cookie, 'case-study', 'no-such-study')).status).toBe(404)
    expect((await save(editor.cookie, 'page', 'no-such-page')).status).toBe(404)
  })

  it('keeps at most DRAFTS_PER_ADMIN drafts per admin: one more drops their oldest', async () => {
    const editor = await adminWith('editor')
    const other = await adminWith('editor')
    const posts: string[] = []
    for (let i = 0; i <= DRAFTS_PER_ADMIN; i++) posts.push(await post())
    await save(other.cookie, 'post', posts[0]!)
    for (const [i, id] of posts.slice(0, DRAFTS_PER_ADMIN).entries()) {
      expect((await save(editor.cookie, 'post', id)).status).toBe(200)
      // Saved in order a minute apart, the first oldest.
      await db()
        .updateTable('drafts')
        .set({ saved_at: daysFromNow(-1 + i / 1440) })
        .where('user_id', '=', editor.id)
        .where('record_key', '=', id)
        .execute()
    }
    expect(await draftsOf(editor.id)).toHaveLength(DRAFTS_PER_ADMIN)
    expect((await save(editor.cookie, 'post', posts[DRAFTS_PER_ADMIN]!)).status).toBe(200)
    expect(await draftsOf(editor.id)).toEqual(posts.slice(1).sort())
    expect(await draftsOf(other.id)).toEqual([posts[0]])
  })

  it('forgets drafts saved more than 30 days ago on the maintenance schedule', async () => {
    const editor = await adminWith('editor')
    const [old, recent] = [await post(), await post()]
    for (const id of [old, recent]) await save(editor.cookie, 'post', id)
    await db()
      .updateTable('drafts')
      .set({ saved_at: daysFromNow(-31) })
      .where('record_key', '=', old)
      .execute()
    await db()
      .updateTable('drafts')
      .set({ saved_at: daysFromNow(-29) })
      .where('record_key', '=', recent)
      .execute()
    const stop = scheduleMaintenance(db(), { retentionMonths: 13, everyMs: 25 })
    try {
      await expect.poll(() => draftsOf(editor.id)).toEqual([recent])
    } finally {
      stop()
    }
  })
})
