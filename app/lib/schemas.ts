import { z } from './zod'

/** The longest address the e-mail standard allows; nothing longer is stored or looked up. */
export const MAX_EMAIL_LENGTH = 254
export const MIN_PASSWORD_LENGTH = 8
export const passwordLengthMessage = 'Password must be at least 8 characters'
// Long enough for any passphrase, short enough that checking it costs nothing unusual.
export const MAX_PASSWORD_LENGTH = 256
export const passwordTooLongMessage = `Password must be at most ${MAX_PASSWORD_LENGTH} characters`

/** Shared by the login form in the browser and the login action on the server. */
const bothRequired = 'Please enter both email and password'
export const loginSchema = z.object({
  email: z.string(bothRequired).trim().min(1, bothRequired).max(MAX_EMAIL_LENGTH, `Email must be ${MAX_EMAIL_LENGTH} characters or fewer`),
  password: z.string(bothRequired).min(1, bothRequired).max(MAX_PASSWORD_LENGTH, passwordTooLongMessage),
})

/** Record ids are UUIDs or slugs; nothing longer names a record, so nothing longer is looked up. */
export const MAX_ID_LENGTH = 100

const completeAll = 'Please complete all required fields'
const validEmail = 'Please enter a valid email address'

/** The contact form: name, email and message required, business optional. */
export const contactSchema = z.object({
  name: z.string(completeAll).trim().min(1, completeAll).max(100, 'Please keep your name under 100 characters'),
  email: z.string(completeAll).trim().min(1, completeAll).max(MAX_EMAIL_LENGTH, validEmail).pipe(z.email(validEmail)),
  business: z.string().trim().max(200, 'Please keep the business name under 200 characters').optional(),
  message: z.string(completeAll).trim().min(1, completeAll).max(5000, 'Please keep your message under 5,000 characters'),
})

/** The Free AI Playbook request: a name and a working e-mail address to send it to. */
export const playbookSchema = z.object({
  name: z.string('Please enter your name').trim().min(1, 'Please enter your name').max(100, 'Please keep your name under 100 characters'),
  email: z.string(validEmail).trim().min(1, validEmail).max(MAX_EMAIL_LENGTH, validEmail).pipe(z.email(validEmail)),
  business: z.string().trim().max(200, 'Please keep the business name under 200 characters').optional(),
})

/** Field name -> first message, for showing each error next to its field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form')
    errors[field] ??= issue.message
  }
  return errors
}
