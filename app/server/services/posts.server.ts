import { atLeast, authorPostRefusal, authorPublishRefusal, mayChangePost } from '~/lib/admin-access'
import { timeZoneLabel } from '~/lib/dates'
import { nowIso } from '~/lib/ids'
import type { FieldErrors } from '~/lib/schemas'
import { NO_SEARCH_FIELDS } from '~/lib/search-fields'
import { withKnownSpellings } from '~/lib/tag-spelling'
import type { LoadContext } from '~/server/services/load-context.server'
import type { Config } from '~/server/config.server'
import type { Db } from '~/server/db/schema.server'
import { recordActivity } from '~/server/repositories/activity.server'
import { getAuthor } from '~/server/repositories/authors.server'
import {
  createPost,
  getPostForEditor,
  getPostWorkflow,
  isSlugTaken,
  listPostsForAdmin,
  listTagNames,
  setPostPublished,
  setPostReviewRequested,
  setPostSentBack,
  settlePostWorkflow,
  updatePost,
  type Post,
  type PostFields,
} from '~/server/repositories/posts.server'
import { getTimeZone } from '~/server/repositories/settings.server'
import type { RecordWrite, WriteOutcome } from '~/server/repositories/versions.server'
import { forbidden } from './auth.server'
import { keepLinksAfterSave } from './redirects.server'
import { type AnsweredReview, askReviewers, reviewBeingAnswered, tellAuthorOfPublishing, tellAuthorSentBack } from './review.server'
import { imageKept, keepRevision, type RestoreRefusal, type RevisionSpec } from './revisions.server'
import type { User } from './users.server'

/*
 * The rules of a blog post: who may change it, and what a save, a publish and a review do, each in
 * one transaction with the links its address needs and its revision. Route modules read the form,
 * call one of these and turn what it returns into their answer ('forbidden' into a 403).
 */

/**
 * A post's revisions. A restore brings back its words (text, tags, author, search fields, image)
 * but keeps its address and its publish state and time as they are now: the first draft of a live
 * post must not take it off the site, nor move it.
 */
export const postRevisions: RevisionSpec = {
  type: 'post',
  read: getPostForEditor,
  kept: ({ slug, published, publishedAt }) => ({ slug, published, publishedAt }),
  restoreOver: async (db, current, version, restored, image) => {
    const checked = await restoredFields(db, current.id, restored)
    if ('refusal' in checked) return checked.refusal
    const { outcome } = await updatePost(db, current.id, version, checked.fields, image)
    return outcome === 'saved' ? null : outcome
  },
  reinsert: async (db, recordId, snapshot) => {
    const checked = await restoredFields(db, recordId, snapshot)
    if ('refusal' in checked) return checked.refusal
    // An older revision's image may have been replaced (and its file deleted) before the post was.
    await createPost(db, checked.fields, (await imageKept(db, checked.imageUrl)) ? checked.imageUrl : null, nowIso(), recordId)
    return null
  },
}

/** A post revision's fields, or why they cannot be written now. */
async function restoredFields(
  db: Db,
  recordId: string,
  snapshot: Record<string, unknown>,
): Promise<{ refusal: RestoreRefusal } | { fields: PostFields; imageUrl: string | null }> {
  const post = snapshot as unknown as Post
  if (await isSlugTaken(db, post.slug, recordId)) return { refusal: 'slug-taken' }
  if (!(await getAuthor(db, post.authorId))) return { refusal: 'author-gone' }
  const { title, slug, content, excerpt, published, publishedAt, authorId, tags } = post
  // Revisions from before posts had search fields have none.
  return {
    fields: { title, slug, content, excerpt, published, publishedAt, authorId, tags, search: post.search ?? NO_SEARCH_FIELDS },
    imageUrl: post.imageUrl,
  }
}

/** A post as the editor's form reads it: its fields, and the zone a typed publish time was read in (null if none was typed). */
export type PostInput = PostFields & { typedIn: string | null }

/** The post a list row acts on, at the version the list showed (none, from a script: the post as it stands). */
export interface PostAt {
  id: string
  version: string | null
}

/** Why this admin may not open or change this post (an Author: only their own, until published); null when they may. */
export async function postAccessRefusal(db: Db, user: User, id: string | undefined): Promise<string | null> {
  if (!id || atLeast(user.role, 'editor')) return null
  const post = await getPostWorkflow(db, id)
  return post && !mayChangePost(user, post) ? authorPostRefusal : null
}

