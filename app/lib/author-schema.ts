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
    .max(254, 'Email must be 254 characters or fewer')
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
  const text = (key: keyof AuthorFormValues) => {
    const value = form.get(key)
    return typeof value === 'string' ? value : ''
  }
  return { name: text('name'), email: text('email'), bio: text('bio') }
}
