import { type SelectQueryBuilder, sql } from 'kysely'
import type { PostReview } from '~/lib/post-review'
import type { SearchFields } from '~/lib/search-fields'
import { containsPattern, foldForSearch } from '~/lib/search-text'
import { SEARCH_COLUMNS, searchColumns, searchFieldsOfRow } from '~/server/repositories/page-search-fields.server'
import { newId, nowIso } from '~/lib/ids'
import type { Db, Schema } from '~/server/db/schema.server'
import { imageUsesOf, type ImageUse } from '~/server/repositories/files.server'
import { deleteAtVersion, type RecordWrite, updateAtVersion } from '~/server/repositories/versions.server'

export type PostStatus = 'draft' | 'scheduled' | 'published'

/** Public once published with a publish time that has come; a published flag without a time shows nowhere. */
export function postStatus(post: { published: number; published_at: string | null }, now = nowIso()): PostStatus {
  if (!post.published || !post.published_at) return 'draft'
  return post.published_at > now ? 'scheduled' : 'published'
}

/** A post as the editor loads it. */
export interface Post {
  id: string
  title: string
  slug: string
  content: string
  excerpt: string
  imageUrl: string | null
  published: boolean
  publishedAt: string | null
  authorId: string
  tags: string[]
  search: SearchFields
  version: string
}

/** What an editor saves; the image is attached by the media service. */
export type PostFields = Omit<Post, 'id' | 'imageUrl' | 'version'>

/** Posts on one page of the admin list. */
export const ADMIN_POSTS_PER_PAGE = 25

/**
 * One page of the admin post table, newest first, with each author's name, and how many pages there
 * are; `createdBy` narrows it to one admin's posts (what an Author sees).
 */
export async function listPostsForAdmin(db: Db, page: number, { createdBy }: { createdBy?: string } = {}) {
  let posts = db.selectFrom('blog_posts')
  if (createdBy !== undefined) posts = posts.where('blog_posts.created_by', '=', createdBy)
  const { count } = await posts.select((eb) => eb.fn.countAll<string | number>().as('count')).executeTakeFirstOrThrow()
  const pageCount = Math.max(1, Math.ceil(Number(count) / ADMIN_POSTS_PER_PAGE))
  // A page past the end has no rows; asking anyway could send an offset too large for the database.
  if (page > pageCount) return { rows: [], pageCount }
  const rows = await withReview(posts)
    .innerJoin('authors', 'authors.id', 'blog_posts.author_id')
    .select([
      'blog_posts.id',
      'blog_posts.title',
      'blog_posts.slug',
      'blog_posts.created_by',
      'blog_posts.published',
      'blog_posts.published_at',
      'blog_posts.created_at',
      'blog_posts.updated_at',
      'blog_posts.seo_title',
      'blog_posts.meta_description',
      'blog_posts.social_image',
      'blog_posts.noindex',
      'authors.name as author_name',
    ])
    .orderBy('blog_posts.created_at', 'desc')
    .orderBy('blog_posts.id')
    .limit(ADMIN_POSTS_PER_PAGE)
    .offset((page - 1) * ADMIN_POSTS_PER_PAGE)
    .execute()
  const now = nowIso()
  const shown = rows.map((row) => ({
    id: row.id,
    title: row.title,
    slug: row.slug,
    authorName: row.author_name,
    status: postStatus(row, now),
    publishedAt: row.published_at,
    inReview: row.review_requested_at !== null && !row.published,
    review: reviewOf(row),
    createdBy: row.created_by,
    createdAt: row.created_at,
    version: row.updated_at,
  }))
  return { rows: shown, pageCount }
}

/** Publishing answers a review: neither the request nor an earlier note sending the post back is left. */
const reviewSettled = { review_requested_at: null, review_requested_by: null, sent_back_by: null, sent_back_at: null, sent_back_note: null }

/**
 * Publishes (published_at now) or unpublishes (no publish time) the version of a post the list
 * showed.
 */
