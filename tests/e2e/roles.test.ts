import type { RouteConfigEntry } from '@react-router/dev/routes'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Role } from '~/lib/admin-access'
import routes from '~/routes'
import { newId, nowIso } from '~/lib/ids'
import { upsertAdmin } from '~/server/services/users.server'
import { createTestDatabase, testDialects, type TestDatabase } from '../support/databases'
import { postForm, signInOverHttp } from '../support/http'
import { startServer, withServerDb, type RunningServer } from '../support/server'

/**
 * Walks every admin address of app/routes.ts as each role, over HTTP against the real server, with
 * a GET and a POST, and checks the server's answer against this table of who may do what, written
 * here apart from the app's own table: a route missing here fails the walk until it is placed.
 */
type Access = 'public' | Role
const leastRole: Record<string, Access> = {
  'admin/login': 'public',
  'admin/forgot-password': 'public',
  'admin/reset-password/:token': 'public',
  'admin/invitation/:token': 'public',
  'admin/login/verify': 'public',
  'admin/account/two-factor': 'author',
  'admin/logout': 'author',
  'admin/session': 'author',
  'admin/account/sessions': 'author',
  'admin/blog/preview': 'author',
  'admin/inbox/export.csv': 'editor',
  'admin/drafts': 'author',
  admin: 'author',
  'admin/blog': 'author',
  'admin/blog/new': 'author',
  'admin/blog/edit/:id': 'author',
  'admin/blog/history/:id': 'editor',
  'admin/authors': 'editor',
  'admin/authors/new': 'editor',
  'admin/authors/edit/:id': 'editor',
  'admin/case-studies': 'editor',
  'admin/case-studies/new': 'editor',
  'admin/case-studies/edit/:id': 'editor',
  'admin/case-studies/history/:id': 'editor',
  'admin/team': 'editor',
  'admin/team/new': 'editor',
  'admin/team/edit/:id': 'editor',
  'admin/testimonials': 'editor',
  'admin/testimonials/new': 'editor',
  'admin/testimonials/edit/:id': 'editor',
  'admin/redirects': 'editor',
  'admin/redirects/new': 'editor',
  'admin/redirects/edit/:id': 'editor',
  'admin/not-found': 'editor',
  'admin/media': 'editor',
  'admin/media/edit/:id': 'editor',
  'admin/media/new': 'editor',
  'admin/media/upload': 'author',
  'admin/tags': 'editor',
  'admin/trash': 'editor',
  'admin/pages': 'editor',
  'admin/pages/new': 'editor',
  'admin/pages/edit/:id': 'editor',
  'admin/pages/history/:id': 'editor',
  'admin/pages/preview/:id': 'editor',
  'admin/collections': 'editor',
  'admin/collections/:collection': 'editor',
  'admin/collections/:collection/new': 'editor',
  'admin/collections/:collection/edit/:id': 'editor',
  'admin/navigation': 'editor',
  'admin/settings': 'author',
  'admin/settings/pages': 'owner',
  'admin/settings/pages/edit/:id': 'owner',
  'admin/notifications': 'editor',
  'admin/insights': 'editor',
  'admin/activity': 'owner',
  'admin/people': 'owner',
  'admin/system': 'owner',
  'admin/inbox': 'editor',
  'admin/inbox/:id': 'editor',
  'admin/*': 'author',
}

const rank: Record<Access, number> = { public: 0, author: 1, editor: 2, owner: 3 }
/** Endpoints with an action and no loader: fetched by the admin's own pages, never opened. */
const ACTION_ONLY = new Set(['admin/session', 'admin/blog/preview', 'admin/drafts', 'admin/media/upload'])
const PASSWORD = 'a-long-password'

/** Every route path under /admin in app/routes.ts, layouts flattened. */
function adminPaths(entries: RouteConfigEntry[], parent = ''): string[] {
  return entries
    .flatMap((entry) => {
      const path = entry.path === undefined ? parent : [parent, entry.path].filter(Boolean).join('/')
      const own = entry.path !== undefined || entry.index ? [path] : []
      return [...own, ...adminPaths(entry.children ?? [], path)]
    })
    .filter((path) => path === 'admin' || path.startsWith('admin/'))
}

