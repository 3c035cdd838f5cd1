import { ExternalLink, Pencil } from 'lucide-react'
import { Link } from 'react-router'
import { adminErrorBoundary } from '~/components/admin/admin-error-boundary'
import { screenMeta } from '~/components/admin/admin-screen'
import { PageStatusBadge } from '~/components/admin/page-editor/page-status'
import { ListHeader, RecordTable } from '~/components/admin/record-list'
import { Button } from '~/components/ui/button'
import { adminSection } from '~/lib/admin-sections'
import { formatDateTime } from '~/lib/dates'
import { useTimeZone } from '~/lib/use-time-zone'
import { requireUser } from '~/server/services/auth.server'
import { listPagesForAdmin } from '~/server/services/pages.server'
import type { Route } from './+types/pages'

const section = adminSection('pages')

export async function loader({ request, context, pattern }: Route.LoaderArgs) {
  await requireUser({ request, context, pattern })
  return { pages: await listPagesForAdmin(context.db) }
}

/** Every page of the site: where it lives, what it is called, where it stands, and who changed it last. */
export default function Pages({ loaderData: { pages } }: Route.ComponentProps) {
  const timeZone = useTimeZone()
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
            <Button asChild variant="ghost" size="icon">
              <Link to={`${section.path}/edit/${page.id}`} aria-label={`Edit ${page.name}`} title="Edit">
                <Pencil aria-hidden />
              </Link>
            </Button>
          </>
        )}
      />
    </>
  )
}

export const meta = screenMeta(section.title)
export const ErrorBoundary = adminErrorBoundary(section.messages.listFailed)
