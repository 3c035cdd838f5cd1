import { adminErrorBoundary } from '~/components/admin/admin-error-boundary'
import { screenMeta } from '~/components/admin/admin-screen'
import { PersonCell, recordListScreen } from '~/components/admin/record-list'
import { adminSection } from '~/lib/admin-sections'
import type { Db } from '~/server/db/schema.server'
import { deleteAction, listLoader } from '~/server/http/editor.server'
import { countPostsByAuthor, deleteAuthor, listAuthorsForAdmin } from '~/server/repositories/authors.server'
import { logger } from '~/server/log.server'

const section = adminSection('authors')
export const loader = listLoader(listAuthorsForAdmin, section)
export const action = deleteAction(section, { remove: deleteAuthor, check: postsInTheWay })

/** Posts keep their author, so an author is deleted only once none remain. */
async function postsInTheWay(db: Db, id: string) {
  const posts = await countPostsByAuthor(db, id).catch((error: unknown) => {
    logger.error({ err: error }, 'Counting the posts of an author failed')
    return null
  })
  if (posts === null) return 'Could not check if author has posts'
  return posts > 0 ? `Cannot delete author. They have ${posts} posts.` : null
}

export default recordListScreen<typeof loader>(section, {
  columns: [
    { header: 'Name', primary: true, cell: (author) => <PersonCell name={author.name} src={author.imageUrl} /> },
    { header: 'Email', cell: (author) => author.email, className: 'break-all' },
    {
      header: 'Posts',
      className: 'whitespace-nowrap',
      // The column header says what the number is on wide screens; phones have no header.
      cell: ({ postCount }) => (
        <>
          {postCount}
          <span className="md:hidden"> {postCount === 1 ? 'post' : 'posts'}</span>
        </>
      ),
    },
  ],
  name: (author) => author.name,
  deleteConsequence: (author) =>
    `“${author.name}” will be removed. It stays in the Trash for 30 days, where you can restore it. An author who still has posts cannot be deleted.`,
})

export const meta = screenMeta(section.title)
export const ErrorBoundary = adminErrorBoundary(section.messages.listFailed)
