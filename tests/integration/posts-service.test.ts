import { beforeAll, describe, expect, it } from 'vitest'
import { postHref } from '~/lib/blog-links'
import { NO_SEARCH_FIELDS } from '~/lib/search-fields'
import { action as postEditorAction } from '~/routes/admin/post-editor'
import type { Db } from '~/server/db/schema.server'
import { getPostForEditor, getPostWorkflow, postStatus } from '~/server/repositories/posts.server'
import { listRedirectRoutes } from '~/server/repositories/redirects.server'
import { listRevisions } from '~/server/repositories/revisions.server'
import {
  cancelSchedule,
  postRevisions,
  publishPost,
  requestReview,
  savePost,
  sendBack,
  unpublishPost,
  withdrawReview,
  type PostInput,
} from '~/server/services/posts.server'
import { restoreRevision } from '~/server/services/revisions.server'
import type { User } from '~/server/services/users.server'
import { createTestAuthor, createTestPost, daysFromNow } from '../support/blog'
import { signedInAdmin, testContext } from '../support/context'
import { describeEachDatabase, failingOn } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'

/*
 * The posts service on its own: each verb over a real database, on every engine. What a route makes
 * of the outcomes (toasts, status codes) is tested with the routes (admin-blog, post-review).
 */

describeEachDatabase('the posts service', (getDb) => {
  const db = () => getDb().db
  const ctx = (database: Db = db()) => testContext(database)
  let owner: { user: User; cookie: string }
  let author: User
  let authorId = ''

  beforeAll(async () => {
    owner = await signedInAdmin(ctx(), 'owner@example.com', 'a-long-password', 'owner')
    author = (await signedInAdmin(ctx(), 'author@example.com', 'a-long-password', 'author')).user
    authorId = await createTestAuthor(db())
  })

  const read = async (id: string) => (await getPostForEditor(db(), id))!
  const at = async (id: string) => ({ id, version: (await read(id)).version })
  const redirects = async () => Object.fromEntries((await listRedirectRoutes(db())).map((r) => [r.fromPath, r.toTarget]))
  const revisionsOf = async (id: string) => (await listRevisions(db(), 'post', id)).map((revision) => revision.action)
  const draft = (fields: Parameters<typeof createTestPost>[2] = {}) =>
    createTestPost(db(), authorId, { published: false, publishedAt: null, ...fields })
  const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}`

  /** The post as the editor's form would send it, changed by `fields`. */
  const input = (post: Awaited<ReturnType<typeof read>>, fields: Partial<PostInput> = {}): PostInput => {
    const { id: _id, imageUrl: _image, version: _version, ...kept } = post
    return { ...kept, typedIn: null, ...fields }
  }
  /** savePost in its own transaction, as the editor kit runs it; the work it leaves for after the commit is returned. */
  async function save(database: Db, post: PostInput, existing: Awaited<ReturnType<typeof read>> | null, user = owner.user) {
    const later: unknown[] = []
    const written = await database
      .transaction()
      .execute((trx) =>
        savePost(trx, post, { existing, image: null, version: existing?.version ?? '', user, afterCommit: (work) => later.push(work) }),
      )
    return { written, later }
  }

  describe('savePost', () => {
    it('saves a new post as a draft that remembers who created it', async () => {
      const post: PostInput = {
        title: 'A new one',
        slug: unique('new'),
        content: 'Text',
        excerpt: 'Text',
        published: false,
        publishedAt: null,
        authorId,
        tags: ['a'],
        search: NO_SEARCH_FIELDS,
        typedIn: null,
      }
      const { written } = await save(db(), post, null, author)
      expect(written.outcome).toBe('saved')
      expect(await getPostWorkflow(db(), written.id!)).toMatchObject({ createdBy: author.id, published: false })
      expect(await read(written.id!)).toMatchObject({ title: 'A new one', tags: ['a'] })
    })

    it('leaves a redirect from a live post’s old address in the save’s transaction, and nothing when the save fails', async () => {
      const { id, slug } = await createTestPost(db(), authorId, { slug: unique('before') })
      const renamed = unique('after')
      const { written } = await save(db(), input(await read(id), { slug: renamed }), await read(id))
      expect(written.outcome).toBe('saved')
      expect((await redirects())[postHref(slug)]).toBe(postHref(renamed))

      // The redirect cannot be written: the post keeps its address too.
      const again = unique('again')
      await expect(
        save(failingOn(db(), 'InsertQueryNode', 'redirects'), input(await read(id), { slug: again }), await read(id)),
      ).rejects.toThrow('simulated failure')
      expect((await read(id)).slug).toBe(renamed)
      expect(await redirects()).not.toHaveProperty(postHref(renamed))
    })

    it('through the editor, keeps the redirect and the revision together, or neither when the revision cannot be kept', async () => {
      const { id, slug } = await createTestPost(db(), authorId, { slug: unique('edited') })
      const send = async (database: Db, newSlug: string) => {
        const form = new FormData()
        const fields = {
          title: 'Edited',
          slug: newSlug,
          content: 'Text',
          excerpt: '',
          authorId,
          publishAt: '',
          published: 'on',
          version: (await read(id)).version,
        }
        for (const [name, value] of Object.entries(fields)) form.append(name, value)
        form.append('featuredImage', new File([], '', { type: 'application/octet-stream' }))
        const request = new Request(`http://localhost/admin/blog/edit/${id}`, {
          method: 'POST',
          body: form,
          headers: { Cookie: owner.cookie },
        })
        return unwrap(await callRoute(postEditorAction, request, ctx(database), { id }))
      }
      const failed = await send(failingOn(db(), 'InsertQueryNode', 'revisions'), unique('lost'))
      expect(failed.status).toBe(500)
      expect((await read(id)).slug).toBe(slug)
      expect(await redirects()).not.toHaveProperty(postHref(slug))
      expect(await revisionsOf(id)).toEqual([])

      const renamed = unique('kept')
      expect((await send(db(), renamed)).status).toBe(302)
      expect((await redirects())[postHref(slug)]).toBe(postHref(renamed))
      expect(await revisionsOf(id)).toEqual(['updated'])
    })

    it('schedules a post with a later publish time, and answers its review, telling the asker once committed', async () => {
      const { id } = await draft()
      await requestReview(db(), ctx().config, await at(id), owner.user)
      const { written, later } = await save(db(), input(await read(id), { published: true, publishedAt: daysFromNow(3) }), await read(id))
      expect(written.outcome).toBe('saved')
      expect(postStatus({ published: 1, published_at: (await read(id)).publishedAt })).toBe('scheduled')
      expect((await getPostWorkflow(db(), id))!.reviewRequestedAt).toBeNull()
      expect(later).toHaveLength(1)
    })

    it('refuses a save over a version the editor did not load, and changes nothing', async () => {
      const { id } = await draft({ title: 'Unchanged' })
      const stale = { ...(await read(id)), version: '2000-01-01T00:00:00.000Z' }
      const { written } = await save(db(), input(stale, { title: 'Changed' }), stale)
      expect(written.outcome).toBe('stale')
      expect((await read(id)).title).toBe('Unchanged')
    })
  })

  describe('publishing from the list', () => {
    it('publishes a draft now, with its revision, and unpublishes it again', async () => {
      const { id } = await draft()
      expect(await publishPost(db(), ctx(), await at(id), owner.user)).toBe('saved')
      const live = await read(id)
      expect(live.published).toBe(true)
      expect(live.publishedAt! <= new Date().toISOString()).toBe(true)
      expect(await unpublishPost(db(), ctx(), await at(id), owner.user)).toBe('saved')
      expect(await read(id)).toMatchObject({ published: false, publishedAt: null })
      expect(await revisionsOf(id)).toEqual(['unpublished', 'published'])
    })

    it('cancels a schedule, but not one whose time came while the list was open', async () => {
      const { id } = await createTestPost(db(), authorId, { publishedAt: daysFromNow(2) })
      expect(await cancelSchedule(db(), ctx(), await at(id), owner.user)).toBe('saved')
      expect(await read(id)).toMatchObject({ published: false, publishedAt: null })

      const { id: gone } = await createTestPost(db(), authorId, { publishedAt: daysFromNow(-1) })
      expect(await cancelSchedule(db(), ctx(), await at(gone), owner.user)).toBe('went-live')
      expect((await read(gone)).published).toBe(true)
      expect(await revisionsOf(gone)).toEqual([])
    })

    it('answers stale, gone and forbidden without changing anything, and keeps nothing when its revision fails', async () => {
      const { id } = await draft()
      expect(await publishPost(db(), ctx(), { id, version: '2000-01-01T00:00:00.000Z' }, owner.user)).toBe('stale')
      expect(await publishPost(db(), ctx(), { id: 'no-such-post', version: null }, owner.user)).toBe('gone')
      expect(await publishPost(db(), ctx(), await at(id), author)).toBe('forbidden')
      await expect(publishPost(failingOn(db(), 'InsertQueryNode', 'revisions'), ctx(), await at(id), owner.user)).rejects.toThrow(
        'simulated failure',
      )
      expect((await read(id)).published).toBe(false)
      expect(await revisionsOf(id)).toEqual([])
    })
  })

  describe('review', () => {
    it('records who asked for a review and when, lets them withdraw it, and refuses another admin’s or a live post', async () => {
      const { id } = await draft()
      await db().updateTable('blog_posts').set({ created_by: author.id }).where('id', '=', id).execute()
      expect(await requestReview(db(), ctx().config, await at(id), author)).toBe('saved')
      const asked = (await getPostWorkflow(db(), id))!
      expect(asked.reviewRequestedBy).toBe(author.id)
      expect(asked.reviewRequestedAt).not.toBeNull()
      const line = await db().selectFrom('activity').select(['action', 'user_email']).where('record_id', '=', id).executeTakeFirstOrThrow()
      expect(line).toEqual({ action: 'review-requested', user_email: author.email })

      expect(await withdrawReview(db(), ctx().config, await at(id), author)).toBe('saved')
      expect((await getPostWorkflow(db(), id))!.reviewRequestedAt).toBeNull()

      const { id: others } = await draft()
      expect(await requestReview(db(), ctx().config, await at(others), author)).toBe('forbidden')
      const { id: live } = await createTestPost(db(), authorId)
      expect(await requestReview(db(), ctx().config, await at(live), owner.user)).toBe('published')
    })

    it('sends a post in review back with a note, and only one that waits for review, only by an Editor or Owner', async () => {
      const { id } = await draft()
      expect(await sendBack(db(), ctx().config, { ...(await at(id)), note: 'Too early.' }, owner.user)).toBe('not-in-review')
      await requestReview(db(), ctx().config, await at(id), owner.user)
      expect(await sendBack(db(), ctx().config, { ...(await at(id)), note: 'Add a figure.' }, author)).toBe('forbidden')
      expect(await sendBack(db(), ctx().config, { ...(await at(id)), note: 'Add a figure.' }, owner.user)).toBe('saved')
      const row = await db()
        .selectFrom('blog_posts')
        .select(['review_requested_at', 'sent_back_note', 'sent_back_by'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
      expect(row).toEqual({ review_requested_at: null, sent_back_note: 'Add a figure.', sent_back_by: owner.user.id })
    })
  })

  describe('restoring a revision', () => {
    it('brings back a live post’s first draft as words only: its address and publishing stay as they are', async () => {
      const { id } = await draft({ slug: unique('restore'), title: 'First draft' })
      const first = await read(id)
      const { id: _id, version: _version, ...snapshot } = first
      await publishPost(db(), ctx(), await at(id), owner.user)
      await save(db(), input(await read(id), { title: 'Live title', slug: unique('moved') }), await read(id))
      const live = await read(id)
      const revision = { createdAt: '2026-11-20T10:00:00.000Z', snapshot: snapshot as Record<string, unknown> }
      expect(
        await restoreRevision(db(), ctx(), postRevisions, { recordId: id, version: live.version, revision, user: owner.user }),
      ).toBeNull()
      expect(await read(id)).toMatchObject({ title: 'First draft', slug: live.slug, published: true, publishedAt: live.publishedAt })
      expect((await revisionsOf(id))[0]).toBe('restored')
    })

    it('refuses a revision whose slug another post took, and one over a version it did not show', async () => {
      const { id } = await draft()
      const current = await read(id)
      const { slug: taken } = await draft()
      const deleted = { createdAt: '2026-11-20T10:00:00.000Z', snapshot: { ...current, slug: taken } as Record<string, unknown> }
      await db().deleteFrom('blog_posts').where('id', '=', id).execute()
      expect(await restoreRevision(db(), ctx(), postRevisions, { recordId: id, version: null, revision: deleted, user: owner.user })).toBe(
        'slug-taken',
      )
      const { id: other } = await draft()
      const revision = { createdAt: '2026-11-20T10:00:00.000Z', snapshot: { ...(await read(other)) } as Record<string, unknown> }
      expect(
        await restoreRevision(db(), ctx(), postRevisions, {
          recordId: other,
          version: '2000-01-01T00:00:00.000Z',
          revision,
          user: owner.user,
        }),
      ).toBe('stale')
    })
  })
})
