import { adminErrorBoundary } from '~/components/admin/admin-error-boundary'
import { screenMeta } from '~/components/admin/admin-screen'
import { recordListScreen } from '~/components/admin/record-list'
import { useListFetcher } from '~/components/admin/use-list-fetcher'
import { Badge } from '~/components/ui/badge'
import { useLoaderData } from 'react-router'
import { Button } from '~/components/ui/button'
import { atLeast, authorPostRefusal, authorPublishRefusal, mayChangePost } from '~/lib/admin-access'
import { adminSection } from '~/lib/admin-sections'
import { formatLongDate } from '~/lib/dates'
import { MAX_ID_LENGTH } from '~/lib/schemas'
import type { LoadContext } from '~/load-context'
import { deleteRecord, listAnswer, missedDeleteToast, pagedListLoader } from '~/server/http/editor.server'
import { readForm } from '~/server/http/form-data.server'
import { deletePost, getPostForEditor, getPostWorkflow, listPostsForAdmin, setPostPublished, setPostReviewRequested, type PostStatus } from '~/server/repositories/posts.server'
import { forbidden, requireUser } from '~/server/services/auth.server'
import { keepLinksAfterSave } from '~/server/services/redirects.server'
import { keepRevision, postRevisions } from '~/server/services/revisions.server'
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
  if (intent === 'publish' || intent === 'unpublish') {
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
  publish: { published: true, done: 'Post published successfully', failed: 'Error publishing post' },
  unpublish: { published: false, done: 'Post unpublished successfully', failed: 'Error unpublishing post' },
} as const

/** Publishes or unpublishes the version of a post the list showed: a post changed since is left as it is. */
async function setPublished(form: FormData, context: LoadContext, intent: keyof typeof publishing, user: User) {
  const { published, done, failed } = publishing[intent]
  const [id, version] = [form.get('id'), form.get('version')]
  if (typeof id !== 'string' || id === '' || id.length > MAX_ID_LENGTH || version instanceof File) return listAnswer({ type: 'error', title: failed })
  try {
    // A request without a version (a script, not this list) acts on the post as it stands.
    const shown = version ?? (await getPostForEditor(context.db, id))?.version ?? ''
    const outcome = await context.db.transaction().execute(async (trx) => {
      const { outcome } = await setPostPublished(trx, id, shown, published)
      if (outcome !== 'saved') return outcome
      const post = await getPostForEditor(trx, id)
      if (post) await keepLinksAfterSave(trx, 'post', null, post)
      await keepRevision(trx, context, postRevisions, { recordId: id, action: intent === 'publish' ? 'published' : 'unpublished', user })
      return outcome
    })
    if (outcome !== 'saved') return listAnswer(missedPublishToast(outcome, intent), outcome === 'stale' ? 409 : 404)
  } catch (error) {
    console.error(`Post ${intent} failed for ${id}:`, error)
    return listAnswer({ type: 'error', title: failed }, 500)
  }
  context.contentChanged(section.content)
  return listAnswer({ type: 'success', title: done })
}

/** The kit words a missed delete; a missed publish or unpublish says its own verb. */
function missedPublishToast(outcome: 'stale' | 'gone', intent: keyof typeof publishing) {
  if (outcome === 'gone') return missedDeleteToast(outcome, section.record)
  return { type: 'error' as const, title: `This post was changed by someone else since the list was loaded. Look it over, then ${intent} it again.` }
}

const statusBadge: Record<PostStatus, { label: string; variant: 'success' | 'warning' | 'muted' }> = {
  published: { label: 'Published', variant: 'success' },
  scheduled: { label: 'Scheduled', variant: 'warning' },
  draft: { label: 'Draft', variant: 'muted' },
}

type PostRow = Awaited<ReturnType<typeof loader>>['rows'][number]

export default recordListScreen<typeof loader>(section, {
  columns: [
    { header: 'Title', primary: true, cell: (post) => <span className="line-clamp-2">{post.title}</span> },
    { header: 'Author', cell: (post) => post.authorName },
    {
      header: 'Status',
      cell: ({ status, inReview }) =>
        inReview ? <Badge variant="warning">In review</Badge> : <Badge variant={statusBadge[status].variant}>{statusBadge[status].label}</Badge>,
    },
    { header: 'Created', className: 'whitespace-nowrap', cell: (post) => formatLongDate(post.createdAt) },
  ],
  name: (post) => post.title,
  deleteConsequence: (post) => `“${post.title}” will be removed for good, with its tags. This cannot be undone.`,
  viewHref: (post) => (post.status === 'published' ? `/resources/blog/${post.slug}` : null),
  actions: (post) => <PostActions post={post} />,
  changeable: (post) => post.changeable,
})

/** Publish or Unpublish for Editors and Owners; Submit for review (or withdraw it) for an Author's draft. */
function PostActions({ post }: { post: PostRow }) {
  const { role } = useLoaderData<typeof loader>()
  if (atLeast(role, 'editor')) {
    const live = post.status !== 'draft'
    return <RowIntent post={post} intent={live ? 'unpublish' : 'publish'} label={live ? 'Unpublish' : 'Publish'} />
  }
  if (post.status !== 'draft') return null
  return post.inReview ? <RowIntent post={post} intent="withdraw-review" label="Withdraw review request" /> : <RowIntent post={post} intent="request-review" label="Submit for review" />
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
