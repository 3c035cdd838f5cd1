import { z } from './zod'

/** Shared by the login form in the browser and the login action on the server. */
const bothRequired = 'Please enter both email and password'
export const loginSchema = z.object({
  email: z.string(bothRequired).trim().min(1, bothRequired),
  password: z.string(bothRequired).min(1, bothRequired),
})

export const MIN_PASSWORD_LENGTH = 8
export const passwordLengthMessage = 'Password must be at least 8 characters'

/** One admin action on one post, posted from the post table. */
export const postListActionSchema = z.object({
  intent: z.enum(['publish', 'unpublish', 'delete']),
  id: z.string().min(1),
})

const completeAll = 'Please complete all required fields'
const validEmail = 'Please enter a valid email address'

/** The contact form (spec §5): name, email and message required, business optional. */
export const contactSchema = z.object({
  name: z.string(completeAll).trim().min(1, completeAll).max(100, 'Please keep your name under 100 characters'),
  email: z.string(completeAll).trim().min(1, completeAll).max(254, validEmail).pipe(z.email(validEmail)),
  business: z.string().trim().max(200, 'Please keep the business name under 200 characters').optional(),
  message: z.string(completeAll).trim().min(1, completeAll).max(5000, 'Please keep your message under 5,000 characters'),
})

/** The Free AI Playbook request: a name and a working e-mail address to send it to. */
export const playbookSchema = z.object({
  name: z.string('Please enter your name').trim().min(1, 'Please enter your name').max(100, 'Please keep your name under 100 characters'),
  email: z.string(validEmail).trim().min(1, validEmail).max(254, validEmail).pipe(z.email(validEmail)),
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
