import { adminErrorBoundary } from '~/components/admin/admin-error-boundary'
import { screenMeta } from '~/components/admin/admin-screen'
import { type ListView, recordListScreen } from '~/components/admin/record-list'
import { ConfirmSubmit } from '~/components/admin/confirm-submit'
import { ReviewStatus, SendBack } from '~/components/admin/post-review'
import { useListFetcher } from '~/components/admin/use-list-fetcher'
import { Badge } from '~/components/ui/badge'
import { data, useLoaderData } from 'react-router'
import { Button } from '~/components/ui/button'
import { atLeast, authorPostRefusal, authorPublishRefusal } from '~/lib/admin-access'
import { adminSection } from '~/lib/admin-sections'
import { postHref } from '~/lib/blog-links'
import { DateTime, LongDate } from '~/components/ui/date-time'
import { formatDateTime } from '~/lib/dates'
import { useTimeZone } from '~/lib/use-time-zone'
import { fieldErrors, MAX_ID_LENGTH } from '~/lib/schemas'
import { sendBackSchema } from '~/lib/post-review'
import type { LoadContext } from '~/server/services/load-context.server'
import { deleteRecord, listAnswer, missedDeleteToast, pagedListLoader, undoDelete } from '~/server/http/editor.server'
import { readForm } from '~/server/http/form-data.server'
import { deletePost, type PostStatus } from '~/server/repositories/posts.server'
import { forbidden, requireUser } from '~/server/services/auth.server'
import {
  cancelSchedule,
  listPostsFor,
  postAccessRefusal,
  postRevisions,
  publishPost,
  requestReview,
  sendBack,
  unpublishPost,
  withdrawReview,
} from '~/server/services/posts.server'
import type { User } from '~/server/services/users.server'
import type { Route } from './+types/blog'
import { logger } from '~/server/log.server'

const section = adminSection('posts')
export const loader = pagedListLoader(listPostsFor, section)

export async function action({ request, context, pattern }: Route.ActionArgs) {
  const user = await requireUser({ request, context, pattern })
  const form = await readForm(request)
  const intent = form.get('intent')
  if (intent === 'publish' || intent === 'unpublish' || intent === 'cancel-schedule') return setPublished(form, context, intent, user)
  if (intent === 'request-review' || intent === 'withdraw-review') return setReviewRequested(form, context, intent, user)
  if (intent === 'send-back') return sendPostBack(form, context, user)
  if (intent === 'undo') return undoDelete(form, context, section, user)
  if (intent === 'delete') {
    const id = form.get('id')
    const refusal = await postAccessRefusal(context.db, user, typeof id === 'string' ? id : undefined)
    if (refusal) throw forbidden(user, refusal)
    return deleteRecord(form, context, section, { remove: deletePost, revisions: postRevisions }, user)
  }
  return listAnswer({ type: 'error', title: 'That action is not available for posts' })
}

/** The post a row acts on and the version the list showed (none from a script), or null when the form names none. */
function rowOf(form: FormData) {
  const [id, version] = [form.get('id'), form.get('version')]
  if (typeof id !== 'string' || id === '' || id.length > MAX_ID_LENGTH || version instanceof File) return null
  return { id, version }
}

/** A row's versioned post: review and send back always act on the version the list showed. */
function versionedRowOf(form: FormData) {
  const row = rowOf(form)
  return row && row.version !== null ? { id: row.id, version: row.version } : null
}

/** What the posts service answered, or 'failed' (logged) when it threw. */
async function attempt<T>(work: () => Promise<T>, what: string): Promise<T | 'failed'> {
  try {
    return await work()
  } catch (error) {
    logger.error({ err: error }, `${what}`)
    return 'failed'
  }
}

const reviewing = {
  'request-review': {
    verb: requestReview,
    done: 'Sent for review: an Editor or Owner will publish it',
    failed: 'Error sending the post for review',
  },
  'withdraw-review': { verb: withdrawReview, done: 'Review request withdrawn', failed: 'Error withdrawing the review request' },
} as const

/** An Author asks for their draft to be published, or takes the request back, at the version the list showed. */
async function setReviewRequested(form: FormData, context: LoadContext, intent: keyof typeof reviewing, user: User) {
  const { verb, done, failed } = reviewing[intent]
  const post = versionedRowOf(form)
  if (!post) return listAnswer({ type: 'error', title: failed })
  const outcome = await attempt(() => verb(context.db, context.config, post, user), `Post ${intent} failed for ${post.id}`)
  if (outcome === 'forbidden') throw forbidden(user, authorPostRefusal)
  if (outcome === 'failed') return listAnswer({ type: 'error', title: failed }, 500)
  if (outcome === 'published') return listAnswer({ type: 'error', title: 'This post is already published' }, 409)
  if (outcome === 'gone') return listAnswer(missedDeleteToast(outcome, section.record), 404)
  if (outcome === 'stale')
    return listAnswer({ type: 'error', title: 'This post was changed since the list was loaded. Look it over, then try again.' }, 409)
  return listAnswer({ type: 'success', title: done })
}

