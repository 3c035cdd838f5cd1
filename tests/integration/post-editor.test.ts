import { NO_SEARCH_FIELDS } from '~/lib/search-fields'
import sharp from 'sharp'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { logger } from '~/server/log.server'
import { action as previewAction } from '~/routes/admin/post-preview'
import { action, loader } from '~/routes/admin/post-editor'
import { action as listAction } from '~/routes/admin/blog'
import { signIn } from '~/server/services/auth.server'
import type { Db } from '~/server/db/schema.server'
import { getPostForEditor, postStatus } from '~/server/repositories/posts.server'
import type { PublicContent } from '~/lib/admin-sections'
import { purgeTrash } from '~/server/services/trash.server'
import { upsertAdmin } from '~/server/services/users.server'
import { createTestAuthor, createTestPost, setSiteTimeZone } from '../support/blog'
import { formRequest, testContext, toastFrom } from '../support/context'
import { describeEachDatabase, failingOn, racedBy } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'

let png: Buffer
beforeAll(async () => {
  png = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#2255aa' } })
    .png()
    .toBuffer()
})
const image = (name = 'cover.png') => new File([new Uint8Array(png)], name, { type: 'image/png' })

type Refusal = { errors: Record<string, string>; values: Record<string, unknown>; failure: string | null; toast: string }

const staleMessage = 'This post was changed by someone else since you opened it. Reload to see their changes; your text is kept below.'
const goneMessage = 'This post was deleted by someone else since you opened it. Your text is kept below.'

