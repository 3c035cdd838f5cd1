import { ExternalLink, Pencil, Plus } from 'lucide-react'
import { useEffect } from 'react'
import { data, Link, useFetcher } from 'react-router'
import { toast } from 'sonner'
import { ConfirmDeleteButton } from '~/components/admin/confirm-delete'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import type { CaseStudy } from '~/content/types'
import { pageTitle } from '~/lib/seo'
import { requireUser } from '~/server/auth.server'
import { deleteCaseStudy, listCaseStudies } from '~/server/case-studies.server'
import type { Db } from '~/server/db/schema.server'
import { readForm } from '~/server/form-data.server'
import { removeMediaFile } from '~/server/storage.server'
import { toastHeaders } from '~/server/toast.server'
import type { Route } from './+types/case-studies'

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Case Studies') }]

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context)
  return { studies: await listCaseStudies(context.db) }
}

/** Deletes the study and then its uploaded image; false when there was no such study. */
async function deleteWithImage(db: Db, id: string): Promise<boolean> {
  const deleted = await deleteCaseStudy(db, id)
  if (deleted) await removeMediaFile(db, deleted.image)
  return deleted !== undefined
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context)
  const id = (await readForm(request)).get('id')
  let status = 200
  if (typeof id !== 'string' || id === '') {
    status = 400
  } else {
    try {
      if (!(await deleteWithImage(context.db, id))) status = 404
    } catch (error) {
      console.error(`Deleting case study ${id} failed:`, error)
      status = 500
    }
  }
  const ok = status === 200
  const headers = await toastHeaders(
    context,
    ok ? { type: 'success', title: 'Case study deleted successfully' } : { type: 'error', title: 'Failed to delete case study' },
  )
  return data({ ok }, { status, headers })
}

export default function AdminCaseStudies({ loaderData }: Route.ComponentProps) {
  const { studies } = loaderData
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">Case Studies</h1>
        <Button asChild>
          <Link to="/admin/case-studies/new">
            <Plus aria-hidden />
            New Case Study
          </Link>
        </Button>
      </div>
      <Card className="mt-6 overflow-hidden">
        {studies.length === 0 ? (
          <div className="p-10 text-center">
            <p className="font-semibold">No case studies yet</p>
            <p className="mt-1 text-sm text-muted-foreground">Add a client story to show it on the Case Studies page.</p>
          </div>
        ) : (
          // Below md each row reflows into a stacked card, so phones need no sideways scrolling.
          <table className="block w-full text-left text-sm md:table">
            <thead className="hidden border-b bg-muted/60 text-xs tracking-wide text-muted-foreground uppercase md:table-header-group">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">Title</th>
                <th scope="col" className="px-4 py-3 font-semibold">Client</th>
                <th scope="col" className="px-4 py-3 font-semibold">Industry</th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">Actions</th>
              </tr>
            </thead>
            <tbody className="block divide-y md:table-row-group">
              {studies.map((study) => (
                <CaseStudyTableRow key={study.id} study={study} />
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </>
  )
}

function CaseStudyTableRow({ study }: { study: CaseStudy }) {
  const fetcher = useFetcher<typeof action>()
  const busy = fetcher.state !== 'idle'
  return (
    <tr
      data-testid="case-study-row"
      aria-busy={busy || undefined}
      className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 p-4 align-middle md:table-row md:p-0"
    >
      <th scope="row" className="col-span-2 font-medium md:max-w-sm md:px-4 md:py-3">
        <span className="flex items-center gap-3">
          <img src={study.image} alt="" width={64} height={40} loading="lazy" className="h-10 w-16 shrink-0 rounded-md border bg-navy-50 object-cover" />
          <span className="line-clamp-2 min-w-0 break-words">{study.title}</span>
        </span>
      </th>
      <td className="col-span-2 min-w-0 break-words text-muted-foreground md:px-4 md:py-3">{study.client}</td>
      <td className="min-w-0 break-words text-muted-foreground md:px-4 md:py-3">{study.industry}</td>
      <td className="md:px-4 md:py-3">
        <div className="flex items-center justify-end gap-1">
          <Button asChild variant="ghost" size="icon">
            <Link to={`/admin/case-studies/edit/${study.id}`} aria-label={`Edit ${study.title}`} title="Edit">
              <Pencil aria-hidden />
            </Link>
          </Button>
          <Button asChild variant="ghost" size="icon">
            <a
              href={`/case-studies#${study.id}`}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`View ${study.title} on the site (opens in a new tab)`}
              title="View on site"
            >
              <ExternalLink aria-hidden />
            </a>
          </Button>
          <ConfirmDeleteButton
            question="Are you sure you want to delete this case study?"
            itemName={study.title}
            consequence={`“${study.title}” will be removed from the site for good, with its image. This cannot be undone.`}
            disabled={busy}
            onConfirm={() => fetcher.submit({ id: study.id }, { method: 'post' })}
          />
        </div>
      </td>
    </tr>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useEffect(() => {
    console.error('Error loading case studies:', error)
    toast.error('Failed to load case studies')
  }, [error])
  return (
    <Alert variant="destructive">
      <p className="font-semibold">Failed to load case studies</p>
      <p className="mt-1">Please reload the page in a moment.</p>
    </Alert>
  )
}
