import { Migrator } from 'kysely'
import { beforeAll, beforeEach, expect, it } from 'vitest'
import { fallbackTeamMembers } from '~/content/team'
import type { PublicContent } from '~/lib/admin-sections'
import { action as caseStudiesAction } from '~/routes/admin/case-studies'
import { action as teamAction } from '~/routes/admin/team'
import { action as testimonialsAction } from '~/routes/admin/testimonials'
import { migrateToLatest } from '~/server/db/connection.server'
import { migrationsFor } from '~/server/db/migrations'
import { listCaseStudiesForAdmin } from '~/server/repositories/case-studies.server'
import { listTeamForAboutPage, listTeamMembers, saveTeamMember } from '~/server/repositories/team-members.server'
import { listTestimonials } from '~/server/repositories/testimonials.server'
import { signIn } from '~/server/services/auth.server'
import { seedOnce } from '~/server/services/seed.server'
import { upsertAdmin } from '~/server/services/users.server'
import { formRequest, testContext } from '../support/context'
import { createTestDatabase, describeEachDatabase, testDialects, type UntypedDb } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'

/*
 * Team members, testimonials and case studies are ordered by hand on their lists: the list's action
 * takes the whole new order at once, and refuses one that no longer names exactly the stored records.
 */

type ListAnswer = { ok: boolean; toast: { type: 'success' | 'error'; title: string } }

