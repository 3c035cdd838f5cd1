import sharp from 'sharp'
import { beforeAll, expect, it } from 'vitest'
import { altRequiredMessage, imageTooLargeMessage, MAX_IMAGE_BYTES, noImageChosenMessage, notAnImageMessage } from '~/lib/images'
import { action as mediaListAction, loader as mediaListLoader } from '~/routes/admin/media'
import { loader as mediaEditorLoader } from '~/routes/admin/media-editor'
import { action as uploadAction } from '~/routes/admin/media-upload'
import { action as endpointAction } from '~/routes/admin/media-upload-endpoint'
import { action as postAction } from '~/routes/admin/post-editor'
import { originalFileName } from '~/server/services/media.server'
import { createTestAuthor } from '../support/blog'
import { formRequest, signedInAdmin, testContext, toastFrom } from '../support/context'
import { describeEachDatabase } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'

type Refusal = { errors: Record<string, string>; values: Record<string, unknown> }
type LibraryRow = { id: string; version: string; url: string; name: string; path: string; uses: { label: string; href: string }[] }

let photo: Buffer
beforeAll(async () => {
  photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#1e3a8a' } })
    .png()
    .toBuffer()
})

const file = (bytes: Buffer | string, name: string, type = 'image/png') =>
  new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type })
/** A PNG padded past the limit: a real image, too large to take. */
const oversized = () => file(Buffer.concat([photo, Buffer.alloc(MAX_IMAGE_BYTES + 1 - photo.length)]), 'huge.png')

it('keeps an uploaded file’s own name, short and clean', () => {
  expect(originalFileName('Team photo.JPG')).toBe('Team photo.JPG')
  // A path some browsers and scripts send is dropped, Windows' and Unix's alike.
  expect(originalFileName('C:\\fakepath\\front desk.png')).toBe('front desk.png')
  expect(originalFileName('../../etc/passwd.png')).toBe('passwd.png')
  // Control characters, and the direction override that makes "gpj.exe" read backwards, are removed.
  expect(originalFileName('bad\u0000\u0007name\u202Egpj.png')).toBe('badnamegpj.png')
  expect(originalFileName('lone\uD800half\uFFFD.png')).toBe('lonehalf.png')
  expect(originalFileName('  lots \t of\n space .png ')).toBe('lots of space .png')
  expect(originalFileName('')).toBeNull()
  expect(originalFileName('\u0001\u0002')).toBeNull()
  // A long name is cut to 120 characters, keeping its extension.
  const long = originalFileName(`${'a'.repeat(300)}.webp`)!
  expect([long.length, long.endsWith('a.webp')]).toEqual([120, true])
})

