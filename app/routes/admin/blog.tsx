import { adminErrorBoundary } from '~/components/admin/admin-error-boundary'
import { screenMeta } from '~/components/admin/admin-screen'
import { type ListView, recordListScreen } from '~/components/admin/record-list'
import { ConfirmSubmit } from '~/components/admin/confirm-submit'
import { useListFetcher } from '~/components/admin/use-list-fetcher'
import { Badge } from '~/components/ui/badge'
import { useLoaderData } from 'react-router'
import { Button } from '~/components/ui/button'
import { atLeast, authorPostRefusal, authorPublishRefusal, mayChangePost } from '~/lib/admin-access'
import { adminSection } from '~/lib/admin-sections'
import { postHref } from '~/lib/blog-links'
import { formatDateTime, formatLongDate } from '~/lib/dates'
import { MAX_ID_LENGTH } from '~/lib/schemas'
import type { LoadContext } from '~/load-context'
import { deleteRecord, listAnswer, missedDeleteToast, pagedListLoader } from '~/server/http/editor.server'
import { readForm } from '~/server/http/form-data.server'
import { deletePost, getPostWorkflow, listPostsForAdmin, setPostReviewRequested, type PostStatus } from '~/server/repositories/posts.server'
import { forbidden, requireUser } from '~/server/services/auth.server'
import { changePublishing, type PublishIntent } from '~/server/services/publishing.server'
import { postRevisions } from '~/server/services/revisions.server'
import type { User } from '~/server/services/users.server'
import type { Route } from './+types/blog'

const section = adminSection('posts')
// An Author's list is their own posts, each saying whether they may still change it.
export const loader = pagedListLoader(async (db, page, user) => {
  const { rows, pageCount } = await listPostsForAdmin(db, page, atLeast(user.role, 'editor') ? {} : { createdBy: user.id })
  return { rows: rows.map((post) => ({ ...post, changeable: mayChangePost(user, { createdBy: post.createdBy, published: post.status !== 'draft' }) })), pageCount }
}, postRevisions)

export async function action({ request, context, pattern }: Route.ActionArgs) {
  const user = await requireUser({ request, context, pattern })
  const form = await readForm(request)
  const intent = form.get('intent')
  if (intent === 'publish' || intent === 'unpublish' || intent === 'cancel-schedule') {
    if (!atLeast(user.role, 'editor')) throw forbidden(user, authorPublishRefusal)
    return setPublished(form, context, intent, user)
  }
  if (intent === 'request-review' || intent === 'withdraw-review') return setReviewRequested(form, context, intent, user)
  if (intent === 'delete') {
    await refuseOthersPost(context, user, form.get('id'))
    return deleteRecord(form, context, section, { remove: deletePost, revisions: postRevisions }, user)
  }
  return listAnswer({ type: 'error', title: 'That action is not available for posts' })
}

/** An Author acts only on their own unpublished posts; anyone else's (or a live one) is a 403. */
async function refuseOthersPost(context: LoadContext, user: User, id: FormDataEntryValue | null) {
  if (atLeast(user.role, 'editor') || typeof id !== 'string') return
  const post = await getPostWorkflow(context.db, id)
  if (post && !mayChangePost(user, post)) throw forbidden(user, authorPostRefusal)
}

const reviewing = {
  'request-review': { requested: true, done: 'Sent for review: an Editor or Owner will publish it', failed: 'Error sending the post for review' },
  'withdraw-review': { requested: false, done: 'Review request withdrawn', failed: 'Error withdrawing the review request' },
} as const

/** An Author asks for their draft to be published, or takes the request back, at the version the list showed. */
async function setReviewRequested(form: FormData, context: LoadContext, intent: keyof typeof reviewing, user: User) {
  const { requested, done, failed } = reviewing[intent]
  const [id, version] = [form.get('id'), form.get('version')]
  if (typeof id !== 'string' || id === '' || id.length > MAX_ID_LENGTH || typeof version !== 'string') return listAnswer({ type: 'error', title: failed })
  const post = await getPostWorkflow(context.db, id)
  if (post && !mayChangePost(user, post)) throw forbidden(user, authorPostRefusal)
  if (post?.published) return listAnswer({ type: 'error', title: 'This post is already published' }, 409)
  try {
    const { outcome } = await setPostReviewRequested(context.db, id, version, requested)
    if (outcome !== 'saved') return listAnswer(outcome === 'gone' ? missedDeleteToast(outcome, section.record) : { type: 'error', title: 'This post was changed since the list was loaded. Look it over, then try again.' }, outcome === 'stale' ? 409 : 404)
  } catch (error) {
    console.error(`Post ${intent} failed for ${id}:`, error)
    return listAnswer({ type: 'error', title: failed }, 500)
  }
  return listAnswer({ type: 'success', title: done })
}

