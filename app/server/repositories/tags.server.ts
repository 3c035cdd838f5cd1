import { nowIso } from '~/lib/ids'
import type { Db } from '~/server/db/schema.server'
import { nextVersion } from '~/server/repositories/versions.server'

/*
 * The blog's tags as a whole: how many posts carry each, moving every post from one tag to another,
 * and where a moved tag's old page now leads (migration 0047). A post's own tags are written with
 * the post (posts.server.ts).
 */

/** A tag with how many posts carry it: all of them, and those visitors can see. */
export interface TagUse {
  tag: string
  published: number
  total: number
}

// By name as people read it (small business beside Small Business), the same on both engines.
const byName = new Intl.Collator('en-US', { sensitivity: 'base', numeric: true })

/** Every tag with its posts, sorted by name (spellings differing in case side by side). */
export async function listTagUses(db: Db, now = nowIso()): Promise<TagUse[]> {
  const rows = await db
    .selectFrom('post_tags')
    .innerJoin('blog_posts', 'blog_posts.id', 'post_tags.post_id')
    .select((eb) => [
      'post_tags.tag',
      eb.fn.countAll<string | number>().as('total'),
      eb.fn
        .sum<string | number | null>(
          eb
            .case()
            .when(eb.and([eb('blog_posts.published', '=', 1), eb('blog_posts.published_at', '<=', now)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('published'),
    ])
    .groupBy('post_tags.tag')
    .execute()
  return rows
    .map((row) => ({ tag: row.tag, published: Number(row.published ?? 0), total: Number(row.total) }))
    .sort((a, b) => byName.compare(a.tag, b.tag) || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0))
}

/** How many posts carry exactly this tag. */
export async function countPostsTagged(db: Db, tag: string): Promise<number> {
  const { count } = await db
    .selectFrom('post_tags')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('tag', '=', tag)
    .executeTakeFirstOrThrow()
  return Number(count)
}

/**
 * Gives every post tagged `from` the tag `to` in its place: once per post (a post that had both
 * keeps the earlier place) and numbered from 0 again. Each post moves to a new version, so an
 * editor opened before the change cannot save the old tag back unseen. Reports how many posts changed.
 */
export async function retagPosts(db: Db, from: string, to: string): Promise<number> {
  const posts = await db
    .selectFrom('post_tags')
    .innerJoin('blog_posts', 'blog_posts.id', 'post_tags.post_id')
    .select(['blog_posts.id', 'blog_posts.updated_at'])
    .where('post_tags.tag', '=', from)
    .execute()
  for (const post of posts) {
    const rows = await db.selectFrom('post_tags').select('tag').where('post_id', '=', post.id).orderBy('position').execute()
    const tags = [...new Set(rows.map((row) => (row.tag === from ? to : row.tag)))]
    await db.deleteFrom('post_tags').where('post_id', '=', post.id).execute()
    await db
      .insertInto('post_tags')
      .values(tags.map((tag, position) => ({ post_id: post.id, tag, position })))
      .execute()
    await db
      .updateTable('blog_posts')
      .set({ updated_at: nextVersion(post.updated_at) })
      .where('id', '=', post.id)
      .execute()
  }
  return posts.length
}

/** The tag a moved tag's page leads to, if it moved. */
export async function getTagRedirect(db: Db, fromTag: string): Promise<string | undefined> {
  const row = await db.selectFrom('tag_redirects').select('to_tag').where('from_tag', '=', fromTag).executeTakeFirst()
  return row?.to_tag
}

/**
 * Sends `from`'s page to `to`'s, in one hop and never in a circle: pages that led to `from` now lead
 * to `to`, and `to` carries posts now, so a redirect from it goes.
 */
export async function putTagRedirect(db: Db, from: string, to: string): Promise<void> {
  await db.deleteFrom('tag_redirects').where('from_tag', '=', to).execute()
  await db.updateTable('tag_redirects').set({ to_tag: to }).where('to_tag', '=', from).execute()
  await db.deleteFrom('tag_redirects').where('from_tag', '=', from).execute()
  await db.insertInto('tag_redirects').values({ from_tag: from, to_tag: to, created_at: nowIso() }).execute()
}