/** The post list an admin sees, a page at a time: an Author's is their own posts, each saying whether they may still change it. */
export async function listPostsFor(db: Db, page: number, user: User) {
  const { rows, pageCount } = await listPostsForAdmin(db, page, atLeast(user.role, 'editor') ? {} : { createdBy: user.id })
  return {
    rows: rows.map((post) => ({
      ...post,
      changeable: mayChangePost(user, { createdBy: post.createdBy, published: post.status !== 'draft' }),
    })),
    pageCount,
  }
}

/** What only the database can say of an editor's save, as field errors; an Author's request to publish is refused whole. */
export async function postConflicts(db: Db, post: PostInput, existing: Post | null, user: User): Promise<FieldErrors> {
  // The form offers an Author no Published box; a request that sends one anyway is refused whole.
  if (post.published && !atLeast(user.role, 'editor')) throw forbidden(user, authorPublishRefusal)
  const errors: FieldErrors = {}
  // The author may have been deleted since the form was opened (or the id was never one).
  if (!(await getAuthor(db, post.authorId))) errors.authorId = 'Please choose an author from the list'
  if (await isSlugTaken(db, post.slug, existing?.id)) errors.slug = 'Another post already uses this slug; please choose a different one'
  // A typed time means the site's clock: a page opened before the zone changed read it in another.
  const timeZone = post.typedIn && (await getTimeZone(db))
  if (timeZone && post.typedIn !== timeZone)
    errors.publishAt = `The site's time zone changed to ${timeZoneLabel(timeZone)} since this page was opened. Check the time, then save again.`
  return errors
}

/**
 * An editor's save of a post, in the editor kit's transaction (which holds its image and keeps its
 * revision): the post over the version the editor loaded, the redirect its old address needs, who
 * created it, and the review a publish or schedule answers, whose Author is told once committed.
 */
export async function savePost(
  trx: Db,
  typed: PostInput,
  {
    existing,
    image,
    version,
    user,
    afterCommit,
  }: {
    existing: Post | null
    image: string | null
    version: string
    user: User
    afterCommit: (work: (context: LoadContext) => void) => void
  },
): Promise<RecordWrite & { id?: string }> {
  // One subject, one tag: a tag typed in another case is saved as the blog already spells it.
  const spelled = { ...typed, tags: withKnownSpellings(typed.tags, await listTagNames(trx, { exceptPost: existing?.id })) }
  const written: RecordWrite & { id?: string } = existing
    ? await updatePost(trx, existing.id, version, keptPublishTime(spelled, existing), image)
    : await createPost(trx, spelled, image)
  const id = existing?.id ?? written.id
  if (written.outcome !== 'saved' || !id) return written
  await keepLinksAfterSave(trx, 'post', existing, spelled)
  const answered = existing && spelled.published ? await reviewBeingAnswered(trx, id) : undefined
  if (answered) afterCommit((context) => tellAuthorOfPublishing(context.db, context.config, answered, user))
  await settlePostWorkflow(trx, id, { createdBy: existing ? undefined : user.id, published: spelled.published })
  return written
}

/**
 * The publish time field holds minutes; a save that leaves it alone keeps the stored time to the
 * second, so a post's date (and its history) does not move with every edit.
 */
function keptPublishTime<P extends { publishedAt: string | null }>(post: P, existing: Post): P {
  const sameMinute =
    post.publishedAt !== null && existing.publishedAt !== null && post.publishedAt === `${existing.publishedAt.slice(0, 16)}:00.000Z`
  return sameMinute ? { ...post, publishedAt: existing.publishedAt } : post
}

/** What the post list does to a post's publishing. */
type PublishIntent = 'publish' | 'unpublish' | 'cancel-schedule'

/** Publishes a post now, from the list, and tells the Author who asked for its review. */
export const publishPost = (db: Db, context: LoadContext, post: PostAt, user: User) => changePublishing(db, context, post, user, 'publish')

/** Takes a live post off the site: it becomes a draft. */
export const unpublishPost = (db: Db, context: LoadContext, post: PostAt, user: User) =>
  changePublishing(db, context, post, user, 'unpublish')

/**
 * Calls off a post's schedule (the editor sets one, with a later publish time): it becomes a draft.
 * A schedule whose time came while the list was open is not cancelled ('went-live'): the post is on
 * the site, and taking it off is an Unpublish, confirmed as one.
 */
