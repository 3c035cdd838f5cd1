import sharp from 'sharp'
import { beforeAll, expect, it } from 'vitest'
import { newId, nowIso } from '~/lib/ids'
import { action as authorsAction } from '~/routes/admin/authors'
import { action as blogAction } from '~/routes/admin/blog'
import { action as caseStudiesAction } from '~/routes/admin/case-studies'
import { action as pagesAction } from '~/routes/admin/pages'
import { action as teamAction } from '~/routes/admin/team'
import { action as testimonialsAction } from '~/routes/admin/testimonials'
import { action as trashAction, loader as trashLoader } from '~/routes/admin/trash'
import { migrateToLatest } from '~/server/db/connection.server'
import type { Db } from '~/server/db/schema.server'
import { listTrash } from '~/server/repositories/trash.server'
import { IMAGE_PLACES, saveImage } from '~/server/services/media.server'
import { seedOnce } from '~/server/services/seed.server'
import { seedPagesOnce } from '~/server/services/seed-pages.server'
import { purgeTrash } from '~/server/services/trash.server'
import { createTestAuthor } from '../support/blog'
import { formRequest, signedInAdmin, testContext } from '../support/context'
import { createTestDatabaseAt, describeEachDatabase, testDialects, type UntypedDb } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'

const DAY = 86_400_000
type Answer = { ok: boolean; toast: { type: string; title: string }; undo?: string }
type Action = Parameters<typeof callRoute>[0]

let png: File
beforeAll(async () => {
  const bytes = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#336699' } })
    .png()
    .toBuffer()
  png = new File([Uint8Array.from(bytes)], 'a.png', { type: 'image/png' })
})