const publishing = {
  publish: { done: 'Post published successfully', failed: 'Error publishing post', again: 'publish it again' },
  unpublish: { done: 'Post unpublished successfully', failed: 'Error unpublishing post', again: 'unpublish it again' },
  'cancel-schedule': { done: 'Schedule cancelled: the post is a draft again', failed: 'Error cancelling the schedule', again: 'cancel its schedule again' },
} as const

/** Publishes, unpublishes or cancels the schedule of the version of a post the list showed. */
async function setPublished(form: FormData, context: LoadContext, intent: PublishIntent, user: User) {
  const { done, failed, again } = publishing[intent]
  const [id, version] = [form.get('id'), form.get('version')]
  if (typeof id !== 'string' || id === '' || id.length > MAX_ID_LENGTH || version instanceof File) return listAnswer({ type: 'error', title: failed })
  try {
    const outcome = await changePublishing(context.db, context, { id, version, intent, user })
    if (outcome === 'went-live') return listAnswer({ type: 'error', title: 'This post went live while the list was open, so it has no schedule to cancel. Choose Unpublish to take it off the site.' }, 409)
    if (outcome === 'gone') return listAnswer(missedDeleteToast(outcome, section.record), 404)
    if (outcome === 'stale') return listAnswer({ type: 'error', title: `This post was changed by someone else since the list was loaded. Look it over, then ${again}.` }, 409)
  } catch (error) {
    console.error(`Post ${intent} failed for ${id}:`, error)
    return listAnswer({ type: 'error', title: failed }, 500)
  }
  context.contentChanged(section.content)
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
      cell: ({ status, inReview, publishedAt }) =>
        inReview ? (
          <Badge variant="warning">In review</Badge>
        ) : (
          <span>
            <Badge variant={statusBadge[status].variant}>{statusBadge[status].label}</Badge>
            {/* When a scheduled post goes out, read as one phrase: "Scheduled for Dec 3, 2099, …". */}
            {status === 'scheduled' && publishedAt && <span className="mt-1 block text-xs"> for {formatDateTime(publishedAt)}</span>}
          </span>
        ),
    },
    { header: 'Created', className: 'whitespace-nowrap', cell: (post) => formatLongDate(post.createdAt) },
  ],
  name: (post) => post.title,
  deleteConsequence: (post) => `“${post.title}” will be removed for good, with its tags. This cannot be undone.`,
  viewHref: (post) => (post.status === 'published' ? `/resources/blog/${post.slug}` : null),
  actions: (post) => <PostActions post={post} />,
  changeable: (post) => post.changeable,
}

const PostList = recordListScreen<typeof loader>(section, listView)
// An Author's list holds only their own posts: its empty state says nothing of the blog's, and an Author does not publish.
const authorEmpty = { title: 'You have no posts yet', description: 'Write one with New Post, then submit it for review by an Editor or Owner.' }
const AuthorPostList = recordListScreen<typeof loader>({ ...section, empty: authorEmpty }, listView)

export default function BlogPosts() {
  return atLeast(useLoaderData<typeof loader>().role, 'editor') ? <PostList /> : <AuthorPostList />
}

/**
 * Publish, Unpublish, or Cancel schedule for Editors and Owners, each asked first; Submit for review
 * (or withdraw it) for an Author's draft.
 */
function PostActions({ post }: { post: PostRow }) {
  const { role } = useLoaderData<typeof loader>()
  if (atLeast(role, 'editor')) return <PublishAction post={post} />
  if (post.status !== 'draft') return null
  return post.inReview ? <RowIntent post={post} intent="withdraw-review" label="Withdraw review request" /> : <RowIntent post={post} intent="request-review" label="Submit for review" />
}

function PublishAction({ post }: { post: PostRow }) {
  const address = postHref(post.slug)
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
      consequence: `It will not go out${post.publishedAt ? ` on ${formatDateTime(post.publishedAt)}` : ''}: it becomes a draft again. You can schedule it again in the editor.`,
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
