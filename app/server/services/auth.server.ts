import { randomBytes } from 'node:crypto'
import { createCookie, data, redirect, type Cookie } from 'react-router'
import { mayOpen, opensBeforeTwoFactor, roleLabels, roleOf, twoFactorSetupPath } from '~/lib/admin-access'
import { describeDevice } from '~/lib/device'
import { signInPathFor } from '~/lib/return-to'
import type { LoadContext } from '~/server/services/load-context.server'
import { nowIso } from '~/lib/ids'
import type { Db } from '~/server/db/schema.server'
import { recordActivity } from '~/server/repositories/activity.server'
import { twoFactorRequiredKey } from '~/server/repositories/settings.server'
import { giveBackAttempt, releaseAttempt, reserveAttempt, type AttemptSource } from '~/server/repositories/sign-in-attempts.server'
import { knownDevice, rememberDevice } from '~/server/services/known-devices.server'
import { consumePendingSignIn, createPendingSignIn, findPendingSignIn } from '~/server/repositories/pending-sign-ins.server'
import { hashToken, isTokenShaped, newToken } from '~/server/services/tokens.server'
import { hasTwoFactor, verifySecondFactor, type SecondFactor } from '~/server/services/two-factor.server'
import { changePassword, findUserForSignIn, hashPassword, normalizeEmail, verifyPassword, type User } from '~/server/services/users.server'

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000
/** A session's expiry moves forward at most this often, so reads do not turn into writes. */
const SLIDE_EVERY_MS = 10 * 60 * 1000

export const invalidCredentialsMessage = 'Invalid email or password'
export const tooManyAttemptsMessage =
  'Too many failed sign-in attempts. To get in now, sign in from a browser you have signed in with before, choose “Forgot password?” for a reset link, or ask the site owner to reset your password on the server. Otherwise, please wait 15 minutes and try again.'
export const tooManyPasswordGuessesMessage = 'Too many wrong current passwords. Please wait 15 minutes and try again.'

function sessionCookie(context: LoadContext) {
  return createCookie('session', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: context.config.isProduction,
    maxAge: SESSION_TTL_MS / 1000,
  })
}

async function readToken(request: Request, context: LoadContext): Promise<string | null> {
  return tokenIn(request.headers.get('Cookie'), sessionCookie(context))
}

async function tokenIn(cookieHeader: string | null, cookie: Cookie): Promise<string | null> {
  const value: unknown = await cookie.parse(cookieHeader)
  return isTokenShaped(value) ? value : null
}

/**
 * Whether a Cookie header names a live session, for the host code that must decide before the app
 * runs (how large a body it accepts). The cookie's attributes play no part in reading it.
 */
export async function hasLiveSession(db: Db, cookieHeader: string | null): Promise<boolean> {
  const token = await tokenIn(cookieHeader, createCookie('session'))
  if (!token) return false
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('id', '=', hashToken(token))
    .where('expires_at', '>', nowIso())
    .executeTakeFirst()
  return row !== undefined
}

/** Opens a session, noting the browser and address it came from for the admin's list of sessions. */
async function startSession(request: Request, context: LoadContext, userId: string): Promise<string> {
  const token = newToken()
  const now = nowIso()
  await context.db
    .insertInto('sessions')
    .values({
      id: hashToken(token),
      user_id: userId,
      expires_at: new Date(Date.now() + SESSION_TTL_MS).toISOString(),
      created_at: now,
      last_seen_at: now,
      user_agent: request.headers.get('User-Agent')?.slice(0, 300) ?? null,
      ip_address: context.clientAddress.slice(0, 100),
    })
    .execute()
  return token
}

/** The signed-in user of this request, or null; a live session's expiry slides forward. */
export async function getUser(request: Request, context: LoadContext): Promise<User | null> {
  return (await currentSession(request, context))?.user ?? null
}

/**
 * This request's live session: its admin, and whether they must set up two-factor sign-in before
 * anything else (an owner requires it and they have none), read with the session in one query.
 */
