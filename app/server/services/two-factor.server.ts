import { randomInt } from 'node:crypto'
import { generateSecret, generateURI, verify } from 'otplib'
import { compactCode, formatRecoveryCode, RECOVERY_ALPHABET, RECOVERY_CODE_COUNT, RECOVERY_LENGTH, recoveryCodeOf } from '~/lib/two-factor'
import type { Db } from '~/server/db/schema.server'
import { recordActivity } from '~/server/repositories/activity.server'
import { endSessionsOf } from '~/server/repositories/admins.server'
import { isTwoFactorRequired } from '~/server/repositories/settings.server'
import { releaseAttempt, reserveAttempt, type AttemptSource } from '~/server/repositories/sign-in-attempts.server'
import {
  claimTimeStep,
  clearTwoFactor,
  confirmPendingSecret,
  countRecoveryCodesLeft,
  readTwoFactor,
  replaceRecoveryCodes,
  savePendingSecret,
  spendRecoveryCode,
} from '~/server/repositories/two-factor.server'
import { hashToken } from '~/server/services/tokens.server'
import { verifyPassword, type User } from '~/server/services/users.server'

/*
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238) through otplib, in the settings
 * every app understands: SHA-1, six digits, a new code every 30 seconds. A code is accepted for its
 * own step or one step either side (a phone clock a little off, a code typed as it changed), and
 * only for a step later than the last one accepted, so a code that worked once never works again.
 */

const PERIOD_S = 30
const TOLERANCE_S = PERIOD_S

/** What the admin needs to add the site to an authenticator app. */
export interface TwoFactorSetup {
  /** The secret in base32, for typing in by hand. */
  secret: string
  /** A QR code of the otpauth:// address, as a data: URL of an SVG. */
  qrCode: string
}

export interface TwoFactorStatus {
  on: boolean
  recoveryCodesLeft: number
  /** A setup under way, not yet confirmed with a code. */
  setup: TwoFactorSetup | null
  /** An owner requires it of every admin. */
  required: boolean
}

/** What the Account tab shows about the admin's two-factor sign-in. */
export async function twoFactorStatus(db: Db, user: User, issuer: string): Promise<TwoFactorStatus> {
  const state = await readTwoFactor(db, user.id)
  const on = Boolean(state?.secret)
  return {
    on,
    recoveryCodesLeft: on ? await countRecoveryCodesLeft(db, user.id) : 0,
    setup: state?.pendingSecret ? await setupFor(state.pendingSecret, user, issuer) : null,
    required: await isTwoFactorRequired(db),
  }
}

