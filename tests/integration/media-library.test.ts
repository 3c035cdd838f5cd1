import { Migrator } from 'kysely'
import sharp from 'sharp'
import { beforeAll, expect, it } from 'vitest'
import { altRequiredMessage, parseMediaUrl } from '~/lib/images'
import { loader as mediaLoader } from '~/routes/media'
import { action as mediaEditorAction } from '~/routes/admin/media-editor'
import { action as mediaListAction, loader as mediaListLoader } from '~/routes/admin/media'
import { action as postAction, loader as postEditorLoader } from '~/routes/admin/post-editor'
import { action as teamAction } from '~/routes/admin/team-member-editor'
import { loader as blogPostLoader } from '~/routes/site/blog-post'
import { migrateToLatest } from '~/server/db/connection.server'
import { migrationsFor } from '~/server/db/migrations'
import type { Db } from '~/server/db/schema.server'
import { signIn } from '~/server/services/auth.server'
import { saveItem } from '~/server/services/collections.server'
import { describeImages, saveImage } from '~/server/services/media.server'
import { createPage, readPageForEditor, savePage } from '~/server/services/pages.server'
import { upsertAdmin } from '~/server/services/users.server'
import { createTestAuthor } from '../support/blog'
import { formRequest, signedInAdmin, testContext } from '../support/context'
import { createTestDatabase, describeEachDatabase, testDialects, type UntypedDb } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'

type Refusal = { errors: Record<string, string>; values: Record<string, unknown>; failure: string | null; toast: string }
type LibraryRow = {
  id: string
  version: string
  url: string
  alt: string | null
  decorative: boolean
  width: number | null
  height: number | null
  uses: { label: string; href: string }[]
}
type ListAnswer = { ok: boolean; toast: { type: 'success' | 'error'; title: string } }

let wide: Buffer
let small: Buffer
beforeAll(async () => {
  wide = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#2255aa' } })
    .png()
    .toBuffer()
  small = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#aa5522' } })
    .jpeg()
    .toBuffer()
})
const png = (bytes: Buffer, name = 'cover.png') => new File([new Uint8Array(bytes)], name, { type: 'image/png' })
const noFile = () => new File([], '', { type: 'application/octet-stream' })

