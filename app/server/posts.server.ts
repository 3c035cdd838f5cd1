import { nowIso } from '~/lib/ids'
import type { Db } from './db/schema.server'

export type PostStatus = 'draft' | 'scheduled' | 'published'

export function postStatus(post: { published: number; published_at: string | null }, now = nowIso()): PostStatus {
  if (!post.published) return 'draft'
  return post.published_at && post.published_at > now ? 'scheduled' : 'published'
}

/** The admin post table: every post, newest first, with its author's name. */
export async function listPostsForAdmin(db: Db) {
  const rows = await db
    .selectFrom('blog_posts')
    .innerJoin('authors', 'authors.id', 'blog_posts.author_id')
    .select([
      'blog_posts.id',
      'blog_posts.title',
      'blog_posts.slug',
      'blog_posts.published',
      'blog_posts.published_at',
      'blog_posts.created_at',
      'authors.name as author_name',
    ])
    .orderBy('blog_posts.created_at', 'desc')
    .orderBy('blog_posts.id')
    .execute()
  const now = nowIso()
  return rows.map(({ published, ...row }) => ({ ...row, status: postStatus({ published, published_at: row.published_at }, now) }))
}

/** Publish sets published_at to now, unpublish clears it (spec §4). Returns false when no such post. */
export async function setPostPublished(db: Db, id: string, published: boolean): Promise<boolean> {
  const now = nowIso()
  const result = await db
    .updateTable('blog_posts')
    .set({ published: published ? 1 : 0, published_at: published ? now : null, updated_at: now })
    .where('id', '=', id)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

/** Deletes a post and (by cascade) its tags. Returns false when no such post. */
export async function deletePost(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('blog_posts').where('id', '=', id).executeTakeFirst()
  return result.numDeletedRows > 0n
}
