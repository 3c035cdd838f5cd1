import { formValues, optionalText, requiredText, tooLong } from './form-fields'
import { z } from './zod'

export const REVIEW_URL_MESSAGE = 'Enter the full https:// address of the review, like https://g.page/your-business/review'

/** A public https address with a host name: a review someone else can open. */
function isHttpsAddress(text: string): boolean {
  try {
    const url = new URL(text)
    return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password
  } catch {
    return false
  }
}

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
  reviewUrl: z
    .string()
    .trim()
    .max(500, tooLong('Review source', 500))
    .refine((text) => !text || isHttpsAddress(text), REVIEW_URL_MESSAGE)
    .transform((text) => text || null),
  showOnHome: z.boolean(),
  showOnAbout: z.boolean(),
})

export const testimonialFormValues = (form: FormData) =>
  formValues(form, ['quote', 'name', 'title', 'company', 'stars', 'reviewUrl'], ['showOnHome', 'showOnAbout'])