const paths = [...new Set(adminPaths(routes))]

it('places every admin route of app/routes.ts in this walk', () => {
  expect(paths.filter((path) => !(path in leastRole))).toEqual([])
})

for (const dialect of testDialects) {
  describe(`every admin route, as each role [${dialect}]`, () => {
    let database: TestDatabase | undefined
    let server: RunningServer
    const cookies = {} as Record<Role, string>
    const ids = {} as Record<
      'ownPost' | 'otherPost' | 'otherPostTitle' | 'author' | 'caseStudy' | 'teamMember' | 'testimonial' | 'page' | 'faqItem',
      string
    >

    beforeAll(async () => {
      const env: Record<string, string> = {}
      if (dialect === 'postgres') {
        database = await createTestDatabase('postgres', { migrate: false })
        env.DATABASE_URL = database.target.kind === 'postgres' ? database.target.url : ''
      }
      server = await startServer(env)
      await withServerDb(server, async (db) => {
        for (const role of ['owner', 'editor', 'author'] as const) {
          await upsertAdmin(db, `${role}@example.com`, PASSWORD)
          await db.updateTable('users').set({ role }).where('email', '=', `${role}@example.com`).execute()
        }
        const author = await db.selectFrom('users').select('id').where('email', '=', 'author@example.com').executeTakeFirstOrThrow()
        const seeded = await db.selectFrom('blog_posts').select(['id', 'title', 'author_id']).executeTakeFirstOrThrow()
        // The Author's own draft, which their role opens; the seeded posts belong to no one.
        ids.ownPost = newId()
        const now = nowIso()
        await db
          .insertInto('blog_posts')
          .values({
            id: ids.ownPost,
            title: 'An author’s draft',
            slug: 'an-authors-draft',
            content: 'Text.',
            excerpt: 'Text.',
            featured_image: null,
            published: 0,
            published_at: null,
            author_id: seeded.author_id,
            search_text: '',
            seo_title: null,
            meta_description: null,
            social_image: null,
            created_by: author.id,
            review_requested_at: null,
            created_at: now,
            updated_at: now,
          })
          .execute()
        ids.otherPost = seeded.id
        ids.otherPostTitle = seeded.title
        ids.author = seeded.author_id
        ids.caseStudy = (await db.selectFrom('case_studies').select('id').executeTakeFirstOrThrow()).id
        ids.teamMember = (await db.selectFrom('team_members').select('id').executeTakeFirstOrThrow()).id
        ids.testimonial = (await db.selectFrom('testimonials').select('id').executeTakeFirstOrThrow()).id
        ids.page = (await db.selectFrom('pages').select('id').where('path', '=', '/').executeTakeFirstOrThrow()).id
        ids.faqItem = (await db.selectFrom('collection_items').select('id').where('collection', '=', 'faq').executeTakeFirstOrThrow()).id
      })
      for (const role of ['owner', 'editor', 'author'] as const)
        cookies[role] = await signInOverHttp(server.url, `${role}@example.com`, PASSWORD)
    })
    afterAll(async () => {
      await server?.stop()
      await database?.cleanup()
    })

    /** A real address for a route path: ids of records that exist, the Author's own post for the post editor. */
    const addressOf = (path: string) =>
      '/' +
      path
        .replace('blog/edit/:id', `blog/edit/${ids.ownPost}`)
        .replace('blog/history/:id', `blog/history/${ids.otherPost}`)
        .replace('authors/edit/:id', `authors/edit/${ids.author}`)
        .replace('case-studies/edit/:id', `case-studies/edit/${ids.caseStudy}`)
        .replace('case-studies/history/:id', `case-studies/history/${ids.caseStudy}`)
        .replace('team/edit/:id', `team/edit/${ids.teamMember}`)
        .replace('testimonials/edit/:id', `testimonials/edit/${ids.testimonial}`)
        .replace(/^admin\/pages\/(edit|history|preview)\/:id$/, `admin/pages/$1/${ids.page}`)
        .replace('collections/:collection/edit/:id', `collections/faq/edit/${ids.faqItem}`)
        .replace(':collection', 'faq')
        .replace(':id', 'no-such-record')
        .replace(':token', 'no-such-token')
        .replace('*', 'no-such-screen')

    const get = (path: string, cookie?: string) =>
      fetch(`${server.url}${path}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: 'manual' })

    it('gives a visitor without a session nothing but the way to the sign-in page, on every non-public route', async () => {
      // A page asked for names itself, to come back to after signing in; a form does not.
      const toSignIn = (response: Response, page?: string) =>
        response.status === 302 &&
        response.headers.get('Location') === (page ? `/admin/login?${new URLSearchParams({ redirectTo: page })}` : '/admin/login')
      const answered: string[] = []
      for (const path of paths) {
        if (leastRole[path] === 'public') {
          // A made-up link's page answers 404 or 410, and the code step without its password step goes
          // back to the password: pages for anyone, never a refusal or a failure.
          expect([200, 302, 404, 410], path).toContain((await get(addressOf(path))).status)
          continue
        }
        const page = await get(addressOf(path))
        const form = await postForm(server.url, addressOf(path), { intent: 'walk' }, '')
        // Action-only endpoints answer a GET with 400 (they have no page); signing out's GET goes back to /admin.
        const pageOk =
          toSignIn(page, addressOf(path)) ||
          (ACTION_ONLY.has(path) && page.status === 400) ||
          (path === 'admin/logout' && page.headers.get('Location') === '/admin')
        // The session refresh says 401; a route with no action says 405, or runs its loaders as for a GET.
        const formOk =
          toSignIn(form) ||
          toSignIn(form, addressOf(path)) ||
          (['admin/session', 'admin/media/upload'].includes(path) && form.status === 401) ||
          form.status === 405
        if (!pageOk || !formOk) answered.push(`${path} ${page.status},${form.status}`)
      }
      expect(answered).toEqual([])
    })

    for (const role of ['owner', 'editor', 'author'] as const) {
      it(`answers ${role} with 403 exactly where the role does not reach, for pages, their data and their actions`, async () => {
        const refused: string[] = []
        const wronglyRefused: string[] = []
        for (const path of paths) {
          const access = leastRole[path]!
          if (access === 'public') continue
          const allowed = rank[role] >= rank[access]
          const address = addressOf(path)
          const answers = [(await get(address, cookies[role])).status]
          // Signing out would end the walk's session; its POST is the one tested by the sign-out tests.
          if (path !== 'admin/logout') answers.push((await postForm(server.url, address, { intent: 'walk' }, cookies[role])).status)
          if (!path.includes('.')) answers.push((await get(`${address === '/admin' ? '/admin' : address}.data`, cookies[role])).status)
          if (allowed && answers.includes(403)) wronglyRefused.push(`${path} ${answers.join(',')}`)
          // 405: the route has no action at all, so a POST runs nothing.
          if (!allowed && answers.some((status, i) => status !== 403 && !(i === 1 && status === 405)))
            refused.push(`${path} ${answers.join(',')}`)
        }
        expect(wronglyRefused, 'refused although the role reaches it').toEqual([])
        expect(refused, 'answered although the role does not reach it').toEqual([])
      })
    }

    /**
     * Other spellings of an address React Router also matches: upper case, mixed case, one letter
     * percent-encoded, a trailing slash. Each must get the canonical spelling's answer, a redirect to
     * the canonical spelling, or a 404; never a page its role may not see.
     */
    const spellingsOf = (address: string) => [
      address.toUpperCase(),
      address.replace(/\/([a-z])/g, (_, letter: string) => `/${letter.toUpperCase()}`),
      address.replace(/([a-z])(?=[^/]*$)/, (letter: string) => `%${letter.charCodeAt(0).toString(16)}`),
      `${address}/`,
    ]

    for (const role of ['owner', 'editor', 'author'] as const) {
      it(`answers ${role} the same for every spelling of an address: the canonical answer, a redirect to it, or 404`, async () => {
        const leaks: string[] = []
        for (const path of paths) {
          if (leastRole[path] === 'public' || path === 'admin/logout') continue
          const address = addressOf(path)
          const requests: Array<{ url: (spelling: string) => string; canonical: string; send: (url: string) => Promise<Response> }> = [
            { url: (spelling) => spelling, canonical: address, send: (url) => get(url, cookies[role]) },
            {
              url: (spelling) => spelling,
              canonical: address,
              send: (url) => postForm(server.url, url, { intent: 'walk' }, cookies[role]),
            },
          ]
          if (!path.includes('.'))
            requests.push({
              url: (spelling) => `${spelling.replace(/\/$/, '')}.data`,
              canonical: `${address}.data`,
              send: (url) => get(url, cookies[role]),
            })
          for (const request of requests) {
            const expected = (await request.send(request.canonical)).status
            for (const spelling of spellingsOf(address)) {
              const url = request.url(spelling)
              if (url === request.canonical) continue
              const answer = await request.send(url)
              const redirected = [301, 308].includes(answer.status) && answer.headers.get('Location') === request.canonical
              if (!redirected && answer.status !== 404 && answer.status !== expected)
                leaks.push(`${url} ${answer.status} (canonical ${expected})`)
            }
          }
        }
        expect(leaks).toEqual([])
      })
    }

    it('refuses an Author who changes their own role through another spelling of People, and the role stays', async () => {
      const author = await withServerDb(server, (db) =>
        db.selectFrom('users').select(['id', 'role']).where('email', '=', 'author@example.com').executeTakeFirstOrThrow(),
      )
      for (const spelling of ['/Admin/People', '/admin/People', '/admin/%70eople', '/ADMIN/PEOPLE', '/admin/people/']) {
        const answer = await postForm(server.url, spelling, { intent: 'change-role', id: author.id, role: 'owner' }, cookies.author)
        expect([308, 403, 404], spelling).toContain(answer.status)
        if (answer.status === 308) {
          expect(answer.headers.get('Location')).toBe('/admin/people')
          // The browser would send the form again, to the address whose check refuses it.
          expect(
            (
              await postForm(
                server.url,
                answer.headers.get('Location')!,
                { intent: 'change-role', id: author.id, role: 'owner' },
                cookies.author,
              )
            ).status,
          ).toBe(403)
        }
      }
      expect((await get('/Admin/People', cookies.author)).status).toBe(301)
      expect((await get('/admin/Inbox/export.csv', cookies.author)).headers.get('Location')).toBe('/admin/inbox/export.csv')
      const after = await withServerDb(server, (db) =>
        db.selectFrom('users').select('role').where('id', '=', author.id).executeTakeFirstOrThrow(),
      )
      expect(after.role).toBe('author')
    })

    it('keeps an Author to their own drafts: others’ posts, publishing and history are refused', async () => {
      const author = cookies.author
      expect((await get(`/admin/blog/edit/${ids.otherPost}`, author)).status).toBe(403)
      const list = await (await get('/admin/blog', author)).text()
      expect(list).toContain('An author’s draft')
      expect(list).toContain('Submit for review')
      expect(list).not.toContain(ids.otherPostTitle)
      const version = await withServerDb(
        server,
        async (db) =>
          (await db.selectFrom('blog_posts').select('updated_at').where('id', '=', ids.ownPost).executeTakeFirstOrThrow()).updated_at,
      )
      expect((await postForm(server.url, '/admin/blog', { intent: 'publish', id: ids.ownPost, version }, author)).status).toBe(403)
      expect((await postForm(server.url, '/admin/blog', { intent: 'delete', id: ids.otherPost, version }, author)).status).toBe(403)
      const published = await withServerDb(server, (db) =>
        db.selectFrom('blog_posts').select('published').where('id', '=', ids.ownPost).executeTakeFirstOrThrow(),
      )
      expect(published.published).toBe(0)
    })
  })
}