describeEachDatabase('lists ordered by hand', (getDb) => {
  const db = () => getDb().db
  let heard: PublicContent[] = []
  const ctx = () => testContext(db(), '127.0.0.1', (what) => heard.push(what))
  let editor = ''
  let author = ''

  beforeAll(async () => {
    await seedOnce(db())
    for (const [email, role] of [
      ['editor@example.com', 'editor'],
      ['author@example.com', 'author'],
    ] as const) {
      await upsertAdmin(db(), email, 'a-long-password')
      await db().updateTable('users').set({ role }).where('email', '=', email).execute()
    }
    const cookieOf = async (email: string) => {
      const result = await signIn(new Request('http://localhost/admin/login'), ctx(), { email, password: 'a-long-password' })
      if (!result.ok) throw new Error('sign-in failed')
      return result.setCookie.split(';')[0]!
    }
    editor = await cookieOf('editor@example.com')
    author = await cookieOf('author@example.com')
  })

  beforeEach(() => {
    heard = []
  })

  const reorder = async (action: (args: never) => unknown, path: string, ids: string[], cookie = editor) =>
    unwrap<ListAnswer>(await callRoute(action as never, formRequest(path, { intent: 'reorder', id: ids }, cookie), ctx()))
  const lastActivity = () =>
    db()
      .selectFrom('activity')
      .select(['user_email', 'action', 'record_type', 'record_id', 'title'])
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst()
  const activityCount = async () => (await db().selectFrom('activity').select('id').execute()).length

  it("lists the seeded team in the seed's order, the founder first, then moves a member to the top for the list and the About page", async () => {
    const team = await listTeamMembers(db())
    expect(team.map((member) => member.name)).toEqual(fallbackTeamMembers.map((member) => member.name))
    const last = team.at(-1)!
    const order = [last.id, ...team.slice(0, -1).map((member) => member.id)]

    const answer = await reorder(teamAction, '/admin/team', order)
    expect(answer.status).toBe(200)
    expect(answer.data.ok).toBe(true)
    expect((await listTeamMembers(db())).map((member) => member.id)).toEqual(order)
    expect((await listTeamForAboutPage(db())).map((member) => member.id)).toEqual(order)
    const positions = await db().selectFrom('team_members').select(['id', 'position']).execute()
    expect(Object.fromEntries(positions.map((row) => [row.id, row.position]))).toEqual(Object.fromEntries(order.map((id, at) => [id, at])))
    expect(heard).toEqual(['team'])
    expect(await lastActivity()).toEqual({
      user_email: 'editor@example.com',
      action: 'reordered',
      record_type: 'team',
      record_id: last.id,
      title: `${last.name} to position 1 of ${order.length}`,
    })
  })

  it('keeps versions as they are, so an editor open on a record can still save it', async () => {
    const before = await listTestimonials(db())
    await reorder(
      testimonialsAction,
      '/admin/testimonials',
      [...before].reverse().map((t) => t.id),
    )
    const after = await listTestimonials(db())
    expect(after.map((t) => t.name)).toEqual([...before].reverse().map((t) => t.name))
    expect(after.map((t) => t.version).sort()).toEqual(before.map((t) => t.version).sort())
    // A reversal moves more than one testimonial: the log says the list was reordered, naming none.
    expect(await lastActivity()).toMatchObject({ action: 'reordered', record_type: 'testimonials', record_id: null, title: null })
  })

  it('puts a new team member last', async () => {
    await saveTeamMember(db(), { name: 'Aaron First-By-Name', role: 'Consultant', bio: null }, { existing: null, version: '', image: null })
    expect((await listTeamMembers(db())).at(-1)!.name).toBe('Aaron First-By-Name')
  })

  it('refuses an order that no longer names exactly the stored records, changing nothing', async () => {
    const studies = (await listCaseStudiesForAdmin(db())).map((study) => study.id)
    const logged = await activityCount()
    const stale = [
      studies.slice(1),
      [...studies, 'added-meanwhile'],
      [studies[0]!, ...studies.slice(0, -1)],
      [...studies.slice(0, -1), 'someone-else-s'],
    ]
    for (const ids of stale) {
      const answer = await reorder(caseStudiesAction, '/admin/case-studies', ids)
      expect(answer.status).toBe(409)
      expect(answer.data.toast).toEqual({
        type: 'error',
        title: 'Someone else added or deleted a case study since the list was loaded. Reload it, then order it again.',
      })
    }
    expect((await listCaseStudiesForAdmin(db())).map((study) => study.id)).toEqual(studies)
    expect(await activityCount()).toBe(logged)
    expect(heard).toEqual([])
  })

  it('refuses an order it cannot read, and an Author, whose role does not open the list', async () => {
    const studies = (await listCaseStudiesForAdmin(db())).map((study) => study.id)
    expect((await reorder(caseStudiesAction, '/admin/case-studies', [])).status).toBe(400)
    expect((await reorder(caseStudiesAction, '/admin/case-studies', ['x'.repeat(500)])).status).toBe(400)
    const refused = await callRoute(
      caseStudiesAction,
      formRequest('/admin/case-studies', { intent: 'reorder', id: [...studies].reverse() }, author),
      ctx(),
    )
    expect(unwrap(refused).status).toBe(403)
    expect((await listCaseStudiesForAdmin(db())).map((study) => study.id)).toEqual(studies)
    expect(heard).toEqual([])
  })
})

it.each(testDialects)('migration 0031 gives the existing team positions in the order of their names [%s]', async (dialect) => {
  const database = await createTestDatabase(dialect, { migrate: false })
  try {
    const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrationsFor(dialect) } })
    expect((await migrator.migrateTo('2026_11_27_0030_pages')).error).toBeUndefined()
    const now = new Date().toISOString()
    const db = database.db as unknown as UntypedDb
    await db
      .insertInto('team_members')
      .values(['Zoe', 'Ann', 'Mia'].map((name) => ({ id: `m-${name}`, name, role: 'Consultant', created_at: now, updated_at: now })))
      .execute()
    expect(await migrateToLatest(database)).toContain('2026_11_27_0031_record_order')
    const rows = await db.selectFrom('team_members').select(['name', 'position']).orderBy('position').execute()
    expect(rows).toEqual([
      { name: 'Ann', position: 0 },
      { name: 'Mia', position: 1 },
      { name: 'Zoe', position: 2 },
    ])
  } finally {
    await database.cleanup()
  }
})
