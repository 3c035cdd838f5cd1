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

/** The forgot-password form: the email an admin signs in with, where the reset link goes. */
const resetEmailMessage = 'Please enter the email address you sign in with'
export const forgotPasswordSchema = z.object({
  email: z
    .string(resetEmailMessage)
    .trim()
    .min(1, resetEmailMessage)
    .max(MAX_EMAIL_LENGTH, `Email must be ${MAX_EMAIL_LENGTH} characters or fewer`)
    .pipe(z.email('Please enter a valid email address, like name@example.com')),
})

/** Record ids are UUIDs or slugs; nothing longer names a record, so nothing longer is looked up. */
export const MAX_ID_LENGTH = 100

const completeAll = 'Please complete all required fields'
const validEmail = 'Please enter a valid email address'

/** A field that must be filled in: its own message, under it, when it is empty or missing. */
const filledIn = (message: string) => z.string(message).trim().min(1, message)

/** The contact form: name, email and message required, business optional. */
export const contactSchema = z.object({
  name: filledIn('Please enter your name').max(100, 'Please keep your name under 100 characters'),
  email: filledIn('Please enter your email address').max(MAX_EMAIL_LENGTH, validEmail).pipe(z.email(validEmail)),
  business: z.string().trim().max(200, 'Please keep the business name under 200 characters').optional(),
  message: filledIn('Please enter your message').max(5000, 'Please keep your message under 5,000 characters'),
})

/** The Free AI Playbook request: a name and a working e-mail address to send it to. */
export const playbookSchema = z.object({
  name: filledIn('Please enter your name').max(100, 'Please keep your name under 100 characters'),
  email: filledIn(validEmail).max(MAX_EMAIL_LENGTH, validEmail).pipe(z.email(validEmail)),
  business: z.string().trim().max(200, 'Please keep the business name under 200 characters').optional(),
})

/** A ZodError, or just the issues of some of its fields. */
type ZodIssues = Pick<z.ZodError, 'issues'>

/**
 * The one line above a refused form: the spec's 'Please complete all required fields' when a required
 * field is empty, else the first field's message. Each field's own message is shown under it.
 */
export function formSummary(error: ZodIssues): string {
  const missing = error.issues.some((issue) => issue.code === 'invalid_type' || (issue.code === 'too_small' && issue.minimum === 1))
  return missing ? completeAll : (error.issues[0]?.message ?? completeAll)
}

/** Field name -> first message, for showing each error next to its field. */
/** A form's messages, each at the field it is about. */
export type FieldErrors = Record<string, string>

export function fieldErrors(error: ZodIssues): FieldErrors {
  const errors: Record<string, string> = {}
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form')
    errors[field] ??= issue.message
  }
  return errors
}
