import { picturesIn } from '~/lib/blocks/fields'
import {
  type CollectionItem,
  type CollectionName,
  type StoredItem,
  COLLECTION_NAMES,
  COLLECTIONS,
  isCollectionName,
  itemSchema,
} from '~/lib/collections'
import { newId } from '~/lib/ids'
import type { Db } from '~/server/db/schema.server'
import type { ImageUse } from './files.server'
import { parsedOnce } from './parsed-json.server'
import { nextVersion } from './versions.server'

type Row = { id: string; position: number; data: string; updated_at: string }

const itemOf = <C extends CollectionName>(collection: C, row: Row): StoredItem<C> => ({
  id: row.id,
  position: row.position,
  // Stored items were checked on their way in; reading them through the schema fills fields added since.
  data: parsedOnce(`collection:${collection}`, row.data, (value) => itemSchema(collection).parse(value)),
  version: row.updated_at,
})

/** A collection's items in the order editors set. */
export async function listItems<C extends CollectionName>(db: Db, collection: C): Promise<StoredItem<C>[]> {
  const rows = await db
    .selectFrom('collection_items')
    .select(['id', 'position', 'data', 'updated_at'])
    .where('collection', '=', collection)
    .orderBy('position')
    .orderBy('id')
    .execute()
  return rows.map((row) => itemOf(collection, row))
}

/** Every collection's items, each in the order editors set, in one read (a page's frame and blocks show several). */
export async function listEveryItem(db: Db): Promise<ItemsByCollection> {
  const rows = await db
    .selectFrom('collection_items')
    .select(['collection', 'id', 'position', 'data', 'updated_at'])
    .orderBy('position')
    .orderBy('id')
    .execute()
  const every = Object.fromEntries(COLLECTION_NAMES.map((name) => [name, [] as StoredItem<CollectionName>[]])) as ItemsByCollection
  for (const row of rows) if (isCollectionName(row.collection)) every[row.collection].push(itemOf(row.collection, row) as never)
  return every
}

export type ItemsByCollection = { [C in CollectionName]: StoredItem<C>[] }

export async function getItem<C extends CollectionName>(db: Db, collection: C, id: string): Promise<StoredItem<C> | undefined> {
  const row = await db
    .selectFrom('collection_items')
    .select(['id', 'position', 'data', 'updated_at'])
    .where('collection', '=', collection)
    .where('id', '=', id)
    .executeTakeFirst()
  return row && itemOf(collection, row)
}

/** Adds an item after the others. */
export async function insertItem<C extends CollectionName>(db: Db, collection: C, data: CollectionItem<C>): Promise<string> {
  const last = await db
    .selectFrom('collection_items')
    .select((eb) => eb.fn.max('position').as('last'))
    .where('collection', '=', collection)
    .executeTakeFirst()
  const id = newId()
  const now = nextVersion()
  await db
    .insertInto('collection_items')
    .values({
      id,
      collection,
      position: last?.last == null ? 0 : Number(last.last) + 1,
      data: JSON.stringify(data),
      created_at: now,
      updated_at: now,
    })
    .execute()
  return id
}

/** Saves an item over the version its editor loaded: 'stale' when someone saved it in between, 'gone' when deleted. */
export async function updateItem<C extends CollectionName>(
  db: Db,
  collection: C,
  id: string,
  version: string,
  data: CollectionItem<C>,
): Promise<'saved' | 'stale' | 'gone'> {
  const result = await db
    .updateTable('collection_items')
    .set({ data: JSON.stringify(data), updated_at: nextVersion(version) })
    .where('collection', '=', collection)
    .where('id', '=', id)
    .where('updated_at', '=', version)
    .executeTakeFirst()
  if (Number(result.numUpdatedRows) === 1) return 'saved'
  return (await getItem(db, collection, id)) ? 'stale' : 'gone'
}

export async function deleteItem(db: Db, collection: CollectionName, id: string, version: string): Promise<'saved' | 'stale' | 'gone'> {
  const result = await db
    .deleteFrom('collection_items')
    .where('collection', '=', collection)
    .where('id', '=', id)
    .where('updated_at', '=', version)
    .executeTakeFirst()
  if (Number(result.numDeletedRows) === 1) return 'saved'
  return (await getItem(db, collection, id)) ? 'stale' : 'gone'
}

/**
 * Puts a collection's items in the order given; refused ('stale') when the ids are not exactly the
 * items stored (someone added or deleted one meanwhile). Run it inside the caller's transaction.
 */
export async function reorderItems(db: Db, collection: CollectionName, ids: readonly string[]): Promise<'saved' | 'stale'> {
  const stored = await db.selectFrom('collection_items').select('id').where('collection', '=', collection).execute()
  const known = new Set(stored.map((row) => row.id))
  if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id))) return 'stale'
  for (const [position, id] of ids.entries()) await db.updateTable('collection_items').set({ position }).where('id', '=', id).execute()
  return 'saved'
}

/** A collection item showing one of our uploaded images, with its collection (its editor's address needs it). */
export type ItemImageUse = ImageUse & { collection: CollectionName }

/** Collection items whose pictures (an industry's, say) are our uploaded images. */
export async function collectionImageUses(db: Db): Promise<ItemImageUse[]> {
  // Items are JSON text on both engines: only those naming an uploaded image's address ("/media/…,
  // as JSON writes it, slash unescaped) are read through their schema to find which field holds it.
  const rows = await db
    .selectFrom('collection_items')
    .select(['id', 'collection', 'position', 'data', 'updated_at'])
    .where('data', 'like', '%"/media/%')
    .execute()
  return rows.flatMap((row) => {
    if (!isCollectionName(row.collection)) return []
    const { collection } = row
    const { fields, nameField } = COLLECTIONS[collection]
    const data = itemOf(collection, row).data as Record<string, unknown>
    return picturesIn(fields, data)
      .filter((picture) => picture.src.startsWith('/media/'))
      .map((picture) => ({ url: picture.src, role: picture.label, recordId: row.id, title: String(data[nameField] ?? ''), collection }))
  })
}