describeEachDatabase('the Trash', (getDb) => {
  const db = (): Db => getDb().db
  const ctx = () => testContext(db())
  let owner = ''
  let author = ''

  beforeAll(async () => {
    await seedOnce(db())
    await seedPagesOnce(db())
    owner = (await signedInAdmin(ctx(), 'trash-owner@example.com', 'a-long-password', 'owner')).cookie
    author = (await signedInAdmin(ctx(), 'trash-author@example.com', 'a-long-password', 'author')).cookie
  })

  const call = async (action: Action, path: string, fields: Record<string, string>, cookie = owner) =>
    unwrap<Answer>(await callRoute(action, formRequest(path, fields, cookie), ctx()))
  const files = async () => (await db().selectFrom('files').select(['bucket', 'path']).execute()).map((f) => `/media/${f.bucket}/${f.path}`)
  const row = (table: 'blog_posts' | 'case_studies' | 'pages' | 'team_members' | 'testimonials' | 'authors', id: string) =>
    db()
      .selectFrom(table as 'authors')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst() as Promise<Record<string, unknown> | undefined>

  async function teamMember(name: string) {
    const avatar = await saveImage(db(), png, IMAGE_PLACES.teamMember, { alt: name, decorative: false })
    const id = newId()
    await db()
      .insertInto('team_members')
      .values({ id, name, role: 'Consultant', bio: null, avatar_url: avatar, position: 0, created_at: nowIso(), updated_at: nowIso() })
      .execute()
    return { id, avatar, version: (await row('team_members', id))!.updated_at as string }
  }

  it('puts each of the six kinds in the Trash on delete, and brings each back where it was, by Restore or by Undo', async () => {
    const post = await db().selectFrom('blog_posts').selectAll().where('published', '=', 1).executeTakeFirstOrThrow()
    const study = await db().selectFrom('case_studies').selectAll().executeTakeFirstOrThrow()
    const page = await db().selectFrom('pages').selectAll().where('path', '=', '/about').executeTakeFirstOrThrow()
    const member = await teamMember('Tessa Trash')
    const quote = { id: newId(), quote: 'Great', name: 'Quinn', title: 'Owner', company: null, stars: 5, review_url: null }
    await db()
      .insertInto('testimonials')
      .values({ ...quote, position: 0, show_on_home: 1, show_on_about: 0, created_at: nowIso(), updated_at: nowIso() })
      .execute()
    const authorId = await createTestAuthor(db(), { name: 'Ada Trash' })
    const cases = [
      {
        action: blogAction,
        path: '/admin/blog',
        table: 'blog_posts',
        id: post.id,
        version: post.updated_at,
        name: post.title,
        kind: 'Post',
      },
      {
        action: caseStudiesAction,
        path: '/admin/case-studies',
        table: 'case_studies',
        id: study.id,
        version: study.updated_at,
        name: study.title,
        kind: 'Case study',
      },
      { action: pagesAction, path: '/admin/pages', table: 'pages', id: page.id, version: page.updated_at, name: page.name, kind: 'Page' },
      { action: teamAction, path: '/admin/team', table: 'team_members', id: member.id, version: member.version, name: 'Tessa Trash' },
      { action: testimonialsAction, path: '/admin/testimonials', table: 'testimonials', id: quote.id, version: '', name: 'Quinn' },
      { action: authorsAction, path: '/admin/authors', table: 'authors', id: authorId, version: '', name: 'Ada Trash' },
    ] as const
    for (const [index, one] of cases.entries()) {
      const before = (await row(one.table, one.id))!
      const answer = await call(one.action, one.path, {
        intent: 'delete',
        id: one.id,
        version: (before.updated_at as string) || one.version,
      })
      expect([answer.status, answer.data.ok]).toEqual([200, true])
      expect(await row(one.table, one.id)).toBeUndefined()
      const [trashed] = await listTrash(db())
      expect(trashed).toMatchObject({ id: answer.data.undo, recordId: one.id, name: one.name, userEmail: 'trash-owner@example.com' })

      // Half come back from the Trash screen, half from the toast's Undo on their list.
      const back =
        index % 2 === 0
          ? await call(trashAction, '/admin/trash', { intent: 'restore', id: trashed!.id })
          : await call(one.action, one.path, { intent: 'undo', trashId: trashed!.id })
      expect([back.status, back.data.ok]).toEqual([200, true])
      const after = (await row(one.table, one.id))!
      const unordered = (r: Record<string, unknown>) => ({ ...r, updated_at: '', created_at: '', position: 0 })
      expect(unordered(after)).toEqual(unordered(before))
      expect(await listTrash(db())).toEqual([])
    }
    expect(await files()).toContain(member.avatar)
    const log = await db().selectFrom('activity').select(['action', 'title']).where('action', '=', 'restored').execute()
    expect(log.map((line) => line.title)).toEqual(expect.arrayContaining(cases.map((one) => one.name)))
  })

  it('refuses a restore whose address another record took meanwhile, changing nothing', async () => {
    const [post, other] = await db().selectFrom('blog_posts').selectAll().orderBy('id').limit(2).execute()
    await call(blogAction, '/admin/blog', { intent: 'delete', id: post!.id, version: post!.updated_at })
    await db().updateTable('blog_posts').set({ slug: post!.slug }).where('id', '=', other!.id).execute()
    const [trashed] = await listTrash(db())
    const refused = await call(trashAction, '/admin/trash', { intent: 'restore', id: trashed!.id })
    expect(refused.status).toBe(409)
    expect(refused.data.toast.title).toBe(
      `“/resources/blog/${post!.slug}” is now used by “${other!.title}”. Change that one's address, then restore.`,
    )
    expect(await row('blog_posts', post!.id)).toBeUndefined()
    expect((await listTrash(db())).map((item) => item.id)).toEqual([trashed!.id])
    await db().updateTable('blog_posts').set({ slug: other!.slug }).where('id', '=', other!.id).execute()
    expect((await call(trashAction, '/admin/trash', { intent: 'restore', id: trashed!.id })).status).toBe(200)
  })

  it('lets an Author undo only what they deleted themselves', async () => {
    const member = await teamMember('Owner Deleted')
    const { data } = await call(teamAction, '/admin/team', { intent: 'delete', id: member.id, version: member.version })
    const refused = await call(blogAction, '/admin/blog', { intent: 'undo', trashId: data.undo! }, author)
    expect(refused.status).toBe(404)
    expect(await row('team_members', member.id)).toBeUndefined()
    await call(trashAction, '/admin/trash', { intent: 'restore', id: data.undo! })
  })

  it('keeps trashed images 30 days, then lets go of the rows and of files nothing else uses', async () => {
    const gone = await teamMember('Gone For Good')
    const shared = await teamMember('Shares A Photo')
    const stays = await teamMember('Still Here')
    await db().updateTable('team_members').set({ avatar_url: shared.avatar }).where('id', '=', stays.id).execute()
    for (const member of [gone, shared]) await call(teamAction, '/admin/team', { intent: 'delete', id: member.id, version: member.version })
    expect(await files()).toEqual(expect.arrayContaining([gone.avatar, shared.avatar]))
    await purgeTrash(db(), new Date(Date.now() + 29 * DAY))
    expect(await listTrash(db())).toHaveLength(2)
    await purgeTrash(db(), new Date(Date.now() + 31 * DAY))
    expect(await listTrash(db())).toEqual([])
    expect(await files()).not.toContain(gone.avatar)
    // Still shown by a member on the site, so it stays.
    expect(await files()).toContain(shared.avatar)
  })

  it('empties the Trash of what it showed, and says so', async () => {
    const members = [await teamMember('Empty One'), await teamMember('Empty Two')]
    for (const member of members) await call(teamAction, '/admin/team', { intent: 'delete', id: member.id, version: member.version })
    const shown = (await callRoute(trashLoader, new Request('http://localhost/admin/trash', { headers: { Cookie: owner } }), ctx())) as {
      items: unknown[]
      shownAt: string
    }
    expect(shown.items).toHaveLength(2)
    const emptied = await call(trashAction, '/admin/trash', { intent: 'empty', shownAt: shown.shownAt })
    expect(emptied.data.toast).toEqual({ type: 'success', title: '2 items deleted for good' })
    expect(await listTrash(db())).toEqual([])
    for (const member of members) expect(await files()).not.toContain(member.avatar)
  })
})

