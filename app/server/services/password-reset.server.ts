import type { Config } from '~/server/config.server'
import type { Db } from '~/server/db/schema.server'
import { recordActivity } from '~/server/repositories/activity.server'
import { findUsableReset, insertPasswordReset, spendReset } from '~/server/repositories/password-resets.server'
import { reserveAttempt, type AttemptSource } from '~/server/repositories/sign-in-attempts.server'
import { emailPasswordResetLink } from '~/server/services/mailer.server'
import { hashToken, isTokenShaped, newToken } from '~/server/services/tokens.server'
import { findUserForSignIn, hashPassword, normalizeEmail, resetPassword, type User } from '~/server/services/users.server'
import { logger } from '~/server/log.server'

export const RESET_LINK_MINUTES = 30
const RESET_LINK_TTL_MS = RESET_LINK_MINUTES * 60 * 1000

export const tooManyResetRequestsMessage = 'Too many reset requests. Please wait 15 minutes and try again.'

/** Reset links travel by e-mail: without a mail server (SMTP_URL) there are none to ask for. */
export function resetByEmailAvailable(config: Config): boolean {
  return Boolean(config.smtpUrl)
}

export function resetLinkPath(token: string): string {
  return `/admin/reset-password/${token}`
}

/**
 * A request for a reset link. It counts against the email and the address, five each per 15
 * minutes, under keys of its own so it never locks a sign-in. Everything that depends on the email
 * being an admin's (the lookup, the stored link, the mail) happens after the answer, so neither the
 * answer nor its timing tells whether the email has an account.
 */
export async function requestPasswordReset(
  db: Db,
  config: Config,
  source: AttemptSource,
  now = Date.now(),
): Promise<'accepted' | 'rate-limited'> {
  const email = normalizeEmail(source.email)
  if (!(await reserveAttempt(db, { email, ip: source.ip }, { purpose: 'reset', now }))) return 'rate-limited'
  inBackground(sendResetLink(db, config, email, now))
  return 'accepted'
}

/**
 * For an admin's email: stores a new link, valid RESET_LINK_MINUTES and once, by its token's hash
 * (the token itself exists only in the mail), and e-mails it. The link starts at SITE_URL, never at
 * the Host the request named: whoever sends the request chooses that header, and a link to their own
 * host would hand them the admin's token.
 */
export async function sendResetLink(db: Db, config: Config, email: string, now = Date.now()): Promise<'sent' | 'no-admin' | 'mail-failed'> {
  const user = await findUserForSignIn(db, email)
  if (!user) return 'no-admin'
  const link = await newResetLink(db, config, user.id, now)
  try {
    await emailPasswordResetLink(config, user.email, link, RESET_LINK_MINUTES)
    return 'sent'
  } catch (error) {
    logger.error({ err: error }, `E-mailing a password reset link to ${user.email} failed`)
    return 'mail-failed'
  }
}

/** Stores a link for the admin, valid RESET_LINK_MINUTES and once, by its token's hash, and returns it. */
async function newResetLink(db: Db, config: Config, userId: string, now: number): Promise<string> {
  const token = newToken()
  await insertPasswordReset(db, {
    id: hashToken(token),
    userId,
    expiresAt: new Date(now + RESET_LINK_TTL_MS).toISOString(),
    createdAt: new Date(now).toISOString(),
  })
  return `${config.siteUrl}${resetLinkPath(token)}`
}

/** An Owner's reset for another admin: the link, and whether the mail server took it. */
export type OwnerReset = { ok: true; email: string; link: string; emailed: boolean } | { ok: false; reason: 'gone' | 'self' }

/**
 * An Owner sends another admin a reset link from People: the same link as "Forgot password?" (30
 * minutes, once, and using it ends every session of theirs), e-mailed when the server sends mail;
 * when it does not, or sending fails, the Owner gets the link to pass on. Their password stays until
 * the link is used. Not for the Owner's own account: Settings changes that, with the current password.
 */
export async function sendResetFor(db: Db, config: Config, by: User, adminId: string, now = Date.now()): Promise<OwnerReset> {
  if (adminId === by.id) return { ok: false, reason: 'self' }
  const admin = await db.selectFrom('users').select(['id', 'email']).where('id', '=', adminId).executeTakeFirst()
  if (!admin) return { ok: false, reason: 'gone' }
  const link = await newResetLink(db, config, admin.id, now)
  let emailed = false
  if (resetByEmailAvailable(config)) {
    try {
      await emailPasswordResetLink(config, admin.email, link, RESET_LINK_MINUTES)
      emailed = true
    } catch (error) {
      logger.error({ err: error }, `E-mailing a password reset link to ${admin.email} failed (the link was shown to the owner instead)`)
    }
  }
  const how = emailed ? 'by e-mail' : 'as a link to pass on'
  await recordActivity(db, {
    user_email: by.email,
    action: 'reset-sent',
    record_type: null,
    record_id: null,
    title: `${admin.email}, ${how}`,
    revision_id: null,
  })
  return { ok: true, email: admin.email, link, emailed }
}

const sending = new Set<Promise<void>>()

/** Runs work after the answer has gone; a failure is logged, since no one is waiting to be told. */
function inBackground(work: Promise<unknown>): void {
  const tracked: Promise<void> = work
    .then(
      () => {},
      (error: unknown) => logger.error({ err: error }, 'Sending a password reset link failed'),
    )
    .finally(() => sending.delete(tracked))
  sending.add(tracked)
}

/** Settles once every reset link being sent has gone out or failed (tests wait for it). */
export async function resetLinksSettled(): Promise<void> {
  await Promise.all([...sending])
}

/** The admin a reset link would reset, or undefined when the link is made up, used or expired. */
export async function findResetLink(db: Db, token: string, now = Date.now()): Promise<Pick<User, 'id' | 'email'> | undefined> {
  if (!isTokenShaped(token)) return undefined
  return findUsableReset(db, hashToken(token), new Date(now).toISOString())
}

/**
 * Sets a new password through a reset link and spends the link, in one transaction with the rest
 * of a reset (`resetPassword`: every session of the admin ends) and its activity line. No session
 * starts: the admin signs in with the new password, through whatever else sign-in asks for.
 * 'expired' when the link is made up, used or expired, including by a reset sent at the same moment.
 */
export async function completePasswordReset(db: Db, token: string, newPassword: string, now = Date.now()): Promise<'reset' | 'expired'> {
  // Checked before the slow hash, so a made-up or spent link costs no argon2 run.
  if (!(await findResetLink(db, token, now))) return 'expired'
  // Hashed before the transaction opens: argon2 is slow on purpose, and SQLite would wait on it.
  const passwordHash = await hashPassword(newPassword)
  return db.transaction().execute(async (trx) => {
    const userId = await spendReset(trx, hashToken(token), new Date(now).toISOString())
    if (!userId) return 'expired'
    const user = await trx.selectFrom('users').select(['id', 'email']).where('id', '=', userId).executeTakeFirstOrThrow()
    await resetPassword(trx, user, passwordHash)
    await recordActivity(trx, {
      user_email: user.email,
      action: 'password-reset',
      record_type: null,
      record_id: null,
      title: null,
      revision_id: null,
    })
    return 'reset'
  })
}