describeEachDatabase('uploading in the media library, and the post editor’s upload', (getDb) => {
  const db = () => getDb().db
  const ctx = () => testContext(db())
  let editor = ''
  let author = ''
  let authorId = ''

  beforeAll(async () => {
    editor = (await signedInAdmin(ctx(), 'upload-editor@example.com', 'a-long-password', 'editor')).cookie
    author = (await signedInAdmin(ctx(), 'upload-author@example.com', 'a-long-password', 'author')).cookie
    authorId = await createTestAuthor(db(), { name: 'Upload Author' })
  })

  const fileCount = async () => (await db().selectFrom('files').select('id').execute()).length
  const multipart = (path: string, fields: Record<string, string | File>, cookie: string) => {
    const form = new FormData()
    for (const [name, value] of Object.entries(fields)) form.append(name, value)
    return new Request(`http://localhost${path}`, { method: 'POST', body: form, headers: cookie ? { Cookie: cookie } : {} })
  }
  const uploadScreen = async (fields: Record<string, string | File>) =>
    callRoute(uploadAction, multipart('/admin/media/new', fields, editor), ctx())
  const endpoint = async (fields: Record<string, string | File>, cookie = author) => {
    const answer = (await callRoute(endpointAction, multipart('/admin/media/upload', fields, cookie), ctx())) as Response
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> }
  }
  const library = async () =>
    unwrap<{ rows: LibraryRow[] }>(
      await callRoute(mediaListLoader, new Request('http://localhost/admin/media', { headers: { Cookie: editor } }), ctx()),
    ).data.rows

  it('stores an image uploaded in the library with its own name and alt text, logs it, and goes back to the list with the toast', async () => {
    const answer = (await uploadScreen({
      file: file(photo, 'C:\\fakepath\\Front desk.png'),
      imageAlt: 'Receptionist at the front desk',
    })) as Response
    expect(answer.status).toBe(302)
    expect(answer.headers.get('Location')).toBe('/admin/media')
    expect(toastFrom(answer.headers)).toMatchObject({ type: 'success', title: 'Image uploaded successfully' })

    const row = (await library()).find((r) => r.name === 'Front desk.png')!
    expect(row.url).toMatch(/^\/media\/images\/library\/[0-9a-f-]{36}\.png$/)
    const stored = await db().selectFrom('files').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow()
    expect([stored.alt, stored.decorative, stored.original_name, stored.width, stored.height]).toEqual([
      'Receptionist at the front desk',
      0,
      'Front desk.png',
      1200,
      800,
    ])
    expect((await db().selectFrom('file_variants').select('path').where('file_id', '=', row.id).execute()).length).toBeGreaterThan(0)
    const line = await db().selectFrom('activity').selectAll().where('record_id', '=', row.id).executeTakeFirstOrThrow()
    expect([line.user_email, line.action, line.record_type, line.title]).toEqual([
      'upload-editor@example.com',
      'created',
      'media',
      'Front desk.png',
    ])

    // Its editor shows the same name.
    const opened = unwrap<{ record: LibraryRow }>(
      await callRoute(
        mediaEditorLoader,
        new Request(`http://localhost/admin/media/edit/${row.id}`, { headers: { Cookie: editor } }),
        ctx(),
        {
          id: row.id,
        },
      ),
    )
    expect(opened.data.record.name).toBe('Front desk.png')
  })

  it.each([
    ['no file', () => ({ imageAlt: 'Words' }), { file: noImageChosenMessage }],
    ['a text file named .png', () => ({ file: file('not a picture at all', 'photo.png'), imageAlt: 'Words' }), { file: notAnImageMessage }],
    ['an image over 5 MB', () => ({ file: oversized(), imageAlt: 'Words' }), { file: imageTooLargeMessage }],
    ['no alt text', () => ({ file: file(photo, 'photo.png'), imageAlt: ' ' }), { imageAlt: altRequiredMessage }],
  ])('refuses %s in the library at its field, storing nothing', async (_case, fields, errors) => {
    const before = await fileCount()
    const refused = unwrap<Refusal>(await uploadScreen(fields()))
    expect([refused.status, refused.data.errors]).toEqual([400, errors])
    expect(await fileCount()).toBe(before)
  })

  it('answers the post editor’s upload with the image’s address, alt text, size and name, for an Author', async () => {
    const answer = await endpoint({ file: file(photo, 'chart.png'), alt: 'Calls answered each week' })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      url: expect.stringMatching(/^\/media\/images\/blog\/[0-9a-f-]{36}\.png$/),
      alt: 'Calls answered each week',
      width: 1200,
      height: 800,
      name: 'chart.png',
    })
    const line = await db().selectFrom('activity').selectAll().where('title', '=', 'chart.png').executeTakeFirstOrThrow()
    expect([line.user_email, line.action, line.record_type]).toEqual(['upload-author@example.com', 'created', 'media'])
    // A decorative image has an empty alt.
    const decorative = await endpoint({ file: file(photo, 'divider.png'), alt: '', decorative: 'on' })
    expect([decorative.status, decorative.body.alt]).toEqual([200, ''])
  })

  it.each([
    ['a text file named .png', () => ({ file: file('not a picture at all', 'photo.png'), alt: 'Words' }), 400, notAnImageMessage],
    ['an image over 5 MB', () => ({ file: oversized(), alt: 'Words' }), 413, imageTooLargeMessage],
    ['no alt text', () => ({ file: file(photo, 'photo.png'), alt: '' }), 400, altRequiredMessage],
    ['no file', () => ({ alt: 'Words' }), 400, noImageChosenMessage],
  ])('refuses %s from the post editor with its message in JSON, storing nothing', async (_case, fields, status, error) => {
    const before = await fileCount()
    expect(await endpoint(fields())).toEqual({ status, body: { error } })
    expect(await fileCount()).toBe(before)
  })

  it('refuses a signed-out upload with 401 in JSON', async () => {
    const before = await fileCount()
    expect(await endpoint({ file: file(photo, 'photo.png'), alt: 'Words' }, '')).toEqual({
      status: 401,
      body: { error: 'You are signed out. Sign in again, then add the image.' },
    })
    expect(await fileCount()).toBe(before)
  })

  it('counts an image in a post’s text as a use: listed under Used on, and not deleted while there', async () => {
    const { body } = await endpoint({ file: file(photo, 'in-text.png'), alt: 'A chart in the text' })
    const url = body.url as string
    const form = new FormData()
    const fields = {
      title: 'Images in the text',
      slug: '',
      content: `Before.\n\n![A chart in the text](${url})\n\nAfter.`,
      excerpt: '',
      authorId,
      publishAt: '',
    }
    for (const [name, value] of Object.entries(fields)) form.append(name, value)
    const saved = await callRoute(
      postAction,
      new Request('http://localhost/admin/blog/new', { method: 'POST', body: form, headers: { Cookie: editor } }),
      ctx(),
    )
    expect(unwrap(saved).status).toBe(302)
    const post = await db()
      .selectFrom('blog_posts')
      .select(['id', 'content'])
      .where('title', '=', 'Images in the text')
      .executeTakeFirstOrThrow()

    const row = (await library()).find((r) => r.url === url)!
    expect(row.uses).toEqual([{ label: 'Post “Images in the text” (in the text)', href: `/admin/blog/edit/${post.id}` }])

    const remove = async () =>
      unwrap<{ ok: boolean; toast: { title: string } }>(
        await callRoute(
          mediaListAction,
          formRequest(
            '/admin/media',
            { intent: 'delete', id: row.id, version: (await library()).find((r) => r.id === row.id)!.version },
            editor,
          ),
          ctx(),
        ),
      )
    const refused = await remove()
    expect([refused.status, refused.data.toast.title]).toEqual([
      409,
      'This image can’t be deleted while it’s in use. Remove it from Post “Images in the text” (in the text) first.',
    ])

    // The same address made absolute counts too, before a full stop; a longer address is another file's.
    await db()
      .updateTable('blog_posts')
      .set({ content: `See https://example.com${url}x and https://example.com${url}.` })
      .where('id', '=', post.id)
      .execute()
    expect((await library()).find((r) => r.id === row.id)!.uses).toHaveLength(1)
    // Once the text no longer holds it, the image can go.
    await db()
      .updateTable('blog_posts')
      .set({ content: `See ${url}x only.` })
      .where('id', '=', post.id)
      .execute()
    expect((await library()).find((r) => r.id === row.id)!.uses).toEqual([])
    expect((await remove()).status).toBe(200)
    expect(await db().selectFrom('files').select('id').where('id', '=', row.id).executeTakeFirst()).toBeUndefined()
  })
})
