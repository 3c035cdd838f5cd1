import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { aboutTestimonials } from '~/content/about'
import { homeTestimonials } from '~/content/home'
import { action as editorAction, loader as editorLoader } from '~/routes/admin/testimonial-editor'
import { action as listAction, loader as listLoader } from '~/routes/admin/testimonials'
import type { Db } from '~/server/db/schema.server'
import { logger } from '~/server/log.server'
import { takeToast } from '~/server/http/toast.server'
import type { Testimonial } from '~/content/types'
import { REVIEW_URL_MESSAGE } from '~/lib/testimonial-schema'
import { listTestimonialsFor } from '~/server/repositories/testimonials.server'
import { signIn } from '~/server/services/auth.server'
import type { PublicContent } from '~/lib/admin-sections'
import { upsertAdmin } from '~/server/services/users.server'
import { formRequest, testContext } from '../support/context'
import { describeEachDatabase, failingOn, racedBy } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'
import { blockExtra } from '../support/site-pages'

type Fields = {
  quote: string
  name: string
  title: string
  company: string
  stars: string
  reviewUrl: string
  home?: boolean
  about?: boolean
}
type FormValues = Omit<Fields, 'home' | 'about'> & { showOnHome: boolean; showOnAbout: boolean }
type EditorData = { values: FormValues; errors: Record<string, string>; failure: string | null; toast: string }
type ListAnswer = { ok: boolean; toast: { type: 'success' | 'error'; title: string } }

const staleMessage =
  'This testimonial was changed by someone else since you opened it. Reload to see their changes; your text is kept below.'
const goneMessage = 'This testimonial was deleted by someone else since you opened it. Your text is kept below.'

const typed = (overrides: Partial<Fields> = {}): Fields => ({
  quote: 'They answered every call.',
  name: 'Tess Tester',
  title: 'Owner',
  company: 'Tester Plumbing',
  stars: '5',
  reviewUrl: '',
  home: true,
  about: false,
  ...overrides,
})
/** A built-in testimonial as the pages get it: no review source, so no stars. */
const withoutSource = (testimonial: Testimonial) => ({ ...testimonial, reviewUrl: null })
/** What the form shows again for these fields: the text as typed, each box as it was ticked. */
const shownAgain = ({ home = false, about = false, ...text }: Fields): FormValues => ({ ...text, showOnHome: home, showOnAbout: about })

