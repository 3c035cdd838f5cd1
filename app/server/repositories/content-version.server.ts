import type { Db } from '~/server/db/schema.server'

/** The number every write to the pages, collections, settings or case studies moves (migration 0034). */
export async function readContentVersion(db: Db): Promise<number> {
  const row = await db.selectFrom('content_version').select('version').where('id', '=', 1).executeTakeFirstOrThrow()
  return row.version
}