async function currentSession(request: Request, context: LoadContext): Promise<{ user: User; mustSetUpTwoFactor: boolean } | null> {
  const token = await readToken(request, context)
  if (!token) return null
  const { db } = context
  const id = hashToken(token)
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('site_settings', (join) => join.on('site_settings.key', '=', twoFactorRequiredKey))
    .select(['users.id as userId', 'users.email', 'users.role', 'sessions.expires_at', 'site_settings.value as twoFactorRequired'])
    // Whether the admin has a second factor, not the secret itself: it has no business on every request.
    .select((eb) => eb('users.totp_secret', 'is not', null).as('hasTwoFactor'))
    .where('sessions.id', '=', id)
    .executeTakeFirst()
  if (!row) return null
  const now = Date.now()
  if (Date.parse(row.expires_at) <= now) {
    await db.deleteFrom('sessions').where('id', '=', id).execute()
    return null
  }
  if (Date.parse(row.expires_at) - now < SESSION_TTL_MS - SLIDE_EVERY_MS) {
    await db
      .updateTable('sessions')
      .set({ expires_at: new Date(now + SESSION_TTL_MS).toISOString(), last_seen_at: new Date(now).toISOString() })
      .where('id', '=', id)
      .execute()
  }
  return {
    user: { id: row.userId, email: row.email, role: roleOf(row.role) },
    // PostgreSQL answers the test with a boolean, SQLite with 0 or 1.
    mustSetUpTwoFactor: row.twoFactorRequired === '1' && !row.hasTwoFactor,
  }
}

/** What an admin loader or action is given that the checks read: React Router's matched pattern above all. */
export interface AdminRequest {
  request: Request
  context: LoadContext
  /** The route pattern React Router matched (`/admin/people`), whatever spelling the address used. */
  pattern: string
}

/**
 * Every admin loader and action starts here: no session, no data, straight to the login page; an
 * admin who must set up two-factor sign-in first is sent to it; a role that may not open the matched
 * route gets 403 (app/lib/admin-access.ts). All before anything is read.
 */
export async function requireUser(args: AdminRequest): Promise<User> {
  const user = await requireSignedIn(args)
  if (!mayOpen(user.role, args.pattern)) throw forbidden(user)
  return user
}

/**
 * A session, and two-factor sign-in set up where an owner requires it, whatever the role: alone,
 * only for the admin shell, which draws the menu the role opens around whatever the screen answers
 * (its refusal included). Screens use requireUser.
 */
export async function requireSignedIn({ request, context, pattern }: AdminRequest): Promise<User> {
  const { user, mustSetUpTwoFactor } = await requireSession(request, context)
  if (mustSetUpTwoFactor && !opensBeforeTwoFactor(pattern, new URL(request.url).searchParams)) throw redirect(twoFactorSetupPath)
  return user
}

async function requireSession(request: Request, context: LoadContext) {
  const session = await currentSession(request, context)
  if (session) return session
  const headers = new Headers()
  if (request.headers.get('Cookie')?.includes('session=')) {
    headers.append('Set-Cookie', await sessionCookie(context).serialize('', { maxAge: 0 }))
  }
  throw redirect(signInPathFor(request), { headers })
}

/** The refusal for a signed-in admin whose role does not reach a screen or an action. */
export function forbidden(user: User, message = `Your role (${roleLabels[user.role]}) does not allow this. Ask an owner if you need it.`) {
  return data(message, { status: 403 })
}

/** A fresh cookie for the current session, so the browser's copy keeps pace with the sliding expiry. */
export async function refreshSessionCookie(request: Request, context: LoadContext): Promise<string | null> {
  const user = await getUser(request, context)
  const token = await readToken(request, context)
  if (!user || !token) return null
  return sessionCookie(context).serialize(token)
}

/** Signed in; refused; or the password was right and the second step (a code) comes next. */
type SignInResult =
  | { ok: true; user: User; setCookie: string; deviceCookie: string }
  | { ok: false; reason: 'invalid' | 'rate-limited' }
  | { ok: false; reason: 'code-needed'; setCookie: string }

let dummyHash: Promise<string> | undefined

/**
 * Checks a password and opens a new session, or, for an admin with two-factor sign-in, sets the
 * short-lived cookie of the second step instead: no session exists until a code is accepted too.
 */
export async function signIn(
  request: Request,
  context: LoadContext,
  credentials: { email: string; password: string },
): Promise<SignInResult> {
  const { db } = context
  const email = normalizeEmail(credentials.email)
  const source = { email, ip: context.clientAddress, device: await knownDevice(request, context, email) }
  const user = await checkPassword(db, source, credentials.password)
  if (user === 'invalid' || user === 'rate-limited') return { ok: false, reason: user }
  if (await hasTwoFactor(db, user.id)) {
    await giveBackAttempt(db, source)
    return { ok: false, reason: 'code-needed', setCookie: await startPendingSignIn(request, context, user.id) }
  }
  await releaseAttempt(db, source)
  return {
    ok: true,
    user,
    setCookie: await openSession(request, context, user, null),
    deviceCookie: await rememberDevice(context, user.email),
  }
}

/**
 * The attempt is counted before the password is checked (`reserveAttempt`): past the limit for the
 * email or the address, it is refused unchecked.
 */
