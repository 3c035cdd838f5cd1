import sharp from 'sharp'
import { NO_SEARCH_FIELDS } from '~/lib/search-fields'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { logger } from '~/server/log.server'
import { caseStudies as seededStudies } from '~/content/case-studies'
import { repeatedFigureWarning } from '~/lib/case-study-schema'
import { action as listAction, loader as listLoader } from '~/routes/admin/case-studies'
import { action as editorAction, loader as editorLoader } from '~/routes/admin/case-study-editor'
import { loader as mediaLoader } from '~/routes/media'
import { loader as publicLoader } from '~/routes/site/case-studies'
import { loader as studyPageLoader } from '~/routes/site/case-study'
import { signIn } from '~/server/services/auth.server'
import {
  createCaseStudy,
  deleteCaseStudy,
  getCaseStudy,
  listCaseStudies,
  updateCaseStudy,
  type CaseStudyFields,
} from '~/server/repositories/case-studies.server'
import type { Db } from '~/server/db/schema.server'
import type { PublicContent } from '~/lib/admin-sections'
import { seedOnce } from '~/server/services/seed.server'
import { parseMediaUrl } from '~/server/services/media.server'
import { purgeTrash } from '~/server/services/trash.server'
import { upsertAdmin } from '~/server/services/users.server'
import { formRequest, testContext, toastFrom } from '../support/context'
import { describeEachDatabase, failingOn, racedBy } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'
import { blockExtra } from '../support/site-pages'

let blue: Uint8Array<ArrayBuffer>
let red: Uint8Array<ArrayBuffer>
beforeAll(async () => {
  blue = Uint8Array.from(
    await sharp({ create: { width: 60, height: 40, channels: 3, background: '#336699' } })
      .png()
      .toBuffer(),
  )
  red = Uint8Array.from(
    await sharp({ create: { width: 60, height: 40, channels: 3, background: '#993333' } })
      .png()
      .toBuffer(),
  )
})

const DAY = 86_400_000

const png = (bytes: Uint8Array<ArrayBuffer>, name = 'a.png') => new File([bytes], name, { type: 'image/png' })

/** Every field filled in as an admin would; tests override what they look at. */
const complete = {
  title: 'A Bakery Takes Orders Around the Clock',
  client: 'Crescent Bakery',
  industry: 'Food & Drink',
  briefDesc: 'A two-shop bakery now takes custom cake orders by chat at any hour.',
  challenge: 'Orders came in by phone during the morning rush and many were lost.',
  solution: 'A chat assistant takes orders, deposits and pickup times, and sends them to the kitchen tablet.',
  results: 'Custom orders up by a third\nNo more missed calls at 7 a.m.',
  tags: 'Chatbot, Ordering',
  testimonialQuote: 'The phone used to rule the morning. Now the chat does.',
  testimonialAuthor: 'Marie Landry',
  testimonialPosition: 'Owner',
  headlineFigure: '',
  headlineLabel: '',
  slug: '',
  seoTitle: '',
  metaDescription: '',
  socialImage: '',
}

type EditorFailure = { values: Record<string, unknown>; errors: Record<string, string>; failure: string | null; toast: string }
type ListAnswer = { ok: boolean; toast: { type: 'success' | 'error'; title: string } }

const staleMessage =
  'This case study was changed by someone else since you opened it. Reload to see their changes; your text is kept below.'
const goneMessage = 'This case study was deleted by someone else since you opened it. Your text is kept below.'

