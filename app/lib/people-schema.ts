import { roleLabels, roles } from './admin-access'
import { MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordLengthMessage, passwordTooLongMessage } from './schemas'
import { z } from './zod'

/*
 * The People screen's forms and the invitation page's, checked in the browser and again by the
 * actions: a role is one of the three by its stored name, whatever a form sends.
 */

export const unknownRoleMessage = `Please choose a role: ${roles.map((role) => roleLabels[role]).join(', ')}`
const roleField = z.enum(roles, { error: unknownRoleMessage })

const emailMessage = 'Please enter a valid email address, like name@example.com'

/** Invite someone: their e-mail and the role they will have. */
export const inviteSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Please enter the email address to invite')
    .max(MAX_EMAIL_LENGTH, `Email must be ${MAX_EMAIL_LENGTH} characters or fewer`)
    .pipe(z.email(emailMessage)),
  role: roleField,
})
export const inviteFieldNames = ['email', 'role'] as const

/** Another role for an admin. */
export const roleChangeSchema = z.object({ role: roleField })

export const passwordsDontMatchMessage = "Passwords don't match"

/**
 * The invitation page: a password for the new admin, typed twice, under the same rules as a changed
 * password (at least 8 characters, at most 256).
 */
export const acceptInvitationSchema = z
  .object({ password: z.string(), confirmPassword: z.string() })
  .check((ctx) => {
    const { password, confirmPassword } = ctx.value
    const problem = (field: 'password' | 'confirmPassword', message: string) => {
      ctx.issues.push({ code: 'custom', message, input: ctx.value[field], path: [field] })
    }
    if (password === '') problem('password', 'Please choose a password')
    else if (password.length < MIN_PASSWORD_LENGTH) problem('password', passwordLengthMessage)
    if (password.length > MAX_PASSWORD_LENGTH) problem('password', passwordTooLongMessage)
    if (confirmPassword === '') problem('confirmPassword', 'Please type the password again')
    else if (confirmPassword !== password) problem('confirmPassword', passwordsDontMatchMessage)
  })
export const acceptFieldNames = ['password', 'confirmPassword'] as const
