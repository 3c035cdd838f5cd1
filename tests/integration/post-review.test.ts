import { randomBytes } from 'node:crypto'
import { expect, it } from 'vitest'
import type { Role } from '~/lib/admin-access'
import { formatDateTime } from '~/lib/dates'
import type { PostReview } from '~/lib/post-review'
import { action as blogAction, loader as blogLoader } from '~/routes/admin/blog'
import { loader as dashboardLoader } from '~/routes/admin/dashboard'
import { action as editorAction, loader as editorLoader } from '~/routes/admin/post-editor'
import { action as loginAction } from '~/routes/admin/login'
import { getPostReview } from '~/server/repositories/posts.server'
import { upsertAdmin } from '~/server/services/users.server'
import { createTestAuthor, createTestPost } from '../support/blog'
import { cookiesFrom, formRequest, testContext } from '../support/context'
import { describeEachDatabase } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'
import { decodedMailsTo, mailWithSubject, useSmtpServer } from '../support/smtp'

// A real SMTP server on loopback receives what the site sends.
const smtp = useSmtpServer()

const PASSWORD = 'correct horse battery'

const mailsTo = (email: string) => decodedMailsTo(smtp.mails, email)
const mailTo = (email: string, subject: string) => mailWithSubject(smtp.mails, email, subject)
/** Long enough for a mail sent after the answer to have arrived, had one been sent. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300))

describeEachDatabase('review of an Author’s post', (getDb) => {
  const db = () => getDb().db
  /** The load context of a site with a mail server, or without one. */
  const ctx = ({ mail = true } = {}) => {
    const base = testContext(db())
    return { ...base, config: { ...base.config, smtpUrl: mail ? smtp.url() : undefined, smtpFrom: 'Site <no-reply@example.com>' } }
  }

  async function adminWith(role: Role, displayName: string | null = null) {
    const email = `${role}-${randomBytes(4).toString('hex')}@example.com`
    await upsertAdmin(db(), email, PASSWORD)
    await db().updateTable('users').set({ role, display_name: displayName }).where('email', '=', email).execute()
    const { id } = await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()
    const cookie = cookiesFrom(
      (await callRoute(loginAction, formRequest('/admin/login', { email, password: PASSWORD }), testContext(db()))) as Response,
    )
    return { id, email, displayName, cookie }
  }
  type Admin = Awaited<ReturnType<typeof adminWith>>

  async function draftOf(admin: Admin, title = `Draft ${randomBytes(3).toString('hex')}`) {
    const authorId = await createTestAuthor(db())
    const { id } = await createTestPost(db(), authorId, {
      title,
      slug: `draft-${randomBytes(4).toString('hex')}`,
      published: false,
      publishedAt: null,
    })
    await db().updateTable('blog_posts').set({ created_by: admin.id }).where('id', '=', id).execute()
    return { id, title, authorId }
  }
  const versionOf = async (id: string) =>
    (await db().selectFrom('blog_posts').select('updated_at').where('id', '=', id).executeTakeFirstOrThrow()).updated_at
  const list = async (intent: string, id: string, admin: Admin, fields: Record<string, string> = {}, context = ctx()) =>
    unwrap<{ ok: boolean; toast?: { title: string }; errors?: Record<string, string> }>(
      await callRoute(
        blogAction,
        formRequest('/admin/blog', { intent, id, version: await versionOf(id), ...fields }, admin.cookie),
        context,
      ),
    )
  const get = (path: string, admin: Admin) => new Request(`http://localhost${path}`, { headers: { Cookie: admin.cookie } })
  const activityOf = (id: string) =>
    db().selectFrom('activity').select(['action', 'user_email', 'title']).where('record_id', '=', id).orderBy('at').execute()

  it('keeps who asked for a review and when, shows it in the list, on the dashboard and in the editor, and e-mails every Editor and Owner', async () => {
    const author = await adminWith('author', 'Avery Author')
    const editor = await adminWith('editor')
    const owner = await adminWith('owner', 'Olive Owner')
    const otherAuthor = await adminWith('author')
    const post = await draftOf(author)
    const before = Date.now()

    expect((await list('request-review', post.id, author)).status).toBe(200)
    const review = (await getPostReview(db(), post.id))!
    expect(review).toMatchObject({ requestedBy: 'Avery Author', sentBack: null })
    expect(Date.parse(review.requestedAt!)).toBeGreaterThanOrEqual(before - 1000)
    expect(await activityOf(post.id)).toEqual([{ action: 'review-requested', user_email: author.email, title: post.title }])

    // The Editor's list row, the dashboard and the editor say who asked and when.
    const rows = unwrap<{ rows: { id: string; inReview: boolean; review: PostReview }[] }>(
      await callRoute(blogLoader, get('/admin/blog', editor), ctx()),
    ).data.rows
    expect(rows.find((row) => row.id === post.id)).toMatchObject({ inReview: true, review })
    const dashboard = unwrap<{ inReview: { id: string; review: PostReview }[] }>(
      await callRoute(dashboardLoader, get('/admin', owner), ctx()),
    ).data
    expect(dashboard.inReview.find((row) => row.id === post.id)?.review).toEqual(review)
    const opened = unwrap<{ review: PostReview; publishes: boolean }>(
      await callRoute(editorLoader, get(`/admin/blog/edit/${post.id}`, editor), ctx(), { id: post.id }),
    ).data
    expect(opened).toMatchObject({ review, publishes: true })
    // An admin without a display name is named by their e-mail.
    const plain = await adminWith('author')
    const second = await draftOf(plain)
    await list('request-review', second.id, plain)
    expect((await getPostReview(db(), second.id))?.requestedBy).toBe(plain.email)

    const editorUrl = `${ctx().config.siteUrl}/admin/blog/edit/${post.id}`
    for (const reviewer of [editor, owner]) {
      const mail = await mailTo(reviewer.email, `Review requested: ${post.title}`)
      expect(mail).toContain(`Avery Author asks you to review "${post.title}" and publish it.`)
      expect(mail).toContain(`Open it in the editor: ${editorUrl}`)
      expect(mail).toMatch(new RegExp(`^Reply-To: ${author.email}$`, 'm'))
    }
    await settle()
    expect(mailsTo(author.email)).toEqual([])
    expect(mailsTo(otherAuthor.email)).toEqual([])
  })

  it('sends no e-mail and answers as usual when no mail server is set', async () => {
    const author = await adminWith('author')
    const editor = await adminWith('editor')
    const post = await draftOf(author)
    const asked = await list('request-review', post.id, author, {}, ctx({ mail: false }))
    expect([asked.status, asked.data.toast?.title]).toEqual([200, 'Sent for review: an Editor or Owner will publish it'])
    expect((await getPostReview(db(), post.id))?.requestedAt).not.toBeNull()
    const sentBack = await list('send-back', post.id, editor, { note: 'Add an example.' }, ctx({ mail: false }))
    expect(sentBack.status).toBe(200)
    await list('request-review', post.id, author, {}, ctx({ mail: false }))
    expect((await list('publish', post.id, editor, {}, ctx({ mail: false }))).status).toBe(200)
    await settle()
    expect([...mailsTo(author.email), ...mailsTo(editor.email)]).toEqual([])
  })

  it('lets an Editor, not an Author, send a post back with a note the Author reads in the list and the editor and gets by e-mail', async () => {
    const author = await adminWith('author', 'Avery Author')
    const editor = await adminWith('editor', 'Eddie Editor')
    const post = await draftOf(author)
    await list('request-review', post.id, author)

    // An Author cannot send back, not even their own post.
    expect((await list('send-back', post.id, author, { note: 'Looks fine to me.' })).status).toBe(403)
    expect((await getPostReview(db(), post.id))?.sentBack).toBeNull()

    const note = 'Please add a customer example in the second section.\nAnd a shorter title.'
    const sent = await list('send-back', post.id, editor, { note: `  ${note}  ` })
    expect([sent.status, sent.data.toast?.title]).toEqual([200, 'Sent back to its author with your note'])
    const review = (await getPostReview(db(), post.id))!
    expect(review).toMatchObject({ requestedAt: null, requestedBy: null, sentBack: { by: 'Eddie Editor', note } })
    expect((await activityOf(post.id)).map((line) => [line.action, line.user_email])).toEqual([
      ['review-requested', author.email],
      ['sent-back', editor.email],
    ])

    // The Author sees it in their list and their editor: a draft, out of review.
    const rows = unwrap<{ rows: { id: string; inReview: boolean; status: string; review: PostReview }[] }>(
      await callRoute(blogLoader, get('/admin/blog', author), ctx()),
    ).data.rows
    expect(rows.find((row) => row.id === post.id)).toMatchObject({ inReview: false, status: 'draft', review })
    const opened = unwrap<{ review: PostReview }>(
      await callRoute(editorLoader, get(`/admin/blog/edit/${post.id}`, author), ctx(), { id: post.id }),
    ).data
    expect(opened.review).toEqual(review)

    const mail = await mailTo(author.email, `Sent back to you: ${post.title}`)
    expect(mail).toContain(`Eddie Editor sent your post "${post.title}" back with this note:`)
    expect(mail).toContain(note)
    expect(mail).toContain(`Open it in the editor: ${ctx().config.siteUrl}/admin/blog/edit/${post.id}`)
    expect(mail).toMatch(new RegExp(`^Reply-To: ${editor.email}$`, 'm'))

    // Out of review, there is nothing to send back.
    const again = await list('send-back', post.id, editor, { note: 'One more thing.' })
    expect(again.status).toBe(409)

    // Asking again answers the note: the post waits for review, and the note is gone.
    expect((await list('request-review', post.id, author)).status).toBe(200)
    expect(await getPostReview(db(), post.id)).toMatchObject({ requestedBy: 'Avery Author', sentBack: null })
  })

  it('refuses a missing, empty or too long note at its field, and a stale version, and changes nothing', async () => {
    const author = await adminWith('author')
    const owner = await adminWith('owner')
    const post = await draftOf(author)
    await list('request-review', post.id, author)
    const before = await getPostReview(db(), post.id)
    const cases: [Record<string, string>, string][] = [
      [{}, 'Please write a note saying what to change'],
      [{ note: '' }, 'Please write a note saying what to change'],
      [{ note: ' \n\t ' }, 'Please write a note saying what to change'],
      [{ note: 'x'.repeat(1001) }, 'The note must be at most 1,000 characters'],
    ]
    for (const [fields, message] of cases) {
      const refused = await list('send-back', post.id, owner, fields)
      expect([refused.status, refused.data.errors]).toEqual([400, { note: message }])
    }
    const stale = unwrap(
      await callRoute(
        blogAction,
        formRequest(
          '/admin/blog',
          { intent: 'send-back', id: post.id, version: '2000-01-01T00:00:00.000Z', note: 'Fix it.' },
          owner.cookie,
        ),
        ctx(),
      ),
    )
    expect(stale.status).toBe(409)
    expect(await getPostReview(db(), post.id)).toEqual(before)
    // Exactly 1,000 characters is a note.
    expect((await list('send-back', post.id, owner, { note: 'y'.repeat(1000) })).status).toBe(200)
    expect((await getPostReview(db(), post.id))?.sentBack?.note).toHaveLength(1000)
  })

  it('e-mails the Author who asked when an Editor publishes their post from the list, or schedules it in the editor', async () => {
    const author = await adminWith('author', 'Avery Author')
    const editor = await adminWith('editor', 'Eddie Editor')
    const { siteUrl } = ctx().config

    const now = await draftOf(author, 'Published From The List')
    await list('request-review', now.id, author)
    expect((await list('publish', now.id, editor)).status).toBe(200)
    expect(await getPostReview(db(), now.id)).toEqual({ requestedAt: null, requestedBy: null, sentBack: null })
    const slug = (await db().selectFrom('blog_posts').select('slug').where('id', '=', now.id).executeTakeFirstOrThrow()).slug
    const published = await mailTo(author.email, 'Published: Published From The List')
    expect(published).toContain('Eddie Editor published your post "Published From The List". It is live at:')
    expect(published).toContain(`${siteUrl}/resources/blog/${slug}`)

    const later = await draftOf(author, 'Scheduled In The Editor')
    await list('request-review', later.id, author)
    const form = new FormData()
    const fields = {
      title: later.title,
      slug: `scheduled-${randomBytes(4).toString('hex')}`,
      content: 'Later.',
      excerpt: '',
      authorId: later.authorId,
      publish: 'at',
      publishAt: '2099-06-01T10:30',
      timeZone: 'America/Chicago',
      imageAlt: '',
      version: await versionOf(later.id),
    }
    for (const [name, value] of Object.entries(fields)) form.append(name, value)
    form.append('featuredImage', new File([], '', { type: 'application/octet-stream' }))
    const saved = await callRoute(
      editorAction,
      new Request(`http://localhost/admin/blog/edit/${later.id}`, { method: 'POST', body: form, headers: { Cookie: editor.cookie } }),
      ctx(),
      { id: later.id },
    )
    expect(unwrap(saved).status).toBe(302)
    const when = formatDateTime('2099-06-01T15:30:00.000Z', 'America/Chicago')
    const scheduled = await mailTo(author.email, `Scheduled for ${when}: Scheduled In The Editor`)
    expect(scheduled).toContain(`Eddie Editor scheduled your post "Scheduled In The Editor". It goes live on ${when} at:`)
    expect(await getPostReview(db(), later.id)).toEqual({ requestedAt: null, requestedBy: null, sentBack: null })
  })

  it('tells nobody when the post was not waiting for review, or its asker is no longer an Author', async () => {
    const author = await adminWith('author')
    const promoted = await adminWith('author')
    const editor = await adminWith('editor')
    const unasked = await draftOf(author)
    expect((await list('publish', unasked.id, editor)).status).toBe(200)
    const asked = await draftOf(promoted)
    await list('request-review', asked.id, promoted)
    await db().updateTable('users').set({ role: 'editor' }).where('id', '=', promoted.id).execute()
    expect((await list('publish', asked.id, editor)).status).toBe(200)
    await settle()
    expect(mailsTo(author.email)).toEqual([])
    expect(mailsTo(promoted.email).filter((mail) => /^Subject: (Published|Scheduled for)/m.test(mail))).toEqual([])
  })
})
