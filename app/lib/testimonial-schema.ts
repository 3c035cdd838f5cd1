import { formText } from './form-text'
import { orderSchema } from './display-order'
import { z } from './zod'

const text = (field: string, max: number) => z.string().trim().max(max, `${field} must be ${max.toLocaleString('en-US')} characters or fewer`)
const required = (field: string, max: number) => text(field, max).min(1, `${field} is required`)

/**
 * The testimonial form, checked in the browser before it is sent and again by the action. Job title
 * and company may be left out (a client may be a private person); empty ones are stored as null.
 */
export const testimonialSchema = z.object({
  quote: required('Quote', 1000),
  name: required('Name', 100),
  title: text('Job title', 100).transform((title) => title || null),
  company: text('Company', 100).transform((company) => company || null),
  stars: z.string().trim().regex(/^[1-5]$/, 'Stars must be a whole number from 1 to 5').transform(Number),
  /** Lower comes first; empty puts the testimonial at the end. */
  position: orderSchema,
  showOnHome: z.boolean(),
  showOnAbout: z.boolean(),
})

export type TestimonialFormValues = z.input<typeof testimonialSchema>

/** The form as sent, so a refused form shows again as it was; a ticked box is sent, an unticked one is not. */
export function testimonialFormValues(form: FormData): TestimonialFormValues {
  return { ...formText(form, ['quote', 'name', 'title', 'company', 'stars', 'position']), showOnHome: form.has('showOnHome'), showOnAbout: form.has('showOnAbout') }
}
