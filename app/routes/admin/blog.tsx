import { ExternalLink, Pencil, Plus } from 'lucide-react'
import { useEffect } from 'react'
import { data, Link, useFetcher } from 'react-router'
import { toast } from 'sonner'
import { ConfirmDeleteButton } from '~/components/admin/confirm-delete'
import { Alert } from '~/components/ui/alert'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { formatLongDate } from '~/lib/dates'
import { pageTitle } from '~/lib/seo'
import { postListActionSchema } from '~/lib/schemas'
import { requireUser } from '~/server/auth.server'
import { readForm } from '~/server/form-data.server'
import { deletePost, listPostsForAdmin, setPostPublished, type PostStatus } from '~/server/posts.server'
import type { Db } from '~/server/db/schema.server'
import { removeMediaFile } from '~/server/storage.server'
import { toastHeaders } from '~/server/toast.server'
import type { Route } from './+types/blog'

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Blog Posts') }]

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context)
  return { posts: await listPostsForAdmin(context.db) }
}

const outcomes = {
  publish: { done: 'Post published successfully', failed: 'Error publishing post' },
  unpublish: { done: 'Post unpublished successfully', failed: 'Error unpublishing post' },
  delete: { done: 'Post deleted successfully', failed: 'Error deleting post' },
} as const

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context)
  const parsed = postListActionSchema.safeParse(Object.fromEntries(await readForm(request)))
  if (!parsed.success) {
    const headers = await toastHeaders(context, { type: 'error', title: 'That action is not available for posts' })
    return data({ ok: false }, { status: 400, headers })
  }
  const { intent, id } = parsed.data
  const messages = outcomes[intent]
  let status = 200
  try {
    const found = intent === 'delete' ? await deleteWithImage(context.db, id) : await setPostPublished(context.db, id, intent === 'publish')
    if (!found) status = 404
  } catch (error) {
    console.error(`Post ${intent} failed for ${id}:`, error)
    status = 500
  }
  const ok = status === 200
  const headers = await toastHeaders(context, ok ? { type: 'success', title: messages.done } : { type: 'error', title: messages.failed })
  return data({ ok }, { status, headers })
}

async function deleteWithImage(db: Db, id: string): Promise<boolean> {
  const deleted = await deletePost(db, id)
  if (deleted) await removeMediaFile(db, deleted.featuredImage)
  return deleted !== undefined
}

const statusBadge: Record<PostStatus, { label: string; variant: 'success' | 'warning' | 'muted' }> = {
  published: { label: 'Published', variant: 'success' },
  scheduled: { label: 'Scheduled', variant: 'warning' },
  draft: { label: 'Draft', variant: 'muted' },
}

type PostRow = Awaited<ReturnType<typeof listPostsForAdmin>>[number]

export default function AdminBlog({ loaderData }: Route.ComponentProps) {
  const { posts } = loaderData
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">Blog Posts</h1>
        <Button asChild>
          <Link to="/admin/blog/new">
            <Plus aria-hidden />
            New Post
          </Link>
        </Button>
      </div>
      <Card className="mt-6 overflow-hidden">
        {posts.length === 0 ? (
          <div className="p-10 text-center">
            <p className="font-semibold">No posts yet</p>
            <p className="mt-1 text-sm text-muted-foreground">Write your first article to start filling the blog.</p>
          </div>
        ) : (
          <div>
            {/* Below md each row reflows into a stacked card, so phones need no sideways scrolling. */}
            <table className="block w-full text-left text-sm md:table">
              <thead className="hidden border-b bg-muted/60 text-xs tracking-wide text-muted-foreground uppercase md:table-header-group">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">Title</th>
                  <th scope="col" className="px-4 py-3 font-semibold">Author</th>
                  <th scope="col" className="px-4 py-3 font-semibold">Status</th>
                  <th scope="col" className="px-4 py-3 font-semibold">Created</th>
                  <th scope="col" className="px-4 py-3 text-right font-semibold">Actions</th>
                </tr>
              </thead>
              <tbody className="block divide-y md:table-row-group">
                {posts.map((post) => (
                  <PostTableRow key={post.id} post={post} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </>
  )
}

function PostTableRow({ post }: { post: PostRow }) {
  const fetcher = useFetcher<typeof action>()
  const busy = fetcher.state !== 'idle'
  const isLive = post.status !== 'draft'
  const badge = statusBadge[post.status]

  return (
    <tr
      data-testid="post-row"
      aria-busy={busy || undefined}
      className="flex flex-wrap items-center gap-x-3 gap-y-2 p-4 align-middle md:table-row md:p-0"
    >
      <th scope="row" className="w-full font-medium md:w-auto md:max-w-xs md:px-4 md:py-3">
        <span className="line-clamp-2">{post.title}</span>
      </th>
      <td className="text-muted-foreground md:px-4 md:py-3">{post.author_name}</td>
      <td className="md:px-4 md:py-3">
        <Badge variant={badge.variant}>{badge.label}</Badge>
      </td>
      <td className="whitespace-nowrap text-muted-foreground md:px-4 md:py-3">{formatLongDate(post.created_at)}</td>
      <td className="w-full md:w-auto md:px-4 md:py-3">
        <div className="flex items-center gap-1 md:justify-end">
          <Button asChild variant="ghost" size="icon">
            <Link to={`/admin/blog/edit/${post.id}`} aria-label={`Edit ${post.title}`} title="Edit">
              <Pencil aria-hidden />
            </Link>
          </Button>
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
          <fetcher.Form method="post">
            <input type="hidden" name="id" value={post.id} />
            <Button type="submit" name="intent" value={isLive ? 'unpublish' : 'publish'} variant="outline" size="sm" disabled={busy}>
              {isLive ? 'Unpublish' : 'Publish'}
            </Button>
          </fetcher.Form>
          <ConfirmDeleteButton
            question="Are you sure you want to delete this post?"
            itemName={post.title}
            consequence={`“${post.title}” will be removed for good, with its tags. This cannot be undone.`}
            disabled={busy}
            onConfirm={() => fetcher.submit({ intent: 'delete', id: post.id }, { method: 'post' })}
          />
        </div>
      </td>
    </tr>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useEffect(() => {
    console.error('Error loading blog posts:', error)
    toast.error('Error loading blog posts')
  }, [error])
  return (
    <Alert variant="destructive">
      <p className="font-semibold">Error loading blog posts</p>
      <p className="mt-1">Please reload the page in a moment.</p>
    </Alert>
  )
}
