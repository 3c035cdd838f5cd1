import { describe, expect, it } from 'vitest'
import type { Role } from '~/lib/admin-access'
import { action as loginAction } from '~/routes/admin/login'
import { action as sessionsAction } from '~/routes/admin/account-sessions'
import { action as blogAction, loader as blogLoader } from '~/routes/admin/blog'
import { loader as settingsLoader } from '~/routes/admin/settings'
import { countPostsInReview, getPostWorkflow } from '~/server/repositories/posts.server'
import { upsertAdmin } from '~/server/services/users.server'
import { createTestAuthor, createTestPost } from '../support/blog'
import { cookiesFrom, formRequest, testContext } from '../support/context'
import { describeEachDatabase } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'

const PASSWORD = 'correct horse battery'

describeEachDatabase('roles and sessions', (getDb) => {
  let n = 0
  const db = () => getDb().db

  async function adminWith(
    role: Role,
    userAgent = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15',
  ) {
    const email = `${role}${++n}@example.com`
    await upsertAdmin(db(), email, PASSWORD)
    await db().updateTable('users').set({ role }).where('email', '=', email).execute()
    const user = await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()
    return { id: user.id, email, cookie: await signIn(email, userAgent) }
  }

  async function signIn(email: string, userAgent: string) {
    const request = formRequest('/admin/login', { email, password: PASSWORD })
    request.headers.set('User-Agent', userAgent)
    return cookiesFrom((await callRoute(loginAction, request, testContext(db(), `192.0.2.${n}`))) as Response)
  }

  const get = (path: string, cookie: string) => new Request(`http://localhost${path}`, { headers: { Cookie: cookie } })
  const ctx = () => testContext(db())

  async function authorsDraft(authorUserId: string) {
    const authorId = await createTestAuthor(db())
    const { id } = await createTestPost(db(), authorId, { slug: `draft-${++n}`, published: false, publishedAt: null })
    await db().updateTable('blog_posts').set({ created_by: authorUserId }).where('id', '=', id).execute()
    return id
  }
  const versionOf = async (id: string) =>
    (await db().selectFrom('blog_posts').select('updated_at').where('id', '=', id).executeTakeFirstOrThrow()).updated_at

  describe('an Author', () => {
    it('sees only their own posts and cannot publish them', async () => {
      const author = await adminWith('author')
      const postId = await authorsDraft(author.id)
      const list = unwrap<{ rows: { id: string; changeable: boolean }[]; role: Role }>(
        await callRoute(blogLoader, get('/admin/blog', author.cookie), ctx()),
      )
      expect(list.data.rows.map((row) => row.id)).toEqual([postId])
      expect(list.data.rows[0]!.changeable).toBe(true)
      const publish = await callRoute(
        blogAction,
        formRequest('/admin/blog', { intent: 'publish', id: postId, version: await versionOf(postId) }, author.cookie),
        ctx(),
      )
      expect(unwrap(publish).status).toBe(403)
      expect((await getPostWorkflow(db(), postId))?.published).toBe(false)
    })

    it('submits a draft for review, which an Editor’s publish answers', async () => {
      const author = await adminWith('author')
      const editor = await adminWith('editor')
      const postId = await authorsDraft(author.id)
      const before = await countPostsInReview(db())
      const asked = await callRoute(
        blogAction,
        formRequest('/admin/blog', { intent: 'request-review', id: postId, version: await versionOf(postId) }, author.cookie),
        ctx(),
      )
      expect(unwrap(asked).status).toBe(200)
      expect((await getPostWorkflow(db(), postId))?.reviewRequestedAt).not.toBeNull()
      expect(await countPostsInReview(db())).toBe(before + 1)

      const published = await callRoute(
        blogAction,
        formRequest('/admin/blog', { intent: 'publish', id: postId, version: await versionOf(postId) }, editor.cookie),
        ctx(),
      )
      expect(unwrap(published).status).toBe(200)
      expect(await getPostWorkflow(db(), postId)).toMatchObject({ published: true, reviewRequestedAt: null })
      expect(await countPostsInReview(db())).toBe(before)

      // Live now, the post is no longer the Author's to change or delete.
      const deleted = await callRoute(
        blogAction,
        formRequest('/admin/blog', { intent: 'delete', id: postId, version: await versionOf(postId) }, author.cookie),
        ctx(),
      )
      expect(unwrap(deleted).status).toBe(403)
    })

    it('cannot ask for review of, or delete, another admin’s post', async () => {
      const author = await adminWith('author')
      const other = await adminWith('author')
      const postId = await authorsDraft(other.id)
      for (const intent of ['request-review', 'delete']) {
        const answer = await callRoute(
          blogAction,
          formRequest('/admin/blog', { intent, id: postId, version: await versionOf(postId) }, author.cookie),
          ctx(),
        )
        expect(unwrap(answer).status, intent).toBe(403)
      }
      expect(await getPostWorkflow(db(), postId)).toMatchObject({ reviewRequestedAt: null })
    })
  })

  describe('sessions', () => {
    it('lists the admin’s sessions with device, address and last use, this one first', async () => {
      const owner = await adminWith('owner')
      const phoneCookie = await signIn(
        owner.email,
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36',
      )
      const { data } = unwrap<{ sessions: { device: string; ipAddress: string; current: boolean }[] }>(
        await callRoute(settingsLoader, get('/admin/settings', phoneCookie), ctx()),
      )
      expect(data.sessions.map(({ device, current }) => ({ device, current }))).toEqual([
        { device: 'Chrome on Android', current: true },
        { device: 'Safari on macOS', current: false },
      ])
      expect(data.sessions[0]!.ipAddress).toBe(`192.0.2.${n}`)
    })

    it('ends one other session, never another admin’s, and then all others', async () => {
      const owner = await adminWith('owner')
      const stranger = await adminWith('editor')
      const second = await signIn(owner.email, 'curl/8')
      const third = await signIn(owner.email, 'curl/8')
      const sessionsOf = (userId: string) => db().selectFrom('sessions').select('id').where('user_id', '=', userId).execute()
      const [strangers] = await sessionsOf(stranger.id)

      const refused = (await callRoute(
        sessionsAction,
        formRequest('/admin/account/sessions', { intent: 'end', id: strangers!.id }, owner.cookie),
        ctx(),
      )) as Response
      expect(refused.status).toBe(302)
      expect(await sessionsOf(stranger.id)).toHaveLength(1)

      const { sessions } = unwrap<{ sessions: { id: string; current: boolean }[] }>(
        await callRoute(settingsLoader, get('/admin/settings', owner.cookie), ctx()),
      ).data
      const other = sessions.find((session) => !session.current)!
      await callRoute(sessionsAction, formRequest('/admin/account/sessions', { intent: 'end', id: other.id }, owner.cookie), ctx())
      expect(await sessionsOf(owner.id)).toHaveLength(2)

      await callRoute(sessionsAction, formRequest('/admin/account/sessions', { intent: 'end-others' }, owner.cookie), ctx())
      expect(await sessionsOf(owner.id)).toHaveLength(1)
      for (const cookie of [second, third]) {
        const answer = (await callRoute(settingsLoader, get('/admin/settings', cookie), ctx())) as Response
        expect(answer.headers.get('Location')).toBe('/admin/login?redirectTo=%2Fadmin%2Fsettings')
      }
    })
  })
})
