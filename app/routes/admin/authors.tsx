import { adminErrorBoundary } from '~/components/admin/admin-error-boundary'
import { screenMeta } from '~/components/admin/admin-screen'
import { ListHeader, RecordTable, RowActions } from '~/components/admin/record-list'
import { Avatar } from '~/components/ui/avatar'
import { deleteAction, listLoader } from '~/server/http/editor.server'
import { countPostsByAuthor, deleteAuthor, listAuthorsForAdmin } from '~/server/repositories/authors.server'
import type { Route } from './+types/authors'

export const meta = screenMeta('Authors')
export const loader = listLoader(listAuthorsForAdmin)
export const action = deleteAction({
  record: 'author',
  // Posts keep their author, so an author is deleted only once none remain.
  check: async (db, id) => {
    const posts = await countPostsByAuthor(db, id).catch((error: unknown) => {
      console.error('Counting the posts of an author failed:', error)
      return null
    })
    if (posts === null) return 'Could not check if author has posts'
    return posts > 0 ? `Cannot delete author. They have ${posts} posts.` : null
  },
  remove: deleteAuthor,
  content: 'authors',
  done: 'Author deleted successfully',
  failed: 'Failed to delete author',
  invalid: 'Failed to process author deletion',
})

export default function AdminAuthors({ loaderData: { rows: authors } }: Route.ComponentProps) {
  return (
    <>
      <ListHeader title="Authors" newHref="/admin/authors/new" newLabel="New Author" />
      <RecordTable
        rows={authors}
        rowKey={(author) => author.id}
        rowTestId="author-row"
        empty={{ title: 'No authors yet', description: 'Add an author so your posts can be credited to someone.' }}
        columns={[
          {
            header: 'Name',
            primary: true,
            cell: (author) => (
              <span className="flex items-center gap-3">
                <Avatar name={author.name} src={author.imageUrl} decorative className="size-10 text-sm" />
                <span className="min-w-0 break-words">{author.name}</span>
              </span>
            ),
          },
          { header: 'Email', cell: (author) => author.email, className: 'break-all' },
          {
            header: 'Posts',
            className: 'whitespace-nowrap',
            // The column header says what the number is on wide screens; phones have no header.
            cell: (author) => (
              <>
                {author.postCount}
                <span className="md:hidden"> {author.postCount === 1 ? 'post' : 'posts'}</span>
              </>
            ),
          },
        ]}
        actions={(author) => (
          <RowActions
            editHref={`/admin/authors/edit/${author.id}`}
            name={author.name}
            deleteQuestion="Are you sure you want to delete this author?"
            deleteConsequence={`“${author.name}”${author.imageUrl ? ' and their avatar' : ''} will be removed for good. An author who still has posts cannot be deleted.`}
            deleteFields={{ id: author.id, version: author.version }}
          />
        )}
      />
    </>
  )
}

export const ErrorBoundary = adminErrorBoundary('Failed to load authors')
