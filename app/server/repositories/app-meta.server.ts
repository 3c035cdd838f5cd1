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

const LAST_BACKUP_KEY = 'last_backup'

/** A backup `npm run db:backup` made: when, the file, its size in bytes. */
export interface BackupRecord {
  at: string
  path: string
  bytes: number
}

/** Notes the latest backup, so the System screen can say when the site was last backed up. */
export async function recordBackup(db: Db, backup: BackupRecord): Promise<void> {
  const value = JSON.stringify(backup)
  await db
    .insertInto('app_meta')
    .values({ key: LAST_BACKUP_KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute()
}

/** The latest backup noted; null if none was (or its note cannot be read). */
export async function lastBackup(db: Db): Promise<BackupRecord | null> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', LAST_BACKUP_KEY).executeTakeFirst()
  if (!row) return null
  try {
    const { at, path, bytes } = JSON.parse(row.value) as Partial<BackupRecord>
    return typeof at === 'string' && typeof path === 'string' && typeof bytes === 'number' ? { at, path, bytes } : null
  } catch {
    return null
  }
}