describeEachDatabase('post editor', (getDb) => {
  const db = () => getDb().db
  /** What the host hears: every committed write says which public content changed. */
  let announced: PublicContent[] = []
  const ctx = (on = db()) => testContext(on, '127.0.0.1', (what) => announced.push(what))
  let cookie = ''
  let authorId = ''

  beforeAll(async () => {
    authorId = await createTestAuthor(db(), { name: 'Editor Author' })
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

  /** Posts the editor's form; an edit carries the version its page loaded, the stored one unless told. */
  async function save(
    fields: Record<string, string | string[]>,
    { id, version, image, on = db() }: { id?: string; version?: string | null; image?: File; on?: Db } = {},
  ) {
    const form = new FormData()
    // The editor page sends the site's zone with its time: the default one here.
    const defaults = { title: '', slug: '', content: '', excerpt: '', authorId, publishAt: '', timeZone: 'America/Chicago' }
    for (const [name, value] of Object.entries({ ...defaults, ...fields })) {
      for (const v of Array.isArray(value) ? value : [value]) form.append(name, v)
    }
    form.append('featuredImage', image ?? new File([], '', { type: 'application/octet-stream' }))
    // The editor asks for alt text whenever an image is shown or chosen.
    if (!form.has('imageAlt')) form.append('imageAlt', 'Cover picture')
    const loaded = version === undefined && id ? (await postById(id))?.updated_at : version
    if (loaded) form.append('version', loaded)
    const path = id ? `/admin/blog/edit/${id}` : '/admin/blog/new'
    const request = new Request(`http://localhost${path}`, { method: 'POST', body: form, headers: { Cookie: cookie } })
    return unwrap<Refusal>(await callRoute(action, request, ctx(on), id ? { id } : {}))
  }
  const open = async (id: string) => {
    const request = new Request(`http://localhost/admin/blog/edit/${id}`, { headers: { Cookie: cookie } })
    return (await callRoute(loader, request, ctx(), { id })) as Awaited<ReturnType<typeof loader>>
  }
  const postBySlug = (slug: string) => db().selectFrom('blog_posts').selectAll().where('slug', '=', slug).executeTakeFirst()
  const postById = (id: string) => db().selectFrom('blog_posts').selectAll().where('id', '=', id).executeTakeFirst()
  const postCount = async () => (await db().selectFrom('blog_posts').select('id').execute()).length
  const storedFiles = async () =>
    (await db().selectFrom('files').select(['bucket', 'path']).execute()).map((f) => `/media/${f.bucket}/${f.path}`)

  it('refuses a post without title, content or author with the spec messages and saves nothing', async () => {
    const before = await postCount()
    const result = await save({ authorId: '' })
    expect(result.status).toBe(400)
    expect(result.data.errors).toMatchObject({ title: 'Title is required', content: 'Content is required', authorId: 'Author is required' })
    // A refusal's toast travels in the answer, for the form that caused it; the flash cookie stays empty.
    expect(result.data.toast).toBe('Title is required')
    expect(toastFrom(result.headers)).toBeNull()
    const over = await save({ title: 'x'.repeat(201), content: 'y', excerpt: 'z'.repeat(501) })
    expect(over.data.errors.title).toMatch(/at most 200/)
    expect(over.data.errors.excerpt).toMatch(/at most 500/)
    expect(await postCount()).toBe(before)
    expect(announced).toEqual([])
  })

  it('creates a post with a slug from its title, an excerpt from its content, tags, image and publish time now', async () => {
    const before = Date.now()
    const response = await save(
      {
        title: 'Ten Calls, Zero Voicemails: A Week With an AI Receptionist!',
        content: '## Monday\n\nThe **phone** rang ten times before 9 a.m. and [every call](https://example.com) was answered. '.repeat(3),
        tags: ['Phones', 'AI Agents', 'Phones'],
        tagDraft: 'Small Business',
        published: 'on',
      },
      { image: image() },
    )
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/admin/blog')
    expect(toastFrom(response.headers)).toEqual({
      type: 'success',
      title: 'Post created successfully',
      description: 'Image uploaded successfully',
    })
    expect(announced).toEqual(['posts'])
    const row = (await postBySlug('ten-calls-zero-voicemails-a-week-with-an-ai-receptionist'))!
    // The excerpt ends after the last whole word within 150 characters ('answered.' would not fit).
    expect(row.excerpt).toBe(
      'Monday The phone rang ten times before 9 a.m. and every call was answered. ## Monday The phone rang ten times before 9 a.m. and every call was…',
    )
    expect(row.featured_image).toMatch(/^\/media\/images\/blog\/.+\.png$/)
    expect(await storedFiles()).toContain(row.featured_image)
    expect(Date.parse(row.published_at!)).toBeGreaterThanOrEqual(before - 1000)
    expect((await getPostForEditor(db(), row.id))!.tags).toEqual(['Phones', 'AI Agents', 'Small Business'])
  })

  it('refuses a slug another post has, and a badly formed one', async () => {
    const taken = await createTestPost(db(), authorId, { slug: 'already-here' })
    const clash = await save({ title: 'Whatever', slug: taken.slug, content: 'x' })
    expect(clash.status).toBe(409)
    expect(clash.data.errors.slug).toMatch(/already uses this slug/)
    expect(clash.data.values).toMatchObject({ title: 'Whatever', slug: taken.slug, content: 'x' })
    const bad = await save({ title: 'Whatever', slug: 'Not A Slug!', content: 'x' })
    expect(bad.data.errors.slug).toMatch(/lowercase letters/)
    const wordless = await save({ title: '!!!', content: 'x' })
    expect([wordless.status, wordless.data.errors.slug]).toEqual([400, 'Please enter a slug using letters or numbers'])
    expect(announced).toEqual([])
  })

  it('keeps its own slug on an edit: only another post taking it is a clash', async () => {
    const own = await createTestPost(db(), authorId, { slug: 'my-own-address' })
    const result = await save({ title: 'Renamed, same address', slug: 'my-own-address', content: 'x' }, { id: own.id })
    expect(result.status).toBe(302)
    expect((await postById(own.id))!.title).toBe('Renamed, same address')
  })

  it('refuses a post whose author is gone with "Please choose an author from the list"', async () => {
    const goneAuthor = await createTestAuthor(db(), { name: 'Soon Gone' })
    await db().deleteFrom('authors').where('id', '=', goneAuthor).execute()
    const before = await postCount()
    const result = await save({ title: 'Orphaned', content: 'x', authorId: goneAuthor })
    expect(result.status).toBe(409)
    expect(result.data.errors).toEqual({ authorId: 'Please choose an author from the list' })
    expect(result.data.values).toMatchObject({ title: 'Orphaned', authorId: goneAuthor })
    expect(await postCount()).toBe(before)
  })

  it('schedules a post for a chosen time in the site time zone, whatever the browser’s, and drafts have no publish time', async () => {
    // 10:30 in Chicago in June is daylight time (UTC-5): 15:30 UTC; in December, standard time (UTC-6).
    await save({ title: 'Scheduled one', content: 'Later.', publish: 'at', publishAt: '2099-06-01T10:30' })
    const scheduled = (await postBySlug('scheduled-one'))!
    expect(scheduled.published_at).toBe('2099-06-01T15:30:00.000Z')
    await save({ title: 'Scheduled in winter', content: 'Later.', publish: 'at', publishAt: '2099-12-01T10:30' })
    expect((await postBySlug('scheduled-in-winter'))!.published_at).toBe('2099-12-01T16:30:00.000Z')
    // The browser's own offset, sent by pages from before the site time zone, changes nothing.
    await save({ title: 'Offset sent', content: 'Later.', publish: 'at', publishAt: '2099-06-01T10:30', timezoneOffset: '-600' })
    expect((await postBySlug('offset-sent'))!.published_at).toBe('2099-06-01T15:30:00.000Z')
    expect(postStatus(scheduled)).toBe('scheduled')
    await save({ title: 'Draft one', content: 'Not yet.', publish: 'draft' })
    const draft = (await postBySlug('draft-one'))!
    expect([draft.published, draft.published_at]).toEqual([0, null])
    // A form from before the publish choice still works: a ticked Published box with a time is that time.
    await save({ title: 'Boxed one', content: 'Old form.', published: 'on', publishAt: '2099-06-01T10:30' })
    expect((await postBySlug('boxed-one'))!.published_at).toBe('2099-06-01T15:30:00.000Z')
  })

  it('refuses a time typed in a zone that is no longer the site’s, or in no zone at all, at the field', async () => {
    const before = await postCount()
    // A page opened before an owner moved the site to London still says Chicago.
    await setSiteTimeZone(db(), 'Europe/London')
    try {
      const moved = await save({ title: 'Moved zone', content: 'x', publish: 'at', publishAt: '2099-06-01T10:30' })
      expect([moved.status, moved.data.errors]).toEqual([
        409,
        { publishAt: "The site's time zone changed to Europe/London since this page was opened. Check the time, then save again." },
      ])
      expect(moved.data.values).toMatchObject({ publishAt: '2099-06-01T10:30' })
      // Sent again from the page as it now is, the time is London's.
      expect(
        (await save({ title: 'Moved zone', content: 'x', publish: 'at', publishAt: '2099-06-01T10:30', timeZone: 'Europe/London' })).status,
      ).toBe(302)
      expect((await postBySlug('moved-zone'))!.published_at).toBe('2099-06-01T09:30:00.000Z')
    } finally {
      await setSiteTimeZone(db(), 'America/Chicago')
    }
    const unknown = await save({
      title: 'No such zone',
      content: 'x',
      publish: 'at',
      publishAt: '2099-06-01T10:30',
      timeZone: 'Mars/Olympus_Mons',
    })
    expect([unknown.status, unknown.data.errors]).toEqual([
      400,
      { publishAt: 'Please reload the page: it sent a time zone we do not know for this date' },
    ])
    expect(await postCount()).toBe(before + 1)
  })

  it.each([
    [
      { publish: 'draft', publishAt: '2099-06-01T10:30' },
      'This date is not used by the choice above. Clear it, or choose the option with the date to publish the post then',
    ],
    [
      { publish: 'now', publishAt: '2099-06-01T10:30' },
      'This date is not used by the choice above. Clear it, or choose the option with the date to publish the post then',
    ],
    // The old form's unticked box with a time typed: once dropped without a word.
    [
      { publishAt: '2099-06-01T10:30' },
      'This date is not used by the choice above. Clear it, or choose the option with the date to publish the post then',
    ],
    [{ publish: 'at', publishAt: '' }, 'Please choose the date and time to publish the post'],
  ])('never drops a typed date nor guesses a missing one: %o is refused at the field', async (fields, message) => {
    const result = await save({ title: 'Dated draft', content: 'x', ...fields })
    expect([result.status, result.data.errors]).toEqual([400, { publishAt: message }])
    expect(result.data.values).toMatchObject({ publishAt: fields.publishAt })
    expect(await postBySlug('dated-draft')).toBeUndefined()
  })

  it('refuses a publish choice the control does not offer', async () => {
    const result = await save({ title: 'Odd choice', content: 'x', publish: 'tomorrow' })
    expect([result.status, result.data.errors]).toEqual([400, { publish: 'Please choose Draft, Publish now or a publish time' }])
  })

  it('refuses a publish date outside the years 2000 to 2100, keeping what was typed', async () => {
    const result = await save({ title: 'Far future', content: 'x', published: 'on', publishAt: '2101-01-01T00:00' })
    expect(result.status).toBe(400)
    expect(result.data.errors).toEqual({ publishAt: 'Please choose a publish date between the years 2000 and 2100' })
    expect(result.data.values).toMatchObject({ publishAt: '2101-01-01T00:00', publish: 'at' })
    expect(await postBySlug('far-future')).toBeUndefined()
  })

  it('loads a post into the editor with its image and version', async () => {
    const created = await createTestPost(db(), authorId, { title: 'Loaded one', tags: ['A', 'B'], imageUrl: '/blog/ai-receptionist.svg' })
    const row = (await postById(created.id))!
    expect((await open(created.id)).record).toEqual({
      id: created.id,
      title: 'Loaded one',
      slug: created.slug,
      content: row.content,
      excerpt: row.excerpt,
      imageUrl: '/blog/ai-receptionist.svg',
      published: true,
      publishedAt: row.published_at,
      authorId,
      tags: ['A', 'B'],
      search: NO_SEARCH_FIELDS,
      version: row.updated_at,
    })
  })

  it('edits a post: keeps its image without a new file, replaces it and deletes the old file with a new one', async () => {
    await save({ title: 'Edit me', content: 'First.', published: 'on' }, { image: image('a.png') })
    const created = (await postBySlug('edit-me'))!
    const firstImage = created.featured_image!

    const kept = await save({ title: 'Edit me, edited', slug: 'edit-me', content: 'Second.', tags: ['One'] }, { id: created.id })
    expect(toastFrom(kept.headers)?.title).toBe('Post updated successfully')
    const afterEdit = (await getPostForEditor(db(), created.id))!
    expect([afterEdit.title, afterEdit.slug, afterEdit.imageUrl, afterEdit.published, afterEdit.tags]).toEqual([
      'Edit me, edited',
      'edit-me',
      firstImage,
      false,
      ['One'],
    ])
    // Every save makes a new version, so an editor still open on the old one cannot overwrite it.
    expect(afterEdit.version > created.updated_at).toBe(true)

    await save({ title: 'Edit me', slug: 'edit-me', content: 'Third.' }, { id: created.id, image: image('b.png') })
    const replaced = (await getPostForEditor(db(), created.id))!
    expect(replaced.imageUrl).not.toBe(firstImage)
    const files = await storedFiles()
    expect(files).toContain(replaced.imageUrl)
    expect(files).not.toContain(firstImage)
    expect(announced).toEqual(['posts', 'posts', 'posts'])
  })

  it('refuses a file that is not an image and keeps everything else as typed', async () => {
    const filesBefore = await storedFiles()
    const result = await save(
      { title: 'With a fake image', content: 'Body.' },
      { image: new File(['hello'], 'fake.png', { type: 'image/png' }) },
    )
    expect(result.status).toBe(400)
    expect(result.data.errors).toEqual({ featuredImage: 'Please select an image file' })
    expect(result.data.values).toMatchObject({ title: 'With a fake image', content: 'Body.' })
    expect(result.data.toast).toBe('Failed to upload image')
    expect(toastFrom(result.headers)).toBeNull()
    expect(await postBySlug('with-a-fake-image')).toBeUndefined()
    expect(await storedFiles()).toEqual(filesBefore)
  })

  it('leaves no new file behind when a save with an image is refused or its write fails', async () => {
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => {})
    const post = await createTestPost(db(), authorId, { title: 'Image keeper' })
    const other = await createTestPost(db(), authorId)
    const [before, filesBefore] = [await postById(post.id), await storedFiles()]

    expect((await save({ title: '', content: 'x' }, { id: post.id, image: image() })).status).toBe(400)
    expect((await save({ title: 'Taken slug', slug: other.slug, content: 'x' }, { id: post.id, image: image() })).status).toBe(409)
    const failed = await save(
      { title: 'Write fails', content: 'x' },
      { id: post.id, image: image(), on: failingOn(db(), 'UpdateQueryNode', 'blog_posts') },
    )
    expect(failed.status).toBe(500)
    expect(failed.data).toMatchObject({ errors: {}, failure: 'Failed to update post. Please try again.', toast: 'Failed to update post' })
    expect(logged).toHaveBeenCalled()

    expect(await postById(post.id)).toEqual(before)
    expect(await storedFiles()).toEqual(filesBefore)
    expect(announced).toEqual([])
  })

  it('sends an unknown post id back to the list with "Failed to load post"', async () => {
    const request = new Request('http://localhost/admin/blog/edit/nope', { headers: { Cookie: cookie } })
    const response = (await callRoute(loader, request, ctx(), { id: 'nope' })) as Response
    expect(response.headers.get('Location')).toBe('/admin/blog')
    expect(toastFrom(response.headers)?.title).toBe('Failed to load post')
    const fresh = (await callRoute(
      loader,
      new Request('http://localhost/admin/blog/new', { headers: { Cookie: cookie } }),
      ctx(),
      {},
    )) as Awaited<ReturnType<typeof loader>>
    expect(fresh.record).toBeNull()
    expect(fresh.authors.some((a) => a.id === authorId)).toBe(true)
  })

  describe('saving over a version that moved on', () => {
    it('lets the first of two saves from one loaded version land and refuses the second, keeping its text and storing nothing of it', async () => {
      await save({ title: 'Two tabs', content: 'Original.', tags: ['Start'] }, { image: image() })
      const { id, updated_at: loaded, featured_image: cover } = (await postBySlug('two-tabs'))!
      expect((await open(id)).record!.version).toBe(loaded)

      const first = await save(
        { title: 'Two tabs', slug: 'two-tabs', content: 'From the first tab.', tags: ['First'] },
        { id, version: loaded },
      )
      expect(first.status).toBe(302)
      const landed = (await postById(id))!
      const landedTags = (await getPostForEditor(db(), id))!.tags
      const filesBefore = await storedFiles()

      const typed = { title: 'Two tabs, second', slug: 'two-tabs', content: 'From the second tab.', tags: ['Second'] }
      const second = await save(typed, { id, version: loaded, image: image() })
      expect(second.status).toBe(409)
      expect(second.data).toMatchObject({ errors: {}, failure: staleMessage, toast: staleMessage })
      expect(second.data.values).toMatchObject({ title: 'Two tabs, second', content: 'From the second tab.' })
      expect(toastFrom(second.headers)).toBeNull()
      expect(await postById(id)).toEqual(landed)
      expect(landed).toMatchObject({ content: 'From the first tab.', featured_image: cover })
      expect((await getPostForEditor(db(), id))!.tags).toEqual(landedTags)
      // The second save's image went down with it: no file without a post.
      expect(await storedFiles()).toEqual(filesBefore)
      expect(announced).toEqual(['posts', 'posts'])
    })

    it('refuses a save of a post deleted meanwhile with 404, creating nothing', async () => {
      const post = await createTestPost(db(), authorId, { title: 'Soon deleted' })
      const loaded = (await open(post.id)).record!.version
      const [before, filesBefore] = [await postCount(), await storedFiles()]

      // Deleted by someone else after this save read the post, just before it writes.
      const typed = { title: 'Brought back', slug: 'brought-back', content: 'Still typing.' }
      const result = await save(typed, {
        id: post.id,
        version: loaded,
        image: image(),
        on: racedBy(db(), () => db().deleteFrom('blog_posts').where('id', '=', post.id).execute()),
      })
      expect(result.status).toBe(404)
      expect(result.data).toMatchObject({ errors: {}, failure: goneMessage, toast: goneMessage })
      expect(result.data.values).toMatchObject({ title: 'Brought back', content: 'Still typing.' })
      expect(await postCount()).toBe(before - 1)
      expect(await postBySlug('brought-back')).toBeUndefined()
      expect(await storedFiles()).toEqual(filesBefore)
      expect(announced).toEqual([])
    })

    it('saves a form sent without a version (a script, not the editor) over the post as it stands', async () => {
      const post = await createTestPost(db(), authorId, { title: 'Scripted' })
      const result = await save({ title: 'Scripted, edited', slug: post.slug, content: 'By a script.' }, { id: post.id, version: null })
      expect(result.status).toBe(302)
      expect((await postById(post.id))!.title).toBe('Scripted, edited')
    })
  })

  it('keeps the stored publish time to the second when a save leaves the minute-precise field alone', async () => {
    await save({ title: 'Seconds matter', content: 'x', published: 'on' })
    const row = (await postBySlug('seconds-matter'))!
    await db().updateTable('blog_posts').set({ published_at: '2026-11-20T10:42:37.123Z' }).where('id', '=', row.id).execute()
    expect(
      (
        await save(
          { title: 'Seconds matter, edited', slug: 'seconds-matter', content: 'x', published: 'on', publishAt: '2026-11-20T04:42' },
          { id: row.id },
        )
      ).status,
    ).toBe(302)
    expect((await postById(row.id))!.published_at).toBe('2026-11-20T10:42:37.123Z')
    expect(
      (
        await save(
          { title: 'Seconds matter', slug: 'seconds-matter', content: 'x', published: 'on', publishAt: '2026-11-20T04:43' },
          { id: row.id },
        )
      ).status,
    ).toBe(302)
    expect((await postById(row.id))!.published_at).toBe('2026-11-20T10:43:00.000Z')
  })

  it('deleting a post from the list keeps its image file with its revisions, and forgets both 30 days later', async () => {
    await save({ title: 'Delete with image', content: 'x' }, { image: image('c.png') })
    const row = (await postBySlug('delete-with-image'))!
    expect(await storedFiles()).toContain(row.featured_image)
    const fields = { intent: 'delete', id: row.id, version: row.updated_at }
    expect(unwrap(await callRoute(listAction, formRequest('/admin/blog', fields, cookie), ctx())).status).toBe(200)
    expect(await postById(row.id)).toBeUndefined()
    expect(await storedFiles()).toContain(row.featured_image)
    await purgeTrash(db(), new Date(Date.now() + 31 * 86_400_000))
    expect(await storedFiles()).not.toContain(row.featured_image)
  })

  it('previews markdown exactly as the public page renders it, for signed-in admins only', async () => {
    const ask = (withCookie?: string) =>
      callRoute(previewAction, formRequest('/admin/blog/preview', { content: '# Hi\n\n<script>x</script>' }, withCookie), ctx())
    const response = (await ask(cookie)) as Response
    expect(await response.json()).toEqual({ html: '<h1>Hi</h1>\n<p>&lt;script&gt;x&lt;/script&gt;</p>\n' })
    expect(((await ask()) as Response).headers.get('Location')).toBe('/admin/login')
  })
})
