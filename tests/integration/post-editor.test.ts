import sharp from 'sharp'
import { beforeAll, expect, it } from 'vitest'
import { action as previewAction } from '~/routes/admin/post-preview'
import { action, loader } from '~/routes/admin/post-editor'
import { action as listAction } from '~/routes/admin/blog'
import { signIn } from '~/server/auth.server'
import { getPostForEditor, postStatus } from '~/server/posts.server'
import { upsertAdmin } from '~/server/users.server'
import { createTestAuthor, createTestPost } from '../support/blog'
import { formRequest, testContext, toastFrom } from '../support/context'
import { describeEachDatabase } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'

let png: Buffer
beforeAll(async () => {
  png = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#2255aa' } }).png().toBuffer()
})

type ActionResult = { errors: Record<string, string>; values: unknown }

describeEachDatabase('post editor', (getDb) => {
  const db = () => getDb().db
  const ctx = () => testContext(db())
  let cookie = ''
  let authorId = ''

  beforeAll(async () => {
    authorId = await createTestAuthor(db(), { name: 'Editor Author' })
    await upsertAdmin(db(), 'editor@example.com', 'a-long-password')
    const result = await signIn(new Request('http://localhost/admin/login'), ctx(), { email: 'editor@example.com', password: 'a-long-password' })
    if (!result.ok) throw new Error('sign-in failed')
    cookie = result.setCookie.split(';')[0]!
  })

  function save(fields: Record<string, string | string[]>, { id, image }: { id?: string; image?: File } = {}) {
    const form = new FormData()
    const defaults = { title: '', slug: '', content: '', excerpt: '', authorId, publishAt: '', timezoneOffset: '0' }
    for (const [name, value] of Object.entries({ ...defaults, ...fields })) {
      for (const v of Array.isArray(value) ? value : [value]) form.append(name, v)
    }
    form.append('featuredImage', image ?? new File([], '', { type: 'application/octet-stream' }))
    const path = id ? `/admin/blog/edit/${id}` : '/admin/blog/new'
    const request = new Request(`http://localhost${path}`, { method: 'POST', body: form, headers: { Cookie: cookie } })
    return callRoute(action, request, ctx(), id ? { id } : {})
  }
  const toastOf = (headers: Headers) => toastFrom(headers)?.title
  const postBySlug = (slug: string) => db().selectFrom('blog_posts').selectAll().where('slug', '=', slug).executeTakeFirst()

  it('refuses a post without title, content or author with the spec messages and saves nothing', async () => {
    const result = unwrap<ActionResult>(await save({ authorId: '' }))
    expect(result.status).toBe(400)
    expect(result.data.errors).toMatchObject({ title: 'Title is required', content: 'Content is required', authorId: 'Author is required' })
    const over = unwrap<ActionResult>(await save({ title: 'x'.repeat(201), content: 'y', excerpt: 'z'.repeat(501) }))
    expect(over.data.errors.title).toMatch(/at most 200/)
    expect(over.data.errors.excerpt).toMatch(/at most 500/)
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
      { image: new File([new Uint8Array(png)], 'cover.png', { type: 'image/png' }) },
    )
    expect((response as Response).status).toBe(302)
    expect((response as Response).headers.get('Location')).toBe('/admin/blog')
    expect(toastFrom((response as Response).headers)).toEqual({ type: 'success', title: 'Post created successfully', description: 'Image uploaded successfully' })
    const row = (await postBySlug('ten-calls-zero-voicemails-a-week-with-an-ai-receptionist'))!
    expect(row.excerpt).toHaveLength(150)
    expect(row.excerpt.startsWith('Monday The phone rang ten times before 9 a.m. and every call was answered.')).toBe(true)
    expect(row.featured_image).toMatch(/^\/media\/images\/blog\/.+\.png$/)
    expect(Date.parse(row.published_at!)).toBeGreaterThanOrEqual(before - 1000)
    expect((await getPostForEditor(db(), row.id))!.tags).toEqual(['Phones', 'AI Agents', 'Small Business'])
  })

  it('refuses a slug another post has, and a badly formed one', async () => {
    const taken = await createTestPost(db(), authorId, { slug: 'already-here' })
    const clash = unwrap<ActionResult>(await save({ title: 'Whatever', slug: taken.slug, content: 'x' }))
    expect(clash.status).toBe(409)
    expect(clash.data.errors.slug).toMatch(/already uses this slug/)
    const bad = unwrap<ActionResult>(await save({ title: 'Whatever', slug: 'Not A Slug!', content: 'x' }))
    expect(bad.data.errors.slug).toMatch(/lowercase letters/)
  })

  it('schedules a post for a chosen time in the editor time zone, and drafts have no publish time', async () => {
    // 10:30 in a browser 300 minutes behind UTC (US Central daylight time) is 15:30 UTC.
    await save({ title: 'Scheduled one', content: 'Later.', published: 'on', publishAt: '2099-06-01T10:30', timezoneOffset: '300' })
    const scheduled = (await postBySlug('scheduled-one'))!
    expect(scheduled.published_at).toBe('2099-06-01T15:30:00.000Z')
    expect(postStatus(scheduled)).toBe('scheduled')
    await save({ title: 'Draft one', content: 'Not yet.', publishAt: '2099-06-01T10:30' })
    const draft = (await postBySlug('draft-one'))!
    expect([draft.published, draft.published_at]).toEqual([0, null])
  })

  it('edits a post: keeps its image without a new file, replaces and removes the old one with a new file', async () => {
    await save({ title: 'Edit me', content: 'First.', published: 'on' }, { image: new File([new Uint8Array(png)], 'a.png', { type: 'image/png' }) })
    const created = (await postBySlug('edit-me'))!
    const firstImage = created.featured_image!

    const kept = await save({ title: 'Edit me, edited', slug: 'edit-me', content: 'Second.', tags: ['One'] }, { id: created.id })
    expect(toastOf((kept as Response).headers)).toBe('Post updated successfully')
    const afterEdit = (await getPostForEditor(db(), created.id))!
    expect([afterEdit.title, afterEdit.slug, afterEdit.featuredImage, afterEdit.published]).toEqual(['Edit me, edited', 'edit-me', firstImage, false])

    await save({ title: 'Edit me', slug: 'edit-me', content: 'Third.' }, { id: created.id, image: new File([new Uint8Array(png)], 'b.png', { type: 'image/png' }) })
    const replaced = (await getPostForEditor(db(), created.id))!
    expect(replaced.featuredImage).not.toBe(firstImage)
    const oldFile = await db().selectFrom('files').select('path').where('path', '=', firstImage.replace('/media/images/', '')).executeTakeFirst()
    expect(oldFile).toBeUndefined()
  })

  it('refuses a file that is not an image and keeps everything else as typed', async () => {
    const result = unwrap<ActionResult>(
      await save({ title: 'With a fake image', content: 'Body.' }, { image: new File(['hello'], 'fake.png', { type: 'image/png' }) }),
    )
    expect(result.status).toBe(400)
    expect(result.data.errors.featuredImage).toBe('Please select an image file')
    expect(result.data.values).toMatchObject({ title: 'With a fake image', content: 'Body.' })
    expect(toastOf(result.headers)).toBe('Failed to upload image')
    expect(await postBySlug('with-a-fake-image')).toBeUndefined()
  })

  it('sends an unknown post id back to the list with "Failed to load post"', async () => {
    const request = new Request('http://localhost/admin/blog/edit/nope', { headers: { Cookie: cookie } })
    const response = (await callRoute(loader, request, ctx(), { id: 'nope' })) as Response
    expect(response.headers.get('Location')).toBe('/admin/blog')
    expect(toastOf(response.headers)).toBe('Failed to load post')
    const fresh = (await callRoute(loader, new Request('http://localhost/admin/blog/new', { headers: { Cookie: cookie } }), ctx(), {})) as Awaited<ReturnType<typeof loader>>
    expect(fresh.post).toBeNull()
    expect(fresh.authors.some((a) => a.id === authorId)).toBe(true)
  })

  it('deleting a post from the list removes its image', async () => {
    await save({ title: 'Delete with image', content: 'x' }, { image: new File([new Uint8Array(png)], 'c.png', { type: 'image/png' }) })
    const row = (await postBySlug('delete-with-image'))!
    await callRoute(listAction, formRequest('/admin/blog', { intent: 'delete', id: row.id }, cookie), ctx())
    const file = await db().selectFrom('files').select('path').where('path', '=', row.featured_image!.replace('/media/images/', '')).executeTakeFirst()
    expect(file).toBeUndefined()
  })

  it('previews markdown exactly as the public page renders it, for signed-in admins only', async () => {
    const ask = (withCookie?: string) =>
      callRoute(previewAction, formRequest('/admin/blog/preview', { content: '# Hi\n\n<script>x</script>' }, withCookie), ctx())
    const response = (await ask(cookie)) as Response
    expect(await response.json()).toEqual({ html: '<h1>Hi</h1>\n<p>&lt;script&gt;x&lt;/script&gt;</p>\n' })
    expect(((await ask()) as Response).headers.get('Location')).toBe('/admin/login')
  })
})