/**
 * An Editor or Owner sends a post waiting for review back to the admin who asked, with a note, at
 * the version they saw (from the list or the editor). A bad note is answered at its field.
 */
async function sendPostBack(form: FormData, context: LoadContext, user: User) {
  const failed = 'Error sending the post back'
  const post = versionedRowOf(form)
  if (!post) return listAnswer({ type: 'error', title: failed })
  const checked = sendBackSchema.safeParse({ note: form.get('note') })
  if (!checked.success) return data({ ok: false, errors: fieldErrors(checked.error) }, { status: 400 })
  const outcome = await attempt(
    () => sendBack(context.db, context.config, { ...post, note: checked.data.note }, user),
    `Sending post ${post.id} back failed`,
  )
  if (outcome === 'forbidden') throw forbidden(user, sendBackRefusal)
  if (outcome === 'failed') return listAnswer({ type: 'error', title: failed }, 500)
  if (outcome === 'not-in-review')
    return listAnswer({ type: 'error', title: 'This post is no longer waiting for review, so there is nothing to send back.' }, 409)
  if (outcome === 'gone') return listAnswer(missedDeleteToast(outcome, section.record), 404)
  if (outcome === 'stale')
    return listAnswer({ type: 'error', title: 'This post was changed since you opened it. Look it over, then send it back again.' }, 409)
  return listAnswer({ type: 'success', title: 'Sent back to its author with your note' })
}

const sendBackRefusal = 'Only an Editor or Owner can send a post back to its author.'

const publishing = {
  publish: { verb: publishPost, done: 'Post published successfully', failed: 'Error publishing post', again: 'publish it again' },
  unpublish: { verb: unpublishPost, done: 'Post unpublished successfully', failed: 'Error unpublishing post', again: 'unpublish it again' },
  'cancel-schedule': {
    verb: cancelSchedule,
    done: 'Schedule cancelled: the post is a draft again',
    failed: 'Error cancelling the schedule',
    again: 'cancel its schedule again',
  },
} as const

/** Publishes, unpublishes or cancels the schedule of the version of a post the list showed. */
async function setPublished(form: FormData, context: LoadContext, intent: keyof typeof publishing, user: User) {
  const { verb, done, failed, again } = publishing[intent]
  const post = rowOf(form)
  if (!post) return listAnswer({ type: 'error', title: failed })
  const outcome = await attempt(() => verb(context.db, context, post, user), `Post ${intent} failed for ${post.id}`)
  if (outcome === 'forbidden') throw forbidden(user, authorPublishRefusal)
  if (outcome === 'failed') return listAnswer({ type: 'error', title: failed }, 500)
  if (outcome === 'went-live')
    return listAnswer(
      {
        type: 'error',
        title: 'This post went live while the list was open, so it has no schedule to cancel. Choose Unpublish to take it off the site.',
      },
      409,
    )
  if (outcome === 'gone') return listAnswer(missedDeleteToast(outcome, section.record), 404)
  if (outcome === 'stale')
    return listAnswer(
      { type: 'error', title: `This post was changed by someone else since the list was loaded. Look it over, then ${again}.` },
      409,
    )
  context.contentChanged(section.content, post.id)
  return listAnswer({ type: 'success', title: done })
}

const statusBadge: Record<PostStatus, { label: string; variant: 'success' | 'warning' | 'muted' }> = {
  published: { label: 'Published', variant: 'success' },
  scheduled: { label: 'Scheduled', variant: 'warning' },
  draft: { label: 'Draft', variant: 'muted' },
}

type PostRow = Awaited<ReturnType<typeof loader>>['rows'][number]

