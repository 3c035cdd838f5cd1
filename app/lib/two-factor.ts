import { MAX_PASSWORD_LENGTH } from './schemas'
import { z } from './zod'

/*
 * Two-factor sign-in as the browser and the server both see it: the shape of a code, the forms that
 * take one, and every message about them.
 */

export const RECOVERY_CODE_COUNT = 10
/** Fewer recovery codes than this left and the admin is told to get new ones. */
export const FEW_RECOVERY_CODES = 3

export const codeFormatMessage = 'Enter the 6-digit code from your authenticator app'
export const recoveryCodeFormatMessage = 'Enter one of your recovery codes, like 7k2m-9xqp-4h'
export const wrongCodeMessage =
  "That code is not right. Enter the code your app shows now; each code works only once. Still failing? Check that your phone's clock is set automatically."
export const wrongRecoveryCodeMessage = 'That recovery code is not right, or it has been used already. Each recovery code works once.'
export const enterPasswordMessage = 'Enter your current password'
/** Said when two-factor sign-in is turned on or off: a session stolen before ends with the change. */
export const signedOutElsewhereMessage = 'You were signed out in every other browser and device.'
export const wrongPasswordMessage = 'That is not your current password.'
export const requiredForEveryoneMessage =
  'Two-factor sign-in is required for every admin of this site, so it cannot be turned off. An owner can change that in Site Settings.'
export const mustSetUpMessage =
  'An owner requires two-factor sign-in for every admin. Turn it on below to open the rest of the back office.'
export const setupExpiredMessage = 'This setup was started again in another window. Scan the new QR code below and enter a code from it.'

/** A code as typed, without the spaces some apps show ('123 456') or the dashes of a recovery code. */
export function compactCode(text: string): string {
  return text.replace(/[\s-]/g, '')
}

/** A six-digit code from an authenticator app. */
export const appCodeSchema = z
  .string(codeFormatMessage)
  .transform(compactCode)
  .pipe(z.string().regex(/^\d{6}$/, codeFormatMessage))

/**
 * Recovery codes use Crockford's base 32 (digits and lower-case letters without i, l, o and u), so
 * none can be misread; what people type for the missing letters is read as the digit it looks like.
 */
export const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'
export const RECOVERY_LENGTH = 10

/** The recovery code in its stored form (ten characters, no dashes), or null when it cannot be one. */
export function recoveryCodeOf(text: string): string | null {
  const code = compactCode(text).toLowerCase().replace(/o/g, '0').replace(/[il]/g, '1')
  return code.length === RECOVERY_LENGTH && [...code].every((c) => RECOVERY_ALPHABET.includes(c)) ? code : null
}

/** A recovery code as shown: `7k2m-9xqp-4h`. */
export function formatRecoveryCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`
}

export const recoveryCodeSchema = z
  .string(recoveryCodeFormatMessage)
  .refine((text) => recoveryCodeOf(text) !== null, recoveryCodeFormatMessage)

/** A secret as shown for typing into an app: groups of four, `DR43 6HNW …`. */
export function groupedSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret
}

/** Getting new recovery codes: a current code. */
export const codeFormSchema = z.object({ code: appCodeSchema })

const currentPasswordSchema = z.string(enterPasswordMessage).min(1, enterPasswordMessage).max(MAX_PASSWORD_LENGTH, wrongPasswordMessage)

/**
 * Turning two-factor sign-in on (a code proves the app holds the secret) and off: the current
 * password proves it is the admin, not someone holding a stolen session.
 */
export const confirmSetupSchema = z.object({ code: appCodeSchema, accountPassword: currentPasswordSchema })
export const turnOffSchema = z.object({ accountPassword: currentPasswordSchema })

/** How the second step of signing in is answered: a code from the app, or a recovery code. */
export type SecondFactorMethod = 'app' | 'recovery'

export function secondFactorSchema(method: SecondFactorMethod) {
  return z.object({ code: method === 'app' ? appCodeSchema : recoveryCodeSchema })
}
