import { ExternalLink } from 'lucide-react'
import { adminErrorBoundary } from '~/components/admin/admin-error-boundary'
import { screenMeta } from '~/components/admin/admin-screen'
import { PageStatusBadge } from '~/components/admin/page-editor/page-status'
import { ListHeader, RecordTable, RowActions, TrashLink, useUndoDelete } from '~/components/admin/record-list'
import { Button } from '~/components/ui/button'
import { adminSection } from '~/lib/admin-sections'
import { formatDateTime } from '~/lib/dates'
import { useTimeZone } from '~/lib/use-time-zone'
import type { Db } from '~/server/db/schema.server'
import { deleteAction, listLoader } from '~/server/http/editor.server'
import { getPage } from '~/server/repositories/pages.server'
import { deleteAtVersion } from '~/server/repositories/versions.server'
import { listPagesForAdmin, pageRevisions } from '~/server/services/pages.server'
import type { Route } from './+types/pages'

const section = adminSection('pages')

export const loader = listLoader(listPagesForAdmin, section)
export const action = deleteAction(section, {
  remove: (trx, id, version) => deleteAtVersion(trx, 'pages', id, version),
  check: homePageStays,
  revisions: pageRevisions,
})

/** The site starts at its home page, so it can be changed but not deleted. */
async function homePageStays(db: Db, id: string): Promise<string | null> {
  return (await getPage(db, id))?.path === '/' ? 'The home page can’t be deleted. Change its blocks instead.' : null
}

/**
 * Every page of the site: where it lives, what it is called, where it stands, and who changed it
 * last; each can be deleted to the Trash (but the home page), and the delete undone from its toast.
 */
export default function Pages({ loaderData: { rows: pages, trashed } }: Route.ComponentProps) {
  const timeZone = useTimeZone()
  const undo = useUndoDelete()
  return (
    <>
      <ListHeader title={section.title} newHref={`${section.path}/new`} newLabel={section.createTitle} />
      <RecordTable
        rows={pages}
        rowKey={(page) => page.id}
        rowTestId={section.rowTestId}
        empty={section.empty}
        columns={[
          {
            header: 'Page',
            primary: true,
            cell: (page) => (
              <span className="grid">
                <span>{page.name}</span>
                <code className="text-xs font-normal text-muted-foreground">{page.path}</code>
              </span>
            ),
          },
          { header: 'Title', cell: (page) => page.title || <span className="italic">The company’s name</span> },
          { header: 'Status', cell: (page) => <PageStatusBadge status={page.status} scheduledAt={page.scheduledAt} /> },
          {
            header: 'Last change',
            cell: (page) => (
              <span className="grid text-xs">
                <span>{formatDateTime(page.updatedAt, timeZone)}</span>
                {page.updatedBy && <span>by {page.updatedBy}</span>}
              </span>
            ),
          },
        ]}
        actions={(page) => (
          <>
            {page.status !== 'draft' && (
              <Button asChild variant="ghost" size="icon">
                <a
                  href={page.path}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`View ${page.name} on the site (opens in a new tab)`}
                  title="View on site"
                >
                  <ExternalLink aria-hidden />
                </a>
              </Button>
            )}
            <RowActions
              editHref={`${section.path}/edit/${page.id}`}
              name={page.name}
              deleteQuestion={section.deleteQuestion}
              deleteConsequence={`“${page.name}” will be taken off the site at ${page.path}. It stays in the Trash for 30 days, where you can restore it.`}
              deleteRefusal={
                page.path === '/' ? { title: 'The home page can’t be deleted', body: <p>Change its blocks instead.</p> } : null
              }
              deleteFields={{ id: page.id, version: page.updatedAt }}
              onUndo={undo}
            />
          </>
        )}
      />
      <TrashLink count={trashed} />
    </>
  )
}

export const meta = screenMeta(section.title)
export const ErrorBoundary = adminErrorBoundary(section.messages.listFailed)
