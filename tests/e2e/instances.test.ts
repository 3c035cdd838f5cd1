import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestAuthor, createTestPost, setSiteTimeZone } from '../support/blog'
import { createTestDatabase, type TestDatabase } from '../support/databases'
import { postForm, signInOverHttp, visit } from '../support/http'
import { logMessages } from '../support/log-lines'
import { createAdmin, startServer, type RunningServer } from '../support/server'
import { MAX_FAILED_SIGN_INS } from '~/server/repositories/sign-in-attempts.server'
import { ADMIN } from '../support/site'

// Several instances share state only through PostgreSQL; SQLite is one instance by design
// (docs/operations.md). CI always sets TEST_DATABASE_URL, so this runs there.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('two production instances on one PostgreSQL database', () => {
  let database: TestDatabase
  let first: RunningServer
  let second: RunningServer
  let draft = { id: '', slug: '' }

  beforeAll(async () => {
    database = await createTestDatabase('postgres', { migrate: false })
    if (database.target.kind !== 'postgres') throw new Error('expected PostgreSQL')
    const env = {
      DATABASE_URL: database.target.url,
      COOKIE_SECRET: 'shared-secret-for-both-instances-0123456789',
      ANALYTICS_FLUSH_SECONDS: '0.2',
    }
    first = await startServer(env)
    second = await startServer(env)
    await createAdmin(first, ADMIN.email, ADMIN.password)
    draft = await createTestPost(database.db, await createTestAuthor(database.db), {
      title: 'Shared Draft',
      slug: 'shared-draft',
      published: false,
      publishedAt: null,
    })
  })
  afterAll(async () => {
    await first?.stop()
    await second?.stop()
    await database?.cleanup()
  })

  it('counts each visit once, whichever instance answers it, cached or not', async () => {
    const campaign = `two-instances-${Date.now()}`
    const browser = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
    for (let i = 0; i < 10; i++) {
      const answer = await fetch(`${(i % 2 ? first : second).url}/partners?utm_source=both&utm_campaign=${campaign}`, {
        headers: { 'User-Agent': browser },
      })
      expect(answer.status).toBe(200)
    }
    const counted = () =>
      database.db
        .selectFrom('campaign_visits')
        .select((eb) => eb.fn.sum<string | number>('visits').as('visits'))
        .where('campaign', '=', campaign)
        .executeTakeFirst()
    await expect.poll(async () => Number((await counted())?.visits ?? 0)).toBe(10)
  })

  it('accepts on one instance a session made on the other', async () => {
    const cookie = await signInOverHttp(first.url, ADMIN.email, ADMIN.password)
    const onSecond = await fetch(`${second.url}/admin/blog`, { headers: { Cookie: cookie }, redirect: 'manual' })
    expect(onSecond.status).toBe(200)
    expect(await onSecond.text()).toContain('Shared Draft')
  })

  it('serves from one instance an image uploaded through the other', async () => {
    const cookie = await signInOverHttp(first.url, ADMIN.email, ADMIN.password)
    const form = new FormData()
    form.set('name', 'Morgan Shared')
    form.set('role', 'Operations Lead')
    form.set('bio', '')
    const png = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer()
    form.set('avatar', new File([new Uint8Array(png)], 'morgan.png', { type: 'image/png' }))
    form.set('imageAlt', 'Morgan Shared smiling at the camera')
    expect((await postForm(first.url, '/admin/team/new', form, cookie)).status).toBe(302)

    const about = await visit(second.url, '/about')
    const src = /src="(\/media\/team_avatars\/[^"]+)"/.exec(about.html)?.[1]
    expect(src).toBeDefined()
    const image = await fetch(`${second.url}${src}`)
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/png'])
  })

  it("shows a post published through one instance on the other's anonymous requests a moment later", async () => {
    const cookie = await signInOverHttp(first.url, ADMIN.email, ADMIN.password)
    // The second instance has the blog and the post (a 404 is not cached) in front of it.
    for (let i = 0; i < 3; i++) await visit(second.url, '/resources/blog')
    expect((await visit(second.url, '/resources/blog')).html).not.toContain('Shared Draft')
    await expect.poll(() => logMessages(second.output())).toContain('GET /resources/blog 200 cached')

    // The other instance hears of a save through PostgreSQL a moment after the answer.
    const blogShows = async () => (await visit(second.url, '/resources/blog')).html.includes('Shared Draft')
    expect((await postForm(first.url, '/admin/blog', { intent: 'publish', id: draft.id }, cookie)).status).toBe(200)
    await expect.poll(blogShows).toBe(true)
    expect((await visit(second.url, `/resources/blog/${draft.slug}`)).status).toBe(200)

    expect((await postForm(first.url, '/admin/blog', { intent: 'unpublish', id: draft.id }, cookie)).status).toBe(200)
    await expect.poll(blogShows).toBe(false)
  })

  it("shows a case study's headline edited through one instance on the other's cached home and study pages", async () => {
    const cookie = await signInOverHttp(first.url, ADMIN.email, ADMIN.password)
    for (let i = 0; i < 3; i++) await Promise.all([visit(second.url, '/'), visit(second.url, '/case-studies/healthcare-ai')])
    await expect.poll(() => logMessages(second.output())).toContain('GET /case-studies/healthcare-ai 200 cached')
    const study = await database.db.selectFrom('case_studies').selectAll().where('id', '=', 'healthcare-ai').executeTakeFirstOrThrow()
    const form = new FormData()
    const fields = {
      title: study.title,
      client: study.client,
      industry: study.industry,
      briefDesc: study.brief_desc,
      challenge: study.challenge,
      solution: study.solution,
      results: (JSON.parse(study.results) as string[]).join('\n'),
      tags: (JSON.parse(study.tags) as string[]).join(', '),
      testimonialQuote: study.testimonial_quote,
      testimonialAuthor: study.testimonial_author,
      testimonialPosition: study.testimonial_position,
      headlineFigure: '29 → 1',
      headlineLabel: 'missed calls in the busiest week',
      position: String(study.position),
      version: study.updated_at,
    }
    for (const [name, value] of Object.entries(fields)) form.set(name, value)
    expect((await postForm(first.url, '/admin/case-studies/edit/healthcare-ai', form, cookie)).status).toBe(302)
    // The other instance hears of the save through PostgreSQL a moment after the answer.
    await expect.poll(async () => (await visit(second.url, '/')).html.includes('missed calls in the busiest week')).toBe(true)
    expect((await visit(second.url, '/case-studies/healthcare-ai')).html).toContain('29 → 1')
  })

  it('shows on one instance the history of a post published through the other, and restores it there', async () => {
    const cookie = await signInOverHttp(first.url, ADMIN.email, ADMIN.password)
    const version = async () =>
      (await database.db.selectFrom('blog_posts').select('updated_at').where('id', '=', draft.id).executeTakeFirstOrThrow()).updated_at
    expect((await postForm(first.url, '/admin/blog', { intent: 'publish', id: draft.id, version: await version() }, cookie)).status).toBe(
      200,
    )
    expect((await postForm(first.url, '/admin/blog', { intent: 'unpublish', id: draft.id, version: await version() }, cookie)).status).toBe(
      200,
    )
    const history = await fetch(`${second.url}/admin/blog/history/${draft.id}`, { headers: { Cookie: cookie } })
    expect(history.status).toBe(200)
    const html = await history.text()
    expect(html).toContain('Published')
    expect(html).toContain('Unpublished')
    const published = await database.db
      .selectFrom('revisions')
      .select('id')
      .where('record_id', '=', draft.id)
      .where('action', '=', 'published')
      .executeTakeFirstOrThrow()
    // A restore brings back content, not publishing: restoring the published revision of a post that
    // is a draft again leaves it a draft, on the other instance's pages too.
    const restored = await postForm(
      second.url,
      `/admin/blog/history/${draft.id}`,
      { intent: 'restore', revision: published.id, version: await version() },
      cookie,
    )
    expect(restored.status).toBe(302)
    expect((await visit(first.url, `/resources/blog/${draft.slug}`)).status).toBe(404)
    expect((await postForm(first.url, '/admin/blog', { intent: 'unpublish', id: draft.id, version: await version() }, cookie)).status).toBe(
      200,
    )
  })

  it('offers through one instance a draft autosaved through the other', async () => {
    const cookie = await signInOverHttp(first.url, ADMIN.email, ADMIN.password)
    const saved = await postForm(
      first.url,
      '/admin/drafts',
      {
        intent: 'save',
        type: 'case-study',
        key: 'retail-chatbot',
        values: JSON.stringify({ briefDesc: 'Typed through the first instance' }),
      },
      cookie,
    )
    expect(saved.status).toBe(200)
    const editor = await fetch(`${second.url}/admin/case-studies/edit/retail-chatbot`, { headers: { Cookie: cookie } })
    expect(editor.status).toBe(200)
    // The editor's data carries the draft the page then offers back.
    expect(await editor.text()).toContain('Typed through the first instance')
  })

  const lines = (server: RunningServer, pattern: RegExp) => logMessages(server.output()).filter((line) => pattern.test(line)).length
  const renders = (server: RunningServer, path: string) => lines(server, new RegExp(`^GET ${path.replace(/[?]/g, '\\?')} 200 [\\d.]+ms$`))

  it("leaves the other instance's cache alone for requests that change nothing a visitor sees", async () => {
    const cookie = await signInOverHttp(first.url, ADMIN.email, ADMIN.password)
    for (let i = 0; i < 2; i++) await visit(second.url, '/about')
    const rendered = renders(second, '/about')
    const refused = [
      postForm(first.url, '/admin/settings', { intent: 'site', contactEmail: 'nope' }, cookie),
      fetch(`${first.url}/admin/blog`, {
        method: 'POST',
        body: new URLSearchParams({ intent: 'delete', id: draft.id }),
        headers: { Origin: 'https://evil.example', Cookie: cookie },
      }),
      fetch(`${first.url}/admin/blog`, {
        method: 'POST',
        body: new URLSearchParams({ intent: 'delete', id: draft.id }),
        redirect: 'manual',
      }),
      postForm(first.url, '/admin/session', {}, cookie),
    ]
    expect((await Promise.all(refused)).map((r) => r.status)).toEqual([400, 403, 302, 200])
    // Time for a NOTIFY, had one been sent, to reach the second instance.
    await new Promise((resolve) => setTimeout(resolve, 500))
    await visit(second.url, '/about')
    expect(renders(second, '/about')).toBe(rendered)
  })

  it('shows a post scheduled through one instance on both instances when its time comes, with no other action', async () => {
    const cookie = await signInOverHttp(first.url, ADMIN.email, ADMIN.password)
    const due = new Date(Math.ceil((Date.now() + 5_000) / 1000) * 1000)
    // On a UTC site the due second is written as it stands (the editor's field holds whole minutes).
    await setSiteTimeZone(database.db, 'UTC')
    const form = new FormData()
    const fields = {
      title: 'Scheduled Shared',
      slug: 'scheduled-shared',
      content: 'On time.',
      excerpt: '',
      publishAt: due.toISOString().slice(0, 19),
      timeZone: 'UTC',
      published: 'on',
    }
    for (const [name, value] of Object.entries(fields)) form.set(name, value)
    form.set(
      'authorId',
      await database.db
        .selectFrom('authors')
        .select('id')
        .executeTakeFirstOrThrow()
        .then((a) => a.id),
    )
    form.set('featuredImage', new File([], ''))
    expect((await postForm(first.url, '/admin/blog/new', form, cookie)).status).toBe(302)

    for (const server of [first, second]) {
      for (let i = 0; i < 2; i++) expect((await visit(server.url, '/resources/blog')).html).not.toContain('Scheduled Shared')
    }
    expect(Date.now()).toBeLessThan(due.getTime())
    for (const server of [first, second]) {
      await expect
        .poll(async () => (await visit(server.url, '/resources/blog')).html.includes('Scheduled Shared'), {
          timeout: 15_000,
          interval: 250,
        })
        .toBe(true)
    }
    expect(Date.now() - due.getTime()).toBeLessThan(60_000)
    await setSiteTimeZone(database.db, 'America/Chicago')
  })

  it('answers on the other instance a redirect saved through one, leaving its page cache alone', async () => {
    const cookie = await signInOverHttp(first.url, ADMIN.email, ADMIN.password)
    for (let i = 0; i < 2; i++) await visit(second.url, '/partners')
    const rendered = renders(second, '/partners')
    const asked = () => fetch(`${second.url}/our-partners?ref=card`, { redirect: 'manual' })
    expect((await asked()).status).toBe(404)

    expect(
      (await postForm(first.url, '/admin/redirects/new', { fromPath: '/our-partners', toTarget: '/partners', status: '301' }, cookie))
        .status,
    ).toBe(302)
    // The other instance hears of the save through PostgreSQL a moment after the answer.
    await expect.poll(async () => (await asked()).status).toBe(301)
    expect((await asked()).headers.get('location')).toBe('/partners?ref=card')
    await visit(second.url, '/partners')
    expect(renders(second, '/partners')).toBe(rendered)
  })

  // Last: it locks this address out of signing in.
  it('lets someone invited through one instance join through the other, where a role change or removal applies at once', async () => {
    const owner = await signInOverHttp(first.url, ADMIN.email, ADMIN.password)
    const invited = await postForm(
      first.url,
      '/admin/people',
      { intent: 'invite', email: 'shared-editor@example.com', role: 'editor' },
      owner,
    )
    const token = /\/admin\/invitation\/([A-Za-z0-9_-]{43})/.exec(await invited.text())?.[1]
    expect(token).toBeDefined()
    const joined = await postForm(
      second.url,
      `/admin/invitation/${token}`,
      { password: 'a-shared-password', confirmPassword: 'a-shared-password' },
      '',
    )
    expect(joined.status).toBe(302)
    const editor = joined.headers
      .getSetCookie()
      .find((c) => c.startsWith('session='))!
      .split(';')[0]!
    const status = async (server: RunningServer, path: string) =>
      (await fetch(`${server.url}${path}`, { headers: { Cookie: editor }, redirect: 'manual' })).status
    expect([await status(first, '/admin/inbox'), await status(first, '/admin/people')]).toEqual([200, 403])

    const id = (
      await database.db.selectFrom('users').select('id').where('email', '=', 'shared-editor@example.com').executeTakeFirstOrThrow()
    ).id
    expect((await postForm(second.url, '/admin/people', { intent: 'change-role', id, role: 'author' }, owner)).status).toBe(302)
    expect(await status(first, '/admin/inbox')).toBe(403)
    expect((await postForm(first.url, '/admin/people', { intent: 'remove', id, confirmed: 'yes' }, owner)).status).toBe(302)
    expect(await status(second, '/admin/blog')).toBe(302)
  })

  it(`checks only ${MAX_FAILED_SIGN_INS} of 30 sign-in guesses sent at once to both instances`, async () => {
    const guesses = Array.from({ length: 30 }, (_, i) =>
      fetch(`${(i % 2 ? first : second).url}/admin/login`, {
        method: 'POST',
        body: new URLSearchParams({ email: ADMIN.email, password: `wrong-${i}` }),
        redirect: 'manual',
      }),
    )
    const statuses = (await Promise.all(guesses)).map((r) => r.status)
    expect(statuses.filter((s) => s === 401)).toHaveLength(MAX_FAILED_SIGN_INS)
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - MAX_FAILED_SIGN_INS)
  })
})