it.each(testDialects)(
  'migration 0044 moves records deleted before the Trash into it, and no record that still exists [%s]',
  async (dialect) => {
    const database = await createTestDatabaseAt(dialect, '2026_11_28_0043_locations_without_a_placeholder')
    try {
      const db = database.db as unknown as UntypedDb
      const revision = (id: string, recordId: string, action: string, at: string, title: string) =>
        db
          .insertInto('revisions')
          .values({
            id,
            record_type: 'post',
            record_id: recordId,
            action,
            snapshot: JSON.stringify({ id: recordId, title, slug: 'old-post', imageUrl: '/media/images/blog/a.webp' }),
            user_email: 'someone@example.com',
            created_at: at,
          })
          .execute()
      await revision('r1', 'gone-post', 'created', '2026-11-01T00:00:00.000Z', 'Old post')
      await revision('r2', 'gone-post', 'deleted', '2026-11-02T00:00:00.000Z', 'Old post')
      expect(await migrateToLatest(database)).toContain('2026_11_28_0044_trash')
      const rows = await db.selectFrom('trash').selectAll().execute()
      expect(rows).toEqual([
        expect.objectContaining({
          record_type: 'post',
          record_id: 'gone-post',
          name: 'Old post',
          address: '/resources/blog/old-post',
          images: JSON.stringify(['/media/images/blog/a.webp']),
          user_email: 'someone@example.com',
          deleted_at: '2026-11-02T00:00:00.000Z',
        }),
      ])
    } finally {
      await database.cleanup()
    }
  },
)
