import { mayChangePost } from '~/lib/admin-access'
import { MAX_ID_LENGTH } from '~/lib/schemas'
import { recordActivity } from '~/server/repositories/activity.server'
import { getPostBySlug, type PostPage, postStatus } from '~/server/repositories/posts.server'
import type { Db } from '~/server/db/schema.server'
import type { LoadContext } from '~/server/services/load-context.server'
import { readToken, signToken } from '~/server/services/signed-tokens.server'
import { isTokenShaped, newToken } from '~/server/services/tokens.server'
import type { User } from '~/server/services/users.server'

/*
 * Shareable preview links of a draft or scheduled post, like Ghost's: someone without an account
 * opens one and reads the post as visitors will once it is published. A link is a token signed with
 * the site's secret naming the post, the post's share key and the moment it stops working (7 days
 * on). The key lives in post_preview_shares (migration 0046): "Stop sharing" deletes it, and so does
 * deleting the post, so every link made before stops at once while the signature alone proves
 * nothing more. Nothing about a post is told to a token that fails.
 */

const PURPOSE = 'post-preview'
export const PREVIEW_LINK_DAYS = 7
const DAY_MS = 24 * 60 * 60 * 1000
export const PREVIEW_PATH = '/resources/blog/preview'
// A post id, a key of 43 characters, an expiry and a signature of 43, with room to spare.
const MAX_TOKEN_LENGTH = MAX_ID_LENGTH + 120

/** A link that works: its path on the site, and when it stops working. */
export interface PreviewLink {
  path: string
  expiresAt: string
}

const linkOf = (secret: string, postId: string, key: string, expiresAt: string): PreviewLink => ({
  path: `${PREVIEW_PATH}/${signToken(secret, PURPOSE, [postId, key, String(Date.parse(expiresAt) / 1000)])}`,
  expiresAt,
})

/** The newest link of a post while it works, as the editor shows it again; null when the post is not shared. */
export async function currentPreviewLink(context: LoadContext, postId: string, now = Date.now()): Promise<PreviewLink | null> {
  const share = await context.db
    .selectFrom('post_preview_shares')
    .select(['share_key', 'expires_at'])
    .where('post_id', '=', postId)
    .executeTakeFirst()
  if (!share || Date.parse(share.expires_at) <= now) return null
  return linkOf(context.config.cookieSecret, postId, share.share_key, share.expires_at)
}

export type SharingRefusal = { refusal: 'missing' | 'forbidden' | 'live' }

/** The post an admin shares or stops sharing, if the editor would open it for them (an Author: their own draft). */
async function postToShare(db: Db, user: User, postId: string) {
  const post = await db
    .selectFrom('blog_posts')
    .select(['title', 'created_by', 'published', 'published_at'])
    .where('id', '=', postId)
    .executeTakeFirst()
  if (!post) return { refusal: 'missing' } as const
  if (!mayChangePost(user, { createdBy: post.created_by, published: post.published === 1 })) return { refusal: 'forbidden' } as const
  return post
}

/**
 * A new link to a post, valid 7 days, for an admin who may change the post; earlier links keep
 * working until they expire. A live post is refused: its address is public.
 */
export async function sharePreview(
  context: LoadContext,
  user: User,
  postId: string,
  now = Date.now(),
): Promise<PreviewLink | SharingRefusal> {
  return context.db.transaction().execute(async (trx) => {
    const post = await postToShare(trx, user, postId)
    if ('refusal' in post) return post
    if (postStatus(post, new Date(now).toISOString()) === 'published') return { refusal: 'live' as const }
    // Whole seconds, as the token holds them.
    const expiresAt = new Date(Math.floor((now + PREVIEW_LINK_DAYS * DAY_MS) / 1000) * 1000).toISOString()
    await trx
      .insertInto('post_preview_shares')
      .values({ post_id: postId, share_key: newToken(), expires_at: expiresAt, created_at: new Date(now).toISOString() })
      .onConflict((oc) => oc.column('post_id').doUpdateSet({ expires_at: expiresAt }))
      .execute()
    const { share_key } = await trx
      .selectFrom('post_preview_shares')
      .select('share_key')
      .where('post_id', '=', postId)
      .executeTakeFirstOrThrow()
    await recordActivity(trx, {
      user_email: user.email,
      action: 'preview-shared',
      record_type: 'post',
      record_id: postId,
      title: post.title,
    })
    return linkOf(context.config.cookieSecret, postId, share_key, expiresAt)
  })
}

/** Stops every link of a post at once; false when it was not shared. */
export async function stopSharingPreview(context: LoadContext, user: User, postId: string): Promise<boolean | SharingRefusal> {
  return context.db.transaction().execute(async (trx) => {
    const post = await postToShare(trx, user, postId)
    if ('refusal' in post) return post
    const { numDeletedRows } = await trx.deleteFrom('post_preview_shares').where('post_id', '=', postId).executeTakeFirst()
    if (Number(numDeletedRows) === 0) return false
    await recordActivity(trx, {
      user_email: user.email,
      action: 'preview-unshared',
      record_type: 'post',
      record_id: postId,
      title: post.title,
    })
    return true
  })
}

/**
 * What a preview link opens: the post as its public page shows it; its public address once it is
 * live; or why not. 'invalid' for a token this site did not sign (forged, cut, altered), checked
 * before anything else; 'expired' past its time; 'stopped' once its post stopped being shared or
 * was deleted.
 */
export type OpenedPreview = { post: PostPage } | { published: string } | { refusal: 'invalid' | 'expired' | 'stopped' }

export async function openPreview(context: LoadContext, token: string, now = Date.now()): Promise<OpenedPreview> {
  const fields = token.length <= MAX_TOKEN_LENGTH ? readToken(context.config.cookieSecret, PURPOSE, token, 3) : null
  const [postId, key, expires] = fields ?? []
  if (!postId || postId.length > MAX_ID_LENGTH || !isTokenShaped(key) || !/^\d{1,12}$/.test(expires ?? '')) return { refusal: 'invalid' }
  if (Number(expires) * 1000 <= now) return { refusal: 'expired' }
  const shared = await context.db
    .selectFrom('post_preview_shares')
    .innerJoin('blog_posts', 'blog_posts.id', 'post_preview_shares.post_id')
    .select('blog_posts.slug')
    .where('post_preview_shares.post_id', '=', postId)
    .where('post_preview_shares.share_key', '=', key)
    .executeTakeFirst()
  // The public page's own query, so the preview shows exactly what visitors will see.
  const post = shared && (await getPostBySlug(context.db, shared.slug, new Date(now).toISOString()))
  if (!post || post.id !== postId) return { refusal: 'stopped' }
  return post.status === 'published' ? { published: post.slug } : { post }
}
