import { newId } from '~/lib/ids'
import type { Db } from '~/server/db/schema.server'

/** An error an instance logged. */
export interface ServerError {
  id: string
  occurredAt: string
  instance: string
  message: string
  path: string | null
  requestId: string | null
}

export type NewServerError = Omit<ServerError, 'id'>

/** Adds errors, then cuts the table back to the newest `keep` (whichever instance wrote them). */
export async function addServerErrors(db: Db, errors: NewServerError[], keep: number): Promise<void> {
  if (errors.length === 0) return
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('server_errors')
      .values(
        errors.map((error) => ({
          id: newId(),
          occurred_at: error.occurredAt,
          instance: error.instance,
          message: error.message,
          path: error.path,
          request_id: error.requestId,
        })),
      )
      .execute()
    const kept = trx.selectFrom('server_errors').select('id').orderBy('occurred_at', 'desc').orderBy('id', 'desc').limit(keep)
    await trx.deleteFrom('server_errors').where('id', 'not in', kept).execute()
  })
}

/** The newest errors first. */
export async function listServerErrors(db: Db, limit: number): Promise<ServerError[]> {
  const rows = await db.selectFrom('server_errors').selectAll().orderBy('occurred_at', 'desc').orderBy('id', 'desc').limit(limit).execute()
  return rows.map((row) => ({
    id: row.id,
    occurredAt: row.occurred_at,
    instance: row.instance,
    message: row.message,
    path: row.path,
    requestId: row.request_id,
  }))
}
