import { MAX_EMAIL_LENGTH } from './schemas'
import { formText } from './form-text'
import { z } from './zod'

const nameRequired = 'Name is required'
const emailRequired = 'Email is required'

/**
 * The author form, checked in the browser before it is sent and again by the action. Bio is
 * optional and an empty one is stored as null.
 */
export const authorSchema = z.object({
  name: z.string(nameRequired).trim().min(1, nameRequired).max(100, 'Name must be 100 characters or fewer'),
  email: z
    .string(emailRequired)
    .trim()
    .min(1, emailRequired)
    .max(MAX_EMAIL_LENGTH, `Email must be ${MAX_EMAIL_LENGTH} characters or fewer`)
    .pipe(z.email('Please enter a valid email address, like name@example.com')),
  bio: z
    .string()
    .trim()
    .max(2000, 'Bio must be 2,000 characters or fewer')
    .transform((bio) => bio || null),
})

export type AuthorFormValues = z.input<typeof authorSchema>

/** The form's text fields as typed, so a refused form can be shown again exactly as it was sent. */
export function authorFormValues(form: FormData): AuthorFormValues {
  return formText(form, ['name', 'email', 'bio'])
}