async function checkPassword(db: Db, source: AttemptSource, password: string): Promise<User | 'invalid' | 'rate-limited'> {
  if (!(await reserveAttempt(db, source))) return 'rate-limited'
  const user = await findUserForSignIn(db, source.email)
  // Verify against a dummy hash for unknown emails so timing does not reveal which emails exist.
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'))
  const valid = await verifyPassword(user?.password_hash ?? (await dummyHash), password)
  // Only an admin's own address is logged: guesses at made-up ones would fill the log (decision 43).
  if (user && !valid) await recordSignIn(db, user.email, 'sign-in-failed', null)
  return user && valid ? { id: user.id, email: user.email, role: roleOf(user.role) } : 'invalid'
}

/**
 * Signs the browser in as an admin who has proven who they are (a password, with its code when they
 * have two-factor sign-in, or an accepted invitation) and returns the Set-Cookie header. Any session
 * the browser had ends first, and the new one has a new id, so an id planted in the browser
 * beforehand is worthless. `how` notes a second factor in the activity log.
 */
export async function openSession(request: Request, context: LoadContext, user: User, how: string | null = null): Promise<string> {
  const { db } = context
  await recordSignIn(db, user.email, 'signed-in', how)
  await db.updateTable('users').set({ last_sign_in_at: nowIso() }).where('id', '=', user.id).execute()
  await endSession(request, context)
  const token = await startSession(request, context, user.id)
  return sessionCookie(context).serialize(token)
}

function recordSignIn(db: Db, email: string, action: 'signed-in' | 'sign-in-failed', how: string | null) {
  return recordActivity(db, { user_email: email, action, record_type: null, record_id: null, title: how, revision_id: null })
}

/** How long the second step of signing in waits for its code before the password is asked again. */
const PENDING_SIGN_IN_MS = 5 * 60 * 1000

/**
 * Names the password step waiting for its code: only for the sign-in pages, gone with the browser or
 * after five minutes. The cookie holds a random token; the server keeps whose it is, the browser it
 * was given to, and until when, and forgets it once a code completes it.
 */
function pendingSignInCookie(context: LoadContext) {
  return createCookie('pending_sign_in', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/admin/login',
    secure: context.config.isProduction,
    maxAge: PENDING_SIGN_IN_MS / 1000,
  })
}

/** The browser a request comes from, as far as the server can tell: its address and User-Agent. */
function browserOf(request: Request, context: LoadContext): string {
  return hashToken(`${context.clientAddress}\n${request.headers.get('User-Agent') ?? ''}`)
}

async function startPendingSignIn(request: Request, context: LoadContext, userId: string, now = Date.now()): Promise<string> {
  const token = newToken()
  const expiresAt = new Date(now + PENDING_SIGN_IN_MS).toISOString()
  await createPendingSignIn(
    context.db,
    { id: hashToken(token), userId, browser: browserOf(request, context), expiresAt },
    new Date(now).toISOString(),
  )
  return pendingSignInCookie(context).serialize(token)
}

/** This browser's password step: its token's id and its admin, or null (none, expired, another browser's, or no second factor any more). */
async function currentPendingSignIn(request: Request, context: LoadContext, now = Date.now()): Promise<{ id: string; user: User } | null> {
  const token = await tokenIn(request.headers.get('Cookie'), pendingSignInCookie(context))
  if (!token) return null
  const id = hashToken(token)
  const pending = await findPendingSignIn(context.db, id, new Date(now).toISOString())
  if (!pending || pending.browser !== browserOf(request, context)) return null
  const user = await context.db
    .selectFrom('users')
    .select(['id', 'email', 'role', (eb) => eb('totp_secret', 'is not', null).as('hasTwoFactor')])
    .where('id', '=', pending.userId)
    .executeTakeFirst()
  return user?.hasTwoFactor ? { id, user: { id: user.id, email: user.email, role: roleOf(user.role) } } : null
}

/** The admin waiting at the second step of signing in in this browser, or null. */
export async function pendingSignIn(request: Request, context: LoadContext, now = Date.now()): Promise<User | null> {
  return (await currentPendingSignIn(request, context, now))?.user ?? null
}

type SecondStepResult =
  | { ok: true; user: User; secondFactor: SecondFactor; setCookies: string[] }
  | { ok: false; reason: 'expired' | 'wrong-code' | 'rate-limited' }

/**
 * The second step: a code from the admin's app or a recovery code, counted against the same limit
 * as passwords (the email and the address). Accepted, it opens the session as a password alone does
 * for admins without two-factor sign-in, and ends the second step's cookie.
 */
