import { adminErrorBoundary } from '~/components/admin/admin-error-boundary'
import { screenMeta } from '~/components/admin/admin-screen'
import { recordListScreen } from '~/components/admin/record-list'
import { adminSection } from '~/lib/admin-sections'
import { listLoader, orderedListAction } from '~/server/http/editor.server'
import { deleteTestimonial, listTestimonials } from '~/server/repositories/testimonials.server'

const section = adminSection('testimonials')
export const loader = listLoader(listTestimonials, section)
export const action = orderedListAction(section, 'testimonials', { remove: deleteTestimonial })

export default recordListScreen<typeof loader>(section, {
  ordered: true,
  columns: [
    { header: 'Name', primary: true, cell: (testimonial) => testimonial.name },
    { header: 'Quote', cell: (testimonial) => <span className="line-clamp-2">{testimonial.quote}</span> },
    { header: 'Stars', className: 'whitespace-nowrap', cell: (testimonial) => `${testimonial.stars} of 5 stars` },
    {
      header: 'Shown on',
      cell: ({ showOnHome, showOnAbout }) =>
        [showOnHome && 'Home page', showOnAbout && 'About page'].filter(Boolean).join(', ') || 'Not shown',
    },
  ],
  name: (testimonial) => testimonial.name,
  deleteConsequence: (testimonial) =>
    `${testimonial.name}’s testimonial will be removed from the site. It stays in the Trash for 30 days, where you can restore it.`,
})

export const meta = screenMeta(section.title)
export const ErrorBoundary = adminErrorBoundary(section.messages.listFailed)
