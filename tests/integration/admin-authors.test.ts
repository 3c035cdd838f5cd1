import sharp from 'sharp'
import { purgeTrash } from '~/server/services/trash.server'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { logger } from '~/server/log.server'
import { action as editorAction, loader as editorLoader } from '~/routes/admin/author-editor'
import { action as listAction, loader as listLoader } from '~/routes/admin/authors'
import { signIn } from '~/server/services/auth.server'
import { listAuthors } from '~/server/repositories/authors.server'
import type { Db } from '~/server/db/schema.server'
import { parseMediaUrl } from '~/server/services/media.server'
import { takeToast } from '~/server/http/toast.server'
import { upsertAdmin } from '~/server/services/users.server'
import { createTestAuthor, createTestPost } from '../support/blog'
import { formRequest, testContext } from '../support/context'
import { describeEachDatabase, failingOn, racedBy } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'

type EditorData = {
  values: { name: string; email: string; bio: string }
  errors: Record<string, string>
  failure: string | null
  toast: string
}
/** The alt text the test forms send with every save, as a refused form gives it back. */
const altSent = { imageAlt: 'Portrait photo', imageDecorative: false }
type ListAnswer = { ok: boolean; toast: { type: 'success' | 'error'; title: string } }
type ListData = Awaited<ReturnType<typeof listLoader>>

const png = () =>
  sharp({ create: { width: 40, height: 40, channels: 3, background: '#336699' } })
    .png()
    .toBuffer()
const pngFile = async () => new File([new Uint8Array(await png())], 'a.png', { type: 'image/png' })
/** What a browser sends for a file input left empty. */
const noFile = () => new File([], '', { type: 'application/octet-stream' })
const staleMessage = 'This author was changed by someone else since you opened it. Reload to see their changes; your text is kept below.'
const goneMessage = 'This author was deleted by someone else since you opened it. Your text is kept below.'

