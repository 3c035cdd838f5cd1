import { beforeAll, expect, it } from 'vitest'
import { newId } from '~/lib/ids'
import { action as editorAction, loader as editorLoader } from '~/routes/admin/post-editor'
import { loader as previewLoader } from '~/routes/site/blog-preview'
import { migrateToLatest } from '~/server/db/connection.server'
import { deletePost } from '~/server/repositories/posts.server'
import {
  currentPreviewLink,
  openPreview,
  PREVIEW_LINK_DAYS,
  PREVIEW_PATH,
  sharePreview,
  stopSharingPreview,
} from '~/server/services/post-preview-links.server'
import { signToken } from '~/server/services/signed-tokens.server'
import type { User } from '~/server/services/users.server'
import { createTestAuthor, createTestPost, daysFromNow } from '../support/blog'
import { formRequest, signedInAdmin, testContext } from '../support/context'
import { createTestDatabaseAt, describeEachDatabase, testDialects } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'

const DAY_MS = 86_400_000
const PASSWORD = 'a-long-password'

describeEachDatabase('shareable preview links', (getDb) => {
  const db = () => getDb().db
  const ctx = () => testContext(db())
  let editor: { user: User; cookie: string }
  let author: { user: User; cookie: string }
  let authorId = ''

  beforeAll(async () => {
    editor = await signedInAdmin(ctx(), 'editor@example.com', PASSWORD, 'editor')
    author = await signedInAdmin(ctx(), 'author@example.com', PASSWORD, 'author')
    authorId = await createTestAuthor(db(), { name: 'Dana Writer' })
  })

  const draft = async (fields: { createdBy?: string; publishedAt?: string | null } = {}) => {
    const slug = `draft-${newId().slice(0, 8)}`
    const publishedAt = fields.publishedAt ?? null
    const { id } = await createTestPost(db(), authorId, { title: `Draft ${slug}`, slug, published: publishedAt !== null, publishedAt })
    if (fields.createdBy) await db().updateTable('blog_posts').set({ created_by: fields.createdBy }).where('id', '=', id).execute()
    return { id, slug }
  }
  const tokenOf = (link: { path: string }) => link.path.slice(`${PREVIEW_PATH}/`.length)
  const share = async (postId: string, now?: number) => {
    const link = await sharePreview(ctx(), editor.user, postId, now)
    if ('refusal' in link) throw new Error(`refused: ${link.refusal}`)
    return link
  }

  it('makes a link valid 7 days that opens the draft as its public page reads it, and logs who shared it', async () => {
    const post = await draft()
    const before = Date.now()
    const link = await share(post.id)
    expect(link.path).toMatch(new RegExp(`^${PREVIEW_PATH}/[^/]+$`))
    const expires = Date.parse(link.expiresAt)
    expect(expires).toBeGreaterThan(before + PREVIEW_LINK_DAYS * DAY_MS - 1000)
    expect(expires).toBeLessThanOrEqual(Date.now() + PREVIEW_LINK_DAYS * DAY_MS)

    const opened = await openPreview(ctx(), tokenOf(link))
    expect(opened).toMatchObject({ post: { id: post.id, slug: post.slug, status: 'draft', author: { name: 'Dana Writer' } } })
    // The editor shows the same link again while it works.
    expect(await currentPreviewLink(ctx(), post.id)).toEqual(link)
    const logged = await db().selectFrom('activity').selectAll().where('record_id', '=', post.id).execute()
    expect(logged.map((line) => [line.action, line.record_type, line.user_email, line.title])).toEqual([
      ['preview-shared', 'post', 'editor@example.com', `Draft ${post.slug}`],
    ])
  })

  it('refuses a forged, altered, cut or borrowed token as invalid, and an old one as expired, before reading the post', async () => {
    const post = await draft()
    const token = tokenOf(await share(post.id))
    const flip = (at: number) => token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1)
    const [postId, key, expires] = token.split('.')
    const invalid = [
      flip(token.length - 1),
      flip(0),
      flip(token.indexOf('.') + 1),
      token.slice(0, -1),
      `${token}.x`,
      '',
      'not-a-token',
      'x'.repeat(5000),
      // Signed by this site, but for another purpose, or with a longer expiry the signature does not cover.
      signToken(ctx().config.cookieSecret, 'playbook-download', [postId!, key!, expires!]),
      [postId, key, String(Number(expires) + 86_400), token.split('.')[3]].join('.'),
      // Another site's secret.
      signToken('another-secret-another-secret-xx', 'post-preview', [postId!, key!, expires!]),
    ]
    for (const forged of invalid) expect(await openPreview(ctx(), forged), forged).toEqual({ refusal: 'invalid' })

    expect(await openPreview(ctx(), token, Date.now() + (PREVIEW_LINK_DAYS + 1) * DAY_MS)).toEqual({ refusal: 'expired' })
    const madeLongAgo = await share(post.id, Date.now() - (PREVIEW_LINK_DAYS + 1) * DAY_MS)
    expect(await openPreview(ctx(), tokenOf(madeLongAgo))).toEqual({ refusal: 'expired' })
  })

  it('stops every earlier link with Stop sharing; a new share gets a new key that works', async () => {
    const post = await draft()
    const first = tokenOf(await share(post.id))
    const second = tokenOf(await share(post.id, Date.now() + 1000))
    expect(second).not.toBe(first)
    for (const token of [first, second]) expect(await openPreview(ctx(), token)).toHaveProperty('post')

    expect(await stopSharingPreview(ctx(), editor.user, post.id)).toBe(true)
    for (const token of [first, second]) expect(await openPreview(ctx(), token)).toEqual({ refusal: 'stopped' })
    expect(await currentPreviewLink(ctx(), post.id)).toBeNull()
    // Stopping again changes nothing and logs nothing more.
    expect(await stopSharingPreview(ctx(), editor.user, post.id)).toBe(false)

    const third = tokenOf(await share(post.id))
    expect(await openPreview(ctx(), third)).toHaveProperty('post')
    for (const token of [first, second]) expect(await openPreview(ctx(), token)).toEqual({ refusal: 'stopped' })
    const actions = await db().selectFrom('activity').select('action').where('record_id', '=', post.id).orderBy('at').execute()
    expect(actions.map((line) => line.action)).toEqual(['preview-shared', 'preview-shared', 'preview-unshared', 'preview-shared'])
  })

  it('stops the links of a deleted post with it, and sends a post published meanwhile to its address', async () => {
    const gone = await draft()
    const token = tokenOf(await share(gone.id))
    const { updated_at } = await db().selectFrom('blog_posts').select('updated_at').where('id', '=', gone.id).executeTakeFirstOrThrow()
    await deletePost(db(), gone.id, updated_at)
    expect(await openPreview(ctx(), token)).toEqual({ refusal: 'stopped' })
    expect(await db().selectFrom('post_preview_shares').select('post_id').where('post_id', '=', gone.id).execute()).toEqual([])

    const scheduled = await draft({ publishedAt: daysFromNow(2) })
    const scheduledToken = tokenOf(await share(scheduled.id))
    expect(await openPreview(ctx(), scheduledToken)).toMatchObject({ post: { status: 'scheduled' } })
    // Its time comes while the link still works.
    expect(await openPreview(ctx(), scheduledToken, Date.now() + 3 * DAY_MS)).toEqual({ published: scheduled.slug })
  })

  it('shares only what the editor would open for the admin, and never a live post', async () => {
    const live = await draft({ publishedAt: daysFromNow(-1) })
    expect(await sharePreview(ctx(), editor.user, live.id)).toEqual({ refusal: 'live' })
    expect(await sharePreview(ctx(), editor.user, 'no-such-post')).toEqual({ refusal: 'missing' })
    const others = await draft({ createdBy: editor.user.id })
    expect(await sharePreview(ctx(), author.user, others.id)).toEqual({ refusal: 'forbidden' })
    expect(await stopSharingPreview(ctx(), author.user, others.id)).toEqual({ refusal: 'forbidden' })
    const own = await draft({ createdBy: author.user.id })
    expect(await sharePreview(ctx(), author.user, own.id)).toHaveProperty('path')
    expect(await db().selectFrom('post_preview_shares').select('post_id').where('post_id', 'in', [live.id, others.id]).execute()).toEqual(
      [],
    )
  })

  it('answers the editor’s Share preview card by role, and gives the link to the editor’s page', async () => {
    const others = await draft({ createdBy: editor.user.id })
    const ask = (cookie: string, intent: string, id = others.id) =>
      callRoute(editorAction, formRequest(`/admin/blog/edit/${id}?share-preview`, { intent }, cookie), ctx(), { id }).then(unwrap)

    const refused = await ask(author.cookie, 'share')
    expect([refused.status, refused.data]).toEqual([403, { error: expect.stringContaining('Authors can change only their own posts') }])
    expect((await ask(editor.cookie, 'publish')).status).toBe(400)
    expect(await currentPreviewLink(ctx(), others.id)).toBeNull()

    const shared = await ask(editor.cookie, 'share')
    expect([shared.status, shared.data]).toEqual([200, { done: 'share' }])
    const page = (await callRoute(
      editorLoader,
      new Request(`http://localhost/admin/blog/edit/${others.id}`, { headers: { Cookie: editor.cookie } }),
      ctx(),
      { id: others.id },
    )) as Awaited<ReturnType<typeof editorLoader>>
    expect(page.previewLink?.path).toMatch(`${PREVIEW_PATH}/`)
    expect(await ask(editor.cookie, 'stop')).toMatchObject({ status: 200, data: { done: 'stop' } })
    expect(await currentPreviewLink(ctx(), others.id)).toBeNull()
  })

  it('serves the page privately, and tells a bad link from an old one without a word of the post', async () => {
    const post = await draft()
    const token = tokenOf(await share(post.id))
    const open = (path: string) =>
      callRoute(previewLoader, new Request(`http://localhost${path}`), ctx(), { token: path.split('/').pop()! }).then(unwrap)

    const shown = await open(`${PREVIEW_PATH}/${token}`)
    expect(shown.status).toBe(200)
    expect(shown.headers.get('Cache-Control')).toBe('private, no-store')
    expect(shown.headers.get('X-Robots-Tag')).toBe('noindex')
    expect(shown.data).toMatchObject({ preview: false, post: { title: `Draft ${post.slug}`, html: expect.stringContaining('<strong>') } })

    const forged = await open(`${PREVIEW_PATH}/${token.slice(0, -2)}xx`)
    expect([forged.status, forged.data, forged.headers.get('Cache-Control')]).toEqual([404, 'invalid', 'private, no-store'])
    await stopSharingPreview(ctx(), editor.user, post.id)
    expect(await open(`${PREVIEW_PATH}/${token}`)).toMatchObject({ status: 410, data: 'stopped' })

    const published = await draft()
    const publishedToken = tokenOf(await share(published.id))
    await db()
      .updateTable('blog_posts')
      .set({ published: 1, published_at: daysFromNow(-0.01) })
      .where('id', '=', published.id)
      .execute()
    const moved = await open(`${PREVIEW_PATH}/${publishedToken}`)
    expect([moved.status, moved.headers.get('Location')]).toEqual([302, `/resources/blog/${published.slug}`])
  })
})

it.each(testDialects)('migration 0046 adds the share keys, which go with their post [%s]', async (dialect) => {
  const database = await createTestDatabaseAt(dialect, '2026_11_28_0045_file_original_names')
  try {
    expect(await migrateToLatest(database)).toContain('2026_11_28_0046_post_preview_shares')
    const authorId = await createTestAuthor(database.db)
    const { id } = await createTestPost(database.db, authorId, { published: false, publishedAt: null })
    const now = new Date().toISOString()
    await database.db.insertInto('post_preview_shares').values({ post_id: id, share_key: 'k', expires_at: now, created_at: now }).execute()
    await database.db.deleteFrom('blog_posts').where('id', '=', id).execute()
    expect(await database.db.selectFrom('post_preview_shares').selectAll().execute()).toEqual([])
  } finally {
    await database.cleanup()
  }
})
