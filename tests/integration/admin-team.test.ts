import sharp from 'sharp'
import { afterEach, beforeAll, expect, it, vi } from 'vitest'
import { action as editorAction, loader as editorLoader } from '~/routes/admin/team-member-editor'
import { action as listAction, loader as listLoader } from '~/routes/admin/team'
import { loader as mediaLoader } from '~/routes/media'
import { signIn } from '~/server/auth.server'
import type { Db } from '~/server/db/schema.server'
import { parseMediaUrl } from '~/server/storage.server'
import {
  createTeamMember,
  deleteTeamMember,
  getTeamMember,
  listTeamForAboutPage,
  updateTeamMember,
} from '~/server/team.server'
import { upsertAdmin } from '~/server/users.server'
import { formRequest, testContext, toastFrom } from '../support/context'
import { describeEachDatabase, failingOn } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'

type EditorData = { values: { name: string; role: string; bio: string }; errors: Record<string, string>; failure: string | null }
type ListData = Awaited<ReturnType<typeof listLoader>>

let png: Uint8Array<ArrayBuffer>
beforeAll(async () => {
  png = new Uint8Array(await sharp({ create: { width: 40, height: 40, channels: 3, background: '#336699' } }).png().toBuffer())
})
const pngFile = () => new File([png], 'a.png', { type: 'image/png' })
/** What a browser sends for a file input left empty. */
const noFile = () => new File([], '', { type: 'application/octet-stream' })


