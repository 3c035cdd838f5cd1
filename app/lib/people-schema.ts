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

const MAX_DISPLAY_NAME_LENGTH = 80

/** An admin's display name; left empty, it is taken away and People shows their e-mail alone. */
export const displayNameSchema = z.object({
  displayName: z
    .string({ error: 'Please enter a display name, or leave the field empty' })
    .trim()
    .max(MAX_DISPLAY_NAME_LENGTH, `A display name must be ${MAX_DISPLAY_NAME_LENGTH} characters or fewer`)
    // A label shown on one line: a line break or tab in it is a paste gone wrong (readForm refuses a NUL).
    .refine((name) => !/[\u0000-\u001f\u007f]/.test(name), 'A display name is one line of text: no line breaks, tabs or control characters')
    .transform((name) => name || null),
})

export const passwordsDontMatchMessage = "Passwords don't match"

/**
 * The invitation page: a password for the new admin, typed twice, under the same rules as a changed
 * password (at least 8 characters, at most 256).
 */
export const acceptInvitationSchema = z.object({ password: z.string(), confirmPassword: z.string() }).check((ctx) => {
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