export async function completeSignIn(request: Request, context: LoadContext, code: string): Promise<SecondStepResult> {
  const { db } = context
  const pending = await currentPendingSignIn(request, context)
  if (!pending) return { ok: false, reason: 'expired' }
  const { user } = pending
  const source = { email: user.email, ip: context.clientAddress, device: await knownDevice(request, context, user.email) }
  if (!(await reserveAttempt(db, source))) return { ok: false, reason: 'rate-limited' }
  const secondFactor = await verifySecondFactor(db, user.id, code)
  if (!secondFactor) {
    await recordSignIn(db, user.email, 'sign-in-failed', 'Wrong two-factor code')
    return { ok: false, reason: 'wrong-code' }
  }
  // Used once: of two requests carrying the same step, only the first opens a session.
  if (!(await consumePendingSignIn(db, pending.id))) return { ok: false, reason: 'expired' }
  await releaseAttempt(db, source)
  const how = secondFactor.method === 'recovery' ? 'With a recovery code' : 'With an authenticator app code'
  const session = await openSession(request, context, user, how)
  return { ok: true, user, secondFactor, setCookies: [session, await endPendingSignIn(context), await rememberDevice(context, user.email)] }
}

/** The header that ends the second step's cookie (signed in, or starting over). */
export function endPendingSignIn(context: LoadContext): Promise<string> {
  return pendingSignInCookie(context).serialize('', { maxAge: 0 })
}

export type PasswordChangeResult = 'changed' | 'wrong-password' | 'rate-limited'

/**
 * Changes the signed-in user's password. A wrong current password is a guess like a failed sign-in
 * and counts against the same limit, so a stolen session cannot try passwords until one fits. On
 * success every other session of the user ends, in the same transaction as the new password.
 */
export async function changeOwnPassword(
  request: Request,
  context: LoadContext,
  user: User,
  passwords: { currentPassword: string; newPassword: string },
): Promise<PasswordChangeResult> {
  const { db } = context
  const source = { email: user.email, ip: context.clientAddress, device: await knownDevice(request, context, user.email) }
  if (!(await reserveAttempt(db, source))) return 'rate-limited'
  const changed = await changePassword(db, user.id, passwords, async (trx) => {
    await endOtherSessions(request, context, user.id, trx)
    await recordActivity(trx, { user_email: user.email, action: 'password-changed', record_type: null, title: null })
  })
  if (!changed) return 'wrong-password'
  await releaseAttempt(db, source)
  return 'changed'
}

/** Deletes sessions past their expiry; run on a schedule. */
export async function pruneExpiredSessions(db: Db, now = Date.now()): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', new Date(now).toISOString()).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** Deletes this request's session (if any) and returns the header that clears the cookie. */
export async function endSession(request: Request, context: LoadContext): Promise<string> {
  const token = await readToken(request, context)
  if (token) await context.db.deleteFrom('sessions').where('id', '=', hashToken(token)).execute()
  return sessionCookie(context).serialize('', { maxAge: 0 })
}

/**
 * Deletes every session of the user except this request's: after a password change, whoever used
 * the old password elsewhere is signed out, and the person who changed it stays signed in.
 */
export async function endOtherSessions(request: Request, context: LoadContext, userId: string, db: Db = context.db): Promise<void> {
  const token = await readToken(request, context)
  let sessions = db.deleteFrom('sessions').where('user_id', '=', userId)
  if (token) sessions = sessions.where('id', '!=', hashToken(token))
  await sessions.execute()
}

/** One of an admin's open sessions, as their list shows it. */
export interface SessionSummary {
  id: string
  device: string
  ipAddress: string | null
  createdAt: string
  lastSeenAt: string
  current: boolean
}

/** The admin's live sessions, the one making this request first, then the most recently used. */
export async function listSessions(request: Request, context: LoadContext, userId: string): Promise<SessionSummary[]> {
  const token = await readToken(request, context)
  const currentId = token && hashToken(token)
  const rows = await context.db
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'ip_address', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', nowIso())
    .orderBy('last_seen_at', 'desc')
    .execute()
  return rows
    .map((row) => ({
      // The stored id is a hash of the cookie's token: naming it here lets its owner end it, and no one use it.
      id: row.id,
      device: describeDevice(row.user_agent),
      ipAddress: row.ip_address,
      createdAt: row.created_at,
      lastSeenAt: row.last_seen_at ?? row.created_at,
      current: row.id === currentId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current))
}

/** Ends one of the admin's own sessions (never anyone else's); false when there was none such. */
export async function endSessionById(context: LoadContext, userId: string, sessionId: string): Promise<boolean> {
  const result = await context.db.deleteFrom('sessions').where('id', '=', sessionId).where('user_id', '=', userId).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}
