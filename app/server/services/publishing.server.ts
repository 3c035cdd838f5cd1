import { nowIso } from '~/lib/ids'
import type { LoadContext } from '~/load-context'
import type { Db } from '~/server/db/schema.server'
import { getPostForEditor, setPostPublished } from '~/server/repositories/posts.server'
import type { WriteOutcome } from '~/server/repositories/versions.server'
import { keepLinksAfterSave } from './redirects.server'
import { type AnsweredReview, reviewBeingAnswered, tellAuthorOfPublishing } from './review.server'
import { keepRevision, postRevisions } from './revisions.server'
import type { User } from './users.server'

/** What the post list does to a post's publishing: publish it now, take it down, or call off its schedule. */
export type PublishIntent = 'publish' | 'unpublish' | 'cancel-schedule'

/**
 * Publishes (now), unpublishes or cancels the schedule of the version of a post the list showed,
 * with its links and its revision, in one transaction. A schedule whose time came while the list
 * was open is not cancelled ('went-live'): the post is on the site, and taking it off is an
 * Unpublish, confirmed as one. Publishing a post that waited for review tells the Author who asked,
 * once committed.
 */
export async function changePublishing(
  db: Db,
  context: LoadContext,
  { id, version, intent, user }: { id: string; version: string | null; intent: PublishIntent; user: User },
): Promise<WriteOutcome | 'went-live'> {
  let answered: AnsweredReview | undefined
  const result = await db.transaction().execute(async (trx) => {
    const post = await getPostForEditor(trx, id)
    if (!post) return 'gone'
    if (intent === 'cancel-schedule' && post.published && post.publishedAt !== null && post.publishedAt <= nowIso()) return 'went-live'
    if (intent === 'publish') answered = await reviewBeingAnswered(trx, id)
    // A request without a version (a script, not the list) acts on the post as it stands.
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