export async function setPostPublished(db: Db, id: string, version: string, published: boolean): Promise<RecordWrite> {
  // Unpublishing leaves no request for review behind either.
  return {
    outcome: await updateAtVersion(db, 'blog_posts', id, version, {
      published: published ? 1 : 0,
      published_at: published ? nowIso() : null,
      ...reviewSettled,
    }),
  }
}

/**
 * An admin asks an Editor or Owner to publish their draft (or takes the request back), at the
 * version the list showed. Asking again answers an earlier note that sent the post back.
 */
export async function setPostReviewRequested(db: Db, id: string, version: string, requestedBy: string | null): Promise<RecordWrite> {
  const request = requestedBy
    ? { ...reviewSettled, review_requested_at: nowIso(), review_requested_by: requestedBy }
    : { review_requested_at: null, review_requested_by: null }
  return { outcome: await updateAtVersion(db, 'blog_posts', id, version, request) }
}

/** A reviewer sends the version of a post they saw back to its Author with a note: it is a draft out of review again. */
export async function setPostSentBack(
  db: Db,
  id: string,
  version: string,
  { by, note }: { by: string; note: string },
): Promise<RecordWrite> {
  return {
    outcome: await updateAtVersion(db, 'blog_posts', id, version, {
      review_requested_at: null,
      review_requested_by: null,
      sent_back_by: by,
      sent_back_at: nowIso(),
      sent_back_note: note,
    }),
  }
}

/** Who created a post, and whether it is live or waiting for review (and who asked): what an Author's access and a review turn on. */
export async function getPostWorkflow(db: Db, id: string) {
  const row = await db
    .selectFrom('blog_posts')
    .select(['title', 'created_by', 'published', 'review_requested_at', 'review_requested_by'])
    .where('id', '=', id)
    .executeTakeFirst()
  return (
    row && {
      title: row.title,
      createdBy: row.created_by,
      published: row.published === 1,
      reviewRequestedAt: row.review_requested_at,
      reviewRequestedBy: row.review_requested_by,
    }
  )
}

/**
 * After an editor's save, in its transaction: a new post notes the admin who created it, and a
 * published one no longer waits for review.
 */
export async function settlePostWorkflow(
  db: Db,
  id: string,
  { createdBy, published }: { createdBy?: string; published: boolean },
): Promise<void> {
  if (!createdBy && !published) return
  await db
    .updateTable('blog_posts')
    .set({ ...(createdBy && { created_by: createdBy }), ...(published && reviewSettled) })
    .where('id', '=', id)
    .execute()
}

/** Posts with where they stand in review, and who asked for it and who sent them back (a removed admin's names are null), for reviewOf. */
function withReview<O>(posts: SelectQueryBuilder<Schema, 'blog_posts', O>) {
  return posts
    .leftJoin('users as requester', 'requester.id', 'blog_posts.review_requested_by')
    .leftJoin('users as reviewer', 'reviewer.id', 'blog_posts.sent_back_by')
    .select([
      'blog_posts.review_requested_at',
      'blog_posts.sent_back_at',
      'blog_posts.sent_back_note',
      'requester.display_name as requester_name',
      'requester.email as requester_email',
      'reviewer.display_name as reviewer_name',
      'reviewer.email as reviewer_email',
    ])
}

function reviewOf(row: {
  review_requested_at: string | null
  sent_back_at: string | null
  sent_back_note: string | null
  requester_name: string | null
  requester_email: string | null
  reviewer_name: string | null
  reviewer_email: string | null
}): PostReview {
  return {
    requestedAt: row.review_requested_at,
    requestedBy: row.requester_name ?? row.requester_email,
    sentBack:
      row.sent_back_at && row.sent_back_note !== null
        ? { at: row.sent_back_at, by: row.reviewer_name ?? row.reviewer_email, note: row.sent_back_note }
        : null,
  }
}

/** Where one post stands in review, for its editor. */
export async function getPostReview(db: Db, id: string): Promise<PostReview | undefined> {
  const row = await withReview(db.selectFrom('blog_posts')).where('blog_posts.id', '=', id).executeTakeFirst()
  return row && reviewOf(row)
}

