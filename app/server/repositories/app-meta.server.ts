import { randomBytes } from 'node:crypto'
import type { Db } from '~/server/db/schema.server'

/**
 * The secret that signs flash cookies. COOKIE_SECRET wins; without it one is generated once and
 * kept in the database, so every instance of a site agrees on it and restarts keep it.
 */
export async function resolveCookieSecret(db: Db, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv
  const key = 'cookie_secret'
  await db
    .insertInto('app_meta')
    .values({ key, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute()
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', key).executeTakeFirstOrThrow()
  return row.value
}

const UNTRUSTED_PROXY_KEY = 'untrusted_proxy_seen_at'

/** Notes when an instance first saw a request come through a proxy while TRUST_PROXY was unset. */
export async function recordUntrustedProxy(db: Db, at = new Date().toISOString()): Promise<void> {
  await db
    .insertInto('app_meta')
    .values({ key: UNTRUSTED_PROXY_KEY, value: at })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: at }))
    .execute()
}

/** When an instance last noted a proxy the server does not trust; null if none ever did. */
export async function untrustedProxySeenAt(db: Db): Promise<string | null> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', UNTRUSTED_PROXY_KEY).executeTakeFirst()
  return row?.value ?? null
}
