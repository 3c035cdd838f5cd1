import { CompiledQuery, sql } from 'kysely'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { activityPageQuery, recordActivity } from '~/server/repositories/activity.server'
import { loader as activityLoader } from '~/routes/admin/activity'
import { action as authorEditorAction } from '~/routes/admin/author-editor'
import { action as authorsAction } from '~/routes/admin/authors'
import { action as inboxMessageAction } from '~/routes/admin/inbox-message'
import { action as mediaEditorAction } from '~/routes/admin/media-editor'
import { action as mediaAction } from '~/routes/admin/media'
import { action as searchAndSharingAction } from '~/routes/admin/search-and-sharing-editor'
import { action as peopleAction } from '~/routes/admin/people'
import { action as redirectEditorAction } from '~/routes/admin/redirect-editor'
import { action as redirectsAction } from '~/routes/admin/redirects'
import { action as settingsAction } from '~/routes/admin/settings'
import { action as teamEditorAction } from '~/routes/admin/team-member-editor'
import { action as teamAction } from '~/routes/admin/team'
import { action as testimonialEditorAction } from '~/routes/admin/testimonial-editor'
import { action as testimonialsAction } from '~/routes/admin/testimonials'
import type { ActivityTable, Db } from '~/server/db/schema.server'
import { createInquiry } from '~/server/repositories/inquiries.server'
import { getSiteSettingsToEdit } from '~/server/repositories/settings.server'
import { signIn } from '~/server/services/auth.server'
import { removeItem, saveItem } from '~/server/services/collections.server'
import { IMAGE_PLACES, saveImage } from '~/server/services/media.server'
import { createPage } from '~/server/services/pages.server'
import { upsertAdmin } from '~/server/services/users.server'
import { signedInAdmin, testContext } from '../support/context'
import { describeEachDatabase, failingOn, type TestDatabase } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'

/*
 * The Activity log records every change the back office makes, each in the change's own transaction,
 * and its screen narrows the log by person, kind and date through the address.
 */

const PASSWORD = 'a-long-password'
const noFile = () => new File([], '', { type: 'application/octet-stream' })
type Line = Pick<ActivityTable, 'user_email' | 'action' | 'record_type' | 'title'>
type Screen = {
  rows: (ActivityTable & { userName: string | null })[]
  page: number
  pageCount: number
  people: { email: string; name: string | null }[]
  filter: Record<string, string>
  errors: Record<string, string>
}

/** The engine's plan for a query, as one text. */
async function planOf(database: TestDatabase, query: CompiledQuery): Promise<string> {
  const explain = database.dialect === 'sqlite' ? 'explain query plan ' : 'explain '
  const result = await database.db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(explain + query.sql, [...query.parameters]))
  return result.rows.map((row) => Object.values(row).join(' ')).join('\n')
}

