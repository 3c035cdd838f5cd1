import { atLeast, roleOf } from '~/lib/admin-access'
import { postHref } from '~/lib/blog-links'
import { formatDateTime } from '~/lib/dates'
import { nowIso } from '~/lib/ids'
import type { Config } from '~/server/config.server'
import type { Db } from '~/server/db/schema.server'
import { getAdmin, listAdmins } from '~/server/repositories/admins.server'
import { getPostWorkflow } from '~/server/repositories/posts.server'
import { getTimeZone } from '~/server/repositories/settings.server'
import { emailPostPublished, emailReviewRequest, emailSentBack } from './mailer.server'
import type { User } from './users.server'
import { logger } from '~/server/log.server'

/*
 * The e-mails of the review of a post an Author wrote (the posts service makes the changes). The
 * Author asks for it (every Editor and Owner is e-mailed); an Editor or Owner either publishes it,
 * which tells the Author, or sends it back with a note, which the Author gets by e-mail. "The
 * Author" of a post, for these e-mails, is the admin who asked for its review: posts are credited
 * to author profiles, not to admins, and an Editor may have created the draft an Author then
 * finished. E-mails go only when a mail server is set, after the change is committed, and
 * never hold up the answer; the screens say the same, so a mail that fails is logged, not retried.
 */

/** Where an admin opens a post. */
const editorUrl = (config: Config, id: string) => `${config.siteUrl}/admin/blog/edit/${id}`

/** How an e-mail names the admin who acted. */
async function named(db: Db, user: User): Promise<{ name: string; email: string }> {
  const admin = await getAdmin(db, user.id)
  return { name: admin?.displayName ?? user.email, email: user.email }
}

/** Once a request for review has committed: e-mails every Editor and Owner but the admin who asked. */
export function askReviewers(db: Db, config: Config, post: { id: string; title: string }, user: User): void {
  afterAnswer(tellReviewers(db, config, post, user))
}

async function tellReviewers(db: Db, config: Config, post: { id: string; title: string }, user: User): Promise<void> {
  if (!config.smtpUrl) return
  const reviewers = (await listAdmins(db)).filter((admin) => admin.id !== user.id && atLeast(roleOf(admin.role), 'editor'))
  const by = await named(db, user)
  await Promise.all(
    reviewers.map((reviewer) =>
      emailReviewRequest(config, reviewer.email, { title: post.title, editorUrl: editorUrl(config, post.id) }, by),
    ),
  )
}

/** Once a post has been sent back: e-mails the admin who had asked for its review the note it came back with. */
export function tellAuthorSentBack(
  db: Db,
  config: Config,
  askerId: string,
  post: { id: string; title: string },
  note: string,
  user: User,
): void {
  const sent = { title: post.title, editorUrl: editorUrl(config, post.id) }
  afterAnswer(tellAsker(db, config, askerId, async (to) => emailSentBack(config, to, sent, await named(db, user), note)))
}

/** What a publishing save or Publish answered: the admin who had asked for the post's review, read before the request was cleared. */
export interface AnsweredReview {
  postId: string
  askedBy: string | null
}

/**
 * The review a publish is about to answer, read in its transaction before the request is cleared
 * (an editor's save reads it once the post is marked published); undefined when none was asked for.
 */
export async function reviewBeingAnswered(trx: Db, id: string): Promise<AnsweredReview | undefined> {
  const post = await getPostWorkflow(trx, id)
  return post?.reviewRequestedAt ? { postId: id, askedBy: post.reviewRequestedBy } : undefined
}

/**
 * Once a publish has committed: e-mails the Author who asked for the review that their post is
 * published, or scheduled and when (in the site's time zone). Only an admin whose role is still
 * Author is told; an Editor or Owner who asked publishes their own posts.
 */
export function tellAuthorOfPublishing(db: Db, config: Config, answered: AnsweredReview, user: User): void {
  const { askedBy, postId } = answered
  if (!askedBy || askedBy === user.id) return
  afterAnswer(
    tellAsker(db, config, askedBy, async (to, role) => {
      if (role !== 'author') return
      const post = await db
        .selectFrom('blog_posts')
        .select(['title', 'slug', 'published', 'published_at'])
        .where('id', '=', postId)
        .executeTakeFirst()
      if (!post?.published || !post.published_at) return
      const scheduledFor = post.published_at > nowIso() ? formatDateTime(post.published_at, await getTimeZone(db)) : null
      await emailPostPublished(
        config,
        to,
        { title: post.title, url: `${config.siteUrl}${postHref(post.slug)}` },
        await named(db, user),
        scheduledFor,
      )
    }),
  )
}

/** E-mails the admin who asked for a review, if a mail server is set and they are still an admin. */
async function tellAsker(db: Db, config: Config, askerId: string, send: (to: string, role: string) => Promise<unknown>): Promise<void> {
  if (!config.smtpUrl) return
  const asker = await getAdmin(db, askerId)
  if (asker) await send(asker.email, asker.role)
}

/** Runs the e-mails of a change after its answer has gone; what fails is logged, since no one waits to be told. */
function afterAnswer(work: Promise<unknown>): void {
  work.catch((error: unknown) => logger.error({ err: error }, 'E-mailing about a post review failed'))
}
