import { editorMeta } from '~/components/admin/admin-screen'
import { EditorPage, EditorForm } from '~/components/admin/editor-form'
import { OrderField } from '~/components/admin/order-field'
import { useEditorForm } from '~/components/admin/use-editor-form'
import { CheckboxField } from '~/components/ui/checkbox-field'
import { FormField } from '~/components/ui/form-field'
import { testimonialFormValues, testimonialSchema } from '~/lib/testimonial-schema'
import { editorRoute } from '~/server/http/editor.server'
import { createTestimonial, getTestimonial, updateTestimonial } from '~/server/repositories/testimonials.server'
import type { Route } from './+types/testimonial-editor'

export const meta = editorMeta({ edit: 'Edit Testimonial', create: 'New Testimonial' })

const editor = editorRoute({
  record: 'testimonial',
  list: '/admin/testimonials',
  read: getTestimonial,
  values: testimonialFormValues,
  schema: testimonialSchema,
  write: (trx, input, { existing, version }) => (existing ? updateTestimonial(trx, existing.id, version, input) : createTestimonial(trx, input)),
  content: 'testimonials',
  messages: {
    loadFailed: 'Failed to load testimonial',
    created: 'Testimonial created successfully',
    updated: 'Testimonial updated successfully',
    createFailed: 'Failed to create testimonial',
    updateFailed: 'Failed to update testimonial',
  },
})
export const loader = editor.loader
export const action = editor.action

export default function TestimonialEditor({ loaderData: { record: testimonial }, actionData }: Route.ComponentProps) {
  // A new testimonial starts with five stars, on the home page, at the end.
  const values = actionData?.values ?? {
    quote: testimonial?.quote ?? '',
    name: testimonial?.name ?? '',
    title: testimonial?.title ?? '',
    company: testimonial?.company ?? '',
    stars: String(testimonial?.stars ?? 5),
    position: testimonial ? String(testimonial.position) : '',
    showOnHome: testimonial?.showOnHome ?? true,
    showOnAbout: testimonial?.showOnAbout ?? false,
  }
  const { errors, formProps } = useEditorForm((form) => testimonialSchema.safeParse(testimonialFormValues(form)), actionData)
  return (
    <EditorPage back={{ href: '/admin/testimonials', label: 'Back to Testimonials' }} title={testimonial ? 'Edit Testimonial' : 'New Testimonial'}>
      <EditorForm key={testimonial?.id ?? 'new'} {...formProps} card="Testimonial" version={testimonial?.version} failure={actionData?.failure} cancel="/admin/testimonials" submit="Save Testimonial">
        <FormField label="Quote" name="quote" multiline required rows={5} placeholder="What the client said, in their words..." defaultValue={values.quote} error={errors.quote} />
        <FormField label="Name" name="name" required autoComplete="off" placeholder="Jane Smith" defaultValue={values.name} error={errors.name} />
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label="Job title" name="title" optional autoComplete="off" placeholder="Owner" defaultValue={values.title} error={errors.title} />
          <FormField label="Company" name="company" optional autoComplete="off" placeholder="Smith Plumbing" defaultValue={values.company} error={errors.company} />
          <FormField label="Stars" name="stars" type="number" min={1} max={5} required defaultValue={values.stars} error={errors.stars} className="content-start" controlClassName="w-28" />
          <OrderField defaultValue={values.position} error={errors.position} />
        </div>
        <fieldset className="grid gap-3">
          <legend className="mb-3 text-sm font-medium">Show on</legend>
          <CheckboxField label="Home page" name="showOnHome" defaultChecked={values.showOnHome} />
          <CheckboxField label="About page" name="showOnAbout" defaultChecked={values.showOnAbout} />
        </fieldset>
      </EditorForm>
    </EditorPage>
  )
}
