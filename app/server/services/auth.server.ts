import { randomBytes } from 'node:crypto'
import { createCookie, data, redirect, type Cookie } from 'react-router'
import { mayOpen, roleLabels, roleOf } from '~/lib/admin-access'
import { describeDevice } from '~/lib/device'
import type { LoadContext } from '~/load-context'
import { nowIso } from '~/lib/ids'
import type { Db } from '~/server/db/schema.server'
import { recordActivity } from '~/server/repositories/activity.server'
import { releaseAttempt, reserveAttempt } from '~/server/repositories/sign-in-attempts.server'
import { hashToken, isTokenShaped, newToken } from '~/server/services/tokens.server'
import { changePassword, findUserForSignIn, hashPassword, normalizeEmail, verifyPassword, type User } from '~/server/services/users.server'

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000
/** A session's expiry moves forward at most this often, so reads do not turn into writes. */
const SLIDE_EVERY_MS = 10 * 60 * 1000

export const invalidCredentialsMessage = 'Invalid email or password'
export const tooManyAttemptsMessage = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.'
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
  const row = await db.selectFrom('sessions').select('id').where('id', '=', hashToken(token)).where('expires_at', '>', nowIso()).executeTakeFirst()
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
  const token = await readToken(request, context)
  if (!token) return null
  const { db } = context
  const id = hashToken(token)
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id as userId', 'users.email', 'users.role', 'sessions.expires_at'])
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
  return { id: row.userId, email: row.email, role: roleOf(row.role) }
}

/**
 * Every admin loader and action starts here: no session, no data, straight to the login page; a
 * role that may not open this address gets 403 (app/lib/admin-access.ts), before anything is read.
 */
export async function requireUser(request: Request, context: LoadContext): Promise<User> {
  const user = await requireSignedIn(request, context)
  if (!mayOpen(user.role, new URL(request.url).pathname)) throw forbidden(user)
  return user
}

/**
 * A session, whatever the address: only for the admin shell, which draws the menu the role opens
 * around whatever the screen answers (its refusal included). Screens use requireUser.
 */
export async function requireSignedIn(request: Request, context: LoadContext): Promise<User> {
  const user = await getUser(request, context)
  if (user) return user
  const headers = new Headers()
  if (request.headers.get('Cookie')?.includes('session=')) {
    headers.append('Set-Cookie', await sessionCookie(context).serialize('', { maxAge: 0 }))
  }
  throw redirect('/admin/login', { headers })
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

type SignInResult = { ok: true; user: User; setCookie: string } | { ok: false; reason: 'invalid' | 'rate-limited' }

let dummyHash: Promise<string> | undefined

/**
 * Checks a password and opens a new session. The session id is always new, so an id planted in the
 * browser before sign-in is worthless. The attempt is counted before the password is checked
 * (`reserveAttempt`): past the limit for the email or the address, it is refused unchecked.
 */
export async function signIn(
  request: Request,
  context: LoadContext,
  credentials: { email: string; password: string },
): Promise<SignInResult> {
  const { db } = context
  const email = normalizeEmail(credentials.email)
  const source = { email, ip: context.clientAddress }
  if (!(await reserveAttempt(db, source))) return { ok: false, reason: 'rate-limited' }

  const user = await findUserForSignIn(db, email)
  // Verify against a dummy hash for unknown emails so timing does not reveal which emails exist.
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'))
  const valid = await verifyPassword(user?.password_hash ?? (await dummyHash), credentials.password)
  // Only an admin's own address is logged: guesses at made-up ones would fill the log (decision 43).
  if (user && !valid) await recordActivity(db, { user_email: user.email, action: 'sign-in-failed', record_type: null, record_id: null, title: null, revision_id: null })
  if (!user || !valid) return { ok: false, reason: 'invalid' }

  await releaseAttempt(db, source)
  await recordActivity(db, { user_email: user.email, action: 'signed-in', record_type: null, record_id: null, title: null, revision_id: null })
  await db.updateTable('users').set({ last_sign_in_at: nowIso() }).where('id', '=', user.id).execute()
  return { ok: true, user: { id: user.id, email: user.email, role: roleOf(user.role) }, setCookie: await openSession(request, context, user.id) }
}

/**
 * Signs the browser in as the user, whose identity the caller has already proven (a password, an
 * accepted invitation), and returns the Set-Cookie header. Any session the browser had ends first,
 * and the new one has a new id, so an id planted in the browser beforehand is worthless.
 */
export async function openSession(request: Request, context: LoadContext, userId: string): Promise<string> {
  await endSession(request, context)
  const token = await startSession(request, context, userId)
  return sessionCookie(context).serialize(token)
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
  const source = { email: user.email, ip: context.clientAddress }
  if (!(await reserveAttempt(db, source))) return 'rate-limited'
  const changed = await changePassword(db, user.id, passwords, (trx) => endOtherSessions(request, context, user.id, trx))
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
