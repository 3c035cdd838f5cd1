import sharp from 'sharp'
import { beforeAll, expect, it } from 'vitest'
import { caseStudies as seededStudies } from '~/content/case-studies'
import { action as listAction, loader as listLoader } from '~/routes/admin/case-studies'
import { action as editorAction, loader as editorLoader } from '~/routes/admin/case-study-editor'
import { loader as mediaLoader } from '~/routes/media'
import { loader as publicLoader } from '~/routes/site/case-studies'
import { signIn } from '~/server/auth.server'
import {
  createCaseStudy,
  deleteCaseStudy,
  getCaseStudy,
  listCaseStudies,
  updateCaseStudy,
  type CaseStudyFields,
} from '~/server/case-studies.server'
import { seedOnce } from '~/server/db/seed.server'
import { parseMediaUrl } from '~/server/storage.server'
import { upsertAdmin } from '~/server/users.server'
import { formRequest, testContext, toastFrom } from '../support/context'
import { describeEachDatabase } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'

let blue: Uint8Array<ArrayBuffer>
let red: Uint8Array<ArrayBuffer>
beforeAll(async () => {
  blue = Uint8Array.from(await sharp({ create: { width: 60, height: 40, channels: 3, background: '#336699' } }).png().toBuffer())
  red = Uint8Array.from(await sharp({ create: { width: 60, height: 40, channels: 3, background: '#993333' } }).png().toBuffer())
})

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
  position: '',
}

type EditorFailure = { values: Record<string, unknown>; errors: Record<string, string>; fileDropped: boolean }

