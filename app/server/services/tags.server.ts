import { type BlogListQuery, blogListHref } from '~/lib/blog-links'
import { renameOutcome, type TagRename } from '~/lib/tag-schema'
import { withKnownSpellings } from '~/lib/tag-spelling'
import type { Db } from '~/server/db/schema.server'
import { recordActivity } from '~/server/repositories/activity.server'
import { listPublishedPosts, listTagNames } from '~/server/repositories/posts.server'
import { countPostsTagged, getTagRedirect, listTagUses, putTagRedirect, retagPosts, type TagUse } from '~/server/repositories/tags.server'
import type { LoadContext } from './load-context.server'
import type { User } from './users.server'

/*
 * The rules of the Tags screen. A tag is renamed on every post at once, in one transaction; a name
 * that is another tag's in any case (tag-spelling.ts: one subject, one spelling) merges the two,
 * asked first. Either way the old tag's page sends visitors on to the new one, through the blog
 * list's loader: the site's redirects match paths, and every tag page shares one.
 */

/** A tag as the screen lists it. */
export interface TagRow extends TagUse {
  /** Its other spellings in another case, which split one subject in two. */
  alsoSpelt: string[]
  /** The spelling to merge this one into: the blog's usual one, for the others of its subject. */
  mergeInto: string | null
}

/**
 * Every tag with its posts, by name, each spelling flagged with its others; and the tags in the order
 * that picks a spelling (withKnownSpellings), for the screen to say ahead whether a name merges.
 */
export async function listTags(db: Db): Promise<{ tags: TagRow[]; known: string[] }> {
  const [uses, known] = await Promise.all([listTagUses(db), listTagNames(db)])
  // The spelling the editor gives a tag typed in another case (the most used) is the one to keep.
  const usual = new Map(uses.map(({ tag }) => [tag, withKnownSpellings([tag], known)[0]!]))
  const tags = uses.map((use) => ({
    ...use,
    alsoSpelt: uses.filter(({ tag }) => tag !== use.tag && usual.get(tag) === usual.get(use.tag)).map(({ tag }) => tag),
    mergeInto: usual.get(use.tag) === use.tag ? null : usual.get(use.tag)!,
  }))
  return { tags, known }
}

export type TagChange =
  | { outcome: 'renamed' | 'merged'; from: string; to: string; posts: number }
  /** The name is another tag's: nothing changed until the admin confirms the merge. */
  | { outcome: 'confirm-merge'; from: string; into: string; posts: number }
  /** No post carries the tag any more (renamed or removed meanwhile). */
  | { outcome: 'gone' }

/**
 * Renames a tag on every post that carries it, or merges it into the tag its new name is (in any
 * case, keeping that tag's spelling) once the admin has seen and confirmed that; logs it, and
 * leaves its page a redirect to the new one.
 */
export async function changeTag(context: LoadContext, user: User, { tag, name }: TagRename, mergeConfirmed: boolean): Promise<TagChange> {
  const change = await context.db.transaction().execute(async (trx): Promise<TagChange> => {
    const posts = await countPostsTagged(trx, tag)
    if (posts === 0) return { outcome: 'gone' }
    const { to, merge } = renameOutcome(tag, name, await listTagNames(trx))
    if (merge && !mergeConfirmed) return { outcome: 'confirm-merge', from: tag, into: to, posts }
    await retagPosts(trx, tag, to)
    await putTagRedirect(trx, tag, to)
    const what = merge ? `merged into “${to}”` : `renamed to “${to}”`
    await recordActivity(trx, {
      user_email: user.email,
      action: 'updated',
      record_type: 'post',
      title: `Tag “${tag}” ${what} (${posts} ${posts === 1 ? 'post' : 'posts'})`,
    })
    return { outcome: merge ? 'merged' : 'renamed', from: tag, to, posts }
  })
  if (change.outcome === 'renamed' || change.outcome === 'merged') context.contentChanged('posts')
  return change
}

// As the site's own redirects: browsers keep a permanent one an hour, so a later rename reaches them the same day.
export const MOVED_TAG_PAGE_CACHE = 'public, max-age=3600'

/**
 * Where a tag page that found no posts leads, when its tag was renamed or merged: the new tag's
 * page, with the same search and page. A tag used again since it moved shows its own posts.
 */
export async function movedTagPage(db: Db, query: BlogListQuery): Promise<string | null> {
  const to = await getTagRedirect(db, query.tag)
  if (!to || to === query.tag) return null
  if (query.search && (await listPublishedPosts(db, { tag: query.tag })).total > 0) return null
  return blogListHref({ ...query, tag: to })
}
