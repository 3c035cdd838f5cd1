import { ArrowRightLeft } from 'lucide-react'
import { Link } from 'react-router'
import { adminErrorBoundary } from '~/components/admin/admin-error-boundary'
import { screenMeta } from '~/components/admin/admin-screen'
import { ListHeader, RecordTable } from '~/components/admin/record-list'
import { Button } from '~/components/ui/button'
import { DateTime } from '~/components/ui/date-time'
import { requireUser } from '~/server/services/auth.server'
import { listNotFoundPaths } from '~/server/repositories/not-found-paths.server'
import type { Route } from './+types/not-found-paths'

// The screen is for deciding which links to mend: the most-followed ones are what matter.
const SHOWN = 100

export async function loader({ request, context, pattern }: Route.LoaderArgs) {
  await requireUser({ request, context, pattern })
  return { paths: await listNotFoundPaths(context.db, SHOWN) }
}

export default function NotFoundPaths({ loaderData: { paths } }: Route.ComponentProps) {
  return (
    <>
      <ListHeader title="Not Found" />
      <p className="mt-2 max-w-prose text-sm text-muted-foreground">
        Addresses on your site that visitors asked for and did not find, most visited first (the top {SHOWN}). Send one on to the right page
        with a redirect, and it leaves this list.
      </p>
      <RecordTable
        rows={paths}
        rowKey={(row) => row.path}
        rowTestId="not-found-row"
        empty={{
          title: 'No missing pages',
          description: 'When visitors ask for an address that does not exist, it shows here with how often it was asked for.',
        }}
        columns={[
          { header: 'Path', primary: true, cell: (row) => <span className="break-all font-mono text-sm">{row.path}</span> },
          {
            header: 'Hits',
            className: 'whitespace-nowrap',
            cell: (row) => `${row.hits.toLocaleString('en-US')} ${row.hits === 1 ? 'hit' : 'hits'}`,
          },
          { header: 'Last seen', className: 'whitespace-nowrap', cell: (row) => <DateTime iso={row.lastSeenAt} /> },
        ]}
        actions={(row) => (
          <Button asChild variant="outline" size="sm">
            <Link to={`/admin/redirects/new?${new URLSearchParams({ from: row.path })}`}>
              <ArrowRightLeft aria-hidden />
              Create redirect<span className="sr-only"> from {row.path}</span>
            </Link>
          </Button>
        )}
      />
    </>
  )
}

export const meta = screenMeta('Not Found')
export const ErrorBoundary = adminErrorBoundary('Failed to load the not-found log')
