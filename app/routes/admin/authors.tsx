import { Pencil, Plus } from 'lucide-react'
import { useEffect } from 'react'
import { data, Link, useFetcher } from 'react-router'
import { toast } from 'sonner'
import { ConfirmDeleteButton } from '~/components/admin/confirm-delete'
import { Alert } from '~/components/ui/alert'
import { Avatar } from '~/components/ui/avatar'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { pageTitle } from '~/lib/seo'
import { requireUser } from '~/server/auth.server'
import { countPostsByAuthor, deleteAuthor, listAuthorsForAdmin } from '~/server/authors.server'
import type { Db } from '~/server/db/schema.server'
import { readForm } from '~/server/form-data.server'
import { removeMediaFile } from '~/server/storage.server'
import { toastHeaders } from '~/server/toast.server'
import type { Route } from './+types/authors'

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Authors') }]

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context)
  return { authors: await listAuthorsForAdmin(context.db) }
}

/** A deletion stopped on purpose, carrying the toast to show and the status to answer with. */
class DeletionStopped extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
  }
}

/** Logs the cause and stops the deletion with the spec's message for that step. */
function stopWith(message: string) {
  return (error: unknown): never => {
    console.error(`${message}:`, error)
    throw new DeletionStopped(message, 500)
  }
}

/** Posts keep their author, so an author is deleted only once none remain; their avatar goes too. */
async function deleteAuthorWithoutPosts(db: Db, id: string): Promise<void> {
  const posts = await countPostsByAuthor(db, id).catch(stopWith('Could not check if author has posts'))
  if (posts > 0) throw new DeletionStopped(`Cannot delete author. They have ${posts} posts.`, 409)
  const deleted = await deleteAuthor(db, id).catch(stopWith('Failed to delete author'))
  if (!deleted) throw new DeletionStopped('Failed to delete author', 404)
  await removeMediaFile(db, deleted.avatar_url)
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context)
  let status = 200
  let title = 'Author deleted successfully'
  try {
    const id = (await readForm(request)).get('id')
    if (typeof id !== 'string' || id === '') throw new DeletionStopped('Failed to process author deletion', 400)
    await deleteAuthorWithoutPosts(context.db, id)
  } catch (error) {
    if (!(error instanceof DeletionStopped)) console.error('Author deletion failed:', error)
    status = error instanceof DeletionStopped ? error.status : 500
    title = error instanceof DeletionStopped ? error.message : 'Failed to process author deletion'
  }
  const ok = status === 200
  const headers = await toastHeaders(context, { type: ok ? 'success' : 'error', title })
  return data({ ok }, { status, headers })
}

type AuthorRow = Awaited<ReturnType<typeof listAuthorsForAdmin>>[number]

export default function AdminAuthors({ loaderData }: Route.ComponentProps) {
  const { authors } = loaderData
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">Authors</h1>
        <Button asChild>
          <Link to="/admin/authors/new">
            <Plus aria-hidden />
            New Author
          </Link>
        </Button>
      </div>
      <Card className="mt-6 overflow-hidden">
        {authors.length === 0 ? (
          <div className="p-10 text-center">
            <p className="font-semibold">No authors yet</p>
            <p className="mt-1 text-sm text-muted-foreground">Add an author so your posts can be credited to someone.</p>
          </div>
        ) : (
          // Below md each row reflows into a stacked card, so phones need no sideways scrolling.
          <table className="block w-full text-left text-sm md:table">
            <thead className="hidden border-b bg-muted/60 text-xs tracking-wide text-muted-foreground uppercase md:table-header-group">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">Name</th>
                <th scope="col" className="px-4 py-3 font-semibold">Email</th>
                <th scope="col" className="px-4 py-3 font-semibold">Posts</th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">Actions</th>
              </tr>
            </thead>
            <tbody className="block divide-y md:table-row-group">
              {authors.map((author) => (
                <AuthorTableRow key={author.id} author={author} />
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </>
  )
}

function AuthorTableRow({ author }: { author: AuthorRow }) {
  const fetcher = useFetcher<typeof action>()
  const busy = fetcher.state !== 'idle'
  return (
    <tr
      data-testid="author-row"
      aria-busy={busy || undefined}
      className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 p-4 align-middle md:table-row md:p-0"
    >
      <th scope="row" className="col-span-2 font-medium md:px-4 md:py-3">
        <span className="flex items-center gap-3">
          <Avatar name={author.name} src={author.avatar_url} decorative className="size-10 text-sm" />
          <span className="min-w-0 break-words">{author.name}</span>
        </span>
      </th>
      <td className="col-span-2 min-w-0 break-all text-muted-foreground md:px-4 md:py-3">{author.email}</td>
      <td className="whitespace-nowrap text-muted-foreground md:px-4 md:py-3">
        {author.post_count}
        {/* The column header says what the number is on wide screens; phones have no header. */}
        <span className="md:hidden"> {author.post_count === 1 ? 'post' : 'posts'}</span>
      </td>
      <td className="md:px-4 md:py-3">
        <div className="flex items-center justify-end gap-1">
          <Button asChild variant="ghost" size="icon">
            <Link to={`/admin/authors/edit/${author.id}`} aria-label={`Edit ${author.name}`} title="Edit">
              <Pencil aria-hidden />
            </Link>
          </Button>
          <ConfirmDeleteButton
            question="Are you sure you want to delete this author?"
            itemName={author.name}
            consequence={`“${author.name}”${author.avatar_url ? ' and their avatar' : ''} will be removed for good. An author who still has posts cannot be deleted.`}
            disabled={busy}
            onConfirm={() => fetcher.submit({ id: author.id }, { method: 'post' })}
          />
        </div>
      </td>
    </tr>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useEffect(() => {
    console.error('Error loading authors:', error)
    toast.error('Failed to load authors')
  }, [error])
  return (
    <Alert variant="destructive">
      <p className="font-semibold">Failed to load authors</p>
      <p className="mt-1">Please reload the page in a moment.</p>
    </Alert>
  )
}