describeEachDatabase('admin team members', (getDb) => {
  const db = () => getDb().db
  const ctx = (on = db()) => testContext(on)
  let cookie = ''

  beforeAll(async () => {
    await upsertAdmin(db(), 'editor@example.com', 'a-long-password')
    const result = await signIn(new Request('http://localhost/admin/login'), ctx(), { email: 'editor@example.com', password: 'a-long-password' })
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

  async function save(
    fields: Record<string, string>,
    { id, avatar = noFile(), on = db(), withCookie = cookie }: { id?: string; avatar?: File; on?: Db; withCookie?: string } = {},
  ) {
    const body = new FormData()
    for (const [key, value] of Object.entries({ name: '', role: '', bio: '', ...fields })) body.set(key, value)
    body.set('avatar', avatar)
    const request = new Request(`http://localhost${editorPath(id)}`, { method: 'POST', body, headers: { Cookie: withCookie } })
    return unwrap<EditorData>(await callRoute(editorAction, request, ctx(on), params(id)))
  }
  const open = async (id?: string, withCookie = cookie) =>
    unwrap<Awaited<ReturnType<typeof editorLoader>>>(
      await callRoute(editorLoader, new Request(`http://localhost${editorPath(id)}`, { headers: { Cookie: withCookie } }), ctx(), params(id)),
    )
  const list = async () =>
    ((await callRoute(listLoader, new Request('http://localhost/admin/team', { headers: { Cookie: cookie } }), ctx())) as ListData).members
  const remove = async (id: string, { on = db(), withCookie = cookie } = {}) =>
    unwrap<{ ok: boolean }>(await callRoute(listAction, formRequest('/admin/team', { id }, withCookie), ctx(on)))

  const toastTitle = (headers: Headers) => toastFrom(headers)?.title
  const memberNamed = (name: string) => db().selectFrom('team_members').selectAll().where('name', '=', name).executeTakeFirst()
  const memberCount = async () => (await db().selectFrom('team_members').select('id').execute()).length
  const storedFiles = async () => (await db().selectFrom('files').select(['bucket', 'path']).execute()).map((f) => `/media/${f.bucket}/${f.path}`)
  const add = (name: string, avatarUrl: string | null = null) => createTeamMember(db(), { name, role: 'Consultant', bio: null, avatarUrl })

  it('stores, reads, updates and deletes members through the repository', async () => {
    const id = await createTeamMember(db(), { name: 'Ada Park', role: 'Engineer', bio: 'Builds things.', avatarUrl: null }, '2026-01-01T00:00:00.000Z')
    expect(await getTeamMember(db(), id)).toEqual({
      id,
      name: 'Ada Park',
      role: 'Engineer',
      bio: 'Builds things.',
      avatar_url: null,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    })
    const fields = { name: 'Ada Park', role: 'Lead Engineer', bio: null, avatarUrl: '/media/team_avatars/x.png' }
    expect(await updateTeamMember(db(), id, fields, '2026-02-01T00:00:00.000Z')).toBe(true)
    expect(await getTeamMember(db(), id)).toMatchObject({ role: 'Lead Engineer', bio: null, avatar_url: '/media/team_avatars/x.png', updated_at: '2026-02-01T00:00:00.000Z' })
    expect(await updateTeamMember(db(), 'no-such-member', fields)).toBe(false)
    expect(await deleteTeamMember(db(), id)).toEqual({ avatarUrl: '/media/team_avatars/x.png' })
    expect(await deleteTeamMember(db(), id)).toBeUndefined()
    expect(await getTeamMember(db(), id)).toBeUndefined()
  })

  it('lists every member by name', async () => {
    expect(await list()).toEqual([])
    for (const name of ['Marco Diaz', 'Anna Lee', 'Zoe Quinn']) await add(name)
    expect((await list()).map((m) => m.name)).toEqual(['Anna Lee', 'Marco Diaz', 'Zoe Quinn'])
  })

  it('sends visitors without a session to the login page and saves nothing', async () => {
    const listed = (await callRoute(listLoader, new Request('http://localhost/admin/team'), ctx())) as Response
    expect([listed.status, listed.headers.get('Location')]).toEqual([302, '/admin/login'])
    expect((await open(undefined, '')).headers.get('Location')).toBe('/admin/login')
    const saved = await save({ name: 'Sneaky', role: 'Intruder' }, { withCookie: '' })
    expect([saved.status, saved.headers.get('Location')]).toEqual([302, '/admin/login'])
    const id = await add('Stays Here')
    expect((await remove(id, { withCookie: '' })).status).toBe(302)
    expect(await memberCount()).toBe(1)
  })

  it('opens the form empty in create mode, also for the id "new", and with the member in edit mode', async () => {
    expect((await open()).data.member).toBeNull()
    expect((await open('new')).data.member).toBeNull()
    const id = await add('Edit Target')
    expect((await open(id)).data.member).toMatchObject({ id, name: 'Edit Target', role: 'Consultant' })
  })

  it('returns to the list for an unknown id, with the spec toast', async () => {
    const opened = await open('no-such-member')
    expect([opened.status, opened.headers.get('Location'), toastTitle(opened.headers)]).toEqual([302, '/admin/team', 'Failed to load team member data'])
    const saved = await save({ name: 'Ghost', role: 'None' }, { id: 'no-such-member' })
    expect([saved.status, saved.headers.get('Location'), toastTitle(saved.headers)]).toEqual([302, '/admin/team', 'Failed to load team member data'])
    expect(await memberCount()).toBe(0)
  })

  it('refuses a member without a name or role, or with fields too long, keeping every value and saving nothing', async () => {
    const empty = await save({ name: '  ', role: '', bio: 'Kept bio' })
    expect(empty.status).toBe(400)
    expect(empty.data.errors).toEqual({ name: 'Name is required', role: 'Role is required' })
    expect(empty.data.values).toEqual({ name: '  ', role: '', bio: 'Kept bio' })
    expect(toastTitle(empty.headers)).toBe('Name is required')

    const long = { name: 'n'.repeat(101), role: 'r'.repeat(101), bio: 'b'.repeat(2001) }
    const tooLong = await save(long)
    expect(tooLong.data.errors).toEqual({
      name: 'Name must be 100 characters or fewer',
      role: 'Role must be 100 characters or fewer',
      bio: 'Bio must be 2,000 characters or fewer',
    })
    expect(tooLong.data.values).toEqual(long)
    expect(await memberCount()).toBe(0)

    const atLimits = await save({ name: 'n'.repeat(100), role: 'r'.repeat(100), bio: 'b'.repeat(2000) })
    expect(atLimits.status).toBe(302)
  })

  it('creates a member without a photo: trimmed fields, bio null when empty, back to the list with the toast', async () => {
    const result = await save({ name: '  Jordan Blake ', role: ' Operations Manager ', bio: '   ' })
    expect([result.status, result.headers.get('Location'), toastTitle(result.headers)]).toEqual([302, '/admin/team', 'Team member created successfully'])
    expect(await memberNamed('Jordan Blake')).toMatchObject({ role: 'Operations Manager', bio: null, avatar_url: null })
  })

  it('creates a member with a photo stored under a unique name in team_avatars, served as a PNG and shown on the About page', async () => {
    const result = await save({ name: 'Priya Shah', role: 'CEO & Founder', bio: 'Started the company in 2019.' }, { avatar: pngFile() })
    expect(toastTitle(result.headers)).toBe('Team member created successfully')
    const member = (await memberNamed('Priya Shah'))!
    expect(member.avatar_url).toMatch(/^\/media\/team_avatars\/[0-9a-f-]{36}\.png$/)
    expect(await storedFiles()).toEqual([member.avatar_url])

    const { bucket, path } = parseMediaUrl(member.avatar_url)!
    const served = (await callRoute(mediaLoader, new Request(`http://localhost${member.avatar_url}`), ctx(), { bucket, '*': path })) as Response
    expect([served.status, served.headers.get('Content-Type')]).toEqual([200, 'image/png'])

    const about = await listTeamForAboutPage(db())
    expect(about).toEqual([{ id: member.id, name: 'Priya Shah', role: 'CEO & Founder', bio: 'Started the company in 2019.', avatar_url: member.avatar_url }])
  })

  it('edits a member without a new photo: keeps the photo, sets updated_at, leaves created_at', async () => {
    await save({ name: 'Sam Ortiz', role: 'Analyst' }, { avatar: pngFile() })
    const before = (await memberNamed('Sam Ortiz'))!
    await new Promise((resolve) => setTimeout(resolve, 5))
    const result = await save({ name: 'Sam Ortiz', role: 'Senior Analyst', bio: '' }, { id: before.id })
    expect([result.headers.get('Location'), toastTitle(result.headers)]).toEqual(['/admin/team', 'Team member updated successfully'])
    const after = (await getTeamMember(db(), before.id))!
    expect(after).toMatchObject({ role: 'Senior Analyst', bio: null, avatar_url: before.avatar_url, created_at: before.created_at })
    expect(after.updated_at > before.updated_at).toBe(true)
    expect(await storedFiles()).toEqual([before.avatar_url])
  })

  it('replaces a photo on edit and removes the old file', async () => {
    await save({ name: 'Lee Chen', role: 'Designer' }, { avatar: pngFile() })
    const before = (await memberNamed('Lee Chen'))!
    await save({ name: 'Lee Chen', role: 'Designer' }, { id: before.id, avatar: pngFile() })
    const after = (await getTeamMember(db(), before.id))!
    expect(after.avatar_url).toMatch(/^\/media\/team_avatars\/[0-9a-f-]{36}\.png$/)
    expect(after.avatar_url).not.toBe(before.avatar_url)
    expect(await storedFiles()).toEqual([after.avatar_url])
  })

  it('refuses a text file renamed .png: message at the field and in a toast, values kept, nothing saved', async () => {
    const fake = new File(['just some words, not a picture'], 'photo.png', { type: 'image/png' })
    const created = await save({ name: 'Fake Photo', role: 'Tester', bio: 'Bio' }, { avatar: fake })
    expect(created.status).toBe(400)
    expect(created.data.errors).toEqual({ avatar: 'Please select an image file' })
    expect(created.data.values).toEqual({ name: 'Fake Photo', role: 'Tester', bio: 'Bio' })
    expect(toastTitle(created.headers)).toBe('Please select an image file')
    expect(await memberCount()).toBe(0)
    expect(await storedFiles()).toEqual([])

    const id = await add('Real Member', null)
    const edited = await save({ name: 'Renamed', role: 'Tester' }, { id, avatar: fake })
    expect(edited.data.errors.avatar).toBe('Please select an image file')
    expect(await getTeamMember(db(), id)).toMatchObject({ name: 'Real Member', avatar_url: null })
  })

  it('stays on the form with every value when the write fails, and drops the photo nothing points to', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const values = { name: 'Kim Novak', role: 'Support', bio: 'Helps.' }
    const created = await save(values, { avatar: pngFile(), on: failingOn(db(), 'InsertQueryNode', 'team_members') })
    expect([created.status, created.data.failure, toastTitle(created.headers)]).toEqual([500, 'Failed to create team member', 'Failed to create team member'])
    expect(created.data.values).toEqual(values)
    expect(await memberCount()).toBe(0)
    expect(await storedFiles()).toEqual([])

    const id = await add('Kim Novak')
    const updated = await save({ ...values, role: 'Head of Support' }, { id, avatar: pngFile(), on: failingOn(db(), 'UpdateQueryNode', 'team_members') })
    expect([updated.status, toastTitle(updated.headers)]).toEqual([500, 'Failed to update team member'])
    expect(updated.data.values.role).toBe('Head of Support')
    expect(await getTeamMember(db(), id)).toMatchObject({ role: 'Consultant', avatar_url: null })
    expect(await storedFiles()).toEqual([])
    expect(errors).toHaveBeenCalled()
  })

  it('deletes a member and their photo file, with the spec toast', async () => {
    await save({ name: 'Leaving Soon', role: 'Intern' }, { avatar: pngFile() })
    const member = (await memberNamed('Leaving Soon'))!
    const result = await remove(member.id)
    expect([result.status, result.data.ok, toastTitle(result.headers)]).toEqual([200, true, 'Team member deleted successfully'])
    expect(await memberCount()).toBe(0)
    expect(await storedFiles()).toEqual([])
  })

  it('deletes the member even when their photo file cannot be removed, and only logs that', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    await save({ name: 'Sticky Photo', role: 'Intern' }, { avatar: pngFile() })
    const member = (await memberNamed('Sticky Photo'))!
    const result = await remove(member.id, { on: failingOn(db(), 'DeleteQueryNode', 'files') })
    expect([result.status, toastTitle(result.headers)]).toEqual([200, 'Team member deleted successfully'])
    expect(await memberCount()).toBe(0)
    expect(errors).toHaveBeenCalledWith(expect.stringContaining(member.avatar_url!), expect.any(Error))
  })

  it('reports a delete that fails or finds no member with the error toast', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const id = await add('Not Going Anywhere')
    const failed = await remove(id, { on: failingOn(db(), 'DeleteQueryNode', 'team_members') })
    expect([failed.status, failed.data.ok, toastTitle(failed.headers)]).toEqual([500, false, 'Failed to delete team member'])
    expect(errors).toHaveBeenCalled()
    const missing = await remove('no-such-member')
    expect([missing.status, toastTitle(missing.headers)]).toEqual([404, 'Failed to delete team member'])
    const blank = await remove('')
    expect([blank.status, toastTitle(blank.headers)]).toEqual([400, 'Failed to delete team member'])
    expect(await memberCount()).toBe(1)
  })
})
