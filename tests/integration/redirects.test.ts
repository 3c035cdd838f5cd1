import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { PublicContent } from '~/lib/admin-sections'
import { action as postEditorAction } from '~/routes/admin/post-editor'
import { action as editorAction, loader as editorLoader } from '~/routes/admin/redirect-editor'
import { action as listAction, loader as listLoader } from '~/routes/admin/redirects'
import { loader as notFoundLoader } from '~/routes/admin/not-found-paths'
import { NOT_FOUND_LIMITS, NotFoundLog, storeNotFoundHits } from '~/server/host/not-found-log.server'
import { RedirectTable } from '~/server/host/redirects.server'
import { addNotFoundHits, countNotFoundPaths, listNotFoundPaths } from '~/server/repositories/not-found-paths.server'
import { insertPage } from '~/server/repositories/pages.server'
import { getPostForEditor } from '~/server/repositories/posts.server'
import { listRedirectRoutes } from '~/server/repositories/redirects.server'
import { signIn } from '~/server/services/auth.server'
import { seedOnce } from '~/server/services/seed.server'
import { keepLinksAfterSave, redirectMovedPath } from '~/server/services/redirects.server'
import { postRevisions } from '~/server/services/posts.server'
import { restoreRevision } from '~/server/services/revisions.server'
import { upsertAdmin } from '~/server/services/users.server'
import { createTestAuthor, createTestPost, daysFromNow } from '../support/blog'
import { formRequest, testContext } from '../support/context'
import { describeEachDatabase } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'

type Refusal = { errors: Record<string, string>; values: Record<string, string>; failure: string | null; toast: string }
type ListAnswer = { ok: boolean; toast: { type: 'success' | 'error'; title: string } }

