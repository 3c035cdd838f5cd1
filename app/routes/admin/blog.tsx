import { adminErrorBoundary } from '~/components/admin/admin-error-boundary'
import { screenMeta } from '~/components/admin/admin-screen'
import { recordListScreen } from '~/components/admin/record-list'
import { useListFetcher } from '~/components/admin/use-list-fetcher'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { adminSection } from '~/lib/admin-sections'
import { formatLongDate } from '~/lib/dates'
import { MAX_ID_LENGTH } from '~/lib/schemas'
import type { LoadContext } from '~/load-context'
import { deleteRecord, listAnswer, missedDeleteToast, pagedListLoader } from '~/server/http/editor.server'
import { readForm } from '~/server/http/form-data.server'
import { deletePost, getPostForEditor, listPostsForAdmin, setPostPublished, type PostStatus } from '~/server/repositories/posts.server'
import { requireUser } from '~/server/services/auth.server'
import { keepLinksAfterSave } from '~/server/services/redirects.server'
import { keepRevision, postRevisions } from '~/server/services/revisions.server'
import type { User } from '~/server/services/users.server'
import type { Route } from './+types/blog'

const section = adminSection('posts')
export const loader = pagedListLoader(listPostsForAdmin, postRevisions)

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context)
  const form = await readForm(request)
  const intent = form.get('intent')
  if (intent === 'publish' || intent === 'unpublish') return setPublished(form, context, intent, user)
  if (intent === 'delete') return deleteRecord(form, context, section, { remove: deletePost, revisions: postRevisions }, user)
  return listAnswer({ type: 'error', title: 'That action is not available for posts' })
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

export default recordListScreen<typeof loader>(section, {
  columns: [
    { header: 'Title', primary: true, cell: (post) => <span className="line-clamp-2">{post.title}</span> },
    { header: 'Author', cell: (post) => post.authorName },
    { header: 'Status', cell: ({ status }) => <Badge variant={statusBadge[status].variant}>{statusBadge[status].label}</Badge> },
    { header: 'Created', className: 'whitespace-nowrap', cell: (post) => formatLongDate(post.createdAt) },
  ],
  name: (post) => post.title,
  deleteConsequence: (post) => `“${post.title}” will be removed for good, with its tags. This cannot be undone.`,
  viewHref: (post) => (post.status === 'published' ? `/resources/blog/${post.slug}` : null),
  actions: (post) => <PublishButton post={post} />,
})

/** Publish or Unpublish for one row, at the version the list showed; its answer's toast shows here. */
function PublishButton({ post }: { post: { id: string; version: string; status: PostStatus } }) {
  const fetcher = useListFetcher()
  const live = post.status !== 'draft'
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="id" value={post.id} />
      <input type="hidden" name="version" value={post.version} />
      <Button type="submit" name="intent" value={live ? 'unpublish' : 'publish'} variant="outline" size="sm" disabled={fetcher.state !== 'idle'}>
        {live ? 'Unpublish' : 'Publish'}
      </Button>
    </fetcher.Form>
  )
}

export const meta = screenMeta(section.title)
export const ErrorBoundary = adminErrorBoundary(section.messages.listFailed)