describeEachDatabase('admin testimonials', (getDb) => {
  let cookie = ''
  let announced: PublicContent[] = []
  const db = () => getDb().db
  const ctx = (on = db()) => testContext(on, '127.0.0.1', (what) => announced.push(what))

  beforeAll(async () => {
    await upsertAdmin(db(), 'editor@example.com', 'a-long-password')
    const result = await signIn(new Request('http://localhost/admin/login'), ctx(), {
      email: 'editor@example.com',
      password: 'a-long-password',
    })
    if (!result.ok) throw new Error('sign-in failed')
    cookie = result.setCookie.split(';')[0]!
  })

  beforeEach(() => {
    announced = []
  })

  afterEach(() => {
    vi.restoreAllMocks()
  })

  const editorPath = (id?: string) => (id ? `/admin/testimonials/edit/${id}` : '/admin/testimonials/new')
  const params = (id?: string): Record<string, string> => (id ? { id } : {})
  const rowById = (id: string) => db().selectFrom('testimonials').selectAll().where('id', '=', id).executeTakeFirst()
  const rowNamed = (name: string) => db().selectFrom('testimonials').selectAll().where('name', '=', name).executeTakeFirst()
  const count = async () => (await db().selectFrom('testimonials').select('id').execute()).length

  /** Posts the editor's form as a browser does (an unticked box is not sent); an edit carries the stored version unless told. */
  const save = async (
    fields: Fields,
    { id, version, on = db(), withCookie = cookie }: { id?: string; version?: string; on?: Db; withCookie?: string } = {},
  ) => {
    const { home, about, ...text } = fields
    const body = new FormData()
    for (const [key, value] of Object.entries(text)) body.set(key, value)
    if (home) body.set('showOnHome', 'on')
    if (about) body.set('showOnAbout', 'on')
    const loaded = version ?? (id ? (await rowById(id))?.updated_at : undefined)
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
    (
      (await callRoute(listLoader, new Request('http://localhost/admin/testimonials', { headers: { Cookie: cookie } }), ctx())) as Awaited<
        ReturnType<typeof listLoader>
      >
    ).rows
  /** The list's delete of one row, at the version the list showed: the stored one unless told. */
  const remove = async (
    id: string,
    { version, on = db(), withCookie = cookie }: { version?: string; on?: Db; withCookie?: string } = {},
  ) => {
    const fields = { intent: 'delete', id, version: version ?? (await rowById(id))?.updated_at ?? '' }
    return unwrap<ListAnswer>(await callRoute(listAction, formRequest('/admin/testimonials', fields, withCookie), ctx(on)))
  }
  /** The toast a response leaves in the flash cookie, as the root loader will read it. */
  const toastOf = async (headers: Headers) => {
    const sent = headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
    return (await takeToast(new Request('http://localhost/', { headers: { Cookie: sent } }), ctx())).toast
  }
  const pageTestimonials = async () => ({
    // The seeded home page tells its clients' words in its studies; a Testimonials block placed there would show these.
    home: await listTestimonialsFor(db(), 'home'),
    about: (await blockExtra(ctx(), '/about', 'testimonials')).testimonials,
  })

  describe('the seeded testimonials', () => {
    it('are the ones the home and About pages showed before, each page in its order', async () => {
      const pages = await pageTestimonials()
      expect(pages.home).toEqual(homeTestimonials.map(withoutSource))
      // This database has no case studies, so no client shows a mark (the browser test sees them).
      expect(pages.about).toEqual(aboutTestimonials.map((t) => ({ ...withoutSource(t), client: null })))
    })

    it('are listed for the admin in page order, camel case with their version', async () => {
      const listed = await list()
      expect(listed.map((t) => [t.name, t.position, t.showOnHome, t.showOnAbout])).toEqual([
        ['Ray Ladner', 0, true, false],
        ['Denise Robichaux', 1, true, false],
        ['Andre Batiste', 2, true, false],
        ['Jessica Trahan', 3, false, true],
        ['Lauren Whitfield', 4, false, true],
      ])
      expect(Object.keys(listed[0]!).sort()).toEqual([
        'company',
        'id',
        'name',
        'position',
        'quote',
        'reviewUrl',
        'showOnAbout',
        'showOnHome',
        'stars',
        'title',
        'version',
      ])
      expect(listed[0]!.version).toBe((await rowById(listed[0]!.id))!.updated_at)
    })
  })

  describe('creating', () => {
    it('stores the trimmed fields, blanks as null and puts it last, then returns to the list and announces it', async () => {
      const result = await save(
        typed({
          quote: '  Calls answered.  ',
          name: ' Cora Create ',
          title: '  ',
          company: '',
          stars: '4',
          reviewUrl: ' https://g.page/cora/review ',
          about: true,
        }),
      )
      expect(result.status).toBe(302)
      expect(result.headers.get('Location')).toBe('/admin/testimonials')
      expect(await toastOf(result.headers)).toEqual({ type: 'success', title: 'Testimonial created successfully' })
      const row = (await rowNamed('Cora Create'))!
      expect(row).toMatchObject({
        quote: 'Calls answered.',
        title: null,
        company: null,
        stars: 4,
        review_url: 'https://g.page/cora/review',
        show_on_home: 1,
        show_on_about: 1,
      })
      const others = (await list()).filter((t) => t.id !== row.id)
      expect(row.position).toBe(Math.max(...others.map((t) => t.position)) + 1)
      expect(row.created_at).toBe(row.updated_at)
      expect(announced).toEqual(['testimonials'])
    })

    it('treats the id "new" as create mode', async () => {
      expect((await open('new')).data.record).toBeNull()
      expect((await save(typed({ name: 'Nia New' }), { id: 'new' })).status).toBe(302)
      expect(await rowNamed('Nia New')).toBeDefined()
    })

    it.each([
      ['an empty quote and name', { quote: '  ', name: '' }, { quote: 'Quote is required', name: 'Name is required' }],
      ['a 1001-character quote', { quote: 'q'.repeat(1001) }, { quote: 'Quote must be 1,000 characters or fewer' }],
      ['a 101-character name', { name: 'N'.repeat(101) }, { name: 'Name must be 100 characters or fewer' }],
      [
        'a 101-character job title and company',
        { title: 't'.repeat(101), company: 'c'.repeat(101) },
        { title: 'Job title must be 100 characters or fewer', company: 'Company must be 100 characters or fewer' },
      ],
      ['no stars', { stars: '' }, { stars: 'Stars must be a whole number from 1 to 5' }],
      ['six stars', { stars: '6' }, { stars: 'Stars must be a whole number from 1 to 5' }],
      ['half a star', { stars: '4.5' }, { stars: 'Stars must be a whole number from 1 to 5' }],
      ['a review source that is not https', { reviewUrl: 'http://www.yelp.com/biz/x' }, { reviewUrl: REVIEW_URL_MESSAGE }],
      ['a review source that is not an address', { reviewUrl: 'our Google page' }, { reviewUrl: REVIEW_URL_MESSAGE }],
    ])('refuses %s with the messages at the fields, keeping what was typed and storing nothing', async (_case, overrides, errors) => {
      const before = await count()
      const fields = typed({ ...overrides, about: true })
      const result = await save(fields)
      expect(result.status).toBe(400)
      expect(result.data).toEqual({ values: shownAgain(fields), errors, failure: null, toast: Object.values(errors)[0] })
      expect(await toastOf(result.headers)).toBeNull()
      expect(await count()).toBe(before)
      expect(announced).toEqual([])
    })

    it('accepts the limits: a 1000-character quote, one star, shown nowhere', async () => {
      const result = await save(typed({ quote: 'q'.repeat(1000), name: 'Lim Its', stars: '1', home: false }))
      expect(result.status).toBe(302)
      expect(await rowNamed('Lim Its')).toMatchObject({ stars: 1, show_on_home: 0, show_on_about: 0 })
    })

    it('stays on the form when the database refuses the write', async () => {
      const logged = vi.spyOn(logger, 'error').mockImplementation(() => {})
      const before = await count()
      const fields = typed({ name: 'Fay Fail' })
      const result = await save(fields, { on: failingOn(db(), 'InsertQueryNode', 'testimonials') })
      expect(result.status).toBe(500)
      expect(result.data).toEqual({
        values: shownAgain(fields),
        errors: {},
        failure: 'Failed to create testimonial. Please try again.',
        toast: 'Failed to create testimonial',
      })
      expect(logged).toHaveBeenCalled()
      expect(await count()).toBe(before)
      expect(announced).toEqual([])
    })
  })

  describe('editing', () => {
    it('loads the testimonial into the form with its version', async () => {
      await save(typed({ name: 'Lou Loaded', title: 'Manager' }))
      const { id, updated_at } = (await rowNamed('Lou Loaded'))!
      expect((await open(id)).data.record).toMatchObject({
        id,
        name: 'Lou Loaded',
        title: 'Manager',
        showOnHome: true,
        showOnAbout: false,
        version: updated_at,
      })
    })

    it('sends an unknown id back to the list with "Failed to load testimonial"', async () => {
      const opened = await open('no-such-testimonial')
      expect(opened.status).toBe(302)
      expect(opened.headers.get('Location')).toBe('/admin/testimonials')
      expect(await toastOf(opened.headers)).toEqual({ type: 'error', title: 'Failed to load testimonial' })
    })

    it('updates the fields under a new version, keeps its place in the order, and announces it', async () => {
      await save(typed({ name: 'Eve Edit' }))
      const before = (await rowNamed('Eve Edit'))!
      announced = []
      const result = await save(
        typed({
          name: 'Eve Edited',
          quote: 'Better than ever.',
          company: '',
          stars: '3',
          home: false,
          about: true,
        }),
        { id: before.id },
      )
      expect(result.status).toBe(302)
      expect(await toastOf(result.headers)).toEqual({ type: 'success', title: 'Testimonial updated successfully' })
      const after = (await rowById(before.id))!
      expect(after).toMatchObject({
        name: 'Eve Edited',
        quote: 'Better than ever.',
        company: null,
        stars: 3,
        position: before.position,
        show_on_home: 0,
        show_on_about: 1,
      })
      expect(after.updated_at > before.updated_at).toBe(true)
      expect(after.created_at).toBe(before.created_at)
      expect(announced).toEqual(['testimonials'])
    })

    it('shows validation errors on edit without changing the record', async () => {
      await save(typed({ name: 'Val Idate' }))
      const before = (await rowNamed('Val Idate'))!
      const result = await save(typed({ name: '' }), { id: before.id })
      expect(result.status).toBe(400)
      expect(result.data.errors).toEqual({ name: 'Name is required' })
      expect(await rowById(before.id)).toEqual(before)
    })

    it('lets the first of two saves from one loaded version land and refuses the second with 409, keeping its text and storing nothing of it', async () => {
      await save(typed({ name: 'Vera Version' }))
      const { id, updated_at: loaded } = (await rowNamed('Vera Version'))!
      const first = await save(typed({ name: 'Vera First', quote: 'From the first tab' }), { id, version: loaded })
      expect(first.status).toBe(302)
      const landed = (await rowById(id))!
      announced = []

      const second = typed({ name: 'Vera Second', quote: 'From the second tab', about: true })
      const result = await save(second, { id, version: loaded })
      expect(result.status).toBe(409)
      expect(result.data).toEqual({ values: shownAgain(second), errors: {}, failure: staleMessage, toast: staleMessage })
      expect(await toastOf(result.headers)).toBeNull()
      expect(await rowById(id)).toEqual(landed)
      expect(announced).toEqual([])
    })

    it('refuses a save of a testimonial deleted meanwhile with 404, creating nothing', async () => {
      await save(typed({ name: 'Gil Gone' }))
      const { id, updated_at: loaded } = (await rowNamed('Gil Gone'))!
      const before = await count()
      announced = []
      const fields = typed({ name: 'Gil Revived' })
      const result = await save(fields, {
        id,
        version: loaded,
        on: racedBy(db(), () => db().deleteFrom('testimonials').where('id', '=', id).execute()),
      })
      expect(result.status).toBe(404)
      expect(result.data).toEqual({ values: shownAgain(fields), errors: {}, failure: goneMessage, toast: goneMessage })
      expect(await count()).toBe(before - 1)
      expect(await rowNamed('Gil Revived')).toBeUndefined()
      expect(announced).toEqual([])
    })
  })

  describe('deleting', () => {
    it('deletes the version the list showed and announces it', async () => {
      await save(typed({ name: 'Dee Delete' }))
      const shown = (await list()).find((t) => t.name === 'Dee Delete')!
      announced = []
      const result = await remove(shown.id, { version: shown.version })
      expect(result.status).toBe(200)
      expect(result.data).toEqual({
        ok: true,
        toast: { type: 'success', title: 'Testimonial deleted successfully' },
        undo: expect.any(String),
      })
      expect(await rowById(shown.id)).toBeUndefined()
      expect(announced).toEqual(['testimonials'])
    })

    it('refuses to delete a testimonial changed since the list was loaded', async () => {
      await save(typed({ name: 'Stella Stale' }))
      const shown = (await list()).find((t) => t.name === 'Stella Stale')!
      expect((await save(typed({ name: 'Stella Stale', quote: 'Edited meanwhile' }), { id: shown.id })).status).toBe(302)
      announced = []
      const result = await remove(shown.id, { version: shown.version })
      expect(result.status).toBe(409)
      expect(result.data).toEqual({
        ok: false,
        toast: {
          type: 'error',
          title: 'This testimonial was changed by someone else since the list was loaded. Look it over, then delete it again.',
        },
      })
      expect((await rowById(shown.id))!.quote).toBe('Edited meanwhile')
      expect(announced).toEqual([])
    })

    it('answers a testimonial already deleted with 404, and a request without one with "Failed to delete testimonial"', async () => {
      const gone = await remove('no-such-testimonial', { version: '2026-01-01T00:00:00.000Z' })
      expect(gone.status).toBe(404)
      expect(gone.data.toast).toEqual({ type: 'error', title: 'This testimonial was already deleted.' })
      const empty = await remove('')
      expect(empty.status).toBe(400)
      expect(empty.data.toast).toEqual({ type: 'error', title: 'Failed to delete testimonial' })
      expect(announced).toEqual([])
    })
  })

  describe('the public pages', () => {
    it('show the testimonials ticked for them, in order', async () => {
      await db().deleteFrom('testimonials').execute()
      expect(await pageTestimonials()).toEqual({ home: [], about: [] })
      await save(typed({ name: 'Both Pages', about: true }))
      await save(typed({ name: 'Home Only' }))
      await save(typed({ name: 'About Only', home: false, about: true }))
      await save(typed({ name: 'Nowhere', home: false }))
      await save(typed({ name: 'Home Last' }))
      const ids = new Map((await list()).map((t) => [t.name, t.id]))
      const order = ['Nowhere', 'About Only', 'Home Only', 'Both Pages', 'Home Last'].map((name) => ids.get(name)!)
      const reordered = await callRoute(listAction, formRequest('/admin/testimonials', { intent: 'reorder', id: order }, cookie), ctx())
      expect(unwrap<ListAnswer>(reordered).data.ok).toBe(true)
      const pages = await pageTestimonials()
      expect(pages.home.map((t) => t.name)).toEqual(['Home Only', 'Both Pages', 'Home Last'])
      expect(pages.about.map((t) => t.name)).toEqual(['About Only', 'Both Pages'])
      expect(pages.home[0]).toEqual({
        quote: 'They answered every call.',
        name: 'Home Only',
        title: 'Owner',
        company: 'Tester Plumbing',
        stars: 5,
        reviewUrl: null,
      })

      const homeOnly = (await rowNamed('Home Only'))!
      await save(typed({ name: 'Home Only', home: false }), { id: homeOnly.id })
      expect((await pageTestimonials()).home.map((t) => t.name)).toEqual(['Both Pages', 'Home Last'])
    })

    it('fall back to the built-in testimonials, with a logged error, when the database cannot be read', async () => {
      const logged = vi.spyOn(logger, 'error').mockImplementation(() => {})
      const broken = failingOn(db(), 'SelectQueryNode', 'testimonials')
      expect(await listTestimonialsFor(broken, 'home')).toEqual(homeTestimonials.map(withoutSource))
      expect(await listTestimonialsFor(broken, 'about')).toEqual(aboutTestimonials.map(withoutSource))
      expect(logged).toHaveBeenCalledWith(
        { err: expect.any(Error) },
        expect.stringContaining("Failed to load the home page's testimonials"),
      )
    })
  })

  it('sends every page and action to the login page without a session, changing nothing', async () => {
    await save(typed({ name: 'Sam Safe' }))
    const { id } = (await rowNamed('Sam Safe'))!
    const outcomes = [
      unwrap(await callRoute(listLoader, new Request('http://localhost/admin/testimonials'), ctx())),
      await open(id, ''),
      await remove(id, { withCookie: '' }),
      await save(typed({ name: 'Sam Changed' }), { id, withCookie: '' }),
    ]
    for (const outcome of outcomes) {
      expect(outcome.status).toBe(302)
      // A page asked for names itself, to come back to after signing in; a form does not.
      expect(outcome.headers.get('Location')).toMatch(/^\/admin\/login(\?redirectTo=%2Fadmin%2Ftestimonials\S*)?$/)
    }
    expect((await rowById(id))!.name).toBe('Sam Safe')
  })
})