describeEachDatabase('redirects', (getDb) => {
  const db = () => getDb().db
  let announced: PublicContent[] = []
  const ctx = () => testContext(db(), '127.0.0.1', (what) => announced.push(what))
  let cookie = ''
  let authorId = ''

  beforeAll(async () => {
    authorId = await createTestAuthor(db(), { name: 'Redirect Author' })
    await upsertAdmin(db(), 'editor@example.com', 'a-long-password')
    const result = await signIn(new Request('http://localhost/admin/login'), ctx(), {
      email: 'editor@example.com',
      password: 'a-long-password',
    })
    if (!result.ok) throw new Error('sign-in failed')
    cookie = result.setCookie.split(';')[0]!
  })

  beforeEach(async () => {
    announced = []
    await db().deleteFrom('redirects').execute()
    await db().deleteFrom('not_found_paths').execute()
  })

  /** The stored redirects as from → to. */
  const table = async () => Object.fromEntries((await listRedirectRoutes(db())).map((r) => [r.fromPath, r.toTarget]))
  const rowFrom = (from: string) => db().selectFrom('redirects').selectAll().where('from_path', '=', from).executeTakeFirst()

  async function save(
    fields: { fromPath?: string; toTarget?: string; status?: string; replaceLivePage?: string },
    { id, version }: { id?: string; version?: string } = {},
  ) {
    const sent: Record<string, string> = { fromPath: '', toTarget: '', status: '301', ...fields }
    if (version) sent.version = version
    const path = id ? `/admin/redirects/edit/${id}` : '/admin/redirects/new'
    return unwrap<Refusal>(await callRoute(editorAction, formRequest(path, sent, cookie), ctx(), id ? { id } : {}))
  }

  describe('the rules of a moved page', () => {
    it('leaves a 301 at the old path and collapses chains: A→B then B→C gives A→C and B→C', async () => {
      await redirectMovedPath(db(), '/a', '/b')
      expect(await table()).toEqual({ '/a': '/b' })
      expect((await rowFrom('/a'))!.status).toBe(301)
      await redirectMovedPath(db(), '/b', '/c')
      expect(await table()).toEqual({ '/a': '/c', '/b': '/c' })
    })

    it('never points a redirect at itself: moving back deletes the redirect from the path content claims again', async () => {
      await redirectMovedPath(db(), '/a', '/b')
      await redirectMovedPath(db(), '/b', '/a')
      expect(await table()).toEqual({ '/b': '/a' })
      await redirectMovedPath(db(), '/a', '/c')
      expect(await table()).toEqual({ '/a': '/c', '/b': '/c' })
    })

    it('turns a temporary redirect from the old path into a permanent one to the new', async () => {
      expect((await save({ fromPath: '/old', toTarget: '/elsewhere', status: '302' })).status).toBe(302)
      await redirectMovedPath(db(), '/old', '/new')
      expect(await rowFrom('/old')).toMatchObject({ to_target: '/new', status: 301 })
    })

    it('removes the redirect from a path a post or case study is created at, restored to or published at', async () => {
      await redirectMovedPath(db(), '/resources/blog/taken', '/resources/blog/elsewhere')
      await keepLinksAfterSave(db(), 'post', null, { slug: 'taken', published: true, publishedAt: daysFromNow(-1) })
      expect(await table()).toEqual({})
      // A draft claims no address: the redirect stays until it is published.
      await redirectMovedPath(db(), '/resources/blog/draft', '/resources/blog/x')
      await keepLinksAfterSave(db(), 'post', null, { slug: 'draft', published: false, publishedAt: null })
      expect(await table()).toEqual({ '/resources/blog/draft': '/resources/blog/x' })
      await redirectMovedPath(db(), '/case-studies/study', '/case-studies/other')
      await keepLinksAfterSave(db(), 'case-study', null, { slug: 'study' })
      expect(await table()).toEqual({ '/resources/blog/draft': '/resources/blog/x' })
    })

    it('leaves no redirect when a scheduled post (not live yet) changes its slug', async () => {
      await keepLinksAfterSave(
        db(),
        'post',
        { slug: 'soon', published: true, publishedAt: daysFromNow(2) },
        { slug: 'later', published: true, publishedAt: daysFromNow(2) },
      )
      expect(await table()).toEqual({})
    })

    it('keeps a live post at its address when a restore brings back an older slug: nothing to redirect', async () => {
      const { id } = await createTestPost(db(), authorId, { slug: 'restored-now' })
      const current = (await getPostForEditor(db(), id))!
      const user = await db()
        .selectFrom('users')
        .select(['id', 'email'])
        .executeTakeFirstOrThrow()
        .then((row) => ({ ...row, role: 'owner' as const }))
      const revision = { createdAt: '2026-11-20T10:00:00.000Z', snapshot: { ...current, slug: 'restored-before', title: 'An older title' } }
      const refusal = await restoreRevision(db(), ctx(), postRevisions, { recordId: id, version: current.version, revision, user })
      expect(refusal).toBeNull()
      expect(await getPostForEditor(db(), id)).toMatchObject({
        slug: 'restored-now',
        title: 'An older title',
        published: true,
        publishedAt: current.publishedAt,
      })
      expect(await table()).toEqual({})
    })

    it('redirects a published post whose slug the editor changes, in the save, and announces the post change', async () => {
      const { id } = await createTestPost(db(), authorId, { slug: 'first-name' })
      const version = (await db().selectFrom('blog_posts').select('updated_at').where('id', '=', id).executeTakeFirstOrThrow()).updated_at
      const form = new FormData()
      const fields = {
        title: 'Renamed',
        slug: 'second-name',
        content: 'Text',
        excerpt: '',
        authorId,
        publishAt: '',
        published: 'on',
        version,
      }
      for (const [name, value] of Object.entries(fields)) form.append(name, value)
      form.append('featuredImage', new File([], '', { type: 'application/octet-stream' }))
      const request = new Request(`http://localhost/admin/blog/edit/${id}`, { method: 'POST', body: form, headers: { Cookie: cookie } })
      const result = unwrap(await callRoute(postEditorAction, request, ctx(), { id }))
      expect(result.status).toBe(302)
      expect(await table()).toEqual({ '/resources/blog/first-name': '/resources/blog/second-name' })
      expect(announced).toEqual(['posts'])
    })
  })

  describe('the editor', () => {
    it('creates, lists and edits a redirect with the path normalised, and announces it', async () => {
      const created = await save({ fromPath: '/Old-Page/', toTarget: '/new-page?ref=old', status: '302' })
      expect(created.status).toBe(302)
      expect(announced).toEqual(['redirects'])
      const rows = (await callRoute(
        listLoader,
        new Request('http://localhost/admin/redirects', { headers: { Cookie: cookie } }),
        ctx(),
      )) as Awaited<ReturnType<typeof listLoader>>
      expect(rows.rows.map(({ fromPath, toTarget, status }) => ({ fromPath, toTarget, status }))).toEqual([
        { fromPath: '/Old-Page', toTarget: '/new-page?ref=old', status: 302 },
      ])
      const { id, version } = rows.rows[0]!
      const opened = (await callRoute(
        editorLoader,
        new Request(`http://localhost/admin/redirects/edit/${id}`, { headers: { Cookie: cookie } }),
        ctx(),
        { id },
      )) as Awaited<ReturnType<typeof editorLoader>>
      expect(opened.record).toMatchObject({ fromPath: '/Old-Page', toTarget: '/new-page?ref=old' })
      expect((await save({ fromPath: '/Old-Page', toTarget: 'https://example.com/page', status: '301' }, { id, version })).status).toBe(302)
      expect(await rowFrom('/Old-Page')).toMatchObject({ to_target: 'https://example.com/page', status: 301 })
      // A second save from the version the first one replaced is refused.
      expect((await save({ fromPath: '/Old-Page', toTarget: '/x' }, { id, version })).status).toBe(409)
    })

    it.each([
      [
        { fromPath: '', toTarget: '' },
        { fromPath: 'From path is required', toTarget: 'Redirect to is required' },
      ],
      [
        { fromPath: 'old-page', toTarget: 'new-page' },
        {
          fromPath: 'From path must start with a single / (for example /old-page)',
          toTarget: 'Redirect to must be a path on this site starting with / or a full address starting with http:// or https://',
        },
      ],
      [
        { fromPath: '/admin/blog', toTarget: 'ftp://example.com' },
        {
          fromPath: 'Addresses under /admin belong to the site itself and cannot be redirected',
          toTarget: 'Redirect to must be a path on this site starting with / or a full address starting with http:// or https://',
        },
      ],
      [
        { fromPath: '/media/images/a.png', toTarget: '//evil.example' },
        {
          fromPath: 'Addresses under /media belong to the site itself and cannot be redirected',
          toTarget: 'Redirect to must be a path on this site starting with / or a full address starting with http:// or https://',
        },
      ],
      [{ fromPath: '/old page', toTarget: '/new' }, { fromPath: 'From path cannot contain spaces or control characters' }],
      [
        { fromPath: '/old%00', toTarget: '/new%0A' },
        {
          fromPath: 'From path cannot contain spaces or control characters',
          toTarget: 'Redirect to cannot contain spaces or control characters',
        },
      ],
      [
        { fromPath: '/old', toTarget: '/%2F%2Fevil.example' },
        { toTarget: 'Redirect to must be a path on this site starting with / or a full address starting with http:// or https://' },
      ],
      [
        { fromPath: '/old?x=1', toTarget: '/new' },
        { fromPath: 'From path cannot contain ? or #; a visitor’s query string is passed on as it is' },
      ],
      [{ fromPath: '/', toTarget: '/new' }, { fromPath: 'The home page cannot be redirected' }],
      [{ fromPath: `/${'x'.repeat(300)}`, toTarget: '/new' }, { fromPath: 'From path must be 300 characters or fewer' }],
      [{ fromPath: '/same/', toTarget: '/same?utm=1' }, { toTarget: 'A redirect cannot point to its own address' }],
      [{ fromPath: '/a', toTarget: '/b', status: '307' }, { status: 'Please choose a permanent (301) or temporary (302) redirect' }],
    ])('refuses %o with a message at each field and saves nothing', async (fields, errors) => {
      const result = await save(fields)
      expect(result.status).toBe(400)
      expect(result.data.errors).toEqual(errors)
      expect(result.data.values).toMatchObject(fields)
      expect(await table()).toEqual({})
      expect(announced).toEqual([])
    })

    it('refuses a second redirect from the same path, and one that would loop through others', async () => {
      await save({ fromPath: '/a', toTarget: '/b' })
      await save({ fromPath: '/b', toTarget: '/c' })
      expect((await save({ fromPath: '/a/', toTarget: '/d' })).data.errors).toEqual({
        fromPath: 'Another redirect already starts at this path; edit that one instead',
      })
      const loop = await save({ fromPath: '/c', toTarget: '/a' })
      expect(loop.status).toBe(409)
      expect(loop.data.errors).toEqual({ toTarget: 'This would send visitors in a circle: /a already redirects back to /c' })
      // Editing a redirect checks the chain without its own old target.
      const b = (await rowFrom('/b'))!
      expect((await save({ fromPath: '/b', toTarget: '/a' }, { id: b.id, version: b.updated_at })).data.errors).toEqual({
        toTarget: 'This would send visitors in a circle: /a already redirects back to /b',
      })
      expect(await table()).toEqual({ '/a': '/b', '/b': '/c' })
    })

    it('refuses a redirect from the address of a published or scheduled post or a case study, naming it', async () => {
      await createTestPost(db(), authorId, { slug: 'live-post', title: 'Live and well' })
      expect((await save({ fromPath: '/resources/blog/live-post', toTarget: '/b', replaceLivePage: 'on' })).data.errors).toEqual({
        fromPath:
          'The post “Live and well” is published at this address. Change its slug to move it (its old address then redirects by itself), unpublish it, or choose another path',
      })
      await createTestPost(db(), authorId, { slug: 'soon-post', title: 'Coming soon', publishedAt: daysFromNow(3) })
      expect((await save({ fromPath: '/resources/blog/soon-post', toTarget: '/b' })).data.errors.fromPath).toMatch(
        /^The post “Coming soon” is scheduled to go live at this address\./,
      )
      await seedOnce(db())
      const { slug, title } = await db().selectFrom('case_studies').select(['slug', 'title']).executeTakeFirstOrThrow()
      expect((await save({ fromPath: `/case-studies/${slug}`, toTarget: '/b' })).data.errors).toEqual({
        fromPath: `The case study “${title}” is at this address. Change its slug to move it (its old address then redirects by itself), or choose another path`,
      })
      expect(await table()).toEqual({})
    })

    it('refuses a redirect from one of the site’s own pages unless “Replace the live page” is ticked', async () => {
      // The live pages are the pages table's: an About page published, as seeded.
      const about = JSON.stringify({
        title: 'About',
        description: 'Who we are.',
        blocks: [{ id: 'h', type: 'page-header', data: { title: 'About' } }],
      })
      await insertPage(db(), { path: '/about', name: 'About', template: 'page', draft: about, live: about })
      const refused = await save({ fromPath: '/about/', toTarget: '/contact' })
      expect([refused.status, refused.data.errors]).toEqual([
        400,
        {
          fromPath:
            'The “About” page is live at this address. Tick “Replace the live page” to send its visitors on instead, or choose another path',
        },
      ])
      expect(await table()).toEqual({})
      expect((await save({ fromPath: '/about', toTarget: '/contact', replaceLivePage: 'on' })).status).toBe(302)
      expect(await table()).toEqual({ '/about': '/contact' })
    })

    it('stores a redirect to this site’s own full address as its path, either scheme, and sees the loop that makes', async () => {
      // The test context's site address is http://localhost:3000.
      const site = new URL(ctx().config.siteUrl)
      expect((await save({ fromPath: '/old-offer', toTarget: `https://${site.host}/resources/blog/?ref=offer#top` })).status).toBe(302)
      expect(await table()).toEqual({ '/old-offer': '/resources/blog?ref=offer#top' })
      expect((await save({ fromPath: '/home-again', toTarget: `${site.origin}` })).status).toBe(302)
      expect((await rowFrom('/home-again'))!.to_target).toBe('/')
      const self = await save({ fromPath: '/self', toTarget: `${site.origin}/self/` })
      expect(self.data.errors).toEqual({ toTarget: 'A redirect cannot point to its own address' })
      // Another host, even one that only looks alike, stays a full address.
      expect((await save({ fromPath: '/elsewhere', toTarget: `https://www.${site.hostname}/x` })).status).toBe(302)
      expect((await rowFrom('/elsewhere'))!.to_target).toBe(`https://www.${site.hostname}/x`)
    })

    it('removes the path from the not-found log when the redirect is created, and deletes at the version shown', async () => {
      await addNotFoundHits(db(), [
        { path: '/gone', hits: 3, firstSeenAt: '2026-11-20T00:00:00.000Z', lastSeenAt: '2026-11-21T00:00:00.000Z' },
      ])
      const log = (await callRoute(
        notFoundLoader,
        new Request('http://localhost/admin/not-found', { headers: { Cookie: cookie } }),
        ctx(),
      )) as Awaited<ReturnType<typeof notFoundLoader>>
      expect(log.paths.map((p) => [p.path, p.hits])).toEqual([['/gone', 3]])
      await save({ fromPath: '/gone', toTarget: '/contact' })
      expect(await listNotFoundPaths(db(), 10)).toEqual([])
      const row = (await rowFrom('/gone'))!
      const remove = async (version: string) =>
        unwrap<ListAnswer>(
          await callRoute(listAction, formRequest('/admin/redirects', { intent: 'delete', id: row.id, version }, cookie), ctx()),
        )
      expect((await remove('2000-01-01T00:00:00.000Z')).status).toBe(409)
      const deleted = await remove(row.updated_at)
      expect(deleted.data.toast.title).toBe('Redirect deleted successfully')
      expect(await table()).toEqual({})
    })
  })

  describe('the host', () => {
    let server: Server
    let base = ''
    let redirects: RedirectTable
    beforeAll(async () => {
      redirects = new RedirectTable(() => listRedirectRoutes(db()))
      server = createServer((req, res) =>
        redirects.whenCurrent(() => {
          if (redirects.serve(req, res)) return
          res.writeHead(404).end('app')
        }),
      )
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    })
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
    const ask = (path: string, method = 'GET') => fetch(`${base}${path}`, { redirect: 'manual', method })

    it('answers several hundred redirects, each to its own target with the query kept, in any spelling of the path', async () => {
      const now = new Date().toISOString()
      const rows = Array.from(
        { length: 600 },
        (_, i) =>
          ({
            id: `r${i}`,
            from_path: `/old/${i}`,
            to_target: i % 2 ? `/new/${i}` : `https://example.com/${i}`,
            status: i % 3 ? 301 : 302,
            created_at: now,
            updated_at: now,
          }) as const,
      )
      for (let at = 0; at < rows.length; at += 100)
        await db()
          .insertInto('redirects')
          .values(rows.slice(at, at + 100))
          .execute()
      await redirects.reload()
      expect(redirects.size).toBe(600)
      for (const i of [0, 1, 2, 299, 300, 598, 599]) {
        const response = await ask(`/old/${i}/?utm_source=mail&x=1`)
        expect(response.status).toBe(i % 3 ? 301 : 302)
        expect(response.headers.get('location')).toBe(`${i % 2 ? `/new/${i}` : `https://example.com/${i}`}?utm_source=mail&x=1`)
      }
      expect((await ask('/old/600')).status).toBe(404)
      expect((await ask('/old/1', 'POST')).status).toBe(404)
      expect((await ask('/old/1', 'HEAD')).status).toBe(301)
    })

    it('follows a chain in one hop, answers encoded and decoded paths alike, and leaves a loop to the app', async () => {
      const now = new Date().toISOString()
      const rows = [
        ['/chain-1', '/chain-2', 301],
        ['/chain-2', '/chain-3#part', 302],
        ['/café', '/resources/blog/thé?x=é', 301],
        ['/loop-a', '/loop-b', 301],
        ['/loop-b', '/loop-a', 301],
      ] as const
      await db().deleteFrom('redirects').execute()
      await db()
        .insertInto('redirects')
        .values(
          rows.map(([from_path, to_target, status], i) => ({
            id: `c${i}`,
            from_path,
            to_target,
            status,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute()
      await redirects.reload()
      const chain = await ask('/chain-1?q=1')
      expect([chain.status, chain.headers.get('location')]).toEqual([302, '/chain-3?q=1#part'])
      const encoded = await ask('/caf%C3%A9')
      expect([encoded.status, encoded.headers.get('location')]).toEqual([301, '/resources/blog/th%C3%A9?x=%C3%A9'])
      expect((await ask('/loop-a')).status).toBe(404)
      expect((await ask('/%E0%A4%A')).status).toBe(404)
    })

    it('makes requests that arrive while the table is read wait for it', async () => {
      await db().deleteFrom('redirects').execute()
      await redirects.reload()
      await redirectMovedPath(db(), '/just-moved', '/here')
      const reading = redirects.reload()
      const response = await ask('/just-moved')
      await reading
      expect([response.status, response.headers.get('location')]).toEqual([301, '/here'])
    })
  })

  describe('the not-found log', () => {
    it('counts only GETs answered 404 for public page paths, normalised, within its bounds', async () => {
      const stored: { path: string; hits: number }[][] = []
      const log = new NotFoundLog(async (hits) => {
        stored.push(hits.map(({ path, hits }) => ({ path, hits })))
      })
      log.count('GET', '/missing-page/?utm=1', 404)
      log.count('GET', '/missing-page', 404)
      log.count('GET', '/missing-page.data', 404)
      log.count('GET', '/caf%C3%A9', 404)
      for (const ignored of [
        '/admin/nope',
        '/media/x/y.png',
        '/assets/app-123.js',
        '/fonts/inter.woff2',
        '/favicon.ico',
        `/${'x'.repeat(301)}`,
        '/with%00nul',
        '/with%20space',
        '/with%0Aline',
      ]) {
        log.count('GET', ignored, 404)
      }
      log.count('POST', '/posted', 404)
      log.count('GET', '/found', 200)
      log.count('HEAD', '/head', 404)
      await log.flush()
      expect(stored).toEqual([
        [
          { path: '/missing-page', hits: 3 },
          { path: '/café', hits: 1 },
        ],
      ])
    })

    it('keeps at most a thousand new paths in memory between flushes, still counting the known ones', async () => {
      let stored: { path: string; hits: number }[] = []
      const log = new NotFoundLog(async (hits) => {
        stored = hits
      })
      for (let i = 0; i < 5_000; i++) log.count('GET', `/made-up-${i}`, 404)
      log.count('GET', '/made-up-0', 404)
      await log.flush()
      expect(stored).toHaveLength(1_000)
      expect(stored.find((hit) => hit.path === '/made-up-0')!.hits).toBe(2)
    })

    it('keeps counts that failed to store for the next flush', async () => {
      let fail = true
      let stored: { path: string; hits: number }[] = []
      const log = new NotFoundLog(async (hits) => {
        if (fail) throw new Error('database down')
        stored = hits
      })
      log.count('GET', '/x', 404)
      await log.flush()
      fail = false
      log.count('GET', '/x', 404)
      await log.flush()
      expect(stored.map(({ path, hits }) => ({ path, hits }))).toEqual([{ path: '/x', hits: 2 }])
    })

    it('drops a logged path once something answers there, whichever came last before the flush', async () => {
      const at = '2026-11-20T00:00:00.000Z'
      await addNotFoundHits(db(), [
        { path: '/now-a-post', hits: 4, firstSeenAt: at, lastSeenAt: at },
        { path: '/still-missing', hits: 2, firstSeenAt: at, lastSeenAt: at },
      ])
      const log = new NotFoundLog((hits, answered) => storeNotFoundHits(db(), hits, answered))
      log.count('GET', '/now-a-post/?utm=1', 200)
      log.count('GET', '/still-missing', 200)
      log.count('GET', '/still-missing', 404)
      log.count('GET', '/redirected.data', 301)
      log.count('GET', '/broken', 500)
      await log.flush()
      expect((await listNotFoundPaths(db(), 10)).map((p) => [p.path, p.hits])).toEqual([['/still-missing', 3]])
    })

    it('adds hits to stored counts and cuts the table back to the most hit once it grows past its bound', async () => {
      const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T00:00:00.000Z`
      await storeNotFoundHits(db(), [{ path: '/kept', hits: 2, firstSeenAt: at(1), lastSeenAt: at(2) }])
      await storeNotFoundHits(db(), [{ path: '/kept', hits: 5, firstSeenAt: at(3), lastSeenAt: at(4) }])
      expect(await listNotFoundPaths(db(), 5)).toEqual([{ path: '/kept', hits: 7, firstSeenAt: at(1), lastSeenAt: at(4) }])
      const flood = Array.from({ length: NOT_FOUND_LIMITS.pruneAbove }, (_, i) => ({
        path: `/flood-${i}`,
        hits: 1,
        firstSeenAt: at(5),
        lastSeenAt: at(5),
      }))
      await storeNotFoundHits(db(), flood)
      expect(await countNotFoundPaths(db())).toBe(NOT_FOUND_LIMITS.keep)
      expect((await listNotFoundPaths(db(), 1))[0]).toMatchObject({ path: '/kept', hits: 7 })
    })
  })
})
