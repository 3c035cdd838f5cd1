import { Migrator } from 'kysely'
import { beforeAll, beforeEach, expect, it } from 'vitest'
import type { PublicContent } from '~/lib/admin-sections'
import { POST_LIMITS } from '~/lib/post-schema'
import { action as tagsAction, loader as tagsLoader } from '~/routes/admin/tags'
import { loader as blogLoader } from '~/routes/site/blog'
import { migrationsFor } from '~/server/db/migrations'
import { getTagRedirect, putTagRedirect } from '~/server/repositories/tags.server'
import { createTestAuthor, createTestPost, daysFromNow } from '../support/blog'
import { formRequest, signedInAdmin, testContext, toastFrom } from '../support/context'
import { createTestDatabaseAt, describeEachDatabase, testDialects, type UntypedDb } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'

type Refusal = { errors: Record<string, string>; values: Record<string, string>; failure: string | null }
type TagsData = Awaited<ReturnType<typeof tagsLoader>>

describeEachDatabase('tags', (getDb) => {
  const db = () => getDb().db
  let announced: PublicContent[] = []
  const ctx = () => testContext(db(), '127.0.0.1', (what) => announced.push(what))
  let editor = ''
  let author = ''
  let authorId = ''

  beforeAll(async () => {
    authorId = await createTestAuthor(db(), { name: 'Tag Writer' })
    editor = (await signedInAdmin(ctx(), 'tags-editor@example.com', 'a-long-password', 'editor')).cookie
    author = (await signedInAdmin(ctx(), 'tags-author@example.com', 'a-long-password', 'author')).cookie
  })

  beforeEach(async () => {
    announced = []
    await db().deleteFrom('blog_posts').execute()
    await (db() as unknown as UntypedDb).deleteFrom('tag_redirects').execute()
  })

  const post = (tags: string[], fields: Parameters<typeof createTestPost>[2] = {}) => createTestPost(db(), authorId, { tags, ...fields })
  const tagsOf = async (id: string) =>
    (await db().selectFrom('post_tags').select(['tag', 'position']).where('post_id', '=', id).orderBy('position').execute()).map(
      (row) => `${row.position}:${row.tag}`,
    )
  const versionOf = async (id: string) =>
    (await db().selectFrom('blog_posts').select('updated_at').where('id', '=', id).executeTakeFirstOrThrow()).updated_at
  const screen = async (query = '', cookie = editor) =>
    unwrap<TagsData>(
      await callRoute(tagsLoader, new Request(`http://localhost/admin/tags${query}`, { headers: { Cookie: cookie } }), ctx()),
    )
  const rename = async (fields: Record<string, string>, cookie = editor) =>
    callRoute(tagsAction, formRequest('/admin/tags', { intent: 'rename', ...fields }, cookie), ctx())
  /** The public tag page: where it redirects (status and Location), or 200. */
  const tagPage = async (query: string) => {
    const answer = await callRoute(blogLoader, new Request(`http://localhost/resources/blog?${query}`), ctx())
    return answer instanceof Response
      ? { status: answer.status, location: answer.headers.get('Location'), cache: answer.headers.get('Cache-Control') }
      : { status: 200 }
  }

  it('lists every tag by name with its published and total posts, flagging spellings that differ in case', async () => {
    await post(['Small Business', 'AI'])
    await post(['Small Business'], { published: false, publishedAt: null })
    await post(['Small Business'], { publishedAt: daysFromNow(3) })
    await post(['small business', 'Automation'])
    const { data } = await screen()
    expect(data.tags.map(({ tag, published, total }) => `${tag} ${published}/${total}`)).toEqual([
      'AI 1/1',
      'Automation 1/1',
      // Side by side whatever their case; the most used spelling is the one to keep.
      'Small Business 1/3',
      'small business 1/1',
    ])
    const byTag = new Map(data.tags.map((row) => [row.tag, row]))
    expect(byTag.get('small business')).toMatchObject({ alsoSpelt: ['Small Business'], mergeInto: 'Small Business' })
    expect(byTag.get('Small Business')).toMatchObject({ alsoSpelt: ['small business'], mergeInto: null })
    expect(byTag.get('AI')).toMatchObject({ alsoSpelt: [], mergeInto: null })
  })

  it('has nothing to list when no post has a tag', async () => {
    await post([])
    expect((await screen()).data.tags).toEqual([])
  })

  it('is an Editor’s: an Author is refused the screen and the change', async () => {
    const { id } = await post(['AI'])
    expect((await screen('', author)).status).toBe(403)
    expect(unwrap(await rename({ tag: 'AI', name: 'Automation' }, author)).status).toBe(403)
    expect(await tagsOf(id)).toEqual(['0:AI'])
  })

  it.each([
    ['', 'Please enter the tag’s new name'],
    ['   ', 'Please enter the tag’s new name'],
    ['x'.repeat(POST_LIMITS.tag + 1), `A tag must be at most ${POST_LIMITS.tag} characters`],
    ['AI', 'This is the tag’s name already. Type a different one'],
    [' AI ', 'This is the tag’s name already. Type a different one'],
    ['Line\nbreak', 'A tag cannot hold line breaks or tabs'],
  ])('refuses the name %j at its field and changes nothing', async (name, message) => {
    const { id } = await post(['AI'])
    const version = await versionOf(id)
    const { data, status } = unwrap<Refusal>(await rename({ tag: 'AI', name }))
    expect(status).toBe(400)
    expect(data.errors).toEqual({ name: message })
    expect(await tagsOf(id)).toEqual(['0:AI'])
    expect(await versionOf(id)).toBe(version)
    expect(announced).toEqual([])
  })

  it('renames a tag on every post in one go, logs it, tells the page cache, and sends the old page on', async () => {
    const first = await post(['AI', 'Tips'])
    const second = await post(['Tips', 'AI'])
    const other = await post(['Tips'])
    const [firstVersion, otherVersion] = [await versionOf(first.id), await versionOf(other.id)]
    const answer = unwrap(await rename({ tag: 'AI', name: ' Automation ' }))
    expect(answer.status).toBe(302)
    expect(answer.headers.get('Location')).toBe('/admin/tags')
    expect(toastFrom(answer.headers)).toMatchObject({ type: 'success', title: '“AI” renamed to “Automation” on 2 posts' })
    expect(await tagsOf(first.id)).toEqual(['0:Automation', '1:Tips'])
    expect(await tagsOf(second.id)).toEqual(['0:Tips', '1:Automation'])
    // An editor opened before the rename cannot save the old tag back unseen; an untouched post keeps its version.
    expect(await versionOf(first.id)).not.toBe(firstVersion)
    expect(await versionOf(other.id)).toBe(otherVersion)
    expect(announced).toEqual(['posts'])
    const line = await db().selectFrom('activity').selectAll().orderBy('at', 'desc').executeTakeFirstOrThrow()
    expect(line).toMatchObject({
      user_email: 'tags-editor@example.com',
      action: 'updated',
      record_type: 'post',
      title: 'Tag “AI” renamed to “Automation” (2 posts)',
    })
    expect(await tagPage('tag=AI')).toEqual({ status: 301, location: '/resources/blog?tag=Automation', cache: 'public, max-age=3600' })
    expect(await tagPage('tag=AI&q=tips')).toMatchObject({ status: 301, location: '/resources/blog?q=tips&tag=Automation' })
    expect(await tagPage('tag=Automation')).toEqual({ status: 200 })
  })

  it('fixes a tag’s case alone as a rename, its old spelling’s page sent on', async () => {
    const { id } = await post(['small business'])
    unwrap(await rename({ tag: 'small business', name: 'Small Business' }))
    expect(await tagsOf(id)).toEqual(['0:Small Business'])
    expect(await tagPage('tag=small+business')).toMatchObject({ status: 301, location: '/resources/blog?tag=Small+Business' })
  })

  it('says a name that is another tag’s (in any case) merges the two, and merges only once confirmed', async () => {
    const both = await post(['Small business', 'AI', 'Small Business'])
    const lower = await post(['Tips', 'Small business'])
    const upper = await post(['Small Business'])
    const asked = unwrap<{ confirmMerge: { from: string; into: string; posts: number } }>(
      await rename({ tag: 'Small business', name: 'SMALL BUSINESS' }),
    )
    expect(asked.status).toBe(200)
    expect(asked.data.confirmMerge).toMatchObject({ from: 'Small business', into: 'Small Business', posts: 2 })
    expect(await tagsOf(lower.id)).toEqual(['0:Tips', '1:Small business'])
    expect(announced).toEqual([])

    const merged = unwrap(await rename({ tag: 'Small business', name: 'SMALL BUSINESS', confirmed: 'yes' }))
    expect(toastFrom(merged.headers)).toMatchObject({ title: '“Small business” merged into “Small Business” (2 posts)' })
    // Each post carries the kept tag once, at the earlier of the two places, numbered from 0.
    expect(await tagsOf(both.id)).toEqual(['0:Small Business', '1:AI'])
    expect(await tagsOf(lower.id)).toEqual(['0:Tips', '1:Small Business'])
    expect(await tagsOf(upper.id)).toEqual(['0:Small Business'])
    expect((await screen()).data.tags.map((row) => `${row.tag} ${row.total}`)).toEqual(['AI 1', 'Small Business 3', 'Tips 1'])
    expect(await tagPage('tag=Small+business')).toMatchObject({ status: 301, location: '/resources/blog?tag=Small+Business' })
  })

  it('ends a chain at its last tag and never loops: A→B then B→C sends A to C; C back to A leaves A’s page its own', async () => {
    const { id } = await post(['A'])
    unwrap(await rename({ tag: 'A', name: 'B' }))
    unwrap(await rename({ tag: 'B', name: 'C' }))
    expect(await tagPage('tag=A')).toMatchObject({ status: 301, location: '/resources/blog?tag=C' })
    expect(await tagPage('tag=B')).toMatchObject({ status: 301, location: '/resources/blog?tag=C' })
    unwrap(await rename({ tag: 'C', name: 'A' }))
    expect(await tagsOf(id)).toEqual(['0:A'])
    expect(await tagPage('tag=A')).toEqual({ status: 200 })
    expect(await tagPage('tag=B')).toMatchObject({ status: 301, location: '/resources/blog?tag=A' })
    expect(await tagPage('tag=C')).toMatchObject({ status: 301, location: '/resources/blog?tag=A' })
  })

  it('lets a tag used again since it moved show its own posts', async () => {
    await post(['AI'])
    unwrap(await rename({ tag: 'AI', name: 'Automation' }))
    await post(['AI'])
    expect(await tagPage('tag=AI')).toEqual({ status: 200 })
    // A search that finds none of its posts is not a reason to send it elsewhere either.
    expect(await tagPage('tag=AI&q=nothing-matches')).toEqual({ status: 200 })
  })

  it('refuses a tag no post carries any more, changing nothing', async () => {
    await post(['Tips'])
    const { data, status } = unwrap<Refusal>(await rename({ tag: 'Gone', name: 'Tips' }))
    expect(status).toBe(404)
    expect(data.failure).toBe('No post carries “Gone” any more: it was renamed or removed meanwhile.')
    expect(await tagPage('tag=Gone')).toEqual({ status: 200 })
    expect(announced).toEqual([])
  })

  it('opens the rename panel for a listed tag only', async () => {
    await post(['AI'])
    expect((await screen('?rename=AI')).data.renaming).toMatchObject({ tag: 'AI' })
    expect((await screen('?rename=Nope')).data.renaming).toBeNull()
  })
})

it.each(testDialects)('migration 0047 keeps one redirect per old tag, and its down removes them [%s]', async (dialect) => {
  const database = await createTestDatabaseAt(dialect, '2026_11_28_0047_tag_redirects')
  try {
    await putTagRedirect(database.db, 'AI', 'Automation')
    await putTagRedirect(database.db, 'AI', 'Agents')
    expect(await getTagRedirect(database.db, 'AI')).toBe('Agents')
    const db = database.db as unknown as UntypedDb
    const row = { from_tag: 'AI', to_tag: 'Other', created_at: new Date().toISOString() }
    await expect(db.insertInto('tag_redirects').values(row).execute()).rejects.toThrow()
    const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrationsFor(dialect) } })
    expect((await migrator.migrateDown()).error).toBeUndefined()
    expect((await database.db.introspection.getTables()).map((table) => table.name)).not.toContain('tag_redirects')
  } finally {
    await database.cleanup()
  }
})
