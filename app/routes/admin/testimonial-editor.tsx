import { editorMeta } from '~/components/admin/admin-screen'
import { EditorPage, EditorForm } from '~/components/admin/editor-form'
import { useEditorForm } from '~/components/admin/use-editor-form'
import { CheckboxField } from '~/components/ui/checkbox-field'
import { FormField } from '~/components/ui/form-field'
import { adminSection } from '~/lib/admin-sections'
import { formDefaults } from '~/lib/form-fields'
import { testimonialFormValues, testimonialSchema } from '~/lib/testimonial-schema'
import { editorRoute } from '~/server/http/editor.server'
import { getTestimonial, saveTestimonial } from '~/server/repositories/testimonials.server'
import type { Route } from './+types/testimonial-editor'

const section = adminSection('testimonials')
export const meta = editorMeta(section)
const editor = editorRoute(section, {
  read: getTestimonial,
  values: testimonialFormValues,
  schema: testimonialSchema,
  write: saveTestimonial,
})
export const loader = editor.loader
export const action = editor.action

// A new testimonial starts with five stars (shown once it has a review source), on the home page; it goes last in the list.
const NEW = { quote: '', name: '', title: '', company: '', stars: '5', reviewUrl: '', showOnHome: true, showOnAbout: false }

export default function TestimonialEditor({ loaderData: { record }, actionData }: Route.ComponentProps) {
  const values = actionData?.values ?? formDefaults(record, NEW)
  const { field, formProps } = useEditorForm((form) => testimonialSchema.safeParse(testimonialFormValues(form)), actionData, values)
  return (
    <EditorPage section={section} editing={record !== null}>
      <EditorForm key={record?.id ?? 'new'} {...formProps} section={section} version={record?.version} answer={actionData}>
        <FormField label="Quote" {...field('quote')} multiline required rows={5} placeholder="What the client said, in their words..." />
        <FormField label="Name" {...field('name')} required autoComplete="off" placeholder="Jane Smith" />
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label="Job title" {...field('title')} optional autoComplete="off" placeholder="Owner" />
          <FormField label="Company" {...field('company')} optional autoComplete="off" placeholder="Smith Plumbing" />
          <FormField
            label="Stars"
            {...field('stars')}
            type="number"
            min={1}
            max={5}
            required
            className="content-start"
            controlClassName="w-28"
          />
        </div>
        <FormField
          label="Review source"
          {...field('reviewUrl')}
          type="url"
          optional
          autoComplete="off"
          placeholder="https://g.page/smith-plumbing/review"
          hint="Where anyone can read this review, such as its page on Google or Yelp. The stars show only with a source."
        />
        <fieldset className="grid gap-3">
          <legend className="mb-3 text-sm font-medium">Show on</legend>
          <CheckboxField label="Home page" name="showOnHome" defaultChecked={values.showOnHome} />
          <CheckboxField label="About page" name="showOnAbout" defaultChecked={values.showOnAbout} />
        </fieldset>
      </EditorForm>
    </EditorPage>
  )
}