describeEachDatabase('admin case studies', (getDb) => {
  const db = () => getDb().db
  const ctx = () => testContext(db())
  let cookie = ''

  beforeAll(async () => {
    await seedOnce(db())
    await upsertAdmin(db(), 'editor@example.com', 'a-long-password')
    const result = await signIn(new Request('http://localhost/admin/login'), ctx(), { email: 'editor@example.com', password: 'a-long-password' })
    if (!result.ok) throw new Error('sign-in failed')
    cookie = result.setCookie.split(';')[0]!
  })

  const get = (path: string, withCookie = cookie) => new Request(`http://localhost${path}`, { headers: { Cookie: withCookie } })
  const list = async () => ((await callRoute(listLoader, get('/admin/case-studies'), ctx())) as Awaited<ReturnType<typeof listLoader>>).studies
  const openEditor = (id?: string) =>
    callRoute(editorLoader, get(id ? `/admin/case-studies/edit/${id}` : '/admin/case-studies/new'), ctx(), id ? { id } : {})

  function save(fields: Partial<typeof complete>, { id, image, withCookie = cookie }: { id?: string; image?: File; withCookie?: string } = {}) {
    const form = new FormData()
    for (const [name, value] of Object.entries({ ...complete, ...fields })) form.append(name, value)
    // An empty file input is sent as a nameless, empty file.
    form.append('image', image ?? new File([], '', { type: 'application/octet-stream' }))
    const path = id ? `/admin/case-studies/edit/${id}` : '/admin/case-studies/new'
    const request = new Request(`http://localhost${path}`, { method: 'POST', body: form, headers: { Cookie: withCookie } })
    return callRoute(editorAction, request, ctx(), id ? { id } : {})
  }
  const remove = (id: string) => callRoute(listAction, formRequest('/admin/case-studies', { id }, cookie), ctx())

  const idOfTitle = async (title: string) => (await db().selectFrom('case_studies').select('id').where('title', '=', title).executeTakeFirst())?.id
  const storedFile = (url: string) => {
    const { bucket, path } = parseMediaUrl(url)!
    return db().selectFrom('files').select('path').where('bucket', '=', bucket).where('path', '=', path).executeTakeFirst()
  }
  const count = async (table: 'files' | 'case_studies') =>
    Number((await db().selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n)

  it('lists the seeded studies in their order with title, client, industry and image', async () => {
    const studies = await list()
    expect(studies.map((s) => s.id)).toEqual(seededStudies.map((s) => s.id))
    expect(studies[0]).toMatchObject({ id: 'healthcare-ai', client: 'Bayou Family Clinic', industry: 'Healthcare', image: '/illustrations/healthcare.svg' })
  })

  it('sends visitors without a session to the login page and changes nothing', async () => {
    const answers = [
      await callRoute(listLoader, get('/admin/case-studies', ''), ctx()),
      await callRoute(editorLoader, get('/admin/case-studies/new', ''), ctx(), {}),
      await callRoute(listAction, formRequest('/admin/case-studies', { id: 'retail-chatbot' }), ctx()),
      await save({ title: 'Sneaky' }, { withCookie: '' }),
    ]
    for (const answer of answers) expect((answer as Response).headers.get('Location')).toBe('/admin/login')
    expect(await getCaseStudy(db(), 'retail-chatbot')).toBeDefined()
    expect(await idOfTitle('Sneaky')).toBeUndefined()
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
    expect(toastFrom(response.headers)).toEqual({ type: 'success', title: 'Case study created successfully', description: 'Image uploaded successfully' })

    const study = (await getCaseStudy(db(), 'a-bakery-takes-orders-around-the-clock'))!
    expect(study).toMatchObject({
      title: complete.title,
      client: 'Crescent Bakery',
      industry: 'Food & Drink',
      results: ['Custom orders up by a third', 'No more missed calls at 7 a.m.'],
      tags: ['Chatbot', 'Ordering', 'Small Business'],
      testimonial: { quote: complete.testimonialQuote, author: 'Marie Landry', position: 'Owner' },
      position: seededStudies.length,
    })
    expect(study.image).toMatch(/^\/media\/images\/case-studies\/[0-9a-f-]{36}\.png$/)
    expect(await storedFile(study.image)).toBeDefined()
    expect((await list()).at(-1)!.id).toBe(study.id)

    const publicPage = await publicLoader({ context: ctx() } as Parameters<typeof publicLoader>[0])
    expect(publicPage.studies.find((s) => s.id === study.id)).toMatchObject({ industry: 'Food & Drink', image: study.image })
  })

  it('serves the uploaded image at the address the public card uses', async () => {
    const { image } = (await getCaseStudy(db(), 'a-bakery-takes-orders-around-the-clock'))!
    const { bucket, path } = parseMediaUrl(image)!
    const response = (await callRoute(mediaLoader, new Request(`http://localhost${image}`), ctx(), { bucket, '*': path })) as Response
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
    const fields: CaseStudyFields = {
      ...seededStudies[0]!,
      title: 'Saved at once',
      image: '/illustrations/healthcare.svg',
      position: null,
    }
    const ids = await Promise.all([createCaseStudy(db(), fields), createCaseStudy(db(), fields), createCaseStudy(db(), fields)])
    expect(new Set(ids)).toEqual(new Set(['saved-at-once', 'saved-at-once-2', 'saved-at-once-3']))
  })

  it('files a differently written industry under the spelling already in use and suggests the ones in use', async () => {
    await save({ title: 'Another clinic', industry: '  healthCARE ' }, { image: png(blue) })
    expect((await getCaseStudy(db(), 'another-clinic'))!.industry).toBe('Healthcare')
    const editor = (await openEditor()) as Awaited<ReturnType<typeof editorLoader>>
    expect(editor.study).toBeNull()
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
    expect(toastFrom(result.headers)).toEqual({ type: 'error', title: 'Failed to create case study', description: 'Title is required' })
    expect(await count('case_studies')).toBe(before)

    const typed = { title: '  Spaces kept  ', results: 'one\r\ntwo', tags: 'a,, b', position: 'soon' }
    const kept = unwrap<EditorFailure>(await save(typed))
    expect(kept.data.values).toMatchObject(typed)
    expect(kept.data.errors).toEqual({ position: 'Order must be a whole number from 0 to 9999', image: 'Please choose an image for the case study card' })
  })

  it('refuses text over its limit with a clear message', async () => {
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
          position: '10000',
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
      position: 'Order must be a whole number from 0 to 9999',
    })
    // A chosen file is not kept when the form comes back, and the editor says so.
    expect(result.data.fileDropped).toBe(true)
  })

  it('refuses a file that is not an image on the image field, saving neither study nor file', async () => {
    const [studies, files] = [await count('case_studies'), await count('files')]
    const result = unwrap<EditorFailure>(await save({ title: 'Fake picture' }, { image: new File(['not an image at all'], 'a.png', { type: 'image/png' }) }))
    expect(result.status).toBe(400)
    expect(result.data.errors).toEqual({ image: 'Please select an image file' })
    expect(result.data.values).toMatchObject({ title: 'Fake picture', client: complete.client })
    expect(toastFrom(result.headers)).toEqual({ type: 'error', title: 'Failed to upload image' })
    expect([await count('case_studies'), await count('files')]).toEqual([studies, files])
  })

  it('edits every field but the id, keeps the image without a new file and replaces it with one', async () => {
    await save({ title: 'Edit this one' }, { image: png(blue) })
    const id = 'edit-this-one'
    const first = (await getCaseStudy(db(), id))!.image

    const opened = (await openEditor(id)) as Awaited<ReturnType<typeof editorLoader>>
    expect(opened.study).toMatchObject({ id, title: 'Edit this one', results: complete.results.split('\n') })

    const kept = (await save({ title: 'Edited title', results: 'Only one now', tags: '', position: '3', industry: 'Bakeries' }, { id })) as Response
    expect(kept.headers.get('Location')).toBe('/admin/case-studies')
    expect(toastFrom(kept.headers)).toEqual({ type: 'success', title: 'Case study updated successfully' })
    expect(await getCaseStudy(db(), id)).toMatchObject({ title: 'Edited title', results: ['Only one now'], tags: [], position: 3, industry: 'Bakeries', image: first })
    expect(await idOfTitle('Edited title')).toBe(id)

    const replaced = (await save({ title: 'Edited title' }, { id, image: png(red, 'new.png') })) as Response
    expect(toastFrom(replaced.headers)?.description).toBe('Image uploaded successfully')
    const second = (await getCaseStudy(db(), id))!.image
    expect(second).not.toBe(first)
    expect(await storedFile(second)).toBeDefined()
    expect(await storedFile(first)).toBeUndefined()
  })

  it('replaces the static illustration of a seeded study, leaving the file on disk alone', async () => {
    const response = (await save({ title: 'Barber shop, new photo' }, { id: 'barber-scheduling', image: png(red) })) as Response
    expect(toastFrom(response.headers)?.title).toBe('Case study updated successfully')
    expect((await getCaseStudy(db(), 'barber-scheduling'))!.image).toMatch(/^\/media\/images\/case-studies\//)
  })

  it('sends an unknown id back to the list with "Failed to load case study", on opening and on saving', async () => {
    for (const response of [(await openEditor('no-such-study')) as Response, (await save({}, { id: 'no-such-study', image: png(blue) })) as Response]) {
      expect(response.headers.get('Location')).toBe('/admin/case-studies')
      expect(toastFrom(response.headers)).toEqual({ type: 'error', title: 'Failed to load case study' })
    }
    expect(await getCaseStudy(db(), 'no-such-study')).toBeUndefined()
    // The id 'new' is the create screen, not a study to edit.
    expect(((await openEditor('new')) as Awaited<ReturnType<typeof editorLoader>>).study).toBeNull()
  })

  it('deletes a study with its uploaded image, and a seeded one with a static image', async () => {
    await save({ title: 'Delete me' }, { image: png(blue) })
    const image = (await getCaseStudy(db(), 'delete-me'))!.image
    const deleted = unwrap<{ ok: boolean }>(await remove('delete-me'))
    expect([deleted.status, deleted.data.ok]).toEqual([200, true])
    expect(toastFrom(deleted.headers)).toEqual({ type: 'success', title: 'Case study deleted successfully' })
    expect(await getCaseStudy(db(), 'delete-me')).toBeUndefined()
    expect(await storedFile(image)).toBeUndefined()

    expect(unwrap(await remove('lawn-care')).status).toBe(200)
    expect((await list()).map((s) => s.id)).not.toContain('lawn-care')
  })

  it('answers deleting an unknown or missing id with the failure toast', async () => {
    const unknown = unwrap<{ ok: boolean }>(await remove('no-such-study'))
    expect([unknown.status, unknown.data.ok]).toEqual([404, false])
    expect(toastFrom(unknown.headers)).toEqual({ type: 'error', title: 'Failed to delete case study' })
    expect(unwrap(await callRoute(listAction, formRequest('/admin/case-studies', {}, cookie), ctx())).status).toBe(400)
  })

  it('repository: update and delete report an unknown id, and positions order the list', async () => {
    const fields: CaseStudyFields = { ...seededStudies[1]!, position: 0 }
    expect(await updateCaseStudy(db(), 'missing', fields)).toBe(false)
    expect(await deleteCaseStudy(db(), 'missing')).toBeUndefined()

    const id = await createCaseStudy(db(), { ...fields, title: 'Goes first', position: -1 })
    expect((await listCaseStudies(db()))[0]!.id).toBe(id)
    expect(await updateCaseStudy(db(), id, { ...fields, title: 'Goes last', position: null })).toBe(true)
    const ordered = await listCaseStudies(db())
    expect(ordered.at(-1)!.id).toBe(id)
    expect((await getCaseStudy(db(), id))!.title).toBe('Goes last')
  })
})
