import { z } from 'zod'

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
