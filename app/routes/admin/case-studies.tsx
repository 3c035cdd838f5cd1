import { adminErrorBoundary } from '~/components/admin/admin-error-boundary'
import { screenMeta } from '~/components/admin/admin-screen'
import { recordListScreen } from '~/components/admin/record-list'
import { Badge } from '~/components/ui/badge'
import { adminSection } from '~/lib/admin-sections'
import { caseStudyHref } from '~/lib/case-study-links'
import { listLoader, orderedListAction } from '~/server/http/editor.server'
import { deleteCaseStudy, listCaseStudiesForAdmin } from '~/server/repositories/case-studies.server'
import { caseStudyRevisions } from '~/server/services/case-studies.server'

const section = adminSection('case-studies')
export const loader = listLoader(listCaseStudiesForAdmin, section)
export const action = orderedListAction(section, 'case_studies', { remove: deleteCaseStudy, revisions: caseStudyRevisions })

export default recordListScreen<typeof loader>(section, {
  ordered: true,
  columns: [
    {
      header: 'Title',
      primary: true,
      className: 'md:max-w-sm',
      cell: (study) => (
        <span className="flex items-center gap-3">
          <img
            src={study.imageUrl}
            alt=""
            width={64}
            height={40}
            loading="lazy"
            className="h-10 w-16 shrink-0 rounded-md border bg-navy-50 object-cover"
          />
          <span className="line-clamp-2 min-w-0 break-words">{study.title}</span>
          {!study.published && <Badge variant="warning">Draft</Badge>}
        </span>
      ),
    },
    { header: 'Client', cell: (study) => study.client },
    { header: 'Industry', cell: (study) => study.industry },
  ],
  name: (study) => study.title,
  deleteConsequence: (study) =>
    `“${study.title}” will be removed from the site. It stays in the Trash for 30 days, where you can restore it.`,
  // A draft's page opens for signed-in admins only, as a preview.
  viewHref: (study) => caseStudyHref(study.slug),
})

export const meta = screenMeta(section.title)
export const ErrorBoundary = adminErrorBoundary(section.messages.listFailed)