describeEachDatabase('admin authors', (getDb) => {
  let cookie = ''
  const db = () => getDb().db
  const ctx = (on = db()) => testContext(on)

  beforeAll(async () => {
    await upsertAdmin(db(), 'editor@example.com', 'a-long-password')
    const result = await signIn(new Request('http://localhost/admin/login'), ctx(), {
      email: 'editor@example.com',
      password: 'a-long-password',
    })
    if (!result.ok) throw new Error('sign-in failed')
    cookie = result.setCookie.split(';')[0]!
  })

  afterEach(() => {
    vi.restoreAllMocks()
  })

  const editorPath = (id?: string) => (id ? `/admin/authors/edit/${id}` : '/admin/authors/new')
  const params = (id?: string): Record<string, string> => (id ? { id } : {})

  /** Posts the editor's form; an edit carries the version its page loaded, the stored one unless told. */
  const save = async (
    fields: Record<string, string>,
    {
      id,
      version,
      avatar = noFile(),
      on = db(),
      withCookie = cookie,
    }: { id?: string; version?: string; avatar?: File; on?: Db; withCookie?: string } = {},
  ) => {
    const body = new FormData()
    for (const [key, value] of Object.entries(fields)) body.set(key, value)
    body.set('avatar', avatar)
    // The editor asks for alt text whenever a photo is shown or chosen.
    if (!body.has('imageAlt')) body.set('imageAlt', 'Portrait photo')
    const loaded = version ?? (id ? (await authorById(id))?.updated_at : undefined)
    if (loaded !== undefined) body.set('version', loaded)
    const request = new Request(`http://localhost${editorPath(id)}`, { method: 'POST', body, headers: { Cookie: withCookie } })
    return unwrap<EditorData>(await callRoute(editorAction, request, ctx(on), params(id)))
  }
  const open = async (id?: string, withCookie = cookie) =>
    unwrap<Awaited<ReturnType<typeof editorLoader>>>(
      await callRoute(
        editorLoader,
        new Request(`http://localhost${editorPath(id)}`, { headers: { Cookie: withCookie } }),
        ctx(),
        params(id),
      ),
    )
  const list = async () =>
    ((await callRoute(listLoader, new Request('http://localhost/admin/authors', { headers: { Cookie: cookie } }), ctx())) as ListData).rows
  /** The list's delete of one row, at the version the list showed: the stored one unless told. */
  const remove = async (
    id: string,
    { version, on = db(), withCookie = cookie }: { version?: string; on?: Db; withCookie?: string } = {},
  ) => {
    const fields = { intent: 'delete', id, version: version ?? (await authorById(id))?.updated_at ?? '' }
    return unwrap<ListAnswer>(await callRoute(listAction, formRequest('/admin/authors', fields, withCookie), ctx(on)))
  }

  /** The toast a response leaves in the flash cookie, as the root loader will read it. */
  const toastOf = async (headers: Headers) => {
    const sent = headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
    return (await takeToast(new Request('http://localhost/', { headers: { Cookie: sent } }), ctx())).toast
  }
  const authorNamed = (name: string) => db().selectFrom('authors').selectAll().where('name', '=', name).executeTakeFirst()
  const authorById = (id: string) => db().selectFrom('authors').selectAll().where('id', '=', id).executeTakeFirst()
  const storedFiles = async () =>
    (await db().selectFrom('files').select(['bucket', 'path']).execute()).map((f) => `/media/${f.bucket}/${f.path}`)
  const authorCount = async () => (await db().selectFrom('authors').select('id').execute()).length

  describe('the list', () => {
    it('shows every author by name with the number of their posts', async () => {
      const zed = await createTestAuthor(db(), { name: 'Zed Quill' })
      await createTestAuthor(db(), { name: 'Abby Quill' })
      await createTestAuthor(db(), { name: 'Milo Quill' })
      await createTestPost(db(), zed)
      await createTestPost(db(), zed)
      const quills = (await list()).filter((a) => a.name.endsWith(' Quill'))
      expect(quills.map((a) => [a.name, a.postCount])).toEqual([
        ['Abby Quill', 0],
        ['Milo Quill', 0],
        ['Zed Quill', 2],
      ])
      expect(quills[0]).toMatchObject({ email: expect.stringContaining('@example.com'), imageUrl: null, version: expect.any(String) })
    })

    it('keeps listAuthors, which the post editor uses, in its shape', async () => {
      const [first] = await listAuthors(db())
      expect(Object.keys(first!).sort()).toEqual(['bio', 'email', 'id', 'imageUrl', 'name', 'version'])
    })
  })

  describe('creating', () => {
    it('stores trimmed fields and a null bio when it is empty, then returns to the list', async () => {
      const result = await save({ name: '  Rosa Parkside ', email: ' rosa@example.com ', bio: '   ' })
      expect(result.status).toBe(302)
      expect(result.headers.get('Location')).toBe('/admin/authors')
      expect(await toastOf(result.headers)).toEqual({ type: 'success', title: 'Author created successfully' })
      const row = await authorNamed('Rosa Parkside')
      expect(row).toMatchObject({ email: 'rosa@example.com', bio: null, avatar_url: null })
      expect(row!.created_at).toBe(row!.updated_at)
    })

    it('treats the id "new" as create mode', async () => {
      expect((await open('new')).data.record).toBeNull()
      const result = await save({ name: 'Via New Id', email: 'new-id@example.com', bio: 'Hello.' }, { id: 'new' })
      expect(result.status).toBe(302)
      expect(await authorNamed('Via New Id')).toMatchObject({ bio: 'Hello.' })
    })

    it('stores a chosen avatar under images/authors and says so in the toast', async () => {
      const result = await save({ name: 'Pia Portrait', email: 'pia@example.com', bio: '' }, { avatar: await pngFile() })
      expect(result.status).toBe(302)
      expect(await toastOf(result.headers)).toEqual({
        type: 'success',
        title: 'Author created successfully',
        description: 'Avatar uploaded successfully',
      })
      const row = await authorNamed('Pia Portrait')
      expect(row!.avatar_url).toMatch(/^\/media\/images\/authors\/[0-9a-f-]{36}\.png$/)
      expect(await storedFiles()).toContain(row!.avatar_url)
    })

    it('refuses a file that is not an image: message at the field, error toast, nothing saved', async () => {
      const [authorsBefore, filesBefore] = [await authorCount(), await storedFiles()]
      const fake = new File(['just some text, not a picture'], 'a.png', { type: 'image/png' })
      const result = await save({ name: 'Tex Tfile', email: 'tex@example.com', bio: 'Bio' }, { avatar: fake })
      expect(result.status).toBe(400)
      expect(result.data.errors).toEqual({ avatar: 'Please select an image file' })
      expect(result.data.values).toEqual({ name: 'Tex Tfile', email: 'tex@example.com', bio: 'Bio', ...altSent })
      // A refusal's toast travels in the answer, for the form that caused it; the flash cookie stays empty.
      expect(result.data.toast).toBe('Failed to upload avatar')
      expect(await toastOf(result.headers)).toBeNull()
      expect(await authorCount()).toBe(authorsBefore)
      expect(await storedFiles()).toEqual(filesBefore)
    })

    it.each([
      ['an empty name', { name: '', email: 'a@example.com', bio: '' }, { name: 'Name is required' }],
      ['a blank name and no email', { name: '   ', email: '', bio: '' }, { name: 'Name is required', email: 'Email is required' }],
      [
        'an invalid email',
        { name: 'Ann', email: 'not-an-address', bio: '' },
        { email: 'Please enter a valid email address, like name@example.com' },
      ],
      [
        'a 101-character name',
        { name: 'N'.repeat(101), email: 'a@example.com', bio: '' },
        { name: 'Name must be 100 characters or fewer' },
      ],
      [
        'a 255-character email',
        { name: 'Ann', email: `${'e'.repeat(243)}@example.com`, bio: '' },
        { email: 'Email must be 254 characters or fewer' },
      ],
      [
        'a 2001-character bio',
        { name: 'Ann', email: 'a@example.com', bio: 'b'.repeat(2001) },
        { bio: 'Bio must be 2,000 characters or fewer' },
      ],
    ])('refuses %s with the messages next to the fields, keeping every value and storing nothing', async (_case, fields, errors) => {
      const [authorsBefore, filesBefore] = [await authorCount(), await storedFiles()]
      const result = await save(fields, { avatar: await pngFile() })
      expect(result.status).toBe(400)
      expect(result.data.errors).toEqual(errors)
      expect(result.data.values).toEqual({ ...fields, ...altSent })
      expect(result.data.toast).toBe(Object.values(errors)[0])
      expect(await toastOf(result.headers)).toBeNull()
      expect(await authorCount()).toBe(authorsBefore)
      expect(await storedFiles()).toEqual(filesBefore)
    })

    it('accepts a name of exactly 100 characters and a bio of exactly 2000', async () => {
      const result = await save({ name: `Max ${'x'.repeat(96)}`, email: 'max@example.com', bio: 'b'.repeat(2000) })
      expect(result.status).toBe(302)
    })

    it('stays on the form when the database refuses the write, and drops the avatar it stored', async () => {
      const logged = vi.spyOn(logger, 'error').mockImplementation(() => {})
      const [authorsBefore, filesBefore] = [await authorCount(), await storedFiles()]
      const fields = { name: 'Dee Bfail', email: 'dee@example.com', bio: 'Bio' }
      const result = await save(fields, { avatar: await pngFile(), on: failingOn(db(), 'InsertQueryNode', 'authors') })
      expect(result.status).toBe(500)
      expect(result.data).toEqual({
        values: { ...fields, ...altSent },
        errors: {},
        failure: 'Failed to create author. Please try again.',
        toast: 'Failed to create author',
      })
      expect(await toastOf(result.headers)).toBeNull()
      expect(logged).toHaveBeenCalled()
      expect(await authorCount()).toBe(authorsBefore)
      expect(await storedFiles()).toEqual(filesBefore)
    })
  })

  describe('editing', () => {
    it('loads the author into the form', async () => {
      const id = await createTestAuthor(db(), { name: 'Lou Loaded', bio: 'Some bio.' })
      const row = (await authorById(id))!
      expect((await open(id)).data.record).toEqual({
        id,
        name: 'Lou Loaded',
        email: row.email,
        bio: 'Some bio.',
        imageUrl: null,
        version: row.updated_at,
      })
    })

    it('sends an unknown id back to the list with "Failed to load author", from the page and from a save', async () => {
      const opened = await open('no-such-author')
      expect(opened.status).toBe(302)
      expect(opened.headers.get('Location')).toBe('/admin/authors')
      expect(await toastOf(opened.headers)).toEqual({ type: 'error', title: 'Failed to load author' })

      const saved = await save({ name: 'Ghost', email: 'ghost@example.com', bio: '' }, { id: 'no-such-author' })
      expect(saved.status).toBe(302)
      expect(await toastOf(saved.headers)).toEqual({ type: 'error', title: 'Failed to load author' })
      expect(await authorNamed('Ghost')).toBeUndefined()
    })

    it('updates the fields and keeps the avatar when no new file is chosen', async () => {
      await save({ name: 'Kay Keeper', email: 'kay@example.com', bio: 'Old bio' }, { avatar: await pngFile() })
      const before = (await authorNamed('Kay Keeper'))!
      const result = await save({ name: 'Kay Kept', email: 'kay.kept@example.com', bio: '' }, { id: before.id })
      expect(result.status).toBe(302)
      expect(result.headers.get('Location')).toBe('/admin/authors')
      expect(await toastOf(result.headers)).toEqual({ type: 'success', title: 'Author updated successfully' })
      const after = (await authorById(before.id))!
      expect(after).toMatchObject({ name: 'Kay Kept', email: 'kay.kept@example.com', bio: null, avatar_url: before.avatar_url })
      // Every save makes a new version, so an editor still open on the old one cannot overwrite it.
      expect(after.updated_at > before.updated_at).toBe(true)
      expect(after.created_at).toBe(before.created_at)
      expect(await storedFiles()).toContain(before.avatar_url)
    })

    it('replaces the avatar and removes the old file once the record points to the new one', async () => {
      await save({ name: 'Ria Replace', email: 'ria@example.com', bio: '' }, { avatar: await pngFile() })
      const before = (await authorNamed('Ria Replace'))!
      const result = await save({ name: 'Ria Replace', email: 'ria@example.com', bio: '' }, { id: before.id, avatar: await pngFile() })
      expect(await toastOf(result.headers)).toEqual({
        type: 'success',
        title: 'Author updated successfully',
        description: 'Avatar uploaded successfully',
      })
      const after = (await authorById(before.id))!
      expect(after.avatar_url).not.toBe(before.avatar_url)
      expect(parseMediaUrl(after.avatar_url)).toMatchObject({ bucket: 'images', path: expect.stringMatching(/^authors\//) })
      const files = await storedFiles()
      expect(files).toContain(after.avatar_url)
      expect(files).not.toContain(before.avatar_url)
    })

    it('shows validation errors on edit without changing the record', async () => {
      const id = await createTestAuthor(db(), { name: 'Val Idate' })
      const result = await save({ name: '', email: 'val@example.com', bio: '' }, { id })
      expect(result.status).toBe(400)
      expect(result.data.errors).toEqual({ name: 'Name is required' })
      expect((await authorById(id))!.name).toBe('Val Idate')
    })

    it('keeps the old record and avatar when the update fails, dropping the new file', async () => {
      const logged = vi.spyOn(logger, 'error').mockImplementation(() => {})
      await save({ name: 'Uma Unchanged', email: 'uma@example.com', bio: '' }, { avatar: await pngFile() })
      const before = (await authorNamed('Uma Unchanged'))!
      const filesBefore = await storedFiles()
      const fields = { name: 'Uma Changed', email: 'uma@example.com', bio: '' }
      const result = await save(fields, { id: before.id, avatar: await pngFile(), on: failingOn(db(), 'UpdateQueryNode', 'authors') })
      expect(result.status).toBe(500)
      expect(result.data).toEqual({
        values: { ...fields, ...altSent },
        errors: {},
        failure: 'Failed to update author. Please try again.',
        toast: 'Failed to update author',
      })
      expect(await toastOf(result.headers)).toBeNull()
      expect(logged).toHaveBeenCalled()
      expect(await authorById(before.id)).toEqual(before)
      expect(await storedFiles()).toEqual(filesBefore)
    })
  })

  describe('saving over a version that moved on', () => {
    it('lets the first of two saves from one loaded version land and refuses the second, keeping its text and storing nothing of it', async () => {
      await save({ name: 'Vera Version', email: 'vera@example.com', bio: 'First bio' }, { avatar: await pngFile() })
      const { id, updated_at: loaded, avatar_url: avatar } = (await authorNamed('Vera Version'))!
      expect((await open(id)).data.record!.version).toBe(loaded)

      const first = await save({ name: 'Vera First', email: 'vera@example.com', bio: 'From the first tab' }, { id, version: loaded })
      expect(first.status).toBe(302)
      const landed = (await authorById(id))!
      const filesBefore = await storedFiles()

      const typed = { name: 'Vera Second', email: 'vera.second@example.com', bio: 'From the second tab' }
      const second = await save(typed, { id, version: loaded, avatar: await pngFile() })
      expect(second.status).toBe(409)
      expect(second.data).toEqual({ values: { ...typed, ...altSent }, errors: {}, failure: staleMessage, toast: staleMessage })
      expect(await toastOf(second.headers)).toBeNull()
      expect(await authorById(id)).toEqual(landed)
      expect(landed).toMatchObject({ name: 'Vera First', bio: 'From the first tab', avatar_url: avatar })
      // The second save's avatar went down with it: no file without a record.
      expect(await storedFiles()).toEqual(filesBefore)
    })

    it('refuses a save of an author deleted meanwhile with 404, creating nothing', async () => {
      const id = await createTestAuthor(db(), { name: 'Gil Gone' })
      const loaded = (await open(id)).data.record!.version
      const [authorsBefore, filesBefore] = [await authorCount(), await storedFiles()]

      // Deleted by someone else after this save read the author, just before it writes.
      const typed = { name: 'Gil Revived', email: 'gil@example.com', bio: 'Still typing' }
      const result = await save(typed, {
        id,
        version: loaded,
        avatar: await pngFile(),
        on: racedBy(db(), () => db().deleteFrom('authors').where('id', '=', id).execute()),
      })
      expect(result.status).toBe(404)
      expect(result.data).toEqual({ values: { ...typed, ...altSent }, errors: {}, failure: goneMessage, toast: goneMessage })
      expect(await toastOf(result.headers)).toBeNull()
      expect(await authorCount()).toBe(authorsBefore - 1)
      expect(await authorNamed('Gil Revived')).toBeUndefined()
      expect(await storedFiles()).toEqual(filesBefore)
    })
  })

  describe('deleting', () => {
    it('refuses while the author has posts, naming how many', async () => {
      const id = await createTestAuthor(db(), { name: 'Bo Busy' })
      await createTestPost(db(), id)
      await createTestPost(db(), id)
      const result = await remove(id)
      expect(result.status).toBe(409)
      expect(result.data).toEqual({ ok: false, toast: { type: 'error', title: 'Cannot delete author. They have 2 posts.' } })
      expect(await toastOf(result.headers)).toBeNull()
      expect(await authorById(id)).toBeDefined()
    })

    it('deletes an author without posts to the Trash, keeping their avatar file until the Trash lets them go', async () => {
      await save({ name: 'Gus Gone', email: 'gus@example.com', bio: '' }, { avatar: await pngFile() })
      const author = (await authorNamed('Gus Gone'))!
      expect(await storedFiles()).toContain(author.avatar_url)
      const result = await remove(author.id)
      expect(result.status).toBe(200)
      expect(result.data).toEqual({ ok: true, toast: { type: 'success', title: 'Author deleted successfully' }, undo: expect.any(String) })
      expect(await authorById(author.id)).toBeUndefined()
      expect(await storedFiles()).toContain(author.avatar_url)
      await purgeTrash(db(), new Date(Date.now() + 31 * 86_400_000))
      expect(await storedFiles()).not.toContain(author.avatar_url)
      expect((await list()).map((a) => a.id)).not.toContain(author.id)
    })

    it('refuses to delete an author changed since the list was loaded, keeping them and their avatar', async () => {
      await save({ name: 'Stella Stale', email: 'stella@example.com', bio: '' }, { avatar: await pngFile() })
      const shown = (await list()).find((a) => a.name === 'Stella Stale')!
      expect(await save({ name: 'Stella Stale', email: 'stella@example.com', bio: 'Edited meanwhile' }, { id: shown.id })).toMatchObject({
        status: 302,
      })
      const edited = (await authorById(shown.id))!

      const result = await remove(shown.id, { version: shown.version })
      expect(result.status).toBe(409)
      expect(result.data).toEqual({
        ok: false,
        toast: {
          type: 'error',
          title: 'This author was changed by someone else since the list was loaded. Look it over, then delete it again.',
        },
      })
      expect(await authorById(shown.id)).toEqual(edited)
      expect(await storedFiles()).toContain(shown.imageUrl)
    })

    it('answers an author already deleted with 404', async () => {
      const result = await remove('no-such-author', { version: '2026-01-01T00:00:00.000Z' })
      expect(result.status).toBe(404)
      expect(result.data).toEqual({ ok: false, toast: { type: 'error', title: 'This author was already deleted.' } })
    })

    it('says "Could not check if author has posts" when counting fails, deleting nothing', async () => {
      const logged = vi.spyOn(logger, 'error').mockImplementation(() => {})
      const id = await createTestAuthor(db(), { name: 'Cy Count' })
      const result = await remove(id, { on: failingOn(db(), 'SelectQueryNode', 'blog_posts') })
      // The list's check stops the delete, and a stopped delete answers 409 whatever stopped it.
      expect(result.status).toBe(409)
      expect(result.data).toEqual({ ok: false, toast: { type: 'error', title: 'Could not check if author has posts' } })
      expect(logged).toHaveBeenCalled()
      expect(await authorById(id)).toBeDefined()
    })

    it('says "Failed to delete author" when the delete fails', async () => {
      const logged = vi.spyOn(logger, 'error').mockImplementation(() => {})
      const id = await createTestAuthor(db(), { name: 'Del Fail' })
      const result = await remove(id, { on: failingOn(db(), 'DeleteQueryNode', 'authors') })
      expect(result.status).toBe(500)
      expect(result.data).toEqual({ ok: false, toast: { type: 'error', title: 'Failed to delete author' } })
      expect(logged).toHaveBeenCalled()
      expect(await authorById(id)).toBeDefined()
    })

    it('says "Failed to process author deletion" for a request without an author, a version or the delete intent', async () => {
      const id = await createTestAuthor(db(), { name: 'Ned Noid' })
      const version = (await authorById(id))!.updated_at
      for (const fields of [
        { intent: 'delete', id: '', version },
        { intent: 'delete', id },
        { id, version },
      ] as Record<string, string>[]) {
        const result = unwrap<ListAnswer>(await callRoute(listAction, formRequest('/admin/authors', fields, cookie), ctx()))
        expect(result.status).toBe(400)
        expect(result.data).toEqual({ ok: false, toast: { type: 'error', title: 'Failed to process author deletion' } })
      }
      expect(await authorById(id)).toBeDefined()
    })
  })

  it('sends every page and action to the login page without a session, changing nothing', async () => {
    const id = await createTestAuthor(db(), { name: 'Sam Safe' })
    const outcomes = [
      unwrap(await callRoute(listLoader, new Request('http://localhost/admin/authors'), ctx())),
      await open(id, ''),
      await remove(id, { withCookie: '' }),
      await save({ name: 'Sam Changed', email: 'sam@example.com', bio: '' }, { id, withCookie: '' }),
    ]
    for (const outcome of outcomes) {
      expect(outcome.status).toBe(302)
      // A page asked for names itself, to come back to after signing in; a form does not.
      expect(outcome.headers.get('Location')).toMatch(/^\/admin\/login(\?redirectTo=%2Fadmin%2Fauthors\S*)?$/)
    }
    expect((await authorById(id))!.name).toBe('Sam Safe')
  })
})
