import { ExternalLink } from 'lucide-react'
import { useEffect } from 'react'
import { useFetcher } from 'react-router'
import { toast } from 'sonner'
import { adminErrorBoundary } from '~/components/admin/admin-error-boundary'
import { screenMeta } from '~/components/admin/admin-screen'
import { ListHeader, RecordTable, RowActions } from '~/components/admin/record-list'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { formatLongDate } from '~/lib/dates'
import { MAX_ID_LENGTH } from '~/lib/schemas'
import type { LoadContext } from '~/load-context'
import { deleteRecord, listAnswer, listLoader, missedDeleteToast } from '~/server/http/editor.server'
import { readForm } from '~/server/http/form-data.server'
import { deletePost, getPostForEditor, listPostsForAdmin, setPostPublished, type PostStatus } from '~/server/repositories/posts.server'
import { requireUser } from '~/server/services/auth.server'
import type { Route } from './+types/blog'

export const meta = screenMeta('Blog Posts')
export const loader = listLoader(listPostsForAdmin)

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context)
  const form = await readForm(request)
  const intent = form.get('intent')
  if (intent === 'publish' || intent === 'unpublish') return setPublished(form, context, intent)
  if (intent === 'delete') {
    return deleteRecord(form, context, { record: 'post', remove: deletePost, content: 'posts', done: 'Post deleted successfully', failed: 'Error deleting post' })
  }
  return listAnswer({ type: 'error', title: 'That action is not available for posts' })
}

const publishing = {
  publish: { published: true, done: 'Post published successfully', failed: 'Error publishing post' },
  unpublish: { published: false, done: 'Post unpublished successfully', failed: 'Error unpublishing post' },
} as const

/** Publishes or unpublishes the version of a post the list showed: a post changed since is left as it is. */
async function setPublished(form: FormData, context: LoadContext, intent: keyof typeof publishing) {
  const { published, done, failed } = publishing[intent]
  const [id, version] = [form.get('id'), form.get('version')]
  if (typeof id !== 'string' || id === '' || id.length > MAX_ID_LENGTH || version instanceof File) return listAnswer({ type: 'error', title: failed })
  try {
    // A request without a version (a script, not this list) acts on the post as it stands.
    const shown = version ?? (await getPostForEditor(context.db, id))?.version ?? ''
    const { outcome } = await setPostPublished(context.db, id, shown, published)
    if (outcome !== 'saved') return listAnswer(missedPublishToast(outcome, intent), outcome === 'stale' ? 409 : 404)
  } catch (error) {
    console.error(`Post ${intent} failed for ${id}:`, error)
    return listAnswer({ type: 'error', title: failed }, 500)
  }
  context.contentChanged('posts')
  return listAnswer({ type: 'success', title: done })
}

/** The kit words a missed delete; a missed publish or unpublish says its own verb. */
function missedPublishToast(outcome: 'stale' | 'gone', intent: keyof typeof publishing) {
  if (outcome === 'gone') return missedDeleteToast(outcome, 'post')
  return { type: 'error' as const, title: `This post was changed by someone else since the list was loaded. Look it over, then ${intent} it again.` }
}

const statusBadge: Record<PostStatus, { label: string; variant: 'success' | 'warning' | 'muted' }> = {
  published: { label: 'Published', variant: 'success' },
  scheduled: { label: 'Scheduled', variant: 'warning' },
  draft: { label: 'Draft', variant: 'muted' },
}

type PostRow = Route.ComponentProps['loaderData']['rows'][number]

export default function AdminBlog({ loaderData: { rows: posts } }: Route.ComponentProps) {
  return (
    <>
      <ListHeader title="Blog Posts" newHref="/admin/blog/new" newLabel="New Post" />
      <RecordTable
        rows={posts}
        rowKey={(post) => post.id}
        rowTestId="post-row"
        empty={{ title: 'No posts yet', description: 'Write your first article to start filling the blog.' }}
        columns={[
          { header: 'Title', primary: true, cell: (post) => <span className="line-clamp-2">{post.title}</span> },
          { header: 'Author', cell: (post) => post.authorName },
          {
            header: 'Status',
            cell: (post) => <Badge variant={statusBadge[post.status].variant}>{statusBadge[post.status].label}</Badge>,
          },
          { header: 'Created', className: 'whitespace-nowrap', cell: (post) => formatLongDate(post.createdAt) },
        ]}
        actions={(post) => (
          <>
            <PublishButton post={post} />
            {post.status === 'published' && (
              <Button asChild variant="ghost" size="icon">
                <a
                  href={`/resources/blog/${post.slug}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`View ${post.title} on the site (opens in a new tab)`}
                  title="View on site"
                >
                  <ExternalLink aria-hidden />
                </a>
              </Button>
            )}
            <RowActions
              editHref={`/admin/blog/edit/${post.id}`}
              name={post.title}
              deleteQuestion="Are you sure you want to delete this post?"
              deleteConsequence={`“${post.title}” will be removed for good, with its tags. This cannot be undone.`}
              deleteFields={{ id: post.id, version: post.version }}
            />
          </>
        )}
      />
    </>
  )
}

/** Publish or Unpublish for one row, at the version the list showed; its answer's toast shows here. */
function PublishButton({ post }: { post: PostRow }) {
  const fetcher = useFetcher<typeof action>()
  useEffect(() => {
    const answer = fetcher.data?.toast
    if (answer) (answer.type === 'success' ? toast.success : toast.error)(answer.title)
  }, [fetcher.data])
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

export const ErrorBoundary = adminErrorBoundary('Error loading blog posts')
