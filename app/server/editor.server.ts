import { editedId } from '~/lib/editor-mode'
import type { LoadContext } from '~/load-context'
import type { Db } from './db/schema.server'
import { redirectWithToast } from './toast.server'

/**
 * The record an editor route works on: null in create mode. An unknown id, or a read that fails,
 * sends the admin back to the list with the spec's error toast ('Failed to load post', ...).
 */
export async function recordToEdit<T>(
  context: LoadContext,
  params: { id?: string },
  read: (db: Db, id: string) => Promise<T | undefined>,
  back: { list: string; failure: string },
): Promise<T | null> {
  const id = editedId(params)
  if (!id) return null
  // PostgreSQL refuses a NUL anywhere in a query, so such an id names no record: no read, no error log.
  const record = id.includes('\u0000') ? undefined : await read(context.db, id).catch((error: unknown) => {
    console.error(`${back.failure} ${id}:`, error)
    return undefined
  })
  if (!record) throw await redirectWithToast(context, back.list, { type: 'error', title: back.failure })
  return record
}