async function setupFor(secret: string, user: User, issuer: string): Promise<TwoFactorSetup> {
  // The app lists the account as "issuer: email"; the issuer parameter groups it under the site's name.
  const uri = generateURI({ issuer, label: user.email, secret })
  // Loaded on first use: only an admin turning two-factor on needs it, and it costs every process memory.
  const { default: QRCode } = await import('qrcode')
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' })
  return { secret, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` }
}

/** Starts (or starts again) a setup with a new secret; nothing changes for signing in until it is confirmed. */
export async function beginSetup(db: Db, user: User): Promise<'started' | 'already-on'> {
  const state = await readTwoFactor(db, user.id)
  if (state?.secret) return 'already-on'
  await savePendingSecret(db, user.id, generateSecret())
  return 'started'
}

export async function cancelSetup(db: Db, user: User): Promise<void> {
  await savePendingSecret(db, user.id, null)
}

export type NewCodes =
  { ok: true; recoveryCodes: string[] } | { ok: false; reason: 'wrong-code' | 'wrong-password' | 'no-setup' | 'rate-limited' }

/** What turning two-factor sign-in on or off takes: the current password, counted like a sign-in. */
export interface AccountChange {
  password: string
  source: AttemptSource
  /** Ends the admin's other sessions, in the transaction that makes the change. */
  endOtherSessions: (trx: Db) => Promise<void>
}

/**
 * Confirms the setup with a code from the app, which proves the app holds the secret, and the
 * current password, which proves the admin set it up: two-factor sign-in is on from here, every
 * other session of the admin ends (one stolen before stays no longer), and the recovery codes are
 * returned in plain text this once.
 */
export async function confirmSetup(db: Db, user: User, code: string, change: AccountChange, now = Date.now()): Promise<NewCodes> {
  const state = await readTwoFactor(db, user.id)
  if (!state?.pendingSecret) return { ok: false, reason: 'no-setup' }
  if (!(await reserveAttempt(db, change.source))) return { ok: false, reason: 'rate-limited' }
  if (!(await isPassword(db, user, change.password))) return { ok: false, reason: 'wrong-password' }
  await releaseAttempt(db, change.source)
  const step = await stepOf(state.pendingSecret, code, null, now)
  if (step === null) return { ok: false, reason: 'wrong-code' }
  const codes = newRecoveryCodes()
  const confirmed = await confirmPendingSecret(
    db,
    user.id,
    { secret: state.pendingSecret, step, codeHashes: codes.map(hashRecoveryCode) },
    change.endOtherSessions,
  )
  if (!confirmed) return { ok: false, reason: 'no-setup' }
  await recordAccountActivity(db, user, 'two-factor-on')
  return { ok: true, recoveryCodes: codes.map(formatRecoveryCode) }
}

/**
 * New recovery codes in place of all the old ones, for a current code. Counted like a sign-in
 * attempt: a stolen session cannot try codes until one fits.
 */
export async function renewRecoveryCodes(db: Db, user: User, code: string, source: AttemptSource, now = Date.now()): Promise<NewCodes> {
  if (!(await reserveAttempt(db, source))) return { ok: false, reason: 'rate-limited' }
  if (!(await acceptAppCode(db, user.id, code, now))) return { ok: false, reason: 'wrong-code' }
  await releaseAttempt(db, source)
  const codes = newRecoveryCodes()
  await replaceRecoveryCodes(db, user.id, codes.map(hashRecoveryCode))
  await recordAccountActivity(db, user, 'recovery-codes-renewed')
  return { ok: true, recoveryCodes: codes.map(formatRecoveryCode) }
}

export type TurnOffOutcome = 'off' | 'wrong' | 'required' | 'rate-limited'

/**
 * Turns two-factor sign-in off for the admin's current password, counted like a sign-in attempt,
 * and ends every other session of theirs. Never while an owner requires it of everyone.
 */
export async function turnOff(db: Db, user: User, change: AccountChange): Promise<TurnOffOutcome> {
  if (await isTwoFactorRequired(db)) return 'required'
  if (!(await reserveAttempt(db, change.source))) return 'rate-limited'
  if (!(await isPassword(db, user, change.password))) return 'wrong'
  await releaseAttempt(db, change.source)
  await db.transaction().execute(async (trx) => {
    await clearTwoFactor(trx, user.id)
    await change.endOtherSessions(trx)
  })
  await recordAccountActivity(db, user, 'two-factor-off')
  return 'off'
}

/**
 * An Owner turns another admin's two-factor sign-in off from People, for someone who lost their phone
 * and their recovery codes: their secret and codes go and every session of theirs ends, in one
 * transaction, so a browser that was signed in with the old factor is out too. Allowed while two-factor
 * is required of everyone (they set it up again at their next sign-in): it is the way back in. Not for
 * the Owner's own account, which takes the current password on the Account tab (turnOff).
 */
export async function turnOffForAdmin(
  db: Db,
  by: User,
  adminId: string,
): Promise<{ outcome: 'off' | 'already-off'; email: string } | { outcome: 'gone' } | { outcome: 'self' }> {
  if (adminId === by.id) return { outcome: 'self' }
  return db.transaction().execute(async (trx) => {
    const admin = await trx
      .selectFrom('users')
      .select(['email', (eb) => eb('totp_secret', 'is not', null).as('on')])
      .where('id', '=', adminId)
      .executeTakeFirst()
    if (!admin) return { outcome: 'gone' }
    // PostgreSQL answers the test with a boolean, SQLite with 0 or 1.
    if (!admin.on) return { outcome: 'already-off', email: admin.email }
    await clearTwoFactor(trx, adminId)
    await endSessionsOf(trx, adminId)
    await recordActivity(trx, {
      user_email: by.email,
      action: 'two-factor-removed',
      record_type: null,
      record_id: null,
      title: admin.email,
      revision_id: null,
    })
    return { outcome: 'off', email: admin.email }
  })
}

async function isPassword(db: Db, user: User, password: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirst()
  return row !== undefined && (await verifyPassword(row.password_hash, password))
}

/** How a second factor was given at sign-in; for a recovery code, how many are left. */
export type SecondFactor = { method: 'app' } | { method: 'recovery'; recoveryCodesLeft: number }

/**
 * The second step of signing in: a current code from the app, or an unused recovery code, each
 * accepted once even when two requests bring it at the same moment. Null when neither fits.
 */
export async function verifySecondFactor(db: Db, userId: string, code: string, now = Date.now()): Promise<SecondFactor | null> {
  if (/^\d{6}$/.test(compactCode(code))) return (await acceptAppCode(db, userId, code, now)) ? { method: 'app' } : null
  const recoveryCode = recoveryCodeOf(code)
  if (!recoveryCode || !(await spendRecoveryCode(db, userId, hashRecoveryCode(recoveryCode)))) return null
  return { method: 'recovery', recoveryCodesLeft: await countRecoveryCodesLeft(db, userId) }
}

/** Whether two-factor sign-in is on for the admin: a confirmed secret. */
export async function hasTwoFactor(db: Db, userId: string): Promise<boolean> {
  return Boolean((await readTwoFactor(db, userId))?.secret)
}

/** Accepts a code of the admin's app once: its step must be later than the last accepted, and is claimed. */
async function acceptAppCode(db: Db, userId: string, code: string, now: number): Promise<boolean> {
  const state = await readTwoFactor(db, userId)
  if (!state?.secret) return false
  const step = await stepOf(state.secret, code, state.lastStep, now)
  return step !== null && (await claimTimeStep(db, userId, step))
}

/** The time step a code belongs to, within one step of now and after `afterStep`; null when none. */
async function stepOf(secret: string, code: string, afterStep: number | null, now: number): Promise<number | null> {
  const token = compactCode(code)
  if (!/^\d{6}$/.test(token)) return null
  // Compared here rather than through otplib's afterTimeStep, which throws when the last step is
  // ahead of the window (a server clock set back); the conditional update decides in the end.
  const result = await verify({ secret, token, epoch: Math.floor(now / 1000), period: PERIOD_S, epochTolerance: TOLERANCE_S })
  // otplib's result type covers HOTP too; a TOTP match carries the step it matched.
  if (!result.valid || !('timeStep' in result)) return null
  return afterStep === null || result.timeStep > afterStep ? result.timeStep : null
}

function newRecoveryCodes(): string[] {
  const code = () => Array.from({ length: RECOVERY_LENGTH }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('')
  return Array.from({ length: RECOVERY_CODE_COUNT }, code)
}

/**
 * A recovery code's stored form: SHA-256, as for every token. Without salt is enough: each code is 50
 * random bits, not something a person chose, and whoever could read the hashes could read the TOTP
 * secret beside them.
 */
const hashRecoveryCode = hashToken

function recordAccountActivity(db: Db, user: User, action: 'two-factor-on' | 'two-factor-off' | 'recovery-codes-renewed') {
  return recordActivity(db, { user_email: user.email, action, record_type: null, record_id: null, title: null, revision_id: null })
}
