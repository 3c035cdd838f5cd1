import { Pencil } from 'lucide-react'
import { Link } from 'react-router'
import { adminErrorBoundary } from '~/components/admin/admin-error-boundary'
import { screenMeta } from '~/components/admin/admin-screen'
import { ListHeader, RecordTable } from '~/components/admin/record-list'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { marketingPages } from '~/content/pages'
import { pageKey } from '~/lib/marketing-pages'
import { adminSection } from '~/lib/admin-sections'
import { listPageSearchFields } from '~/server/repositories/page-search-fields.server'
import { requireUser } from '~/server/services/auth.server'
import type { Route } from './+types/search-and-sharing'

const section = adminSection('search-and-sharing')
export const meta = screenMeta(section.title)

export async function loader({ request, context, pattern }: Route.LoaderArgs) {
  await requireUser({ request, context, pattern })
  const stored = await listPageSearchFields(context.db)
  return {
    rows: marketingPages.map((page) => ({
      key: pageKey(page),
      name: page.name,
      path: page.path,
      search: stored.get(page.path)?.fields ?? null,
    })),
  }
}

type Row = Awaited<ReturnType<typeof loader>>['rows'][number]

export default function Pages({ loaderData: { rows } }: Route.ComponentProps) {
  return (
    <>
      <ListHeader title={section.title} />
      <p className="mt-2 max-w-2xl text-sm text-muted-foreground">
        How each marketing page shows in search results and social shares. Posts and case studies have the same fields in their own editors.
      </p>
      <RecordTable<Row>
        rows={rows}
        rowKey={(row) => row.key}
        rowTestId={section.rowTestId}
        empty={section.empty}
        columns={[
          {
            header: 'Page',
            primary: true,
            cell: (row) => (
              <>
                {row.name}
                <span className="block text-xs font-normal text-muted-foreground">{row.path}</span>
              </>
            ),
          },
          { header: 'SEO title', cell: (row) => row.search?.title ?? <span className="italic">The page’s own</span> },
          {
            header: 'Search engines',
            cell: (row) => (row.search?.hidden ? <Badge variant="warning">Hidden</Badge> : <Badge variant="muted">Shown</Badge>),
          },
        ]}
        actions={(row) => (
          <Button asChild variant="ghost" size="sm">
            <Link to={`${section.path}/edit/${row.key}`}>
              <Pencil aria-hidden />
              Edit<span className="sr-only"> {row.name}</span>
            </Link>
          </Button>
        )}
      />
    </>
  )
}

export const ErrorBoundary = adminErrorBoundary(section.messages.listFailed)