/** Drafts waiting for review, the longest-waiting first, with who asked: what the dashboard lists. */
export async function listPostsInReview(db: Db, limit: number) {
  const rows = await withReview(db.selectFrom('blog_posts'))
    .select(['blog_posts.id', 'blog_posts.title'])
    .where('blog_posts.review_requested_at', 'is not', null)
    .where('blog_posts.published', '=', 0)
    .orderBy('blog_posts.review_requested_at')
    .orderBy('blog_posts.id')
    .limit(limit)
    .execute()
  return rows.map((row) => ({ id: row.id, title: row.title, review: reviewOf(row) }))
}

/** How many drafts wait for an Editor or Owner to review them. */
export async function countPostsInReview(db: Db): Promise<number> {
  const { count } = await db
    .selectFrom('blog_posts')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('review_requested_at', 'is not', null)
    .where('published', '=', 0)
    .executeTakeFirstOrThrow()
  return Number(count)
}

/** Deletes the version of a post the list showed, its tags with it (by cascade); reports its image. */
export const deletePost = (db: Db, id: string, version: string) => deleteAtVersion(db, 'blog_posts', id, version)

/** The earliest publish time after `now` among published posts, or undefined when none is scheduled. */
export async function nextScheduledPublish(db: Db, now = nowIso()): Promise<string | undefined> {
  const row = await db
    .selectFrom('blog_posts')
    .select((eb) => eb.fn.min('published_at').as('next'))
    .where('published', '=', 1)
    .where('published_at', '>', now)
    .executeTakeFirst()
  return row?.next ?? undefined
}

/** The next posts to go out on their own, soonest first: what the dashboard announces. */
export async function listScheduledPosts(db: Db, limit: number, now = nowIso()) {
  const rows = await db
    .selectFrom('blog_posts')
    .select(['id', 'title', 'published_at'])
    .where('published', '=', 1)
    .where('published_at', '>', now)
    .orderBy('published_at')
    .orderBy('id')
    .limit(limit)
    .execute()
  return rows.map((row) => ({ id: row.id, title: row.title, publishedAt: row.published_at! }))
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

/** A post's columns as the editor saves them; search_text follows title and excerpt. */
function postColumns(post: PostFields) {
  return {
    title: post.title,
    slug: post.slug,
    content: post.content,
    excerpt: post.excerpt,
    published: post.published ? 1 : 0,
    published_at: post.publishedAt,
    author_id: post.authorId,
    search_text: postSearchText(post),
    ...searchColumns(post.search),
  }
}

/** Inserts a post and its tags in one transaction (or the caller's); reports the new id (a restored post keeps its old one). */
export async function createPost(
  db: Db,
  post: PostFields,
  imageUrl: string | null,
  now = nowIso(),
  id = newId(),
): Promise<RecordWrite & { id: string }> {
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto('blog_posts')
      .values({ id, ...postColumns(post), featured_image: imageUrl, created_at: now, updated_at: now })
      .execute()
    await insertTags(trx, id, post.tags)
  })
  return { outcome: 'saved', id }
}

/**
 * Saves fields and tags over the version the editor loaded, in one transaction (or the caller's);
 * a new image replaces the old one, none keeps it.
 */
export async function updatePost(db: Db, id: string, version: string, post: PostFields, newImage: string | null): Promise<RecordWrite> {
  return inTransaction(db, async (trx) => {
    const before = await trx
      .selectFrom('blog_posts')
      .select('featured_image')
      .where('id', '=', id)
      .where('updated_at', '=', version)
      .executeTakeFirst()
    const outcome = await updateAtVersion(trx, 'blog_posts', id, version, {
      ...postColumns(post),
      ...(newImage && { featured_image: newImage }),
    })
    if (outcome !== 'saved') return { outcome }
    await trx.deleteFrom('post_tags').where('post_id', '=', id).execute()
    await insertTags(trx, id, post.tags)
    return { outcome: 'saved', replacedImage: newImage ? before?.featured_image : null }
  })
}

