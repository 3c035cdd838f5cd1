import sharp from 'sharp'
import { purgeTrash } from '~/server/services/trash.server'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { logger } from '~/server/log.server'
import { action as editorAction, loader as editorLoader } from '~/routes/admin/team-member-editor'
import { action as listAction, loader as listLoader } from '~/routes/admin/team'
import { loader as mediaLoader } from '~/routes/media'
import { signIn } from '~/server/services/auth.server'
import type { Db } from '~/server/db/schema.server'
import { parseMediaUrl } from '~/server/services/media.server'
import { deleteTeamMember, getTeamMember, listTeamForAboutPage, saveTeamMember } from '~/server/repositories/team-members.server'
import { upsertAdmin } from '~/server/services/users.server'
import { formRequest, testContext, toastFrom } from '../support/context'
import { describeEachDatabase, failingOn, racedBy } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'

type EditorData = {
  values: { name: string; role: string; bio: string }
  errors: Record<string, string>
  failure: string | null
  toast: string
}
/** The alt text the test forms send with every save, as a refused form gives it back. */
const altSent = { imageAlt: 'Portrait photo', imageDecorative: false }
type ListAnswer = { ok: boolean; toast: { type: 'success' | 'error'; title: string } }
type ListData = Awaited<ReturnType<typeof listLoader>>

let png: Uint8Array<ArrayBuffer>
beforeAll(async () => {
  png = new Uint8Array(
    await sharp({ create: { width: 40, height: 40, channels: 3, background: '#336699' } })
      .png()
      .toBuffer(),
  )
})
const pngFile = () => new File([png], 'a.png', { type: 'image/png' })
/** What a browser sends for a file input left empty. */
const noFile = () => new File([], '', { type: 'application/octet-stream' })
const staleMessage =
  'This team member was changed by someone else since you opened it. Reload to see their changes; your text is kept below.'
const goneMessage = 'This team member was deleted by someone else since you opened it. Your text is kept below.'

