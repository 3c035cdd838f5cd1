import { z } from './zod'
import type { SiteSettings } from '~/server/settings.server'
import { MIN_PASSWORD_LENGTH, passwordLengthMessage } from './schemas'

const fillAllPasswordsMessage = 'Please fill in all password fields'
const passwordsDontMatchMessage = "New passwords don't match"
export const wrongCurrentPasswordMessage = 'Current password is incorrect'
// Long enough for any passphrase, short enough that hashing it costs nothing unusual.
const MAX_PASSWORD_LENGTH = 256

export const passwordFieldNames = ['currentPassword', 'newPassword', 'confirmPassword'] as const

/**
 * The change-password form (spec §5), checked in the browser and again by the action: all three
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
    if (form.newPassword.length > MAX_PASSWORD_LENGTH) problem('newPassword', `Password must be at most ${MAX_PASSWORD_LENGTH} characters`)
  })

const emailSetting = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `Please enter the ${what}`)
    .max(254, 'Email must be 254 characters or fewer')
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

/** The named text fields of a form as typed, a missing one as ''. */
export function formText<const K extends string>(form: FormData, names: readonly K[]): Record<K, string> {
  const text = (name: K) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  return Object.fromEntries(names.map((name) => [name, text(name)])) as Record<K, string>
}

export const siteSettingsFieldNames = Object.keys(siteSettingsSchema.shape) as (keyof SiteSettings)[]
