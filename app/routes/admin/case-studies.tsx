import { ExternalLink } from 'lucide-react'
import { adminErrorBoundary } from '~/components/admin/admin-error-boundary'
import { screenMeta } from '~/components/admin/admin-screen'
import { ListHeader, RecordTable, RowActions } from '~/components/admin/record-list'
import { Button } from '~/components/ui/button'
import { deleteAction, listLoader } from '~/server/http/editor.server'
import { deleteCaseStudy, listCaseStudiesForAdmin } from '~/server/repositories/case-studies.server'
import type { Route } from './+types/case-studies'

export const meta = screenMeta('Case Studies')
export const loader = listLoader(listCaseStudiesForAdmin)
export const action = deleteAction({
  record: 'case study',
  remove: deleteCaseStudy,
  content: 'case-studies',
  done: 'Case study deleted successfully',
  failed: 'Failed to delete case study',
})

export default function AdminCaseStudies({ loaderData: { rows: studies } }: Route.ComponentProps) {
  return (
    <>
      <ListHeader title="Case Studies" newHref="/admin/case-studies/new" newLabel="New Case Study" />
      <RecordTable
        rows={studies}
        rowKey={(study) => study.id}
        rowTestId="case-study-row"
        empty={{ title: 'No case studies yet', description: 'Add a client story to show it on the Case Studies page.' }}
        columns={[
          {
            header: 'Title',
            primary: true,
            className: 'md:max-w-sm',
            cell: (study) => (
              <span className="flex items-center gap-3">
                <img src={study.imageUrl} alt="" width={64} height={40} loading="lazy" className="h-10 w-16 shrink-0 rounded-md border bg-navy-50 object-cover" />
                <span className="line-clamp-2 min-w-0 break-words">{study.title}</span>
              </span>
            ),
          },
          { header: 'Client', cell: (study) => study.client },
          { header: 'Industry', cell: (study) => study.industry },
        ]}
        actions={(study) => (
          <>
            <Button asChild variant="ghost" size="icon">
              <a href={`/case-studies#${study.id}`} target="_blank" rel="noopener noreferrer" aria-label={`View ${study.title} on the site (opens in a new tab)`} title="View on site">
                <ExternalLink aria-hidden />
              </a>
            </Button>
            <RowActions
              editHref={`/admin/case-studies/edit/${study.id}`}
              name={study.title}
              deleteQuestion="Are you sure you want to delete this case study?"
              deleteConsequence={`“${study.title}” will be removed from the site for good, with its image. This cannot be undone.`}
              deleteFields={{ id: study.id, version: study.version }}
            />
          </>
        )}
      />
    </>
  )
}

export const ErrorBoundary = adminErrorBoundary('Failed to load case studies')
