import { linksIn } from '~/lib/blocks/fields'
import { COLLECTIONS, type CollectionItem, type CollectionName, itemSchema, slugProblem } from '~/lib/collections'
import { pageContentErrors } from '~/lib/page-content'
import type { Db } from '~/server/db/schema.server'
import { recordActivity } from '~/server/repositories/activity.server'
import {
  type ItemsByCollection,
  deleteItem,
  insertItem,
  listEveryItem,
  listItems,
  reorderItems,
  updateItem,
} from '~/server/repositories/collection-items.server'
import { readWhileUnchanged } from './request-reads.server'
import type { LoadContext } from './load-context.server'
import { createIndustryPage, siteLinkErrors } from './pages.server'
import type { User } from './users.server'

/*
 * The rules of a collection's items: checked with the collection's schema, an address part unique in
 * its collection, links that lead somewhere; each change logged and the page cache cleared on every
 * instance, since any page may show the item.
 */

/** Every collection's items as visitors see them, kept while unchanged (the menus, the places and a page's blocks list them). */
export const collectionsFor = (request: Request, db: Db): Promise<ItemsByCollection> =>
  readWhileUnchanged(request, db, 'collections', () => listEveryItem(db))

/** A save's outcome; a new industry's says where its page is, and whether it was made for it (the path may be taken). */
export type ItemSaveResult =
  | { outcome: 'saved'; id: string; industryPage?: { path: string; made: boolean } }
  | { outcome: 'stale' | 'gone' }
  | { outcome: 'invalid'; errors: Record<string, string> }

export const COLLECTION_MESSAGES = {
  taken: (item: string, label: string) => `Another ${item} already uses this ${label.toLowerCase()}`,
  reorderStale: 'The list changed since you opened it (someone added or deleted an item). Reload it, then move the items again.',
} as const

async function checkItem<C extends CollectionName>(
  db: Db,
  collection: C,
  data: unknown,
  id: string | null,
): Promise<{ data: CollectionItem<C> } | { errors: Record<string, string> }> {
  const parsed = itemSchema(collection).safeParse(data)
  if (!parsed.success) return { errors: pageContentErrors(parsed.error) }
  const definition = COLLECTIONS[collection] as (typeof COLLECTIONS)[CollectionName]
  const errors: Record<string, string> = {}
  if ('uniqueField' in definition) {
    const field = definition.uniqueField
    const value = (parsed.data as Record<string, unknown>)[field] as string
    const problem = slugProblem(value)
    const taken = (await listItems(db, collection)).some(
      (item) => item.id !== id && (item.data as Record<string, unknown>)[field] === value,
    )
    if (problem || taken) errors[field] = problem ?? COLLECTION_MESSAGES.taken(definition.item, definition.fields[field as never]['label'])
  }
  Object.assign(errors, await siteLinkErrors(db, linksIn(definition.fields, parsed.data)))
  return Object.keys(errors).length > 0 ? { errors } : { data: parsed.data }
}

const nameOf = (collection: CollectionName, data: object) =>
  String((data as Record<string, unknown>)[COLLECTIONS[collection].nameField] ?? '')

/** Adds an item (id null) or saves one over the version its editor loaded. */
export async function saveItem(
  context: LoadContext,
  user: User,
  collection: CollectionName,
  input: { id: string | null; version: string; data: unknown },
): Promise<ItemSaveResult> {
  const checked = await checkItem(context.db, collection, input.data, input.id)
  if ('errors' in checked) return { outcome: 'invalid', errors: checked.errors }
  const result = await context.db.transaction().execute(async (trx): Promise<ItemSaveResult> => {
    const id = input.id ?? (await insertItem(trx, collection, checked.data))
    const outcome = input.id ? await updateItem(trx, collection, input.id, input.version, checked.data) : 'saved'
    if (outcome !== 'saved') return { outcome }
    await recordActivity(trx, {
      user_email: user.email,
      action: input.id ? 'updated' : 'created',
      record_type: 'collections',
      record_id: id,
      title: `${COLLECTIONS[collection].label}: ${nameOf(collection, checked.data)}`,
    })
    if (collection !== 'industries' || input.id) return { outcome: 'saved', id }
    const industry = checked.data as CollectionItem<'industries'>
    return { outcome: 'saved', id, industryPage: await createIndustryPage(trx, context, user, industry) }
  })
  if (result.outcome === 'saved') context.contentChanged('collections')
  return result
}

export async function removeItem(
  context: LoadContext,
  user: User,
  collection: CollectionName,
  input: { id: string; version: string; name: string },
): Promise<'saved' | 'stale' | 'gone'> {
  const outcome = await context.db.transaction().execute(async (trx) => {
    const removed = await deleteItem(trx, collection, input.id, input.version)
    if (removed === 'saved')
      await recordActivity(trx, {
        user_email: user.email,
        action: 'deleted',
        record_type: 'collections',
        record_id: input.id,
        title: `${COLLECTIONS[collection].label}: ${input.name}`,
      })
    return removed
  })
  if (outcome === 'saved') context.contentChanged('collections')
  return outcome
}

/** Puts the items in the order an editor dragged them into. */
export async function reorderCollection(context: LoadContext, user: User, collection: CollectionName, ids: readonly string[]) {
  const outcome = await context.db.transaction().execute(async (trx) => {
    const reordered = await reorderItems(trx, collection, ids)
    if (reordered === 'saved')
      await recordActivity(trx, {
        user_email: user.email,
        action: 'updated',
        record_type: 'collections',
        title: `${COLLECTIONS[collection].label}: new order`,
      })
    return reordered
  })
  if (outcome === 'saved') context.contentChanged('collections')
  return outcome
}
