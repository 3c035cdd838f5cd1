import { beforeAll, expect, it } from 'vitest'
import type { Role } from '~/lib/admin-access'
import { loader as postLoader } from '~/routes/site/blog-post'
import { signIn } from '~/server/services/auth.server'
import { upsertAdmin } from '~/server/services/users.server'
import { createTestAuthor, createTestPost, daysFromNow } from '../support/blog'
import { testContext } from '../support/context'
import { describeEachDatabase } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'

/*
 * A post not yet published, at its public address: what the editor would open for an admin, and
 * nothing for anyone else. An Author previews only their own drafts; Editors and Owners any post.
 */

const PASSWORD = 'a-long-password'

describeEachDatabase('draft preview at the public address', (getDb) => {
  const db = () => getDb().db
  let address = 0
  const ctx = () => testContext(db(), `192.0.2.${++address % 250}`)
  const cookies = {} as Record<Role | 'otherAuthor', string>
  const slugs = {} as Record<'ownDraft' | 'ownScheduled' | 'othersDraft' | 'nobodysDraft', string>

  beforeAll(async () => {
    const ids = {} as Record<Role | 'otherAuthor', string>
    for (const who of ['owner', 'editor', 'author', 'otherAuthor'] as const) {
      const email = `${who}@example.com`
      await upsertAdmin(db(), email, PASSWORD)
      await db()
        .updateTable('users')
        .set({ role: who === 'otherAuthor' ? 'author' : who })
        .where('email', '=', email)
        .execute()
      const result = await signIn(new Request('http://localhost/admin/login'), ctx(), { email, password: PASSWORD })
      if (!result.ok) throw new Error(`sign-in of ${email} failed`)
      ids[who] = result.user.id
      cookies[who] = result.setCookie.split(';')[0]!
    }
    const authorId = await createTestAuthor(db())
    const post = async (createdBy: string | null, fields: Parameters<typeof createTestPost>[2]) => {
      const { id, slug } = await createTestPost(db(), authorId, fields)
      await db().updateTable('blog_posts').set({ created_by: createdBy }).where('id', '=', id).execute()
      return slug
    }
    slugs.ownDraft = await post(ids.author, { published: false, publishedAt: null })
    // Published with a time to come: the editor no longer opens it for its Author, so neither does this.
    slugs.ownScheduled = await post(ids.author, { published: true, publishedAt: daysFromNow(2) })
    slugs.othersDraft = await post(ids.otherAuthor, { published: false, publishedAt: null })
    // A seeded post names no creator.
    slugs.nobodysDraft = await post(null, { published: false, publishedAt: null })
  })

  const open = async (slug: string, cookie?: string) =>
    unwrap<{ post: { slug: string }; preview: boolean } | null>(
      await callRoute(
        postLoader,
        new Request(`http://localhost/resources/blog/${slug}`, { headers: cookie ? { Cookie: cookie } : {} }),
        ctx(),
        { slug },
      ),
    )
  const answer = ({ status, data, headers }: Awaited<ReturnType<typeof open>>) => ({ status, data, headers: [...headers] })

  it('shows an Author their own draft as a preview that no cache keeps', async () => {
    const own = await open(slugs.ownDraft, cookies.author)
    expect([own.status, own.data?.post.slug, own.data?.preview]).toEqual([200, slugs.ownDraft, true])
    expect(own.headers.get('Cache-Control')).toBe('private, no-store')
  })

  it('answers an Author asking for any other unpublished post exactly as for a post that does not exist', async () => {
    const missing = answer(await open('no-such-post', cookies.author))
    expect(missing).toEqual({ status: 404, data: null, headers: [] })
    for (const slug of [slugs.othersDraft, slugs.nobodysDraft, slugs.ownScheduled]) {
      expect(answer(await open(slug, cookies.author))).toEqual(missing)
    }
  })

  it('shows Editors and Owners every unpublished post, and visitors none', async () => {
    for (const slug of Object.values(slugs)) {
      for (const role of ['editor', 'owner'] as const) {
        const shown = await open(slug, cookies[role])
        expect([shown.status, shown.data?.preview]).toEqual([200, true])
      }
      expect((await open(slug)).status).toBe(404)
    }
  })
})
