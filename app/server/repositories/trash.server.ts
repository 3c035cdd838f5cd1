import { newId, nowIso } from '~/lib/ids'
import { mediaAddressesIn } from '~/lib/images'
import type { Db, RevisionType, TrashType } from '~/server/db/schema.server'

export type { TrashType }

/** A record in the Trash, as the Trash screen and a restore read it. */
export interface TrashItem {
  id: string
  type: TrashType
  recordId: string
  name: string
  address: string | null
  userEmail: string | null
  deletedAt: string
}

export interface TrashedRecord extends TrashItem {
  snapshot: Record<string, unknown>
  images: string[]
}

type Row = {
  id: string
  record_type: TrashType
  record_id: string
  name: string
  address: string | null
  user_email: string | null
  deleted_at: string
}

const item = (row: Row): TrashItem => ({
  id: row.id,
  type: row.record_type,
  recordId: row.record_id,
  name: row.name,
  address: row.address,
  userEmail: row.user_email,
  deletedAt: row.deleted_at,
})

const COLUMNS = ['id', 'record_type', 'record_id', 'name', 'address', 'user_email', 'deleted_at'] as const

/** Puts a deleted record in the Trash, in the delete's transaction; returns the Trash item's id. */
export async function addToTrash(
  db: Db,
  record: { type: TrashType; recordId: string; name: string; address: string | null; snapshot: object; userEmail: string | null },
): Promise<string> {
  const id = newId()
  const snapshot = JSON.stringify(record.snapshot)
  await db
    .insertInto('trash')
    .values({
      id,
      record_type: record.type,
      record_id: record.recordId,
      name: record.name,
      address: record.address,
      snapshot,
      images: JSON.stringify(mediaAddressesIn(snapshot)),
      user_email: record.userEmail,
      deleted_at: nowIso(),
    })
    .execute()
  return id
}

/** Everything in the Trash, newest deletion first (the id breaks a tie within one millisecond). */
export async function listTrash(db: Db): Promise<TrashItem[]> {
  const rows = await db.selectFrom('trash').select(COLUMNS).orderBy('deleted_at', 'desc').orderBy('id', 'desc').execute()
  return rows.map(item)
}

/** How many records of each type the Trash holds. */
export async function countTrash(db: Db): Promise<Partial<Record<TrashType, number>>> {
  const rows = await db
    .selectFrom('trash')
    .select(['record_type', (eb) => eb.fn.countAll<number | string>().as('count')])
    .groupBy('record_type')
    .execute()
  return Object.fromEntries(rows.map((row) => [row.record_type, Number(row.count)]))
}

/** One Trash item with what brings it back. */
export async function getTrashed(db: Db, id: string): Promise<TrashedRecord | undefined> {
  const row = await db.selectFrom('trash').selectAll().where('id', '=', id).executeTakeFirst()
  return row && { ...item(row), snapshot: JSON.parse(row.snapshot) as Record<string, unknown>, images: JSON.parse(row.images) as string[] }
}

/** Takes one item out of the Trash; false when it was already gone (restored or emptied meanwhile). */
export async function removeFromTrash(db: Db, id: string): Promise<boolean> {
  const deleted = await db.deleteFrom('trash').where('id', '=', id).executeTakeFirst()
  return deleted.numDeletedRows > 0n
}

/** Takes a record's items out of the Trash (it came back another way, from its history). */
export async function removeRecordFromTrash(db: Db, type: TrashType, recordId: string): Promise<void> {
  await db.deleteFrom('trash').where('record_type', '=', type).where('record_id', '=', recordId).execute()
}

/** Takes one item (by id), or those deleted before `before` (all of them without it), out of the Trash, and returns them. */
export async function takeFromTrash(
  db: Db,
  which: { id: string } | { before?: string },
): Promise<{ type: TrashType; recordId: string; images: string[] }[]> {
  let query = db.deleteFrom('trash')
  if ('id' in which) query = query.where('id', '=', which.id)
  else if (which.before) query = query.where('deleted_at', '<', which.before)
  const rows = await query.returning(['record_type', 'record_id', 'images']).execute()
  return rows.map((row) => ({ type: row.record_type, recordId: row.record_id, images: JSON.parse(row.images) as string[] }))
}

/** Every image the Trash holds, with the name of the record that holds it. */
export async function trashImages(db: Db): Promise<{ url: string; name: string }[]> {
  const rows = await db.selectFrom('trash').select(['name', 'images']).where('images', '!=', '[]').execute()
  return rows.flatMap((row) => (JSON.parse(row.images) as string[]).map((url) => ({ url, name: row.name })))
}

/** The name of the record now at a deleted record's address, if one took it meanwhile. */
export async function addressHolder(db: Db, type: RevisionType, slug: string): Promise<string | undefined> {
  const row =
    type === 'post'
      ? await db.selectFrom('blog_posts').select('title as name').where('slug', '=', slug).executeTakeFirst()
      : type === 'case-study'
        ? await db.selectFrom('case_studies').select('title as name').where('slug', '=', slug).executeTakeFirst()
        : await db.selectFrom('pages').select('name').where('path', '=', slug).executeTakeFirst()
  return row?.name
}
