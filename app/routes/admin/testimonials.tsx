import { adminErrorBoundary } from '~/components/admin/admin-error-boundary'
import { screenMeta } from '~/components/admin/admin-screen'
import { ListHeader, RecordTable, RowActions } from '~/components/admin/record-list'
import { deleteAction, listLoader } from '~/server/http/editor.server'
import { deleteTestimonial, listTestimonials } from '~/server/repositories/testimonials.server'
import type { Route } from './+types/testimonials'

export const meta = screenMeta('Testimonials')
export const loader = listLoader(listTestimonials)
export const action = deleteAction({
  record: 'testimonial',
  remove: deleteTestimonial,
  content: 'testimonials',
  done: 'Testimonial deleted successfully',
  failed: 'Failed to delete testimonial',
})

export default function AdminTestimonials({ loaderData: { rows: testimonials } }: Route.ComponentProps) {
  return (
    <>
      <ListHeader title="Testimonials" newHref="/admin/testimonials/new" newLabel="New Testimonial" />
      <RecordTable
        rows={testimonials}
        rowKey={(testimonial) => testimonial.id}
        rowTestId="testimonial-row"
        empty={{ title: 'No testimonials yet', description: 'Add what clients say about you, and choose the pages that show it.' }}
        columns={[
          { header: 'Name', primary: true, cell: (testimonial) => testimonial.name },
          { header: 'Quote', cell: (testimonial) => <span className="line-clamp-2">{testimonial.quote}</span> },
          { header: 'Stars', className: 'whitespace-nowrap', cell: (testimonial) => `${testimonial.stars} of 5 stars` },
          { header: 'Shown on', cell: ({ showOnHome, showOnAbout }) => [showOnHome && 'Home page', showOnAbout && 'About page'].filter(Boolean).join(', ') || 'Not shown' },
        ]}
        actions={(testimonial) => (
          <RowActions
            editHref={`/admin/testimonials/edit/${testimonial.id}`}
            name={testimonial.name}
            deleteQuestion="Are you sure you want to delete this testimonial?"
            deleteConsequence={`${testimonial.name}’s testimonial will be removed from the site for good.`}
            deleteFields={{ id: testimonial.id, version: testimonial.version }}
          />
        )}
      />
    </>
  )
}

export const ErrorBoundary = adminErrorBoundary('Failed to load testimonials')