describeEachDatabase('admin case studies', (getDb) => {
  const db = () => getDb().db
  /** What public content each action said it changed. */
  let heard: PublicContent[] = []
  const ctx = (on = db()) => testContext(on, '127.0.0.1', (what) => heard.push(what))
  let cookie = ''

  afterEach(() => {
    vi.restoreAllMocks()
    heard = []
  })

  beforeAll(async () => {
    await seedOnce(db())
    await upsertAdmin(db(), 'editor@example.com', 'a-long-password')
    const result = await signIn(new Request('http://localhost/admin/login'), ctx(), {
      email: 'editor@example.com',
      password: 'a-long-password',
    })
    if (!result.ok) throw new Error('sign-in failed')
    cookie = result.setCookie.split(';')[0]!
  })

  const get = (path: string, withCookie = cookie) => new Request(`http://localhost${path}`, { headers: { Cookie: withCookie } })
  const list = async () => ((await callRoute(listLoader, get('/admin/case-studies'), ctx())) as Awaited<ReturnType<typeof listLoader>>).rows
  const openEditor = (id?: string) =>
    callRoute(editorLoader, get(id ? `/admin/case-studies/edit/${id}` : '/admin/case-studies/new'), ctx(), id ? { id } : {})

  /** Posts the editor's form; an edit carries the version its page loaded, the stored one unless told. */
  async function save(
    fields: Partial<typeof complete> & { draft?: 'on' },
    {
      id,
      version,
      image,
      on = db(),
      withCookie = cookie,
    }: { id?: string; version?: string; image?: File; on?: Db; withCookie?: string } = {},
  ) {
    const form = new FormData()
    for (const [name, value] of Object.entries({ ...complete, ...fields })) form.append(name, value)
    // An empty file input is sent as a nameless, empty file.
    form.append('image', image ?? new File([], '', { type: 'application/octet-stream' }))
    // The editor asks for alt text whenever an image is shown or chosen.
    if (!form.has('imageAlt')) form.append('imageAlt', 'Case study picture')
    const loaded = version ?? (id ? (await getCaseStudy(db(), id))?.version : undefined)
    if (loaded !== undefined) form.append('version', loaded)
    const path = id ? `/admin/case-studies/edit/${id}` : '/admin/case-studies/new'
    const request = new Request(`http://localhost${path}`, { method: 'POST', body: form, headers: { Cookie: withCookie } })
    return callRoute(editorAction, request, ctx(on), id ? { id } : {})
  }
  /** The list's delete of one row, at the version the list showed: the stored one unless told. */
  async function remove(id: string, { version, on = db() }: { version?: string; on?: Db } = {}) {
    const fields = { intent: 'delete', id, version: version ?? (await getCaseStudy(db(), id))?.version ?? '' }
    return unwrap<ListAnswer>(await callRoute(listAction, formRequest('/admin/case-studies', fields, cookie), ctx(on)))
  }

  const idOfTitle = async (title: string) =>
    (await db().selectFrom('case_studies').select('id').where('title', '=', title).executeTakeFirst())?.id
  const storedFile = (url: string) => {
    const { bucket, path } = parseMediaUrl(url)!
    return db().selectFrom('files').select('path').where('bucket', '=', bucket).where('path', '=', path).executeTakeFirst()
  }
  const storedFiles = async () =>
    (await db().selectFrom('files').select(['bucket', 'path']).execute()).map((f) => `/media/${f.bucket}/${f.path}`).sort()
  const count = async (table: 'files' | 'case_studies') =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  it('lists the seeded studies in their order with title, client, industry, image and version', async () => {
    const studies = await list()
    expect(studies.map((s) => s.id)).toEqual(seededStudies.map((s) => s.id))
    expect(studies[0]).toMatchObject({
      id: 'healthcare-ai',
      client: 'Bayou Family Clinic',
      industry: 'Healthcare',
      imageUrl: '/illustrations/healthcare.svg',
    })
    const stored = await db().selectFrom('case_studies').select('updated_at').where('id', '=', 'healthcare-ai').executeTakeFirstOrThrow()
    expect(studies[0]!.version).toBe(stored.updated_at)
  })

  it('sends visitors without a session to the login page and changes nothing', async () => {
    const version = (await getCaseStudy(db(), 'retail-chatbot'))!.version
    const answers = [
      await callRoute(listLoader, get('/admin/case-studies', ''), ctx()),
      await callRoute(editorLoader, get('/admin/case-studies/new', ''), ctx(), {}),
      await callRoute(listAction, formRequest('/admin/case-studies', { intent: 'delete', id: 'retail-chatbot', version }), ctx()),
      await save({ title: 'Sneaky' }, { withCookie: '' }),
    ]
    // A page asked for names itself, to come back to after signing in; a form does not.
    for (const answer of answers)
      expect((answer as Response).headers.get('Location')).toMatch(/^\/admin\/login(\?redirectTo=%2Fadmin%2Fcase-studies\S*)?$/)
    expect(await getCaseStudy(db(), 'retail-chatbot')).toBeDefined()
    expect(await idOfTitle('Sneaky')).toBeUndefined()
    expect(heard).toEqual([])
  })

  it('creates a study with an id from its title, its lists cleaned up, its image stored and a place at the end', async () => {
    const response = (await save(
      {
        results: '  Custom orders up by a third \r\n\r\nNo more missed calls at 7 a.m.\r\nCustom orders up by a third\r\n',
        tags: 'Chatbot, Ordering\nchatbot,, Small Business ,\n',
      },
      { image: png(blue, 'cake.png') },
    )) as Response
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/admin/case-studies')
    expect(toastFrom(response.headers)).toEqual({
      type: 'success',
      title: 'Case study created successfully',
      description: 'Image uploaded successfully',
    })
    expect(heard).toEqual(['case-studies'])

    const study = (await getCaseStudy(db(), 'a-bakery-takes-orders-around-the-clock'))!
    expect(study).toMatchObject({
      title: complete.title,
      client: 'Crescent Bakery',
      industry: 'Food & Drink',
      results: ['Custom orders up by a third', 'No more missed calls at 7 a.m.'],
      tags: ['Chatbot', 'Ordering', 'Small Business'],
      testimonial: { quote: complete.testimonialQuote, author: 'Marie Landry', position: 'Owner' },
      published: true,
    })
    expect(study.imageUrl).toMatch(/^\/media\/images\/case-studies\/[0-9a-f-]{36}\.png$/)
    expect(await storedFile(study.imageUrl)).toBeDefined()
    expect((await list()).at(-1)!.id).toBe(study.id)

    const publicPage = await publicLoader({ context: ctx(), request: new Request('http://localhost/case-studies') } as Parameters<
      typeof publicLoader
    >[0])
    expect(publicPage.studies.find((s) => s.id === study.id)).toMatchObject({ industry: 'Food & Drink', imageUrl: study.imageUrl })
    // The public page gets the story, not the back office's bookkeeping.
    expect(Object.keys(publicPage.studies[0]!)).not.toContain('version')
  })

  it('serves the uploaded image at the address the public card uses', async () => {
    const { imageUrl } = (await getCaseStudy(db(), 'a-bakery-takes-orders-around-the-clock'))!
    const { bucket, path } = parseMediaUrl(imageUrl)!
    const response = (await callRoute(mediaLoader, new Request(`http://localhost${imageUrl}`), ctx(), { bucket, '*': path })) as Response
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('image/png')
  })

  it('gives a clashing title the next free suffix and keeps ids to readable words', async () => {
    for (let i = 0; i < 3; i++) await save({ title: 'Same Title Twice' }, { image: png(blue) })
    const rows = await db().selectFrom('case_studies').select('id').where('title', '=', 'Same Title Twice').execute()
    expect(rows.map((r) => r.id).sort()).toEqual(['same-title-twice', 'same-title-twice-2', 'same-title-twice-3'])

    // 'new' is the create screen's address, so a study can never be called that.
    await save({ title: 'New!' }, { image: png(blue) })
    expect(await idOfTitle('New!')).toBe('new-2')
    await save({ title: '¡¿!?' }, { image: png(blue) })
    expect(await idOfTitle('¡¿!?')).toBe('case-study')
    const long = 'How a regional chain of neighbourhood laundromats finally stopped answering the same five questions'
    await save({ title: long }, { image: png(blue) })
    expect(await idOfTitle(long)).toBe('how-a-regional-chain-of-neighbourhood-laundromats-finally')
  })

  it('never hands out the same id to studies saved at the same moment', async () => {
    const fields: CaseStudyFields = { ...seededStudies[0]!, slug: '', search: NO_SEARCH_FIELDS, title: 'Saved at once', published: true }
    const image = '/illustrations/healthcare.svg'
    const written = await Promise.all([
      createCaseStudy(db(), fields, image),
      createCaseStudy(db(), fields, image),
      createCaseStudy(db(), fields, image),
    ])
    expect(new Set(written.map((w) => w.id))).toEqual(new Set(['saved-at-once', 'saved-at-once-2', 'saved-at-once-3']))
  })

  it('files a differently written industry under the spelling already in use and suggests the ones in use', async () => {
    await save({ title: 'Another clinic', industry: '  healthCARE ' }, { image: png(blue) })
    expect((await getCaseStudy(db(), 'another-clinic'))!.industry).toBe('Healthcare')
    const editor = (await openEditor()) as Awaited<ReturnType<typeof editorLoader>>
    expect(editor.record).toBeNull()
    expect(editor.industries).toEqual(expect.arrayContaining(['Healthcare', 'HVAC', 'Pet Care', 'Food & Drink']))
    expect(editor.industries.filter((i) => i.toLowerCase() === 'healthcare')).toEqual(['Healthcare'])
  })

  it('refuses missing fields with a message for each, keeps every value as typed and saves nothing', async () => {
    const before = await count('case_studies')
    const empty = Object.fromEntries(Object.keys(complete).map((key) => [key, '']))
    const result = unwrap<EditorFailure>(await save({ ...empty, results: '\n  \n', tags: ' , ' }))
    expect(result.status).toBe(400)
    expect(result.data.errors).toEqual({
      title: 'Title is required',
      client: 'Client is required',
      industry: 'Industry is required',
      briefDesc: 'Brief description is required',
      challenge: 'Challenge is required',
      solution: 'Solution is required',
      results: 'Add at least one result',
      testimonialQuote: 'Testimonial quote is required',
      testimonialAuthor: 'Testimonial author is required',
      testimonialPosition: "Author's position is required",
      image: 'Please choose an image for the case study card',
    })
    // The refusal's toast travels with the answer, shown by the editor that sent it.
    expect([result.data.toast, result.data.failure, toastFrom(result.headers)]).toEqual(['Title is required', null, null])
    expect(await count('case_studies')).toBe(before)

    const typed = { title: '  Spaces kept  ', results: 'one\r\ntwo', tags: 'a,, b' }
    const kept = unwrap<EditorFailure>(await save(typed))
    expect(kept.data.values).toMatchObject({ ...typed, image: false, fileChosen: false })
    expect(kept.data.errors).toEqual({
      image: 'Please choose an image for the case study card',
    })
    expect(heard).toEqual([])
  })

  it('refuses text over its limit with a clear message, storing neither study nor the chosen file', async () => {
    const [studies, files] = [await count('case_studies'), await storedFiles()]
    const over = (n: number) => 'x'.repeat(n + 1)
    const result = unwrap<EditorFailure>(
      await save(
        {
          title: over(200),
          client: over(100),
          industry: over(60),
          briefDesc: over(500),
          challenge: over(3000),
          solution: over(3000),
          results: `fine\n${over(300)}`,
          tags: `ok, ${over(40)}`,
          testimonialQuote: over(1000),
          testimonialAuthor: over(100),
          testimonialPosition: over(100),
        },
        { image: png(blue) },
      ),
    )
    expect(result.status).toBe(400)
    expect(result.data.errors).toEqual({
      title: 'Title must be at most 200 characters',
      client: 'Client must be at most 100 characters',
      industry: 'Industry must be at most 60 characters',
      briefDesc: 'Brief description must be at most 500 characters',
      challenge: 'Challenge must be at most 3,000 characters',
      solution: 'Solution must be at most 3,000 characters',
      results: 'Each result must be at most 300 characters',
      tags: 'Each tag must be at most 40 characters',
      testimonialQuote: 'Testimonial quote must be at most 1,000 characters',
      testimonialAuthor: 'Testimonial author must be at most 100 characters',
      testimonialPosition: "Author's position must be at most 100 characters",
    })
    // A chosen file is not kept when the form comes back, and the editor knows to ask for it again.
    expect(result.data.values).toMatchObject({ image: true, fileChosen: true })
    expect([await count('case_studies'), await storedFiles()]).toEqual([studies, files])
  })

  it('refuses a file that is not an image on the image field, saving neither study nor file', async () => {
    const [studies, files] = [await count('case_studies'), await count('files')]
    const result = unwrap<EditorFailure>(
      await save({ title: 'Fake picture' }, { image: new File(['not an image at all'], 'a.png', { type: 'image/png' }) }),
    )
    expect(result.status).toBe(400)
    expect(result.data.errors).toEqual({ image: 'Please select an image file' })
    expect(result.data.values).toMatchObject({ title: 'Fake picture', client: complete.client })
    expect([result.data.toast, toastFrom(result.headers)]).toEqual(['Failed to upload image', null])
    expect([await count('case_studies'), await count('files')]).toEqual([studies, files])
  })

  it('stays on the form when the database refuses the write, keeping the text and storing no file', async () => {
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => {})
    const [studies, files] = [await count('case_studies'), await storedFiles()]
    const result = unwrap<EditorFailure>(
      await save({ title: 'Write fails' }, { image: png(blue), on: failingOn(db(), 'InsertQueryNode', 'case_studies') }),
    )
    expect(result.status).toBe(500)
    expect(result.data).toMatchObject({
      values: { title: 'Write fails' },
      errors: {},
      failure: 'Failed to create case study. Please try again.',
      toast: 'Failed to create case study',
    })
    expect(logged).toHaveBeenCalled()
    expect([await count('case_studies'), await storedFiles()]).toEqual([studies, files])
    expect(heard).toEqual([])
  })

  it('edits every field but the id, keeps the image without a new file and replaces it with one', async () => {
    await save({ title: 'Edit this one' }, { image: png(blue) })
    const id = 'edit-this-one'
    const first = (await getCaseStudy(db(), id))!.imageUrl

    const opened = (await openEditor(id)) as Awaited<ReturnType<typeof editorLoader>>
    expect(opened.record).toMatchObject({ id, title: 'Edit this one', results: complete.results.split('\n'), imageUrl: first })

    const kept = (await save(
      { title: 'Edited title', results: 'Only one now', tags: '', industry: 'Bakeries' },
      { id, version: opened.record!.version },
    )) as Response
    expect(kept.headers.get('Location')).toBe('/admin/case-studies')
    expect(toastFrom(kept.headers)).toEqual({ type: 'success', title: 'Case study updated successfully' })
    const edited = (await getCaseStudy(db(), id))!
    expect(edited).toMatchObject({
      title: 'Edited title',
      results: ['Only one now'],
      tags: [],
      industry: 'Bakeries',
      imageUrl: first,
    })
    expect(edited.version > opened.record!.version).toBe(true)
    expect(await idOfTitle('Edited title')).toBe(id)

    const replaced = (await save({ title: 'Edited title' }, { id, image: png(red, 'new.png') })) as Response
    expect(toastFrom(replaced.headers)?.description).toBe('Image uploaded successfully')
    const second = (await getCaseStudy(db(), id))!.imageUrl
    expect(second).not.toBe(first)
    expect(await storedFile(second)).toBeDefined()
    expect(await storedFile(first)).toBeUndefined()
  })

  it('saves a headline result (figure and what it measures, both or neither) and shows it on the study page', async () => {
    const half = unwrap<EditorFailure>(await save({ title: 'Half a headline', headlineFigure: '30 → 4' }, { image: png(blue) }))
    expect(half.status).toBe(400)
    expect(half.data.errors).toEqual({ headlineLabel: 'Say what the headline figure measures' })
    const other = unwrap<EditorFailure>(
      await save({ title: 'Half a headline', headlineLabel: 'missed calls a week' }, { image: png(blue) }),
    )
    expect(other.data.errors).toEqual({ headlineFigure: 'Add the headline figure, or clear what it measures' })
    const long = unwrap<EditorFailure>(
      await save({ title: 'Half a headline', headlineFigure: '1'.repeat(17), headlineLabel: 'x' }, { image: png(blue) }),
    )
    expect(long.data.errors).toEqual({ headlineFigure: 'Headline figure must be 16 characters or fewer' })

    await save({ title: 'With a headline', headlineFigure: ' 12 → 1 ', headlineLabel: 'cakes lost a week' }, { image: png(blue) })
    expect((await getCaseStudy(db(), 'with-a-headline'))!.headline).toEqual({ figure: '12 → 1', label: 'cakes lost a week' })
    const page = unwrap<{ study: Record<string, unknown> }>(
      await callRoute(studyPageLoader, new Request('http://localhost/case-studies/with-a-headline'), ctx(), { slug: 'with-a-headline' }),
    ).data
    expect(page.study).toMatchObject({
      id: 'with-a-headline',
      client: 'Crescent Bakery',
      headline: { figure: '12 → 1', label: 'cakes lost a week' },
    })
    expect(Object.keys(page.study)).not.toContain('position')

    const version = (await getCaseStudy(db(), 'with-a-headline'))!.version
    await save({ title: 'With a headline' }, { id: 'with-a-headline', version })
    expect((await getCaseStudy(db(), 'with-a-headline'))!.headline).toBeNull()
  })

  it('answers the page of an unknown or malformed study slug with 404', async () => {
    for (const slug of ['no-such-study', 'Bad Id', 'x'.repeat(300), '../admin']) {
      const answer = await callRoute(studyPageLoader, new Request(`http://localhost/case-studies/${encodeURIComponent(slug)}`), ctx(), {
        slug,
      })
      expect(unwrap(answer).status).toBe(404)
    }
  })

  it('puts the first three studies with a headline result on the home page, following their order', async () => {
    const { results } = await blockExtra(ctx(), '/', 'hero')
    const withHeadline = (await listCaseStudies(db())).filter((study) => study.headline).slice(0, 3)
    expect(results.map((study) => study.id)).toEqual(withHeadline.map((study) => study.id))
    expect(results).toHaveLength(3)
  })

  it('replaces the static illustration of a seeded study, leaving the file on disk alone', async () => {
    const response = (await save({ title: 'Barber shop, new photo' }, { id: 'barber-scheduling', image: png(red) })) as Response
    expect(toastFrom(response.headers)?.title).toBe('Case study updated successfully')
    expect((await getCaseStudy(db(), 'barber-scheduling'))!.imageUrl).toMatch(/^\/media\/images\/case-studies\//)
  })

  it('sends an unknown id back to the list with "Failed to load case study", on opening and on saving', async () => {
    for (const response of [
      (await openEditor('no-such-study')) as Response,
      (await save({}, { id: 'no-such-study', image: png(blue) })) as Response,
    ]) {
      expect(response.headers.get('Location')).toBe('/admin/case-studies')
      expect(toastFrom(response.headers)).toEqual({ type: 'error', title: 'Failed to load case study' })
    }
    expect(await getCaseStudy(db(), 'no-such-study')).toBeUndefined()
    // The id 'new' is the create screen, not a study to edit.
    expect(((await openEditor('new')) as Awaited<ReturnType<typeof editorLoader>>).record).toBeNull()
  })

  describe('saving over a version that moved on', () => {
    it('lets the first of two saves from one loaded version land and refuses the second, keeping its text and storing nothing of it', async () => {
      await save({ title: 'Two tabs' }, { image: png(blue) })
      const id = 'two-tabs'
      const loaded = ((await openEditor(id)) as Awaited<ReturnType<typeof editorLoader>>).record!.version

      const first = (await save({ title: 'Two tabs', client: 'From the first tab' }, { id, version: loaded })) as Response
      expect(first.status).toBe(302)
      const landed = (await getCaseStudy(db(), id))!
      const files = await storedFiles()
      heard = []

      const typed = { title: 'Two tabs, second', client: 'From the second tab', results: 'Typed in the second tab' }
      const second = unwrap<EditorFailure>(await save(typed, { id, version: loaded, image: png(red) }))
      expect(second.status).toBe(409)
      expect(second.data).toEqual({
        values: {
          ...complete,
          ...typed,
          hideFromSearch: false,
          draft: false,
          image: true,
          fileChosen: true,
          imageAlt: 'Case study picture',
          imageDecorative: false,
        },
        errors: {},
        failure: staleMessage,
        toast: staleMessage,
      })
      expect(toastFrom(second.headers)).toBeNull()
      expect(await getCaseStudy(db(), id)).toEqual(landed)
      expect(landed.client).toBe('From the first tab')
      // The second save's image went down with it: no file without a study, the first one's kept.
      expect(await storedFiles()).toEqual(files)
      expect(await storedFile(landed.imageUrl)).toBeDefined()
      expect(heard).toEqual([])
    })

    it('refuses a save of a study deleted meanwhile with 404, creating nothing', async () => {
      await save({ title: 'Gone meanwhile' }, { image: png(blue) })
      const id = 'gone-meanwhile'
      const loaded = ((await openEditor(id)) as Awaited<ReturnType<typeof editorLoader>>).record!.version
      const [studies, files] = [await count('case_studies'), await storedFiles()]
      heard = []

      // Deleted by someone else after this save read the study, just before it writes.
      const typed = { title: 'Back from the dead', client: 'Still typing', results: 'Typed after it was deleted' }
      const result = unwrap<EditorFailure>(
        await save(typed, {
          id,
          version: loaded,
          image: png(red),
          on: racedBy(db(), () => db().deleteFrom('case_studies').where('id', '=', id).execute()),
        }),
      )
      expect(result.status).toBe(404)
      expect(result.data).toEqual({
        values: {
          ...complete,
          ...typed,
          hideFromSearch: false,
          draft: false,
          image: true,
          fileChosen: true,
          imageAlt: 'Case study picture',
          imageDecorative: false,
        },
        errors: {},
        failure: goneMessage,
        toast: goneMessage,
      })
      expect(toastFrom(result.headers)).toBeNull()
      expect(await count('case_studies')).toBe(studies - 1)
      expect(await getCaseStudy(db(), id)).toBeUndefined()
      expect(await idOfTitle('Back from the dead')).toBeUndefined()
      expect(await storedFiles()).toEqual(files)
      expect(heard).toEqual([])
    })

    it('refuses a save without the version its editor loaded', async () => {
      await save({ title: 'No version sent' }, { image: png(blue) })
      const result = unwrap<EditorFailure>(await save({ title: 'Changed blind' }, { id: 'no-version-sent', version: '' }))
      expect([result.status, result.data.failure]).toEqual([409, staleMessage])
      expect((await getCaseStudy(db(), 'no-version-sent'))!.title).toBe('No version sent')
    })
  })

  describe('deleting', () => {
    it('deletes a study, keeping its uploaded image with its revisions for 30 days, and a seeded one with a static image', async () => {
      await save({ title: 'Delete me' }, { image: png(blue) })
      const image = (await getCaseStudy(db(), 'delete-me'))!.imageUrl
      heard = []
      const deleted = await remove('delete-me')
      expect([deleted.status, deleted.data]).toEqual([
        200,
        { ok: true, toast: { type: 'success', title: 'Case study deleted successfully' }, undo: expect.any(String) },
      ])
      expect(toastFrom(deleted.headers)).toBeNull()
      expect(await getCaseStudy(db(), 'delete-me')).toBeUndefined()
      // Kept so the study can be restored from its history; forgotten with it after 30 days.
      expect(await storedFile(image)).toBeDefined()
      await purgeTrash(db(), new Date(Date.now() + 29 * DAY))
      expect(await storedFile(image)).toBeDefined()
      await purgeTrash(db(), new Date(Date.now() + 31 * DAY))
      expect(await storedFile(image)).toBeUndefined()
      expect(heard).toEqual(['case-studies'])

      expect((await remove('lawn-care')).status).toBe(200)
      expect((await list()).map((s) => s.id)).not.toContain('lawn-care')
    })

    it('refuses to delete a study changed since the list was loaded, keeping it and its image', async () => {
      await save({ title: 'Stale in the list' }, { image: png(blue) })
      const shown = (await list()).find((s) => s.title === 'Stale in the list')!
      expect(((await save({ title: 'Stale in the list', client: 'Edited meanwhile' }, { id: shown.id })) as Response).status).toBe(302)
      const edited = (await getCaseStudy(db(), shown.id))!
      heard = []

      const result = await remove(shown.id, { version: shown.version })
      expect(result.status).toBe(409)
      expect(result.data).toEqual({
        ok: false,
        toast: {
          type: 'error',
          title: 'This case study was changed by someone else since the list was loaded. Look it over, then delete it again.',
        },
      })
      expect(await getCaseStudy(db(), shown.id)).toEqual(edited)
      expect(await storedFile(shown.imageUrl)).toBeDefined()
      expect(heard).toEqual([])
    })

    it('answers a study already deleted with 404, and a request without id, version or intent with the failure toast', async () => {
      const gone = await remove('no-such-study', { version: '2026-01-01T00:00:00.000Z' })
      expect([gone.status, gone.data]).toEqual([
        404,
        { ok: false, toast: { type: 'error', title: 'This case study was already deleted.' } },
      ])

      const version = (await getCaseStudy(db(), 'retail-chatbot'))!.version
      const incomplete: Record<string, string>[] = [{}, { intent: 'delete', id: 'retail-chatbot' }, { id: 'retail-chatbot', version }]
      for (const fields of incomplete) {
        const refused = unwrap<ListAnswer>(await callRoute(listAction, formRequest('/admin/case-studies', fields, cookie), ctx()))
        expect([refused.status, refused.data]).toEqual([400, { ok: false, toast: { type: 'error', title: 'Failed to delete case study' } }])
      }
      expect(await getCaseStudy(db(), 'retail-chatbot')).toBeDefined()
    })

    it('says "Failed to delete case study" when the delete fails, keeping the study and its image', async () => {
      const logged = vi.spyOn(logger, 'error').mockImplementation(() => {})
      await save({ title: 'Delete fails' }, { image: png(blue) })
      const study = (await getCaseStudy(db(), 'delete-fails'))!
      const result = await remove(study.id, { on: failingOn(db(), 'DeleteQueryNode', 'case_studies') })
      expect([result.status, result.data]).toEqual([500, { ok: false, toast: { type: 'error', title: 'Failed to delete case study' } }])
      expect(logged).toHaveBeenCalled()
      expect(await getCaseStudy(db(), study.id)).toEqual(study)
      expect(await storedFile(study.imageUrl)).toBeDefined()
    })
  })

  describe('the image from upload to deletion', () => {
    it('stores a new image, keeps it through saves without a file, deletes it once replaced and the last one 30 days after the study', async () => {
      const files = await storedFiles()
      await save({ title: 'Image life' }, { image: png(blue) })
      const id = 'image-life'
      const first = (await getCaseStudy(db(), id))!.imageUrl
      expect(await storedFiles()).toEqual([...files, first].sort())

      await save({ title: 'Image life', client: 'No new file' }, { id })
      expect((await getCaseStudy(db(), id))!.imageUrl).toBe(first)

      await save({ title: 'Image life' }, { id, image: png(red) })
      const second = (await getCaseStudy(db(), id))!.imageUrl
      expect(await storedFiles()).toEqual([...files, second].sort())

      await remove(id)
      expect(await storedFiles()).toEqual([...files, second].sort())
      await purgeTrash(db(), new Date(Date.now() + 31 * DAY))
      expect(await storedFile(second)).toBeUndefined()
    })

    it('leaves no new file behind from a save that is refused, fails or comes too late, and keeps the old one', async () => {
      const logged = vi.spyOn(logger, 'error').mockImplementation(() => {})
      await save({ title: 'Keeps its image' }, { image: png(blue) })
      const id = 'keeps-its-image'
      const study = (await getCaseStudy(db(), id))!
      const files = await storedFiles()

      const answers = [
        await save({ title: '' }, { id, image: png(red) }),
        await save({ title: 'Keeps its image' }, { id, image: new File(['<svg/>'], 'a.png', { type: 'image/png' }) }),
        await save({ title: 'Keeps its image' }, { id, image: png(red), on: failingOn(db(), 'UpdateQueryNode', 'case_studies') }),
        await save({ title: 'Keeps its image' }, { id, image: png(red), version: '2026-01-01T00:00:00.000Z' }),
      ]
      expect(answers.map((answer) => unwrap(answer).status)).toEqual([400, 400, 500, 409])
      expect(logged).toHaveBeenCalled()
      expect(await getCaseStudy(db(), id)).toEqual(study)
      expect(await storedFiles()).toEqual(files)
    })
  })

  it('repository: writes over an old version are stale, over a missing id gone, and a new study goes last', async () => {
    const fields: CaseStudyFields = { ...seededStudies[1]!, slug: '', search: NO_SEARCH_FIELDS, published: true }
    const image = '/illustrations/healthcare.svg'
    expect(await updateCaseStudy(db(), 'missing', '2026-01-01T00:00:00.000Z', fields, null)).toEqual({ outcome: 'gone' })
    expect(await deleteCaseStudy(db(), 'missing', '2026-01-01T00:00:00.000Z')).toEqual({ outcome: 'gone' })

    const { id } = await createCaseStudy(db(), { ...fields, title: 'Goes last' }, image)
    expect((await listCaseStudies(db())).at(-1)!.id).toBe(id)
    const { version } = (await getCaseStudy(db(), id))!
    expect(await updateCaseStudy(db(), id, version, { ...fields, title: 'Stays last' }, null)).toEqual({
      outcome: 'saved',
      replacedImage: null,
    })
    expect(await updateCaseStudy(db(), id, version, { ...fields, title: 'Too late' }, null)).toEqual({ outcome: 'stale' })
    expect(await deleteCaseStudy(db(), id, version)).toEqual({ outcome: 'stale' })
    expect((await listCaseStudies(db())).at(-1)!.id).toBe(id)
    expect((await getCaseStudy(db(), id))!.title).toBe('Stays last')
  })

  it('keeps a draft from visitors everywhere and lets a signed-in admin preview its page', async () => {
    await save({ title: 'Held back for now', draft: 'on' }, { image: png(blue) })
    const id = 'held-back-for-now'
    expect(await getCaseStudy(db(), id)).toMatchObject({ published: false })
    expect((await list()).find((study) => study.id === id)).toMatchObject({ published: false })
    expect((await listCaseStudies(db())).map((study) => study.id)).not.toContain(id)
    const publicPage = await publicLoader({ context: ctx(), request: new Request('http://localhost/case-studies') } as Parameters<
      typeof publicLoader
    >[0])
    expect(publicPage.studies.map((study) => study.id)).not.toContain(id)

    const visit = (withCookie: string) =>
      callRoute(studyPageLoader, get(`/case-studies/${id}`, withCookie), ctx(), { slug: id }).then((answer) => unwrap(answer))
    expect((await visit('')).status).toBe(404)
    const preview = await visit(cookie)
    expect(preview.status).toBe(200)
    expect(preview.data).toMatchObject({ preview: true, study: { id } })
    expect(preview.headers.get('Cache-Control')).toBe('private, no-store')

    const version = (await getCaseStudy(db(), id))!.version
    await save({ title: 'Held back for now' }, { id, version })
    expect((await listCaseStudies(db())).map((study) => study.id)).toContain(id)
    expect((await visit('')).status).toBe(200)
  })
  it("warns, without refusing, when a headline figure repeats another study's, and opens its editor again to show it", async () => {
    const repeated = { headlineFigure: ' +18 % ', headlineLabel: 'cake orders in a month' }
    const response = (await save({ title: 'A bakery borrows a figure', ...repeated }, { image: png(blue) })) as Response
    const id = (await idOfTitle('A bakery borrows a figure'))!
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe(`/admin/case-studies/edit/${id}`)
    expect(toastFrom(response.headers)).toMatchObject({ type: 'success', title: 'Case study created successfully' })
    expect((await getCaseStudy(db(), id))!.headline).toEqual({ figure: '+18 %', label: 'cake orders in a month' })

    // The editor it opens again knows every other study's figure, and names the client already showing this one.
    const opened = (await openEditor(id)) as Awaited<ReturnType<typeof editorLoader>>
    expect(opened.figures).toContainEqual({ id: 'doggy-daycare', client: 'Wag & Wade Doggy Daycare', figure: '+18%' })
    expect(repeatedFigureWarning(opened.record!.headline!.figure, opened.figures, id)).toBe(
      'Wag & Wade Doggy Daycare already shows this figure. Each result should belong to one client.',
    )

    // A figure of its own saves back to the list, with nothing to warn about.
    const own = (await save(
      { title: 'A bakery borrows a figure', headlineFigure: '+33%', headlineLabel: 'cake orders in a month' },
      { id },
    )) as Response
    expect(own.headers.get('Location')).toBe('/admin/case-studies')
    const reopened = (await openEditor(id)) as Awaited<ReturnType<typeof editorLoader>>
    expect(repeatedFigureWarning('+33%', reopened.figures, id)).toBeUndefined()
    // A study's figure is checked against the others only: it would otherwise repeat itself.
    expect(repeatedFigureWarning('+33%', reopened.figures, null)).toBe(
      'Crescent Bakery already shows this figure. Each result should belong to one client.',
    )
    expect((await remove(id)).status).toBe(200)
  })
})
