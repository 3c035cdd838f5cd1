import type { Db } from '~/server/db/schema.server'
import { signIn } from '~/server/services/auth.server'
import { upsertAdmin } from '~/server/services/users.server'
import { testContext } from './context'

export const FRESH_ADMIN_PASSWORD = 'the-right-password'

let made = 0

/** A new admin with an e-mail address of its own, so no two tests share a sign-in limit; its e-mail. */
export async function freshAdmin(db: Db): Promise<string> {
  const email = `fresh-admin${++made}@example.com`
  await upsertAdmin(db, email, FRESH_ADMIN_PASSWORD)
  return email
}

/** A new session of a fresh admin, signed in from `ip` through the sign-in service; its cookie. */
export async function sessionOf(db: Db, email: string, ip: string): Promise<string> {
  const result = await signIn(new Request('http://localhost/admin/login'), testContext(db, ip), { email, password: FRESH_ADMIN_PASSWORD })
  if (!result.ok) throw new Error(`sign-in failed: ${result.reason}`)
  return result.setCookie.split(';')[0]!
}
