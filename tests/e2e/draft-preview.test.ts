import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Role } from '~/lib/admin-access'
import { upsertAdmin } from '~/server/services/users.server'
import { createTestAuthor, createTestPost } from '../support/blog'
import { createTestDatabase, testDialects, type TestDatabase } from '../support/databases'
import { signInOverHttp } from '../support/http'
import { startServer, withServerDb, type RunningServer } from '../support/server'

/*
 * Over HTTP against the real server, page cache on: an unpublished post at its public address is a
 * preview for the admins the editor would open it for (an Author: their own drafts only), and the
 * normal 404 for everyone else, visitors after an admin's preview included.
 */

const PASSWORD = 'a-long-password'

for (const dialect of testDialects) {
  describe(`draft preview at the public address [${dialect}]`, () => {
    let database: TestDatabase | undefined
    let server: RunningServer
    const cookies = {} as Record<Role, string>
    const slugs = { own: `authors-own-draft-${dialect}`, others: `owners-draft-${dialect}` }

    beforeAll(async () => {
      const env: Record<string, string> = { PAGE_CACHE: 'on' }
      if (dialect === 'postgres') {
        database = await createTestDatabase('postgres', { migrate: false })
        env.DATABASE_URL = database.target.kind === 'postgres' ? database.target.url : ''
      }
      server = await startServer(env)
      await withServerDb(server, async (db) => {
        const ids = {} as Record<Role, string>
        for (const role of ['owner', 'editor', 'author'] as const) {
          await upsertAdmin(db, `${role}@example.com`, PASSWORD)
          await db.updateTable('users').set({ role }).where('email', '=', `${role}@example.com`).execute()
          ids[role] = (await db.selectFrom('users').select('id').where('email', '=', `${role}@example.com`).executeTakeFirstOrThrow()).id
        }
        const authorId = await createTestAuthor(db)
        for (const [slug, createdBy] of [
          [slugs.own, ids.author],
          [slugs.others, ids.owner],
        ] as const) {
          const { id } = await createTestPost(db, authorId, { title: `Draft ${slug}`, slug, published: false, publishedAt: null })
          await db.updateTable('blog_posts').set({ created_by: createdBy }).where('id', '=', id).execute()
        }
      })
      for (const role of ['owner', 'editor', 'author'] as const)
        cookies[role] = await signInOverHttp(server.url, `${role}@example.com`, PASSWORD)
    })
    afterAll(async () => {
      await server?.stop()
      await database?.cleanup()
    })

    /** The page at an address, its nonces blanked: each answer has its own, and nothing else may differ. */
    async function open(path: string, cookie?: string) {
      const response = await fetch(`${server.url}${path}`, { headers: cookie ? { Cookie: cookie } : {} })
      const html = (await response.text()).replace(/nonce="[^"]*"/g, 'nonce=""').replace(/'nonce-[^']*'/g, "'nonce-'")
      return { status: response.status, cacheControl: response.headers.get('Cache-Control'), html }
    }

    it('answers an Author 404 for another admin’s draft, the same page as for no post at all, and 200 for their own', async () => {
      const missing = await open('/resources/blog/no-such-post', cookies.author)
      expect(missing.status).toBe(404)
      expect(missing.html).toContain('Blog post not found.')
      const others = await open(`/resources/blog/${slugs.others}`, cookies.author)
      expect(others).toEqual(missing)
      expect(others.html).not.toContain(`Draft ${slugs.others}`)
      expect((await fetch(`${server.url}/resources/blog/${slugs.others}.data`, { headers: { Cookie: cookies.author } })).status).toBe(404)

      const own = await open(`/resources/blog/${slugs.own}`, cookies.author)
      expect([own.status, own.cacheControl]).toEqual([200, 'private, no-store'])
      expect(own.html).toContain(`Draft ${slugs.own}`)
      expect(own.html).toContain('Preview — not published')
    })

    it('previews every draft for Editors and Owners, and never hands a preview to a visitor', async () => {
      for (const slug of Object.values(slugs)) {
        for (const role of ['editor', 'owner'] as const) {
          const shown = await open(`/resources/blog/${slug}`, cookies[role])
          expect([shown.status, shown.cacheControl]).toEqual([200, 'private, no-store'])
          expect(shown.html).toContain(`Draft ${slug}`)
        }
        const visitor = await open(`/resources/blog/${slug}`)
        expect(visitor.status).toBe(404)
        expect(visitor.html).not.toContain(`Draft ${slug}`)
      }
    })
  })
}