describeEachDatabase('the activity log', (getDb) => {
  const db = () => getDb().db
  const ctx = (on: Db = db()) => testContext(on)
  let cookie = ''
  const OWNER = 'keeper@example.com'

  beforeAll(async () => {
    await upsertAdmin(db(), OWNER, PASSWORD)
    await db().updateTable('users').set({ role: 'owner' }).where('email', '=', OWNER).execute()
    const result = await signIn(new Request('http://localhost/admin/login'), ctx(), { email: OWNER, password: PASSWORD })
    if (!result.ok) throw new Error('sign-in failed')
    cookie = result.setCookie.split(';')[0]!
  })

  /** A form posted as the browser sends an editor's (multipart, with its empty file inputs). */
  async function post(
    action: (args: never) => unknown,
    path: string,
    fields: Record<string, string>,
    { params = {}, files = [] as string[] } = {},
  ) {
    const body = new FormData()
    for (const [key, value] of Object.entries(fields)) body.set(key, value)
    for (const name of files) body.set(name, noFile())
    const request = new Request(`http://localhost${path}`, { method: 'POST', body, headers: { Cookie: cookie } })
    const answer = unwrap<{ errors?: Record<string, string>; toast?: unknown }>(await callRoute(action as never, request, ctx(), params))
    expect(answer.status, JSON.stringify(answer.data)).toBeLessThan(400)
    return answer
  }
  const versionOf = async (table: 'team_members' | 'testimonials' | 'authors' | 'redirects' | 'files', id: string) =>
    (await db().selectFrom(table).select('updated_at').where('id', '=', id).executeTakeFirstOrThrow()).updated_at
  const newest = async (): Promise<Line> =>
    db()
      .selectFrom('activity')
      .select(['user_email', 'action', 'record_type', 'title'])
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow()
  const screen = async (query = '') =>
    unwrap<Screen>(
      await callRoute(activityLoader, new Request(`http://localhost/admin/activity${query}`, { headers: { Cookie: cookie } }), ctx()),
    )

  describe('records', () => {
    it('team members created, saved and deleted', async () => {
      await post(teamEditorAction, '/admin/team/new', { name: 'Rosa Vance', role: 'Consultant', bio: '' }, { files: ['avatar'] })
      expect(await newest()).toEqual({ user_email: OWNER, action: 'created', record_type: 'team', title: 'Rosa Vance' })
      const { id } = await db().selectFrom('team_members').select('id').where('name', '=', 'Rosa Vance').executeTakeFirstOrThrow()
      await post(
        teamEditorAction,
        `/admin/team/edit/${id}`,
        { name: 'Rosa Vance-Li', role: 'Lead', bio: '', version: await versionOf('team_members', id) },
        { params: { id }, files: ['avatar'] },
      )
      expect(await newest()).toEqual({ user_email: OWNER, action: 'updated', record_type: 'team', title: 'Rosa Vance-Li' })
      await post(teamAction, '/admin/team', { intent: 'delete', id, version: await versionOf('team_members', id) })
      expect(await newest()).toEqual({ user_email: OWNER, action: 'deleted', record_type: 'team', title: 'Rosa Vance-Li' })
    })

    it('keeps no change whose line cannot be written: the two land together', async () => {
      const body = new URLSearchParams({ fromPath: '/unlogged', toTarget: '/contact', status: '301' })
      const request = new Request('http://localhost/admin/redirects/new', {
        method: 'POST',
        body,
        headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      })
      const answer = unwrap<{ failure: string }>(
        await callRoute(redirectEditorAction, request, ctx(failingOn(db(), 'InsertQueryNode', 'activity'))),
      )
      expect(answer.status).toBe(500)
      expect(answer.data.failure).toBe('Failed to create redirect. Please try again.')
      expect(await db().selectFrom('redirects').select('id').where('from_path', '=', '/unlogged').executeTakeFirst()).toBeUndefined()
    })

    it('testimonials and authors created and deleted', async () => {
      await post(testimonialEditorAction, '/admin/testimonials/new', {
        quote: 'They answered every call.',
        name: 'Dee Mart',
        title: '',
        company: 'Mart HVAC',
        stars: '5',
      })
      expect(await newest()).toEqual({ user_email: OWNER, action: 'created', record_type: 'testimonials', title: 'Dee Mart' })
      const testimonial = await db().selectFrom('testimonials').select('id').where('name', '=', 'Dee Mart').executeTakeFirstOrThrow()
      await post(testimonialsAction, '/admin/testimonials', {
        intent: 'delete',
        id: testimonial.id,
        version: await versionOf('testimonials', testimonial.id),
      })
      expect(await newest()).toEqual({ user_email: OWNER, action: 'deleted', record_type: 'testimonials', title: 'Dee Mart' })

      await post(
        authorEditorAction,
        '/admin/authors/new',
        { name: 'Quill Penn', email: 'quill@example.com', bio: '', imageAlt: '' },
        { files: ['avatar'] },
      )
      expect(await newest()).toEqual({ user_email: OWNER, action: 'created', record_type: 'authors', title: 'Quill Penn' })
      const author = await db().selectFrom('authors').select('id').where('name', '=', 'Quill Penn').executeTakeFirstOrThrow()
      await post(authorsAction, '/admin/authors', { intent: 'delete', id: author.id, version: await versionOf('authors', author.id) })
      expect(await newest()).toEqual({ user_email: OWNER, action: 'deleted', record_type: 'authors', title: 'Quill Penn' })
    })

    it('redirects created, changed and deleted, named by where they lead', async () => {
      await post(redirectEditorAction, '/admin/redirects/new', { fromPath: '/old-offer', toTarget: '/contact', status: '301' })
      expect(await newest()).toEqual({ user_email: OWNER, action: 'created', record_type: 'redirects', title: '/old-offer → /contact' })
      const { id } = await db().selectFrom('redirects').select('id').where('from_path', '=', '/old-offer').executeTakeFirstOrThrow()
      await post(
        redirectEditorAction,
        `/admin/redirects/edit/${id}`,
        { fromPath: '/old-offer', toTarget: '/about', status: '302', version: await versionOf('redirects', id) },
        { params: { id } },
      )
      expect(await newest()).toEqual({ user_email: OWNER, action: 'updated', record_type: 'redirects', title: '/old-offer → /about' })
      await post(redirectsAction, '/admin/redirects', { intent: 'delete', id, version: await versionOf('redirects', id) })
      expect(await newest()).toEqual({ user_email: OWNER, action: 'deleted', record_type: 'redirects', title: '/old-offer → /about' })
    })

    it('site settings, the two-factor requirement and a page’s search fields', async () => {
      const { settings, version } = await getSiteSettingsToEdit(db(), ctx().config)
      await post(settingsAction, '/admin/settings?tab=site', { intent: 'site', ...settings, contactEmail: 'desk@example.com', version })
      expect(await newest()).toEqual({ user_email: OWNER, action: 'updated', record_type: 'site-settings', title: null })
      await post(settingsAction, '/admin/settings?tab=site', { intent: 'two-factor-policy' })
      expect(await newest()).toEqual({
        user_email: OWNER,
        action: 'updated',
        record_type: 'site-settings',
        title: 'Two-factor sign-in not required',
      })
      await post(
        searchAndSharingAction,
        '/admin/settings/pages/edit/resources.blog',
        { seoTitle: 'The blog', metaDescription: '', socialImage: '', version: '' },
        { params: { id: 'resources.blog' } },
      )
      expect(await newest()).toEqual({ user_email: OWNER, action: 'updated', record_type: 'search-and-sharing', title: 'Blog' })
    })

    it('an image’s alt text edited, and the image deleted', async () => {
      const png = new File(
        [
          new Uint8Array(
            await sharp({ create: { width: 40, height: 30, channels: 3, background: '#123456' } })
              .png()
              .toBuffer(),
          ),
        ],
        'logo.png',
        { type: 'image/png' },
      )
      const url = await saveImage(db(), png, IMAGE_PLACES.post, { alt: 'Old words', decorative: false })
      const file = await db()
        .selectFrom('files')
        .select('id')
        .where('path', '=', url.split('/').slice(3).join('/'))
        .executeTakeFirstOrThrow()
      // The log names an image by the name it was uploaded with.
      const name = 'logo.png'
      await post(
        mediaEditorAction,
        `/admin/media/edit/${file.id}`,
        { imageAlt: 'A navy logo', version: await versionOf('files', file.id) },
        { params: { id: file.id } },
      )
      expect(await newest()).toEqual({ user_email: OWNER, action: 'updated', record_type: 'media', title: name })
      await post(mediaAction, '/admin/media', { intent: 'delete', id: file.id, version: await versionOf('files', file.id) })
      expect(await newest()).toEqual({ user_email: OWNER, action: 'deleted', record_type: 'media', title: name })
    })

    it('a lead’s status changes, and its erasure takes its name out of the log', async () => {
      const id = await createInquiry(db(), {
        kind: 'contact',
        name: 'Lou Grant',
        email: 'lou@example.com',
        business: null,
        message: 'Call me back.',
        ip: null,
      })
      await post(
        inboxMessageAction,
        `/admin/inbox/${id}`,
        { intent: 'status', status: 'contacted', shownStatus: 'new' },
        { params: { id } },
      )
      expect(await newest()).toEqual({
        user_email: OWNER,
        action: 'status-changed',
        record_type: 'lead',
        title: 'Lou Grant: New → Contacted',
      })
      await post(inboxMessageAction, `/admin/inbox/${id}`, { intent: 'delete' }, { params: { id } })
      const lines = await db()
        .selectFrom('activity')
        .select(['action', 'record_id', 'title'])
        .where('record_type', '=', 'lead')
        .orderBy('at')
        .execute()
      expect(lines.slice(-2)).toEqual([
        { action: 'status-changed', record_id: null, title: 'An erased lead' },
        { action: 'deleted', record_id: null, title: 'An erased lead' },
      ])
      expect(lines.some((line) => line.title?.includes('Lou Grant'))).toBe(false)
    })

    it('pages and collection items, each line saying whether its record is still there', async () => {
      type Line = { title: string | null; recordId: string | null; pageExists: boolean; itemCollection: string | null }
      const { user } = await signedInAdmin(ctx(), 'page-keeper@example.com', PASSWORD, 'editor')
      const created = await createPage(ctx(), user, { path: '/lp/kept-page', name: 'Kept page', template: 'campaign', hidden: true })
      const gone = await createPage(ctx(), user, { path: '/lp/gone-page', name: 'Gone page', template: 'campaign', hidden: true })
      if (created.outcome !== 'saved' || gone.outcome !== 'saved') throw new Error('pages not created')
      // The back office deletes no page yet; one deleted all the same has no editor to open.
      await db().deleteFrom('pages').where('id', '=', gone.id).execute()

      const question = (text: string) => ({ question: text, answer: 'An answer.' })
      const kept = await saveItem(ctx(), user, 'faq', { id: null, version: '', data: question('Do you keep it?') })
      const dropped = await saveItem(ctx(), user, 'faq', { id: null, version: '', data: question('Is it gone?') })
      if (kept.outcome !== 'saved' || dropped.outcome !== 'saved') throw new Error('items not saved')
      const { updated_at: version } = await db()
        .selectFrom('collection_items')
        .select('updated_at')
        .where('id', '=', dropped.id)
        .executeTakeFirstOrThrow()
      expect(await removeItem(ctx(), user, 'faq', { id: dropped.id, version, name: 'Is it gone?' })).toBe('saved')

      const page = await screen('?kind=pages&person=page-keeper%40example.com')
      expect(page.status).toBe(200)
      // Lines written within one millisecond are in no set order: compared by title.
      const lines = (page.data.rows as unknown as Line[])
        .map(({ title, recordId, pageExists, itemCollection }) => ({ title, recordId, pageExists, itemCollection }))
        .sort((a, b) => a.title!.localeCompare(b.title!))
      expect(lines).toEqual([
        { title: 'FAQ: Do you keep it?', recordId: kept.id, pageExists: false, itemCollection: 'faq' },
        { title: 'FAQ: Is it gone?', recordId: dropped.id, pageExists: false, itemCollection: null },
        { title: 'FAQ: Is it gone?', recordId: dropped.id, pageExists: false, itemCollection: null },
        { title: 'Gone page', recordId: gone.id, pageExists: false, itemCollection: null },
        { title: 'Kept page', recordId: created.id, pageExists: true, itemCollection: null },
      ])
    })

    it('an invitation revoked, and the admin’s own password change', async () => {
      const invited = await post(peopleAction, '/admin/people', { intent: 'invite', email: 'newhire@example.com', role: 'editor' })
      expect(invited.status).toBeLessThan(400)
      const invitation = await db()
        .selectFrom('invitations')
        .select('id')
        .where('email', '=', 'newhire@example.com')
        .executeTakeFirstOrThrow()
      await post(peopleAction, '/admin/people', { intent: 'revoke', id: invitation.id })
      expect(await newest()).toEqual({ user_email: OWNER, action: 'invitation-revoked', record_type: null, title: 'newhire@example.com' })
      await post(settingsAction, '/admin/settings', {
        intent: 'password',
        currentPassword: PASSWORD,
        newPassword: 'another-long-password',
        confirmPassword: 'another-long-password',
      })
      expect(await newest()).toEqual({ user_email: OWNER, action: 'password-changed', record_type: null, title: null })
    })
  })

  describe('the screen’s filters', () => {
    beforeAll(async () => {
      // Lines far in the past, each moved to its own day after it is written (written lines are stamped now).
      await db().deleteFrom('activity').execute()
      const days = ['2025-03-01T12:00:00.000Z', '2025-03-02T12:00:00.000Z', '2025-03-03T12:00:00.000Z']
      await recordActivity(db(), {
        user_email: 'ann@example.com',
        action: 'review-requested',
        record_type: 'post',
        record_id: 'p1',
        title: 'Spring tips',
      })
      await db().updateTable('activity').set({ at: days[0]! }).execute()
      await recordActivity(db(), { user_email: 'ben@example.com', action: 'created', record_type: 'team', title: 'Cal Dune' })
      await db().updateTable('activity').set({ at: days[1]! }).where('at', '>', '2026-01-01').execute()
      await recordActivity(db(), {
        user_email: 'ann@example.com',
        action: 'invited',
        record_type: null,
        title: 'dee@example.com as Editor',
      })
      await db().updateTable('activity').set({ at: days[2]! }).where('at', '>', '2026-01-01').execute()
    })

    const titles = (page: Screen) => page.rows.map((row) => row.title)

    it('lists everyone the log names, and narrows by person, kind and day', async () => {
      const all = await screen()
      expect(all.status).toBe(200)
      expect(titles(all.data)).toEqual(['dee@example.com as Editor', 'Cal Dune', 'Spring tips'])
      expect(all.data.people.map((person) => person.email)).toEqual(['ann@example.com', 'ben@example.com'])

      expect(titles((await screen('?person=ann%40example.com')).data)).toEqual(['dee@example.com as Editor', 'Spring tips'])
      // A review request is a post's line; People are lines without a record.
      expect(titles((await screen('?kind=posts')).data)).toEqual(['Spring tips'])
      expect(titles((await screen('?kind=team')).data)).toEqual(['Cal Dune'])
      expect(titles((await screen('?kind=people')).data)).toEqual(['dee@example.com as Editor'])
      expect(titles((await screen('?person=ben%40example.com&kind=people')).data)).toEqual([])
      // Days are the site's (America/Chicago unless set): noon UTC is that day there too; `to` includes its whole day.
      expect(titles((await screen('?from=2025-03-02')).data)).toEqual(['dee@example.com as Editor', 'Cal Dune'])
      expect(titles((await screen('?to=2025-03-02')).data)).toEqual(['Cal Dune', 'Spring tips'])
      expect(titles((await screen('?from=2025-03-02&to=2025-03-02')).data)).toEqual(['Cal Dune'])
      expect((await screen('?from=2025-03-04')).data.rows).toEqual([])
    })

    it('answers a filter it cannot apply at its field with 400, never a 500', async () => {
      const backwards = await screen('?from=2025-03-03&to=2025-03-01')
      expect(backwards.status).toBe(400)
      expect(backwards.data.errors).toEqual({ to: 'The “To” date must be on or after the “From” date' })
      expect(backwards.data.rows).toEqual([])
      expect(backwards.data.filter).toEqual({ from: '2025-03-03', to: '2025-03-01' })

      const unknown = await screen('?kind=everything&from=2025-02-30&person=%00')
      expect(unknown.status).toBe(400)
      expect(unknown.data.errors).toEqual({
        kind: 'Choose a kind from the list',
        from: 'Enter the “From” date as a calendar date, such as 2026-11-27',
        person: 'Choose a person from the list',
      })
    })

    it('keeps the filter when paging, and sends a page past the end to the last one with it', async () => {
      const past = await screen('?kind=team&page=9')
      expect(past.status).toBe(302)
      expect(past.headers.get('Location')).toBe('/admin/activity?kind=team')
    })
  })

  it('reads a page filtered by a rarely seen person or kind through its own index, and a day range through the time index', async () => {
    // A busy office's year: 6,000 lines, nearly all posts and leads from one admin; another admin and
    // the team change rarely, which is when reading their own index beats walking the whole log.
    const types = ['post', 'lead', 'post', 'lead', null] as const
    const rows = Array.from({ length: 6000 }, (_, i) => ({
      id: `plan-${i}`,
      at: new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString(),
      user_email: i % 200 === 3 ? 'admin7@example.com' : 'busy@example.com',
      action: types[i % 5] ? ('updated' as const) : ('signed-in' as const),
      record_type: i % 200 === 5 ? ('team' as const) : (types[i % 5] ?? null),
      record_id: null,
      title: `Line ${i}`,
      revision_id: null,
      restored_revision_at: null,
    }))
    for (let start = 0; start < rows.length; start += 500)
      await db()
        .insertInto('activity')
        .values(rows.slice(start, start + 500))
        .execute()
    await sql`analyze`.execute(db())
    const FULL_SCAN = /SCAN activity$|Seq Scan on activity/m
    const byPerson = await planOf(getDb(), activityPageQuery(db(), { person: 'admin7@example.com' }, 1).compile())
    expect(byPerson).toContain('activity_user_at')
    const byKind = await planOf(getDb(), activityPageQuery(db(), { kind: 'team' }, 1).compile())
    expect(byKind).toContain('activity_record_type_at')
    const byDays = await planOf(
      getDb(),
      activityPageQuery(db(), { since: '2025-03-01T06:00:00.000Z', before: '2025-03-02T06:00:00.000Z' }, 1).compile(),
    )
    expect(byDays).toContain('activity_at')
    for (const plan of [byPerson, byKind, byDays]) expect(plan).not.toMatch(FULL_SCAN)
  })
})
