import { sql } from 'kysely'
import { newId, nowIso } from '~/lib/ids'
import type { Db } from './db/schema.server'

export type PostStatus = 'draft' | 'scheduled' | 'published'

/** Public once published with a publish time that has come; a published flag without a time shows nowhere. */
export function postStatus(post: { published: number; published_at: string | null }, now = nowIso()): PostStatus {
  if (!post.published || !post.published_at) return 'draft'
  return post.published_at > now ? 'scheduled' : 'published'
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

/** Deletes a post and (by cascade) its tags; returns what it was, for removing its image, or undefined. */
export async function deletePost(db: Db, id: string): Promise<{ featuredImage: string | null } | undefined> {
  const row = await db.deleteFrom('blog_posts').where('id', '=', id).returning('featured_image').executeTakeFirst()
  return row && { featuredImage: row.featured_image }
}

/** Posts per page on the public blog list. */
export const POSTS_PER_PAGE = 12

/**
 * Title and excerpt folded for case-insensitive search in any language. The same folding is
 * applied to the search term; migration 0003 backfilled existing posts with it.
 */
export function postSearchText(post: { title: string; excerpt: string }): string {
  return foldForSearch(`${post.title}\n${post.excerpt}`)
}

function foldForSearch(text: string): string {
  return text.normalize('NFKC').toLowerCase()
}

/** A LIKE pattern that matches the term literally: `%`, `_` and the escape character lose their meaning. */
function containsPattern(term: string): string {
  return `%${foldForSearch(term).replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

export interface NewPost {
  title: string
  slug: string
  content: string
  excerpt: string
  featuredImage: string | null
  published: boolean
  publishedAt: string | null
  authorId: string
  tags: string[]
}

/** Inserts a post and its tags in one transaction (or the caller's); returns the new id. */
export async function createPost(db: Db, post: NewPost, now = nowIso()): Promise<string> {
  const id = newId()
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto('blog_posts')
      .values({
        id,
        title: post.title,
        slug: post.slug,
        content: post.content,
        excerpt: post.excerpt,
        featured_image: post.featuredImage,
        published: post.published ? 1 : 0,
        published_at: post.publishedAt,
        author_id: post.authorId,
        search_text: postSearchText(post),
        created_at: now,
        updated_at: now,
      })
      .execute()
    if (post.tags.length > 0) {
      await trx
        .insertInto('post_tags')
        .values(post.tags.map((tag, position) => ({ post_id: id, tag, position })))
        .execute()
    }
  })
  return id
}

/** Replaces a post's fields and tags in one transaction; false when there is no such post. */
export async function updatePost(db: Db, id: string, post: NewPost, now = nowIso()): Promise<boolean> {
  let found = false
  await inTransaction(db, async (trx) => {
    const result = await trx
      .updateTable('blog_posts')
      .set({
        title: post.title,
        slug: post.slug,
        content: post.content,
        excerpt: post.excerpt,
        featured_image: post.featuredImage,
        published: post.published ? 1 : 0,
        published_at: post.publishedAt,
        author_id: post.authorId,
        search_text: postSearchText(post),
        updated_at: now,
      })
      .where('id', '=', id)
      .executeTakeFirst()
    found = result.numUpdatedRows > 0n
    if (!found) return
    await trx.deleteFrom('post_tags').where('post_id', '=', id).execute()
    if (post.tags.length > 0) {
      await trx
        .insertInto('post_tags')
        .values(post.tags.map((tag, position) => ({ post_id: id, tag, position })))
        .execute()
    }
  })
  return found
}

/** True when another post (not `exceptId`) already has this slug. */
export async function isSlugTaken(db: Db, slug: string, exceptId?: string): Promise<boolean> {
  let query = db.selectFrom('blog_posts').select('id').where('slug', '=', slug)
  if (exceptId) query = query.where('id', '!=', exceptId)
  return (await query.executeTakeFirst()) !== undefined
}

/** Everything the editor shows for one post, or undefined. */
export async function getPostForEditor(db: Db, id: string) {
  const row = await db
    .selectFrom('blog_posts')
    .select(['id', 'title', 'slug', 'content', 'excerpt', 'featured_image', 'published', 'published_at', 'author_id'])
    .where('id', '=', id)
    .executeTakeFirst()
  if (!row) return undefined
  const tags = await tagsByPost(db, [row.id])
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    content: row.content,
    excerpt: row.excerpt,
    featuredImage: row.featured_image,
    published: row.published === 1,
    publishedAt: row.published_at,
    authorId: row.author_id,
    tags: tags.get(row.id) ?? [],
  }
}

function inTransaction(db: Db, work: (trx: Db) => Promise<void>): Promise<void> {
  return db.isTransaction ? work(db) : db.transaction().execute(work)
}

/** Visitors see a post once it is published and its publish time has come. */
function publicPosts(db: Db, now: string) {
  return db
    .selectFrom('blog_posts')
    .where('blog_posts.published', '=', 1)
    .where('blog_posts.published_at', 'is not', null)
    .where('blog_posts.published_at', '<=', now)
}

export interface PostFilter {
  /** Matched case-insensitively and literally against title and excerpt. */
  search?: string
  tag?: string
  /** 1-based. */
  page?: number
}

export interface PostSummary {
  id: string
  title: string
  slug: string
  excerpt: string
  featuredImage: string | null
  publishedAt: string
  author: { name: string; avatarUrl: string | null }
  tags: string[]
}

/** One page of the public blog list, newest first, with the number of matching posts. */
export async function listPublishedPosts(db: Db, filter: PostFilter = {}, now = nowIso()) {
  let query = publicPosts(db, now)
  if (filter.search) {
    query = query.where(sql<boolean>`blog_posts.search_text like ${containsPattern(filter.search)} escape '\\'`)
  }
  if (filter.tag) {
    const tag = filter.tag
    query = query.where(({ exists, selectFrom }) =>
      exists(selectFrom('post_tags').select('post_tags.post_id').whereRef('post_tags.post_id', '=', 'blog_posts.id').where('post_tags.tag', '=', tag)),
    )
  }
  const { total } = await query.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow()
  const pageCount = Math.max(1, Math.ceil(Number(total) / POSTS_PER_PAGE))
  const page = Math.max(1, filter.page ?? 1)
  // A page past the end has no posts; asking anyway would send an offset (page 1e21 from the URL)
  // that neither engine accepts as an integer.
  if (page > pageCount) return { posts: [], total: Number(total), pageCount }
  const rows = await query
    .innerJoin('authors', 'authors.id', 'blog_posts.author_id')
    .select([
      'blog_posts.id',
      'blog_posts.title',
      'blog_posts.slug',
      'blog_posts.excerpt',
      'blog_posts.featured_image',
      'blog_posts.published_at',
      'authors.name as author_name',
      'authors.avatar_url as author_avatar_url',
    ])
    .orderBy('blog_posts.published_at', 'desc')
    .orderBy('blog_posts.id')
    .limit(POSTS_PER_PAGE)
    .offset((page - 1) * POSTS_PER_PAGE)
    .execute()
  const tags = await tagsByPost(db, rows.map((r) => r.id))
  const posts: PostSummary[] = rows.map((row) => ({
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    featuredImage: row.featured_image,
    publishedAt: row.published_at!,
    author: { name: row.author_name, avatarUrl: row.author_avatar_url },
    tags: tags.get(row.id) ?? [],
  }))
  return { posts, total: Number(total), pageCount }
}

async function tagsByPost(db: Db, postIds: string[]): Promise<Map<string, string[]>> {
  const byPost = new Map<string, string[]>()
  if (postIds.length === 0) return byPost
  const rows = await db
    .selectFrom('post_tags')
    .select(['post_id', 'tag'])
    .where('post_id', 'in', postIds)
    .orderBy('post_id')
    .orderBy('position')
    .execute()
  for (const row of rows) byPost.set(row.post_id, [...(byPost.get(row.post_id) ?? []), row.tag])
  return byPost
}

export interface PostPage {
  id: string
  title: string
  slug: string
  content: string
  excerpt: string
  featuredImage: string | null
  status: PostStatus
  publishedAt: string | null
  updatedAt: string
  author: { name: string; avatarUrl: string | null; bio: string | null }
  tags: string[]
}

/** A post by its slug whatever its status: the route decides who may see a draft. */
export async function getPostBySlug(db: Db, slug: string, now = nowIso()): Promise<PostPage | undefined> {
  const row = await db
    .selectFrom('blog_posts')
    .innerJoin('authors', 'authors.id', 'blog_posts.author_id')
    .select([
      'blog_posts.id',
      'blog_posts.title',
      'blog_posts.slug',
      'blog_posts.content',
      'blog_posts.excerpt',
      'blog_posts.featured_image',
      'blog_posts.published',
      'blog_posts.published_at',
      'blog_posts.updated_at',
      'authors.name as author_name',
      'authors.avatar_url as author_avatar_url',
      'authors.bio as author_bio',
    ])
    .where('blog_posts.slug', '=', slug)
    .executeTakeFirst()
  if (!row) return undefined
  const tags = await tagsByPost(db, [row.id])
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    content: row.content,
    excerpt: row.excerpt,
    featuredImage: row.featured_image,
    status: postStatus(row, now),
    publishedAt: row.published_at,
    updatedAt: row.updated_at,
    author: { name: row.author_name, avatarUrl: row.author_avatar_url, bio: row.author_bio },
    tags: tags.get(row.id) ?? [],
  }
}

/** Published posts for the feed and the sitemap, newest first. */
export async function listPublishedPostsForFeed(db: Db, limit: number, now = nowIso()) {
  const rows = await publicPosts(db, now)
    .innerJoin('authors', 'authors.id', 'blog_posts.author_id')
    .select([
      'blog_posts.id',
      'blog_posts.title',
      'blog_posts.slug',
      'blog_posts.excerpt',
      'blog_posts.published_at',
      'blog_posts.updated_at',
      'authors.name as author_name',
    ])
    .orderBy('blog_posts.published_at', 'desc')
    .orderBy('blog_posts.id')
    .limit(limit)
    .execute()
  const tags = await tagsByPost(db, rows.map((r) => r.id))
  return rows.map((row) => ({
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    publishedAt: row.published_at!,
    updatedAt: row.updated_at,
    authorName: row.author_name,
    tags: tags.get(row.id) ?? [],
  }))
}
