import { formValues, optionalText, requiredText } from './form-fields'
import { z } from './zod'

/** The testimonial form, checked in the browser and again by the action. A client may be a private person, without title or company. */
export const testimonialSchema = z.object({
  quote: requiredText('Quote', 1000),
  name: requiredText('Name', 100),
  title: optionalText('Job title', 100),
  company: optionalText('Company', 100),
  stars: z
    .string()
    .trim()
    .regex(/^[1-5]$/, 'Stars must be a whole number from 1 to 5')
    .transform(Number),
  showOnHome: z.boolean(),
  showOnAbout: z.boolean(),
})

export const testimonialFormValues = (form: FormData) =>
  formValues(form, ['quote', 'name', 'title', 'company', 'stars'], ['showOnHome', 'showOnAbout'])
