import { sql } from 'kysely'
import type { Db } from '~/server/db/schema.server'

export interface NotFoundPath {
  path: string
  hits: number
  firstSeenAt: string
  lastSeenAt: string
}

/** The most-hit paths first, then the latest seen. */
export async function listNotFoundPaths(db: Db, limit: number): Promise<NotFoundPath[]> {
  const rows = await db
    .selectFrom('not_found_paths')
    .selectAll()
    .orderBy('hits', 'desc')
    .orderBy('last_seen_at', 'desc')
    .orderBy('path')
    .limit(limit)
    .execute()
  return rows.map((row) => ({ path: row.path, hits: Number(row.hits), firstSeenAt: row.first_seen_at, lastSeenAt: row.last_seen_at }))
}

/** Adds hits gathered since the last flush to each path's count, creating the paths not seen before. */
export async function addNotFoundHits(db: Db, hits: NotFoundPath[]): Promise<void> {
  if (hits.length === 0) return
  await db.transaction().execute(async (trx) => {
    for (const hit of hits) {
      await trx
        .insertInto('not_found_paths')
        .values({ path: hit.path, hits: hit.hits, first_seen_at: hit.firstSeenAt, last_seen_at: hit.lastSeenAt })
        .onConflict((oc) =>
          oc.column('path').doUpdateSet({
            hits: sql`not_found_paths.hits + ${hit.hits}`,
            last_seen_at: sql`case when not_found_paths.last_seen_at > ${hit.lastSeenAt} then not_found_paths.last_seen_at else ${hit.lastSeenAt} end`,
          }),
        )
        .execute()
    }
  })
}

export async function countNotFoundPaths(db: Db): Promise<number> {
  const { count } = await db
    .selectFrom('not_found_paths')
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow()
  return Number(count)
}

/** Keeps only the `keep` most-hit paths (the latest seen first among equals). */
export async function pruneNotFoundPaths(db: Db, keep: number): Promise<void> {
  const kept = db
    .selectFrom('not_found_paths')
    .select('path')
    .orderBy('hits', 'desc')
    .orderBy('last_seen_at', 'desc')
    .orderBy('path')
    .limit(keep)
  await db.deleteFrom('not_found_paths').where('path', 'not in', kept).execute()
}

/** Forgets a path: it has a redirect now. */
export async function forgetNotFoundPath(db: Db, path: string): Promise<void> {
  await db.deleteFrom('not_found_paths').where('path', '=', path).execute()
}

/**
 * Forgets the paths that answered since the last flush. Most are pages that were never missing: they
 * are looked up first, so a flush of nothing logged writes nothing.
 */
export async function forgetNotFoundPaths(db: Db, paths: string[]): Promise<void> {
  if (paths.length === 0) return
  const logged = await db.selectFrom('not_found_paths').select('path').where('path', 'in', paths).execute()
  if (logged.length > 0)
    await db
      .deleteFrom('not_found_paths')
      .where(
        'path',
        'in',
        logged.map((row) => row.path),
      )
      .execute()
}
