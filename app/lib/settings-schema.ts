import { z } from './zod'
import { canonicalTimeZone, isTimeZone } from './dates'
import { phoneDigits } from './phone'
import { MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordLengthMessage, passwordTooLongMessage } from './schemas'

const fillAllPasswordsMessage = 'Please fill in all password fields'
const passwordsDontMatchMessage = "New passwords don't match"
export const wrongCurrentPasswordMessage = 'Current password is incorrect'

export const newPasswordFieldNames = ['newPassword', 'confirmPassword'] as const
export const passwordFieldNames = ['currentPassword', ...newPasswordFieldNames] as const
type PasswordForm = { currentPassword?: string; newPassword: string; confirmPassword: string }

/**
 * The rules of every form that sets a password: each of its fields filled in, then the new password
 * typed the same twice, at least MIN_PASSWORD_LENGTH and at most MAX_PASSWORD_LENGTH characters.
 */
function checkPasswords(ctx: z.core.ParsePayload<PasswordForm>, fields: readonly (keyof PasswordForm)[]) {
  const form = ctx.value
  const problem = (field: keyof PasswordForm, message: string) =>
    ctx.issues.push({ code: 'custom', message, input: form[field], path: [field] })
  const empty = fields.filter((field) => form[field] === '')
  for (const field of empty) problem(field, fillAllPasswordsMessage)
  if (empty.length > 0) return
  if (form.newPassword !== form.confirmPassword) problem('confirmPassword', passwordsDontMatchMessage)
  if (form.newPassword.length < MIN_PASSWORD_LENGTH) problem('newPassword', passwordLengthMessage)
  if (form.newPassword.length > MAX_PASSWORD_LENGTH) problem('newPassword', passwordTooLongMessage)
  if ((form.currentPassword?.length ?? 0) > MAX_PASSWORD_LENGTH) problem('currentPassword', wrongCurrentPasswordMessage)
}

/**
 * The change-password form, checked in the browser and again by the action: all three
 * fields, then matching new passwords, then the minimum length. Whether the current password is
 * right only the server can tell.
 */
export const passwordChangeSchema = z
  .object({ currentPassword: z.string(), newPassword: z.string(), confirmPassword: z.string() })
  .check((ctx) => checkPasswords(ctx, passwordFieldNames))

/** The form a reset link opens: the new password twice, under the change form's rules. */
export const passwordResetSchema = z
  .object({ newPassword: z.string(), confirmPassword: z.string() })
  .check((ctx) => checkPasswords(ctx, newPasswordFieldNames))

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

export const webhookMessage = 'Please enter a full https:// address, like https://hooks.slack.com/services/…'
export const webhookInsideMessage =
  'Use a public web address, by its name: localhost and bare IP addresses can point inside your own network.'

/**
 * Optional: empty turns the webhook off. Lead details travel in it, so only https. `localhost` and
 * every bare IP address are refused here, where the owner can fix them (this check also runs in the
 * browser, without Node's address ranges; chat tools' webhooks all have names). The addresses a
 * name resolves to are checked at each send (services/webhook.server.ts): the guard that counts.
 */
const webhookSetting = z
  .string()
  .trim()
  .max(500, 'Address must be 500 characters or fewer')
  .check((ctx) => {
    const message = ctx.value === '' ? null : webhookProblem(ctx.value)
    if (message) ctx.issues.push({ code: 'custom', message, input: ctx.value })
  })

function webhookProblem(value: string): string | null {
  if (!URL.canParse(value)) return webhookMessage
  const url = new URL(value)
  // URL has already turned 0x7f.1, 2130706433 and [::ffff:127.0.0.1] into their plain forms.
  const host = url.hostname.replace(/\.$/, '')
  if (host === 'localhost' || host.endsWith('.localhost') || /^[\d.]+$/.test(host) || host.startsWith('[')) return webhookInsideMessage
  // A user name or password in the address would be sent to whoever answers it.
  if (url.protocol !== 'https:' || url.username || url.password) return webhookMessage
  return null
}

export const phoneMessage = 'Please enter a phone number, like (504) 555-0142'

/**
 * Optional: empty shows no number anywhere. Kept as typed, for display; the tel: links take its
 * digits (lib/phone.ts). Separators may be spaces, dashes, dots and brackets, a + only in front, and
 * 7 to 20 digits covers a local number up to the longest international one with its country code.
 */
const phoneSetting = z
  .string()
  .trim()
  .check((ctx) => {
    const phone = ctx.value
    if (phone === '') return
    const digits = phoneDigits(phone).length
    if (!/^\+?[\d ().-]+$/.test(phone) || digits < 7 || digits > 20 || phone.length > 40) {
      ctx.issues.push({ code: 'custom', message: phoneMessage, input: phone })
    }
  })

/**
 * A zone from the list (IANA names). Any name the runtime knows passes, legacy links such as
 * 'US/Central' too, and is stored under the runtime's own name for it, the one the list shows.
 */
const timeZoneSetting = z
  .string()
  .trim()
  .min(1, 'Please choose the time zone of the site')
  .max(100, 'Please choose a time zone from the list, like America/Chicago')
  .refine(isTimeZone, 'Please choose a time zone from the list, like America/Chicago')
  .transform(canonicalTimeZone)

/**
 * The Site Settings form: the contact details every public page shows, the time zone of every date, and where leads are announced.
 * Its output is what saveSiteSettings takes, whose type makes sure the form names every setting.
 */
export const siteSettingsSchema = z.object({
  contactEmail: emailSetting('contact email'),
  phone: phoneSetting,
  partnersEmail: emailSetting('partners email'),
  bookingUrl: httpsSetting('booking URL'),
  linkedinUrl: httpsSetting('LinkedIn URL'),
  twitterUrl: httpsSetting('Twitter URL'),
  timeZone: timeZoneSetting,
  webhookUrl: webhookSetting,
})

export const siteSettingsFieldNames = Object.keys(siteSettingsSchema.shape) as (keyof typeof siteSettingsSchema.shape)[]