async function insertTags(trx: Db, postId: string, tags: string[]) {
  if (tags.length === 0) return
  await trx
    .insertInto('post_tags')
    .values(tags.map((tag, position) => ({ post_id: postId, tag, position })))
    .execute()
}

/** True when another post (not `exceptId`) already has this slug. */
export async function isSlugTaken(db: Db, slug: string, exceptId?: string): Promise<boolean> {
  let query = db.selectFrom('blog_posts').select('id').where('slug', '=', slug)
  if (exceptId) query = query.where('id', '!=', exceptId)
  return (await query.executeTakeFirst()) !== undefined
}

/** Everything the editor shows for one post, or undefined. */
export async function getPostForEditor(db: Db, id: string): Promise<Post | undefined> {
  const row = await db
    .selectFrom('blog_posts')
    .select([
      'id',
      'title',
      'slug',
      'content',
      'excerpt',
      'featured_image',
      'published',
      'published_at',
      'author_id',
      'updated_at',
      ...SEARCH_COLUMNS,
    ])
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
    imageUrl: row.featured_image,
    published: row.published === 1,
    publishedAt: row.published_at,
    authorId: row.author_id,
    tags: tags.get(row.id) ?? [],
    search: searchFieldsOfRow(row),
    version: row.updated_at,
  }
}

function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
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
      exists(
        selectFrom('post_tags')
          .select('post_tags.post_id')
          .whereRef('post_tags.post_id', '=', 'blog_posts.id')
          .where('post_tags.tag', '=', tag),
      ),
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
  const tags = await tagsByPost(
    db,
    rows.map((r) => r.id),
  )
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

/**
 * Every tag the blog uses, each once, the most used first: the editor suggests them as a tag is
 * typed. `exceptPost` leaves out that post's own, so it may change a tag's case.
 */
export async function listTagNames(db: Db, { exceptPost }: { exceptPost?: string } = {}): Promise<string[]> {
  const rows = await db
    .selectFrom('post_tags')
    .select(['tag', db.fn.countAll().as('uses')])
    .$if(exceptPost !== undefined, (query) => query.where('post_id', '!=', exceptPost!))
    .groupBy('tag')
    .orderBy('uses', 'desc')
    .orderBy('tag')
    .execute()
  return rows.map((row) => row.tag)
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
  search: SearchFields
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
      'blog_posts.seo_title',
      'blog_posts.meta_description',
      'blog_posts.social_image',
      'blog_posts.noindex',
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
    search: searchFieldsOfRow(row),
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
      'blog_posts.seo_title',
      'blog_posts.meta_description',
      'blog_posts.social_image',
      'blog_posts.noindex',
      'authors.name as author_name',
    ])
    .orderBy('blog_posts.published_at', 'desc')
    .orderBy('blog_posts.id')
    .limit(limit)
    .execute()
  const tags = await tagsByPost(
    db,
    rows.map((r) => r.id),
  )
  return rows.map((row) => ({
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    publishedAt: row.published_at!,
    updatedAt: row.updated_at,
    authorName: row.author_name,
    tags: tags.get(row.id) ?? [],
    hidden: row.noindex === 1,
  }))
}

/** The titles of the posts at these slugs, for naming pages in Insights. */
export async function postTitlesBySlug(db: Db, slugs: string[]): Promise<Map<string, string>> {
  if (slugs.length === 0) return new Map()
  const rows = await db.selectFrom('blog_posts').select(['slug', 'title']).where('slug', 'in', slugs).execute()
  return new Map(rows.map((row) => [row.slug, row.title]))
}

/** Posts showing one of our uploaded images, as their featured or social image. */
export async function postImageUses(db: Db): Promise<ImageUse[]> {
  const rows = await db
    .selectFrom('blog_posts')
    .select(['id', 'title', 'featured_image', 'social_image'])
    .where((eb) => eb.or([eb('featured_image', 'like', '/media/%'), eb('social_image', 'like', '/media/%')]))
    .execute()
  return imageUsesOf(rows, (row) => ({ recordId: row.id, title: row.title }), [
    ['featured_image', 'Featured image'],
    ['social_image', 'Social image'],
  ])
}