describeEachDatabase('images: alt text, copies and the media library', (getDb) => {
  const db = () => getDb().db
  const ctx = (on: Db = db()) => testContext(on)
  let cookie = ''
  let authorId = ''

  beforeAll(async () => {
    authorId = await createTestAuthor(db(), { name: 'Media Author' })
    await upsertAdmin(db(), 'media@example.com', 'a-long-password')
    const result = await signIn(new Request('http://localhost/admin/login'), ctx(), {
      email: 'media@example.com',
      password: 'a-long-password',
    })
    if (!result.ok) throw new Error('sign-in failed')
    cookie = result.setCookie.split(';')[0]!
  })

  const get = (path: string) => new Request(`http://localhost${path}`, { headers: { Cookie: cookie } })

  /** The post editor's form, published now, with an image and alt text unless told otherwise. */
  async function savePost(
    title: string,
    { id, image = noFile(), alt, decorative = false }: { id?: string; image?: File; alt?: string; decorative?: boolean },
  ) {
    const form = new FormData()
    const fields = { title, slug: '', content: `About ${title}.`, excerpt: '', authorId, publishAt: '', published: 'on' }
    for (const [name, value] of Object.entries(fields)) form.append(name, value)
    form.append('featuredImage', image)
    if (alt !== undefined) form.append('imageAlt', alt)
    if (decorative) form.append('imageDecorative', 'on')
    if (id)
      form.append(
        'version',
        (await db().selectFrom('blog_posts').select('updated_at').where('id', '=', id).executeTakeFirstOrThrow()).updated_at,
      )
    const path = id ? `/admin/blog/edit/${id}` : '/admin/blog/new'
    const request = new Request(`http://localhost${path}`, { method: 'POST', body: form, headers: { Cookie: cookie } })
    return unwrap<Refusal>(await callRoute(postAction, request, ctx(), id ? { id } : {}))
  }
  const postTitled = (title: string) => db().selectFrom('blog_posts').selectAll().where('title', '=', title).executeTakeFirstOrThrow()
  const fileAt = (url: string | null) => {
    const { bucket, path } = parseMediaUrl(url)!
    return db().selectFrom('files').selectAll().where('bucket', '=', bucket).where('path', '=', path).executeTakeFirstOrThrow()
  }
  const variantsOf = (fileId: string) =>
    db().selectFrom('file_variants').selectAll().where('file_id', '=', fileId).orderBy('content_type').orderBy('width').execute()
  const library = async () => unwrap<{ rows: LibraryRow[] }>(await callRoute(mediaListLoader, get('/admin/media'), ctx())).data.rows
  const removeFile = async (row: { id: string; version: string }) =>
    unwrap<ListAnswer>(
      await callRoute(mediaListAction, formRequest('/admin/media', { intent: 'delete', id: row.id, version: row.version }, cookie), ctx()),
    )

  it('makes AVIF and WebP copies at 480, 960 and 1600 px at upload, real ones, served for good like the original', async () => {
    const saved = await savePost('Copies at upload', { image: png(wide), alt: 'A blue banner' })
    expect(saved.status).toBe(302)
    const post = await postTitled('Copies at upload')
    const file = await fileAt(post.featured_image)
    // The original is bounded to 2000 px on its long edge; its size is stored with it.
    expect([file.width, file.height, file.alt, file.decorative]).toEqual([2000, 1000, 'A blue banner', 0])
    const variants = await variantsOf(file.id)
    expect(variants.map((v) => [v.content_type, v.width, v.height])).toEqual([
      ['image/avif', 480, 240],
      ['image/avif', 960, 480],
      ['image/avif', 1600, 800],
      ['image/webp', 480, 240],
      ['image/webp', 960, 480],
      ['image/webp', 1600, 800],
    ])
    for (const variant of variants) {
      const meta = await sharp(Buffer.from(variant.bytes)).metadata()
      expect(variant.content_type === 'image/avif' ? [meta.format, meta.compression] : [meta.format]).toEqual(
        variant.content_type === 'image/avif' ? ['heif', 'av1'] : ['webp'],
      )
      expect([meta.width, Number(variant.size)]).toEqual([variant.width, variant.bytes.length])
    }

    const { bucket, path } = parseMediaUrl(post.featured_image)!
    const copy = variants.find((v) => v.content_type === 'image/webp' && v.width === 480)!
    expect(copy.path).toBe(path.replace(/\.png$/, '.480w.webp'))
    const served = (await callRoute(mediaLoader, new Request(`http://localhost/media/${bucket}/${copy.path}`), ctx(), {
      bucket,
      '*': copy.path,
    })) as Response
    expect(served.status).toBe(200)
    expect(served.headers.get('Content-Type')).toBe('image/webp')
    expect(served.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(copy.bytes))).toBe(true)
  })

  it('never makes a copy wider than the image itself', async () => {
    const url = await saveImage(
      db(),
      png(small, 'small.jpg'),
      { bucket: 'images', folder: 'blog', maxEdge: 2000 },
      { alt: 'A small photo', decorative: false },
    )
    const file = await fileAt(url)
    expect((await variantsOf(file.id)).map((v) => [v.content_type, v.width])).toEqual([
      ['image/avif', 300],
      ['image/webp', 300],
    ])
  })

  it('refuses an image without alt text or the decorative tick, at the field, storing nothing', async () => {
    const before = (await db().selectFrom('files').select('id').execute()).length
    const refused = await savePost('No alt text', { image: png(wide), alt: '  ' })
    expect(refused.status).toBe(400)
    expect(refused.data.errors).toEqual({ imageAlt: altRequiredMessage })
    expect(refused.data.values).toMatchObject({ title: 'No alt text', imageAlt: '  ', imageDecorative: false })
    expect((await db().selectFrom('files').select('id').execute()).length).toBe(before)
    expect(await db().selectFrom('blog_posts').select('id').where('title', '=', 'No alt text').executeTakeFirst()).toBeUndefined()
    // A post without an image needs no alt text.
    expect((await savePost('No image at all', {})).status).toBe(302)
  })

  it('accepts a decorative image with no alt, and pages give it an empty alt', async () => {
    expect((await savePost('Decorative cover', { image: png(small), decorative: true })).status).toBe(302)
    const post = await postTitled('Decorative cover')
    const file = await fileAt(post.featured_image)
    expect([file.alt, file.decorative]).toEqual([null, 1])
    const page = unwrap<{ images: Record<string, { alt: string | null }> }>(
      await callRoute(blogPostLoader, new Request(`http://localhost/resources/blog/${post.slug}`), ctx(), { slug: post.slug }),
    )
    expect(page.data.images[post.featured_image!]!.alt).toBe('')
  })

  it('shows the stored alt text in the editor and saves a change to it without a new file', async () => {
    await savePost('Alt kept', { image: png(small), alt: 'First words' })
    const post = await postTitled('Alt kept')
    const opened = unwrap<{ imageText: unknown }>(
      await callRoute(postEditorLoader, get(`/admin/blog/edit/${post.id}`), ctx(), { id: post.id }),
    )
    expect(opened.data.imageText).toEqual({ alt: 'First words', decorative: false })
    // An image already on the record still needs its alt text.
    expect((await savePost('Alt kept', { id: post.id, alt: '' })).data.errors).toEqual({ imageAlt: altRequiredMessage })
    expect((await savePost('Alt kept', { id: post.id, alt: 'Better words' })).status).toBe(302)
    expect((await fileAt(post.featured_image)).alt).toBe('Better words')
  })

  it('hands the public page each image with its alt text, size and AVIF and WebP srcsets, in one query for all', async () => {
    await savePost('Public picture', { image: png(wide), alt: 'Technician at the front desk' })
    const post = await postTitled('Public picture')
    const page = unwrap<{ images: Record<string, unknown> }>(
      await callRoute(blogPostLoader, new Request(`http://localhost/resources/blog/${post.slug}`), ctx(), { slug: post.slug }),
    )
    const base = post.featured_image!.replace(/\.png$/, '')
    expect(page.data.images[post.featured_image!]).toEqual({
      src: post.featured_image,
      alt: 'Technician at the front desk',
      width: 2000,
      height: 1000,
      sources: [
        { type: 'image/avif', srcSet: `${base}.480w.avif 480w, ${base}.960w.avif 960w, ${base}.1600w.avif 1600w` },
        { type: 'image/webp', srcSet: `${base}.480w.webp 480w, ${base}.960w.webp 960w, ${base}.1600w.webp 1600w` },
      ],
    })
    // A static illustration is not a stored file: the page draws it as it is.
    expect(await describeImages(db(), ['/illustrations/hvac.svg', null])).toEqual({})
  })

  it('lists every image with where it is used, linked to its editor', async () => {
    await savePost('Used twice', { image: png(small), alt: 'A chart' })
    const post = await postTitled('Used twice')
    const now = new Date().toISOString()
    const study = { id: 'shared-picture', title: 'A shared picture' }
    await db()
      .insertInto('case_studies')
      .values({
        ...study,
        slug: study.id,
        client: 'Client',
        industry: 'HVAC',
        brief_desc: 'Brief',
        challenge: 'Challenge',
        solution: 'Solution',
        results: '[]',
        tags: '[]',
        image: '/illustrations/hvac.svg',
        social_image: post.featured_image,
        testimonial_quote: 'Quote',
        testimonial_author: 'Author',
        testimonial_position: 'Owner',
        headline_figure: null,
        headline_label: null,
        seo_title: null,
        meta_description: null,
        position: 99,
        created_at: now,
        updated_at: now,
      })
      .execute()

    const form = new FormData()
    for (const [name, value] of Object.entries({ name: 'Pat Photo', role: 'Support', bio: '', imageAlt: 'Pat smiling' }))
      form.append(name, value)
    form.append('avatar', png(small, 'pat.png'))
    expect(
      unwrap(
        await callRoute(
          teamAction,
          new Request('http://localhost/admin/team/new', { method: 'POST', body: form, headers: { Cookie: cookie } }),
          ctx(),
        ),
      ).status,
    ).toBe(302)
    const member = await db().selectFrom('team_members').selectAll().where('name', '=', 'Pat Photo').executeTakeFirstOrThrow()

    const rows = await library()
    expect(rows.find((row) => row.url === post.featured_image)!.uses).toEqual([
      { label: `Post “Used twice” (featured image)`, href: `/admin/blog/edit/${post.id}` },
      { label: `Case study “${study.title}” (social image)`, href: `/admin/case-studies/edit/${study.id}` },
    ])
    expect(rows.find((row) => row.url === member.avatar_url)).toMatchObject({
      alt: 'Pat smiling',
      width: 300,
      height: 200,
      uses: [{ label: 'Team member “Pat Photo” (photo)', href: `/admin/team/edit/${member.id}` }],
    })
    await db().deleteFrom('case_studies').where('id', '=', study.id).execute()
  })

  it('refuses to delete an image while it is used, then deletes it and its copies once nothing shows it', async () => {
    await savePost('Soon without image', { image: png(small), alt: 'A kept picture' })
    const post = await postTitled('Soon without image')
    const row = (await library()).find((r) => r.url === post.featured_image)!
    const refused = await removeFile(row)
    expect(refused.status).toBe(409)
    expect(refused.data.toast).toEqual({
      type: 'error',
      title: `This image can’t be deleted while it’s in use. Remove it from Post “Soon without image” (featured image) first.`,
    })
    expect(await fileAt(post.featured_image)).toBeDefined()

    await db().updateTable('blog_posts').set({ featured_image: null }).where('id', '=', post.id).execute()
    const stillListed = (await library()).find((r) => r.url === post.featured_image)!
    expect(stillListed.uses).toEqual([])
    const removed = await removeFile(stillListed)
    expect(removed.data.toast).toEqual({ type: 'success', title: 'Image deleted successfully' })
    expect((await library()).some((r) => r.url === post.featured_image)).toBe(false)
    expect(await variantsOf(row.id)).toEqual([])
  })

  it('knows an image a page’s block or a collection item shows, links each to its editor, and refuses its delete naming them', async () => {
    const { user } = await signedInAdmin(ctx(), 'media-pages@example.com', 'a-long-password', 'editor')
    const url = await saveImage(
      db(),
      png(small, 'van.png'),
      { bucket: 'images', folder: 'pages', maxEdge: 2000 },
      { alt: 'A service van', decorative: false },
    )
    const created = await createPage(ctx(), user, { path: '/lp/pictured', name: 'Pictured page', template: 'blank', hidden: true })
    if (created.outcome !== 'saved') throw new Error(JSON.stringify(created))
    const page = (await readPageForEditor(db(), created.id))!
    const picture = {
      id: 'van',
      type: 'split',
      hidden: false,
      data: { title: 'Our van', points: [], picture: { src: url, alt: 'A service van' } },
    }
    const content = { ...page.draft, blocks: [...page.draft.blocks, picture] }
    const pageSaved = await savePage(
      ctx(),
      user,
      { id: page.id, version: page.version, path: page.path, name: page.name, content },
      { kind: 'draft' },
    )
    expect(pageSaved).toEqual({ outcome: 'saved', id: page.id })
    const industry = { name: 'Pool Care', slug: 'pool-care', summary: 'Pools kept clean.', picture: { src: url, alt: 'A service van' } }
    const itemSaved = await saveItem(ctx(), user, 'industries', { id: null, version: '', data: industry })
    if (itemSaved.outcome !== 'saved') throw new Error(JSON.stringify(itemSaved))

    const row = (await library()).find((r) => r.url === url)!
    expect(row.uses).toEqual(
      expect.arrayContaining([
        { label: 'Page “Pictured page” (picture)', href: `/admin/pages/edit/${page.id}` },
        { label: 'Industry “Pool Care” (picture)', href: `/admin/collections/industries/edit/${itemSaved.id}` },
      ]),
    )
    const refused = await removeFile(row)
    expect(refused.status).toBe(409)
    const { title } = refused.data.toast
    expect(title).toMatch(/^This image can’t be deleted while it’s in use\. Remove it from .+ first\.$/)
    for (const use of row.uses) expect(title).toContain(use.label)
    expect(await fileAt(url)).toBeDefined()
  })

  it('keeps an image a post in the Trash can be restored with, and says so', async () => {
    await savePost('Deleted later', { image: png(small), alt: 'Restorable' })
    const post = await postTitled('Deleted later')
    const { action: blogListAction } = await import('~/routes/admin/blog')
    await callRoute(blogListAction, formRequest('/admin/blog', { intent: 'delete', id: post.id, version: post.updated_at }, cookie), ctx())
    const row = (await library()).find((r) => r.url === post.featured_image)!
    expect(row.uses).toEqual([{ label: 'In the Trash: Deleted later', href: '/admin/trash' }])
    expect((await removeFile(row)).status).toBe(409)
  })

  it('edits an image’s alt text over the version the library showed', async () => {
    const url = await saveImage(
      db(),
      png(small, 'lone.png'),
      { bucket: 'images', folder: 'blog', maxEdge: 2000 },
      { alt: 'Old words', decorative: false },
    )
    const row = (await library()).find((r) => r.url === url)!
    const edit = async (fields: Record<string, string>) =>
      unwrap<Refusal>(await callRoute(mediaEditorAction, formRequest(`/admin/media/edit/${row.id}`, fields, cookie), ctx(), { id: row.id }))
    expect((await edit({ imageAlt: '', version: row.version })).data.errors).toEqual({ imageAlt: altRequiredMessage })
    expect((await edit({ imageAlt: 'New words', version: row.version })).status).toBe(302)
    expect((await fileAt(url)).alt).toBe('New words')
    expect((await edit({ imageAlt: 'Late words', version: row.version })).status).toBe(409)
    expect((await edit({ imageDecorative: 'on', version: (await fileAt(url)).updated_at })).status).toBe(302)
    expect(await fileAt(url)).toMatchObject({ alt: null, decorative: 1 })
  })
})