describeEachDatabase('admin team members', (getDb) => {
  const db = () => getDb().db
  const ctx = (on = db()) => testContext(on)
  let cookie = ''

  beforeAll(async () => {
    await upsertAdmin(db(), 'editor@example.com', 'a-long-password')
    const result = await signIn(new Request('http://localhost/admin/login'), ctx(), {
      email: 'editor@example.com',
      password: 'a-long-password',
    })
    if (!result.ok) throw new Error('sign-in failed')
    cookie = result.setCookie.split(';')[0]!
  })

  afterEach(async () => {
    vi.restoreAllMocks()
    await db().deleteFrom('team_members').execute()
    await db().deleteFrom('files').execute()
  })

  const editorPath = (id?: string) => (id ? `/admin/team/edit/${id}` : '/admin/team/new')
  const params = (id?: string): Record<string, string> => (id ? { id } : {})

  /** Posts the editor's form; an edit carries the version its page loaded, the stored one unless told. */
  async function save(
    fields: Record<string, string>,
    {
      id,
      version,
      avatar = noFile(),
      on = db(),
      withCookie = cookie,
    }: { id?: string; version?: string; avatar?: File; on?: Db; withCookie?: string } = {},
  ) {
    const body = new FormData()
    for (const [key, value] of Object.entries({ name: '', role: '', bio: '', ...fields })) body.set(key, value)
    body.set('avatar', avatar)
    // The editor asks for alt text whenever a photo is shown or chosen.
    if (!body.has('imageAlt')) body.set('imageAlt', 'Portrait photo')
    const loaded = version ?? (id ? (await memberById(id))?.updated_at : undefined)
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
    ((await callRoute(listLoader, new Request('http://localhost/admin/team', { headers: { Cookie: cookie } }), ctx())) as ListData).rows
  /** The list's delete of one row, at the version the list showed: the stored one unless told. */
  const remove = async (
    id: string,
    { version, on = db(), withCookie = cookie }: { version?: string; on?: Db; withCookie?: string } = {},
  ) => {
    const fields = { intent: 'delete', id, version: version ?? (await memberById(id))?.updated_at ?? '' }
    return unwrap<ListAnswer>(await callRoute(listAction, formRequest('/admin/team', fields, withCookie), ctx(on)))
  }

  const toastTitle = (headers: Headers) => toastFrom(headers)?.title
  const memberNamed = (name: string) => db().selectFrom('team_members').selectAll().where('name', '=', name).executeTakeFirst()
  const memberById = (id: string) => db().selectFrom('team_members').selectAll().where('id', '=', id).executeTakeFirst()
  const memberCount = async () => (await db().selectFrom('team_members').select('id').execute()).length
  const storedFiles = async () =>
    (await db().selectFrom('files').select(['bucket', 'path']).execute()).map((f) => `/media/${f.bucket}/${f.path}`)
  const add = async (name: string, imageUrl: string | null = null) => {
    await saveTeamMember(db(), { name, role: 'Consultant', bio: null }, { existing: null, version: '', image: imageUrl })
    return (await memberNamed(name))!.id
  }

  it('stores, reads, updates and deletes members through the repository, each write over the version it read', async () => {
    expect(
      await saveTeamMember(
        db(),
        { name: 'Ada Park', role: 'Engineer', bio: 'Builds things.' },
        { existing: null, version: '', image: null },
      ),
    ).toEqual({ outcome: 'saved', id: expect.any(String), name: 'Ada Park' })
    const { id, updated_at: created } = (await memberNamed('Ada Park'))!
    expect(await getTeamMember(db(), id)).toEqual({
      id,
      name: 'Ada Park',
      role: 'Engineer',
      bio: 'Builds things.',
      imageUrl: null,
      version: created,
    })

    const fields = { name: 'Ada Park', role: 'Lead Engineer', bio: null }
    expect(await saveTeamMember(db(), fields, { existing: { id }, version: created, image: '/media/team_avatars/x.png' })).toEqual({
      outcome: 'saved',
      replacedImage: null,
      name: 'Ada Park',
    })
    const updated = (await getTeamMember(db(), id))!
    expect(updated).toMatchObject({ role: 'Lead Engineer', bio: null, imageUrl: '/media/team_avatars/x.png' })
    expect(updated.version > created).toBe(true)
    // A new photo reports the one it replaced; no photo keeps it.
    expect(await saveTeamMember(db(), fields, { existing: { id }, version: updated.version, image: '/media/team_avatars/y.png' })).toEqual({
      outcome: 'saved',
      replacedImage: '/media/team_avatars/x.png',
      name: 'Ada Park',
    })
    const current = (await getTeamMember(db(), id))!
    expect(await saveTeamMember(db(), fields, { existing: { id }, version: current.version, image: null })).toEqual({
      outcome: 'saved',
      replacedImage: null,
      name: 'Ada Park',
    })
    expect((await getTeamMember(db(), id))!.imageUrl).toBe('/media/team_avatars/y.png')

    expect(await saveTeamMember(db(), fields, { existing: { id }, version: created, image: null })).toEqual({ outcome: 'stale' })
    expect(await deleteTeamMember(db(), id, created)).toEqual({ outcome: 'stale' })
    expect(await saveTeamMember(db(), fields, { existing: { id: 'no-such-member' }, version: created, image: null })).toEqual({
      outcome: 'gone',
    })
    const latest = (await getTeamMember(db(), id))!.version
    expect(await deleteTeamMember(db(), id, latest)).toEqual({
      outcome: 'saved',
      replacedImage: '/media/team_avatars/y.png',
      name: 'Ada Park',
    })
    expect(await deleteTeamMember(db(), id, latest)).toEqual({ outcome: 'gone' })
    expect(await getTeamMember(db(), id)).toBeUndefined()
  })

  it('lists every member in their order, a new one last, with their version', async () => {
    expect(await list()).toEqual([])
    for (const name of ['Marco Diaz', 'Anna Lee', 'Zoe Quinn']) await add(name)
    const members = await list()
    expect(members.map((m) => m.name)).toEqual(['Marco Diaz', 'Anna Lee', 'Zoe Quinn'])
    expect(Object.keys(members[0]!).sort()).toEqual(['bio', 'id', 'imageUrl', 'name', 'role', 'version'])
  })

  it('sends visitors without a session to the login page and saves nothing', async () => {
    const listed = (await callRoute(listLoader, new Request('http://localhost/admin/team'), ctx())) as Response
    // A page asked for names itself, to come back to after signing in; a form does not.
    expect([listed.status, listed.headers.get('Location')]).toEqual([302, '/admin/login?redirectTo=%2Fadmin%2Fteam'])
    expect((await open(undefined, '')).headers.get('Location')).toBe('/admin/login?redirectTo=%2Fadmin%2Fteam%2Fnew')
    const saved = await save({ name: 'Sneaky', role: 'Intruder' }, { withCookie: '' })
    expect([saved.status, saved.headers.get('Location')]).toEqual([302, '/admin/login'])
    const id = await add('Stays Here')
    expect((await remove(id, { withCookie: '' })).status).toBe(302)
    expect(await memberCount()).toBe(1)
  })

  it('opens the form empty in create mode, also for the id "new", and with the member and their version in edit mode', async () => {
    expect((await open()).data.record).toBeNull()
    expect((await open('new')).data.record).toBeNull()
    const id = await add('Edit Target')
    const row = (await memberById(id))!
    expect((await open(id)).data.record).toEqual({
      id,
      name: 'Edit Target',
      role: 'Consultant',
      bio: null,
      imageUrl: null,
      version: row.updated_at,
    })
  })

  it('returns to the list for an unknown id, with the spec toast', async () => {
    const opened = await open('no-such-member')
    expect([opened.status, opened.headers.get('Location'), toastTitle(opened.headers)]).toEqual([
      302,
      '/admin/team',
      'Failed to load team member data',
    ])
    const saved = await save({ name: 'Ghost', role: 'None' }, { id: 'no-such-member', version: '2026-01-01T00:00:00.000Z' })
    expect([saved.status, saved.headers.get('Location'), toastTitle(saved.headers)]).toEqual([
      302,
      '/admin/team',
      'Failed to load team member data',
    ])
    expect(await memberCount()).toBe(0)
  })

  it('refuses a member without a name or role, or with fields too long, keeping every value and saving nothing', async () => {
    const empty = await save({ name: '  ', role: '', bio: 'Kept bio' }, { avatar: pngFile() })
    expect(empty.status).toBe(400)
    expect(empty.data.errors).toEqual({ name: 'Name is required', role: 'Role is required' })
    expect(empty.data.values).toEqual({ name: '  ', role: '', bio: 'Kept bio', ...altSent })
    // A refusal's toast travels in the answer, for the form that caused it; the flash cookie stays empty.
    expect(empty.data.toast).toBe('Name is required')
    expect(toastFrom(empty.headers)).toBeNull()

    const long = { name: 'n'.repeat(101), role: 'r'.repeat(101), bio: 'b'.repeat(2001) }
    const tooLong = await save(long)
    expect(tooLong.data.errors).toEqual({
      name: 'Name must be 100 characters or fewer',
      role: 'Role must be 100 characters or fewer',
      bio: 'Bio must be 2,000 characters or fewer',
    })
    expect(tooLong.data.values).toEqual({ ...long, ...altSent })
    expect(await memberCount()).toBe(0)
    // The refused save's photo was never stored.
    expect(await storedFiles()).toEqual([])

    const atLimits = await save({ name: 'n'.repeat(100), role: 'r'.repeat(100), bio: 'b'.repeat(2000) })
    expect(atLimits.status).toBe(302)
  })

  it('creates a member without a photo: trimmed fields, bio null when empty, back to the list with the toast', async () => {
    const result = await save({ name: '  Jordan Blake ', role: ' Operations Manager ', bio: '   ' })
    expect([result.status, result.headers.get('Location')]).toEqual([302, '/admin/team'])
    expect(toastFrom(result.headers)).toEqual({ type: 'success', title: 'Team member created successfully' })
    const row = (await memberNamed('Jordan Blake'))!
    expect(row).toMatchObject({ role: 'Operations Manager', bio: null, avatar_url: null })
    expect(row.created_at).toBe(row.updated_at)
  })

  it('creates a member with a photo stored under a unique name in team_avatars, served as a PNG and shown on the About page', async () => {
    const result = await save({ name: 'Priya Shah', role: 'CEO & Founder', bio: 'Started the company in 2019.' }, { avatar: pngFile() })
    // The team's save toast has no line about the photo.
    expect(toastFrom(result.headers)).toEqual({ type: 'success', title: 'Team member created successfully' })
    const member = (await memberNamed('Priya Shah'))!
    expect(member.avatar_url).toMatch(/^\/media\/team_avatars\/[0-9a-f-]{36}\.png$/)
    expect(await storedFiles()).toEqual([member.avatar_url])

    const { bucket, path } = parseMediaUrl(member.avatar_url)!
    const served = (await callRoute(mediaLoader, new Request(`http://localhost${member.avatar_url}`), ctx(), {
      bucket,
      '*': path,
    })) as Response
    expect([served.status, served.headers.get('Content-Type')]).toEqual([200, 'image/png'])

    const about = await listTeamForAboutPage(db())
    expect(about).toEqual([
      { id: member.id, name: 'Priya Shah', role: 'CEO & Founder', bio: 'Started the company in 2019.', imageUrl: member.avatar_url },
    ])
  })

  it('edits a member without a new photo: keeps the photo, moves the version on, leaves created_at', async () => {
    await save({ name: 'Sam Ortiz', role: 'Analyst' }, { avatar: pngFile() })
    const before = (await memberNamed('Sam Ortiz'))!
    const result = await save({ name: 'Sam Ortiz', role: 'Senior Analyst', bio: '' }, { id: before.id })
    expect(result.headers.get('Location')).toBe('/admin/team')
    expect(toastFrom(result.headers)).toEqual({ type: 'success', title: 'Team member updated successfully' })
    const after = (await memberById(before.id))!
    expect(after).toMatchObject({ role: 'Senior Analyst', bio: null, avatar_url: before.avatar_url, created_at: before.created_at })
    expect(after.updated_at > before.updated_at).toBe(true)
    expect(await storedFiles()).toEqual([before.avatar_url])
  })

  it('refuses a text file renamed .png: message at the field and in the toast, values kept, nothing saved', async () => {
    const fake = new File(['just some words, not a picture'], 'photo.png', { type: 'image/png' })
    const created = await save({ name: 'Fake Photo', role: 'Tester', bio: 'Bio' }, { avatar: fake })
    expect(created.status).toBe(400)
    expect(created.data.errors).toEqual({ avatar: 'Please select an image file' })
    expect(created.data.values).toEqual({ name: 'Fake Photo', role: 'Tester', bio: 'Bio', ...altSent })
    expect(created.data.toast).toBe('Please select an image file')
    expect(toastFrom(created.headers)).toBeNull()
    expect(await memberCount()).toBe(0)
    expect(await storedFiles()).toEqual([])

    const id = await add('Real Member', null)
    const edited = await save({ name: 'Renamed', role: 'Tester' }, { id, avatar: fake })
    expect(edited.data.errors.avatar).toBe('Please select an image file')
    expect(await memberById(id)).toMatchObject({ name: 'Real Member', avatar_url: null })
  })

  it('stays on the form with every value when the write fails, and drops the photo nothing points to', async () => {
    const errors = vi.spyOn(logger, 'error').mockImplementation(() => {})
    const values = { name: 'Kim Novak', role: 'Support', bio: 'Helps.' }
    const created = await save(values, { avatar: pngFile(), on: failingOn(db(), 'InsertQueryNode', 'team_members') })
    expect(created.status).toBe(500)
    expect(created.data).toEqual({
      values: { ...values, ...altSent },
      errors: {},
      failure: 'Failed to create team member. Please try again.',
      toast: 'Failed to create team member',
    })
    expect(toastFrom(created.headers)).toBeNull()
    expect(await memberCount()).toBe(0)
    expect(await storedFiles()).toEqual([])

    const id = await add('Kim Novak')
    const updated = await save(
      { ...values, role: 'Head of Support' },
      { id, avatar: pngFile(), on: failingOn(db(), 'UpdateQueryNode', 'team_members') },
    )
    expect([updated.status, updated.data.failure, updated.data.toast]).toEqual([
      500,
      'Failed to update team member. Please try again.',
      'Failed to update team member',
    ])
    expect(updated.data.values.role).toBe('Head of Support')
    expect(await memberById(id)).toMatchObject({ role: 'Consultant', avatar_url: null })
    expect(await storedFiles()).toEqual([])
    expect(errors).toHaveBeenCalled()
  })

  describe('saving over a version that moved on', () => {
    it('lets the first of two saves from one loaded version land and refuses the second, keeping its text and storing nothing of it', async () => {
      await save({ name: 'Vera Version', role: 'Analyst', bio: 'First bio' }, { avatar: pngFile() })
      const { id, updated_at: loaded, avatar_url: photo } = (await memberNamed('Vera Version'))!
      expect((await open(id)).data.record!.version).toBe(loaded)

      const first = await save({ name: 'Vera First', role: 'Analyst', bio: 'From the first tab' }, { id, version: loaded })
      expect(first.status).toBe(302)
      const landed = (await memberById(id))!
      const filesBefore = await storedFiles()

      const typed = { name: 'Vera Second', role: 'Lead Analyst', bio: 'From the second tab' }
      const second = await save(typed, { id, version: loaded, avatar: pngFile() })
      expect(second.status).toBe(409)
      expect(second.data).toEqual({ values: { ...typed, ...altSent }, errors: {}, failure: staleMessage, toast: staleMessage })
      expect(toastFrom(second.headers)).toBeNull()
      expect(await memberById(id)).toEqual(landed)
      expect(landed).toMatchObject({ name: 'Vera First', bio: 'From the first tab', avatar_url: photo })
      // The second save's photo went down with it, and the kept photo's file is still there.
      expect(await storedFiles()).toEqual(filesBefore)
      expect(filesBefore).toEqual([photo])
    })

    it('refuses a save of a member deleted meanwhile with 404, creating nothing', async () => {
      const id = await add('Gil Gone')
      const loaded = (await open(id)).data.record!.version

      // Deleted by someone else after this save read the member, just before it writes.
      const typed = { name: 'Gil Revived', role: 'Returner', bio: 'Still typing' }
      const result = await save(typed, {
        id,
        version: loaded,
        avatar: pngFile(),
        on: racedBy(db(), () => db().deleteFrom('team_members').where('id', '=', id).execute()),
      })
      expect(result.status).toBe(404)
      expect(result.data).toEqual({ values: { ...typed, ...altSent }, errors: {}, failure: goneMessage, toast: goneMessage })
      expect(toastFrom(result.headers)).toBeNull()
      expect(await memberCount()).toBe(0)
      expect(await storedFiles()).toEqual([])
    })
  })

  describe('the photo from upload to deletion', () => {
    it('replaces a photo on edit and deletes the old file with the same write', async () => {
      await save({ name: 'Lee Chen', role: 'Designer' }, { avatar: pngFile() })
      const before = (await memberNamed('Lee Chen'))!
      const result = await save({ name: 'Lee Chen', role: 'Designer' }, { id: before.id, avatar: pngFile() })
      expect(toastFrom(result.headers)).toEqual({ type: 'success', title: 'Team member updated successfully' })
      const after = (await memberById(before.id))!
      expect(after.avatar_url).toMatch(/^\/media\/team_avatars\/[0-9a-f-]{36}\.png$/)
      expect(after.avatar_url).not.toBe(before.avatar_url)
      expect(await storedFiles()).toEqual([after.avatar_url])
    })

    it('saves the new photo even when the old file cannot be removed, and only logs that', async () => {
      const errors = vi.spyOn(logger, 'error').mockImplementation(() => {})
      await save({ name: 'Olga Old', role: 'Designer' }, { avatar: pngFile() })
      const before = (await memberNamed('Olga Old'))!
      const result = await save(
        { name: 'Olga Old', role: 'Art Director' },
        { id: before.id, avatar: pngFile(), on: failingOn(db(), 'DeleteQueryNode', 'files') },
      )
      expect(result.status).toBe(302)
      expect(toastTitle(result.headers)).toBe('Team member updated successfully')
      const after = (await memberById(before.id))!
      expect(after).toMatchObject({ role: 'Art Director' })
      expect(after.avatar_url).not.toBe(before.avatar_url)
      expect((await storedFiles()).sort()).toEqual([before.avatar_url, after.avatar_url].sort())
      expect(errors).toHaveBeenCalledWith({ err: expect.any(Error) }, expect.stringContaining(before.avatar_url!))
    })

    it('deletes a member to the Trash, keeping their photo file until the Trash lets them go, with the spec toast in the answer', async () => {
      await save({ name: 'Leaving Soon', role: 'Intern' }, { avatar: pngFile() })
      const member = (await memberNamed('Leaving Soon'))!
      const result = await remove(member.id)
      expect(result.status).toBe(200)
      expect(result.data).toEqual({
        ok: true,
        toast: { type: 'success', title: 'Team member deleted successfully' },
        undo: expect.any(String),
      })
      expect(toastFrom(result.headers)).toBeNull()
      expect(await memberCount()).toBe(0)
      expect(await storedFiles()).toEqual([member.avatar_url])
      expect(await list()).toEqual([])
      await purgeTrash(db(), new Date(Date.now() + 31 * 86_400_000))
      expect(await storedFiles()).toEqual([])
    })
  })

  describe('deleting', () => {
    it('refuses to delete a member changed since the list was loaded, keeping them and their photo', async () => {
      await save({ name: 'Stella Stale', role: 'Consultant' }, { avatar: pngFile() })
      const shown = (await list()).find((m) => m.name === 'Stella Stale')!
      expect(await save({ name: 'Stella Stale', role: 'Consultant', bio: 'Edited meanwhile' }, { id: shown.id })).toMatchObject({
        status: 302,
      })
      const edited = (await memberById(shown.id))!

      const result = await remove(shown.id, { version: shown.version })
      expect(result.status).toBe(409)
      expect(result.data).toEqual({
        ok: false,
        toast: {
          type: 'error',
          title: 'This team member was changed by someone else since the list was loaded. Look it over, then delete it again.',
        },
      })
      expect(await memberById(shown.id)).toEqual(edited)
      expect(await storedFiles()).toEqual([shown.imageUrl])
    })

    it('answers a member already deleted with 404', async () => {
      const id = await add('Twice Gone')
      const version = (await memberById(id))!.updated_at
      expect((await remove(id, { version })).status).toBe(200)
      const again = await remove(id, { version })
      expect(again.status).toBe(404)
      expect(again.data).toEqual({ ok: false, toast: { type: 'error', title: 'This team member was already deleted.' } })
    })

    it('says "Failed to delete team member" when the delete fails or the request names no member', async () => {
      const errors = vi.spyOn(logger, 'error').mockImplementation(() => {})
      const id = await add('Not Going Anywhere')
      const failed = await remove(id, { on: failingOn(db(), 'DeleteQueryNode', 'team_members') })
      expect(failed.status).toBe(500)
      expect(failed.data).toEqual({ ok: false, toast: { type: 'error', title: 'Failed to delete team member' } })
      expect(errors).toHaveBeenCalled()

      const version = (await memberById(id))!.updated_at
      for (const fields of [
        { intent: 'delete', id: '', version },
        { intent: 'delete', id },
        { id, version },
      ] as Record<string, string>[]) {
        const result = unwrap<ListAnswer>(await callRoute(listAction, formRequest('/admin/team', fields, cookie), ctx()))
        expect(result.status).toBe(400)
        expect(result.data).toEqual({ ok: false, toast: { type: 'error', title: 'Failed to delete team member' } })
      }
      expect(await memberCount()).toBe(1)
    })
  })
})
