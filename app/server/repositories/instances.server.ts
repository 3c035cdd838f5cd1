import type { Db } from '~/server/db/schema.server'

/** An instance serving the site, as it last said. */
export interface Instance {
  name: string
  host: string
  pid: number
  version: string
  startedAt: string
  lastSeenAt: string
}

/** Writes an instance's row, or refreshes it: a restarted instance keeping its name takes its row over. */
export async function recordInstance(db: Db, instance: Instance): Promise<void> {
  const row = {
    host: instance.host,
    pid: instance.pid,
    version: instance.version,
    started_at: instance.startedAt,
    last_seen_at: instance.lastSeenAt,
  }
  await db
    .insertInto('instances')
    .values({ name: instance.name, ...row })
    .onConflict((oc) => oc.column('name').doUpdateSet(row))
    .execute()
}

/** Every instance known, the latest seen first; alive if seen since `aliveSince`. */
export async function listInstances(db: Db, aliveSince: string): Promise<(Instance & { alive: boolean })[]> {
  const rows = await db.selectFrom('instances').selectAll().orderBy('last_seen_at', 'desc').orderBy('name').execute()
  return rows.map((row) => ({
    alive: row.last_seen_at >= aliveSince,
    name: row.name,
    host: row.host,
    pid: Number(row.pid),
    version: row.version,
    startedAt: row.started_at,
    lastSeenAt: row.last_seen_at,
  }))
}

/** Forgets one instance: it stopped. */
export async function forgetInstance(db: Db, name: string): Promise<void> {
  await db.deleteFrom('instances').where('name', '=', name).execute()
}

/** Forgets the instances last seen before `before`. */
export async function forgetInstancesNotSeenSince(db: Db, before: string): Promise<void> {
  await db.deleteFrom('instances').where('last_seen_at', '<', before).execute()
}