it.each(testDialects)(
  'migration 0019 gives files stored before it an id, a version and their size, and pages draw them without copies [%s]',
  async (dialect) => {
    const database = await createTestDatabase(dialect, { migrate: false })
    try {
      const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrationsFor(dialect) } })
      expect((await migrator.migrateTo('2026_11_25_0017_search_fields')).error).toBeUndefined()
      const old = database.db as unknown as UntypedDb
      const bytes = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#123456' } })
        .png()
        .toBuffer()
      const path = 'blog/0b7a3c1e-0000-4000-8000-000000000001.png'
      await old
        .insertInto('files')
        .values({ bucket: 'images', path, content_type: 'image/png', size: bytes.length, bytes, created_at: '2026-01-02T03:04:05.000Z' })
        .execute()

      expect(await migrateToLatest(database)).toContain('2026_11_25_0019_media_details')
      const row = await database.db.selectFrom('files').selectAll().where('path', '=', path).executeTakeFirstOrThrow()
      expect(row).toMatchObject({ width: 120, height: 80, alt: null, decorative: 0, updated_at: '2026-01-02T03:04:05.000Z' })
      expect(row.id).toMatch(/^[0-9a-f-]{36}$/)
      const url = `/media/images/${path}`
      expect(await describeImages(database.db, [url])).toEqual({ [url]: { src: url, alt: null, width: 120, height: 80, sources: [] } })
    } finally {
      await database.cleanup()
    }
  },
)
