import type { Insertable, Updateable } from 'kysely'
import { type RecordTable, recordTables } from '~/lib/admin-sections'
import { newId, nowIso } from '~/lib/ids'
import type { Db, Schema } from '~/server/db/schema.server'

/*
 * A record's version is its updated_at. An editor carries the version it loaded; a save or delete
 * applies only `where id = ? and updated_at = version`, which both engines check and apply as one
 * step, so of two saves from the same version exactly one lands and the other learns it is stale.
 */

/**
 * The version a save writes: now, or a millisecond past the last one, so two saves never share one.
 * A version that is no instant at all (a forged form) matches no row anyway; now is written for it.
 */
export function nextVersion(previous?: string): string {
  const now = nowIso()
  const last = Date.parse(previous ?? '')
  return Number.isNaN(last) || now > previous! ? now : new Date(last + 1).toISOString()
}

/** How a write of one record ended: saved, refused because someone changed it first, or gone. */
export type WriteOutcome = 'saved' | 'stale' | 'gone'

/**
 * What a record's write reports back: its outcome, the image URL it stopped pointing to, and once
 * saved, the id of a record it created and what the record is called (for the activity log).
 */
export interface RecordWrite {
  outcome: WriteOutcome
  replacedImage?: string | null
  id?: string
  name?: string
}

type Row = Record<string, unknown>

/**
 * The tables whose rows editors change, each with the column of its image (if it has one) and the
 * columns that name a row in the activity log: a person by name, a redirect by where it leads from
 * and to. Each is declared with its section (app/lib/admin-sections.ts).
 */
const TABLES = recordTables()
type VersionedTable = RecordTable

const nameOf = (table: VersionedTable, row: Row): string | undefined => {
  const names = TABLES[table].nameColumns.map((column) => row[column])
  return names.every((name) => typeof name === 'string') ? names.join(' → ') : undefined
}

/** What a write reports: the image it stopped pointing to, once it is saved. */
export const recordWrite = (outcome: WriteOutcome, replacedImage: string | null = null): RecordWrite =>
  outcome === 'saved' ? { outcome, replacedImage } : { outcome }

/** What an editor's save knows of its record: none yet (a new one), the version it loaded, and a new image if one was chosen. */
export interface RecordEdit {
  existing: { id: string } | null
  version: string
  image: string | null
}

/**
 * Creates the row, or writes it over the version the editor loaded. A new image replaces the stored
 * one, whose address is reported for the media service to delete; no new image keeps it.
 */
export async function saveAtVersion<T extends VersionedTable>(
  db: Db,
  table: T,
  columns: Updateable<Schema[T]>,
  { existing, version, image }: RecordEdit,
): Promise<RecordWrite> {
  const imageColumn = TABLES[table].imageColumn
  const row = { ...columns, ...(imageColumn && image && { [imageColumn]: image }) }
  const name = nameOf(table, row)
  if (!existing) {
    const now = nowIso()
    const id = newId()
    // One statement for every table, as in updateAtVersion.
    await db
      .insertInto(table as 'authors')
      .values({ ...row, id, created_at: now, updated_at: now } as Insertable<Schema['authors']>)
      .execute()
    return { outcome: 'saved', id, name }
  }
  const before: Record<string, unknown> | undefined =
    imageColumn && image
      ? await db
          .selectFrom(table as 'authors')
          .selectAll()
          .where('id', '=', existing.id)
          .executeTakeFirst()
      : undefined
  const written = recordWrite(
    await updateAtVersion(db, table, existing.id, version, row),
    imageColumn ? ((before?.[imageColumn] as string | null) ?? null) : null,
  )
  return written.outcome === 'saved' ? { ...written, name } : written
}

/** Writes the columns over the version given, moving the version on; 'stale' or 'gone' when it no longer holds. */
export async function updateAtVersion<T extends VersionedTable>(
  db: Db,
  table: T,
  id: string,
  version: string,
  columns: Updateable<Schema[T]>,
): Promise<WriteOutcome> {
  const updated = await db
    // One statement for every table: the columns were typed against this table by the caller.
    .updateTable(table as 'authors')
    .set({ ...(columns as Updateable<Schema['authors']>), updated_at: nextVersion(version) })
    .where('id', '=', id)
    .where('updated_at', '=', version)
    .executeTakeFirst()
  return updated.numUpdatedRows > 0n ? 'saved' : missedWrite(db, table, id)
}

/** Deletes the row at the version given; reports the image it pointed to, for the media service to delete. */
export async function deleteAtVersion(db: Db, table: VersionedTable, id: string, version: string): Promise<RecordWrite> {
  const deleted: Record<string, unknown> | undefined = await db
    .deleteFrom(table as 'authors')
    .where('id', '=', id)
    .where('updated_at', '=', version)
    .returningAll()
    .executeTakeFirst()
  if (!deleted) return recordWrite(await missedWrite(db, table, id))
  const column = TABLES[table].imageColumn
  return { ...recordWrite('saved', column ? (deleted[column] as string | null) : null), name: nameOf(table, deleted) }
}

/** After a versioned write touched no row: was the record changed meanwhile, or is it gone? */
export async function missedWrite(db: Db, table: VersionedTable, id: string): Promise<'stale' | 'gone'> {
  const row = await db
    .selectFrom(table as 'authors')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst()
  return row ? 'stale' : 'gone'
}

/** The tables whose rows an editor orders by hand on the section's list, by a `position` column. */
export type OrderedTable = 'team_members' | 'testimonials' | 'case_studies'

/** The position a new row takes: after every other row of its table. */
export async function positionAfterLast(db: Db, table: OrderedTable): Promise<number> {
  const { last } = await db
    .selectFrom(table as 'testimonials')
    .select((eb) => eb.fn.max('position').as('last'))
    .executeTakeFirstOrThrow()
  return last === null ? 0 : Number(last) + 1
}

/**
 * Writes positions 0..n-1 in the order of the ids, in the caller's transaction, and gives each row's
 * id and name as they stood before. 'stale' when the ids are not exactly the table's rows (one was
 * added or deleted since the list was loaded): nothing is written then. Versions stay, so an editor
 * open on a record can still save it.
 */
export async function reorderRows(
  db: Db,
  table: OrderedTable,
  ids: string[],
): Promise<{ outcome: 'saved'; before: { id: string; name: string }[] } | { outcome: 'stale' }> {
  // Rows never ordered share position 0 and are listed by name (the team until first ordered).
  let query = db
    .selectFrom(table as 'testimonials')
    .selectAll()
    .orderBy('position')
  for (const column of TABLES[table].nameColumns) query = query.orderBy(column as 'name')
  const rows: Row[] = await query.orderBy('id').execute()
  const stored = new Set(rows.map((row) => row.id as string))
  if (ids.length !== stored.size || new Set(ids).size !== ids.length || !ids.every((id) => stored.has(id))) return { outcome: 'stale' }
  for (const [position, id] of ids.entries()) {
    await db
      .updateTable(table as 'testimonials')
      .set({ position })
      .where('id', '=', id)
      .execute()
  }
  return { outcome: 'saved', before: rows.map((row) => ({ id: row.id as string, name: nameOf(table, row) ?? '' })) }
}
