import { createHash, randomBytes } from 'node:crypto'
import { createCookie, redirect } from 'react-router'
import type { LoadContext } from '~/load-context'
import { newId, nowIso } from '~/lib/ids'
import type { Db } from './db/schema.server'
import { findUserForSignIn, hashPassword, normalizeEmail, verifyPassword, type User } from './users.server'

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000
/** A session's expiry moves forward at most this often, so reads do not turn into writes. */
const SLIDE_EVERY_MS = 10 * 60 * 1000
export const MAX_FAILED_SIGN_INS = 5
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000

export const invalidCredentialsMessage = 'Invalid email or password'
export const tooManyAttemptsMessage = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.'

function sessionCookie(context: LoadContext) {
  return createCookie('session', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: context.config.isProduction,
    maxAge: SESSION_TTL_MS / 1000,
  })
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

async function readToken(request: Request, context: LoadContext): Promise<string | null> {
  const value: unknown = await sessionCookie(context).parse(request.headers.get('Cookie'))
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null
}

async function startSession(db: Db, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db
    .insertInto('sessions')
    .values({
      id: hashToken(token),
      user_id: userId,
      expires_at: new Date(Date.now() + SESSION_TTL_MS).toISOString(),
      created_at: nowIso(),
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
    .select(['users.id as userId', 'users.email', 'sessions.expires_at'])
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
      .set({ expires_at: new Date(now + SESSION_TTL_MS).toISOString() })
      .where('id', '=', id)
      .execute()
  }
  return { id: row.userId, email: row.email }
}

/** Every admin loader and action starts here: no session, no data, straight to the login page. */
export async function requireUser(request: Request, context: LoadContext): Promise<User> {
  const user = await getUser(request, context)
  if (user) return user
  const headers = new Headers()
  if (request.headers.get('Cookie')?.includes('session=')) {
    headers.append('Set-Cookie', await sessionCookie(context).serialize('', { maxAge: 0 }))
  }
  throw redirect('/admin/login', { headers })
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
 * browser before sign-in is worthless. After MAX_FAILED_SIGN_INS failures for one email or one
 * address inside SIGN_IN_WINDOW_MS, further tries are refused without checking the password.
 */
export async function signIn(
  request: Request,
  context: LoadContext,
  credentials: { email: string; password: string },
): Promise<SignInResult> {
  const { db, clientAddress } = context
  const email = normalizeEmail(credentials.email)
  const since = new Date(Date.now() - SIGN_IN_WINDOW_MS).toISOString()
  if (await isRateLimited(db, email, clientAddress, since)) return { ok: false, reason: 'rate-limited' }

  const user = await findUserForSignIn(db, email)
  // Verify against a dummy hash for unknown emails so timing does not reveal which emails exist.
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'))
  const valid = await verifyPassword(user?.password_hash ?? (await dummyHash), credentials.password)
  if (!user || !valid) {
    await db.insertInto('login_failures').values({ id: newId(), email, ip: clientAddress, created_at: nowIso() }).execute()
    return { ok: false, reason: 'invalid' }
  }

  await endSession(request, context)
  await db.deleteFrom('login_failures').where('email', '=', email).execute()
  await pruneExpired(db, since)
  const token = await startSession(db, user.id)
  return { ok: true, user: { id: user.id, email: user.email }, setCookie: await sessionCookie(context).serialize(token) }
}

async function isRateLimited(db: Db, email: string, ip: string, since: string): Promise<boolean> {
  const count = async (column: 'email' | 'ip', value: string) => {
    const row = await db
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where(column, '=', value)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }
  return (await count('email', email)) >= MAX_FAILED_SIGN_INS || (await count('ip', ip)) >= MAX_FAILED_SIGN_INS
}

async function pruneExpired(db: Db, failuresBefore: string) {
  await db.deleteFrom('sessions').where('expires_at', '<=', nowIso()).execute()
  await db.deleteFrom('login_failures').where('created_at', '<=', failuresBefore).execute()
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