export const cancelSchedule = (db: Db, context: LoadContext, post: PostAt, user: User) =>
  changePublishing(db, context, post, user, 'cancel-schedule')

/**
 * The publishing change of the version of a post the list showed, with its links and its revision,
 * in one transaction; only an Editor or Owner publishes. Publishing a post that waited for review
 * tells the Author who asked, once committed.
 */
async function changePublishing(
  db: Db,
  context: LoadContext,
  { id, version }: PostAt,
  user: User,
  intent: PublishIntent,
): Promise<WriteOutcome | 'went-live' | 'forbidden'> {
  if (!atLeast(user.role, 'editor')) return 'forbidden'
  let answered: AnsweredReview | undefined
  const result = await db.transaction().execute(async (trx) => {
    const post = await getPostForEditor(trx, id)
    if (!post) return 'gone'
    if (intent === 'cancel-schedule' && post.published && post.publishedAt !== null && post.publishedAt <= nowIso()) return 'went-live'
    if (intent === 'publish') answered = await reviewBeingAnswered(trx, id)
    const { outcome } = await setPostPublished(trx, id, version ?? post.version, intent === 'publish')
    if (outcome !== 'saved') return outcome
    const after = await getPostForEditor(trx, id)
    if (after) await keepLinksAfterSave(trx, 'post', null, after)
    await keepRevision(trx, context, postRevisions, { recordId: id, action: intent === 'publish' ? 'published' : 'unpublished', user })
    return outcome
  })
  if (result === 'saved' && answered) tellAuthorOfPublishing(db, context.config, answered, user)
  return result
}

/**
 * An admin asks for their draft to be reviewed at the version the list showed: who asked and when
 * are kept, the line is logged, and every Editor and Owner but the asker is e-mailed once committed.
 */
export const requestReview = (db: Db, config: Config, post: { id: string; version: string }, user: User) =>
  setReviewRequest(db, config, post, user, true)

/** An admin takes their request for review back, at the version the list showed. */
export const withdrawReview = (db: Db, config: Config, post: { id: string; version: string }, user: User) =>
  setReviewRequest(db, config, post, user, false)

async function setReviewRequest(
  db: Db,
  config: Config,
  { id, version }: { id: string; version: string },
  user: User,
  requested: boolean,
): Promise<WriteOutcome | 'published' | 'forbidden'> {
  if (await postAccessRefusal(db, user, id)) return 'forbidden'
  const done = await db.transaction().execute(async (trx) => {
    const post = await getPostWorkflow(trx, id)
    if (!post) return { outcome: 'gone' as const }
    if (post.published) return { outcome: 'published' as const }
    const { outcome } = await setPostReviewRequested(trx, id, version, requested ? user.id : null)
    if (outcome === 'saved' && requested) {
      await recordActivity(trx, {
        user_email: user.email,
        action: 'review-requested',
        record_type: 'post',
        record_id: id,
        title: post.title,
        revision_id: null,
      })
    }
    return { outcome, title: post.title }
  })
  if (done.outcome === 'saved' && requested && 'title' in done) askReviewers(db, config, { id, title: done.title }, user)
  return done.outcome
}

/**
 * An Editor or Owner sends the version of a post they saw back to the admin who asked for its
 * review, with a note: the post is a draft out of review again, the line is logged, and the asker
 * is e-mailed the note once committed. Only a post waiting for review can be sent back.
 */
export async function sendBack(
  db: Db,
  config: Config,
  { id, version, note }: { id: string; version: string; note: string },
  user: User,
): Promise<WriteOutcome | 'not-in-review' | 'forbidden'> {
  if (!atLeast(user.role, 'editor')) return 'forbidden'
  const done = await db.transaction().execute(async (trx) => {
    const post = await getPostWorkflow(trx, id)
    if (!post) return { outcome: 'gone' as const }
    if (post.published || !post.reviewRequestedAt) return { outcome: 'not-in-review' as const }
    const { outcome } = await setPostSentBack(trx, id, version, { by: user.id, note })
    if (outcome === 'saved')
      await recordActivity(trx, {
        user_email: user.email,
        action: 'sent-back',
        record_type: 'post',
        record_id: id,
        title: post.title,
        revision_id: null,
      })
    return { outcome, post }
  })
  if (done.outcome === 'saved' && 'post' in done && done.post.reviewRequestedBy)
    tellAuthorSentBack(db, config, done.post.reviewRequestedBy, { id, title: done.post.title }, note, user)
  return done.outcome
}
