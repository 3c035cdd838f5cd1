import { z } from './zod'
import type { SiteSettings } from '~/server/repositories/settings.server'
import { MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordLengthMessage, passwordTooLongMessage } from './schemas'

const fillAllPasswordsMessage = 'Please fill in all password fields'
const passwordsDontMatchMessage = "New passwords don't match"
export const wrongCurrentPasswordMessage = 'Current password is incorrect'

export const passwordFieldNames = ['currentPassword', 'newPassword', 'confirmPassword'] as const

/**
 * The change-password form, checked in the browser and again by the action: all three
 * fields, then matching new passwords, then the minimum length. Whether the current password is
 * right only the server can tell.
 */
export const passwordChangeSchema = z
  .object({ currentPassword: z.string(), newPassword: z.string(), confirmPassword: z.string() })
  .check((ctx) => {
    const form = ctx.value
    const problem = (field: (typeof passwordFieldNames)[number], message: string) =>
      ctx.issues.push({ code: 'custom', message, input: form[field], path: [field] })
    const empty = passwordFieldNames.filter((field) => form[field] === '')
    for (const field of empty) problem(field, fillAllPasswordsMessage)
    if (empty.length > 0) return
    if (form.newPassword !== form.confirmPassword) problem('confirmPassword', passwordsDontMatchMessage)
    if (form.newPassword.length < MIN_PASSWORD_LENGTH) problem('newPassword', passwordLengthMessage)
    if (form.newPassword.length > MAX_PASSWORD_LENGTH) problem('newPassword', passwordTooLongMessage)
    if (form.currentPassword.length > MAX_PASSWORD_LENGTH) problem('currentPassword', wrongCurrentPasswordMessage)
  })

const emailSetting = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `Please enter the ${what}`)
    .max(MAX_EMAIL_LENGTH, `Email must be ${MAX_EMAIL_LENGTH} characters or fewer`)
    .pipe(z.email('Please enter a valid email address, like name@example.com'))

const httpsMessage = 'Please enter a full https:// address, like https://example.com/page'
const httpsSetting = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `Please enter the ${what}`)
    .max(500, 'Address must be 500 characters or fewer')
    .regex(/^https:\/\//i, httpsMessage)
    .pipe(z.url({ protocol: /^https$/, hostname: z.regexes.domain, error: httpsMessage }))

/** The Site Settings form: the contact details every public page shows. */
export const siteSettingsSchema = z.object({
  contactEmail: emailSetting('contact email'),
  partnersEmail: emailSetting('partners email'),
  bookingUrl: httpsSetting('booking URL'),
  linkedinUrl: httpsSetting('LinkedIn URL'),
  twitterUrl: httpsSetting('Twitter URL'),
}) satisfies z.ZodType<SiteSettings>

export const siteSettingsFieldNames = Object.keys(siteSettingsSchema.shape) as (keyof SiteSettings)[]