const listView: ListView<PostRow> = {
  columns: [
    { header: 'Title', primary: true, cell: (post) => <span className="line-clamp-2">{post.title}</span> },
    { header: 'Author', cell: (post) => post.authorName },
    {
      header: 'Status',
      cell: ({ status, inReview, publishedAt, review }) => (
        <>
          {inReview ? (
            <Badge variant="warning">In review</Badge>
          ) : (
            <span>
              <Badge variant={statusBadge[status].variant}>{statusBadge[status].label}</Badge>
              {/* When a scheduled post goes out, read as one phrase: "Scheduled for Dec 3, 2099, …". */}
              {status === 'scheduled' && publishedAt && (
                <span className="mt-1 block text-xs">
                  {' '}
                  for <DateTime iso={publishedAt} />
                </span>
              )}
            </span>
          )}
          <ReviewStatus review={review} brief className="mt-1 max-w-xs text-xs" />
        </>
      ),
    },
    { header: 'Created', className: 'whitespace-nowrap', cell: (post) => <LongDate iso={post.createdAt} /> },
  ],
  name: (post) => post.title,
  deleteConsequence: (post) =>
    `“${post.title}” will be removed from the blog. It stays in the Trash for 30 days, where you can restore it.`,
  viewHref: (post) => (post.status === 'published' ? postHref(post.slug) : null),
  // A draft or scheduled post at its own address, which shows it only to those who may edit it.
  previewHref: (post) => (post.status === 'published' ? null : postHref(post.slug)),
  actions: (post) => <PostActions post={post} />,
  changeable: (post) => post.changeable,
}

const PostList = recordListScreen<typeof loader>(section, listView)
// An Author's list holds only their own posts: its empty state says nothing of the blog's, and an Author does not publish.
const authorEmpty = {
  title: 'You have no posts yet',
  description: 'Write one with New Post, then submit it for review by an Editor or Owner.',
}
const AuthorPostList = recordListScreen<typeof loader>({ ...section, empty: authorEmpty }, listView)

export default function BlogPosts() {
  return atLeast(useLoaderData<typeof loader>().role, 'editor') ? <PostList /> : <AuthorPostList />
}

/**
 * Publish, Unpublish, or Cancel schedule for Editors and Owners, each asked first, and Send back for
 * a post waiting for review; Submit for review (or withdraw it) for an Author's draft.
 */
function PostActions({ post }: { post: PostRow }) {
  const { role } = useLoaderData<typeof loader>()
  if (atLeast(role, 'editor')) {
    return (
      <>
        <PublishAction post={post} />
        <SendBack post={post} offered={post.inReview} />
      </>
    )
  }
  if (post.status !== 'draft') return null
  return post.inReview ? (
    <RowIntent post={post} intent="withdraw-review" label="Withdraw review request" />
  ) : (
    <RowIntent post={post} intent="request-review" label="Submit for review" />
  )
}

function PublishAction({ post }: { post: PostRow }) {
  const address = postHref(post.slug)
  const timeZone = useTimeZone()
  const ask = {
    draft: {
      intent: 'publish',
      label: 'Publish',
      question: `Publish “${post.title}”?`,
      consequence: `It goes live at ${address} now, and shows on the blog, in the feed and in the sitemap.`,
    },
    scheduled: {
      intent: 'cancel-schedule',
      label: 'Cancel schedule',
      question: `Cancel the schedule of “${post.title}”?`,
      consequence: `It will not go out${post.publishedAt ? ` on ${formatDateTime(post.publishedAt, timeZone)}` : ''}: it becomes a draft again. You can schedule it again in the editor.`,
    },
    published: {
      intent: 'unpublish',
      label: 'Unpublish',
      question: `Unpublish “${post.title}”?`,
      consequence: `It leaves the site: ${address} answers “not found” and the post becomes a draft again.`,
    },
  }[post.status]
  const fetcher = useListFetcher()
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="id" value={post.id} />
      <input type="hidden" name="version" value={post.version} />
      <ConfirmSubmit
        name="intent"
        value={ask.intent}
        variant="outline"
        size="sm"
        disabled={fetcher.state !== 'idle'}
        question={ask.question}
        consequence={ask.consequence}
        confirm={ask.label}
        destructive={post.status !== 'draft'}
      >
        {ask.label}
      </ConfirmSubmit>
    </fetcher.Form>
  )
}

/** One action on one row, at the version the list showed; its answer's toast shows here. */
function RowIntent({ post, intent, label }: { post: { id: string; version: string }; intent: string; label: string }) {
  const fetcher = useListFetcher()
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="id" value={post.id} />
      <input type="hidden" name="version" value={post.version} />
      <Button type="submit" name="intent" value={intent} variant="outline" size="sm" disabled={fetcher.state !== 'idle'}>
        {label}
      </Button>
    </fetcher.Form>
  )
}

export const meta = screenMeta(section.title)
export const ErrorBoundary = adminErrorBoundary(section.messages.listFailed)
