import { nowIso } from '~/lib/ids'
import { NO_SEARCH_FIELDS, type SearchFields } from '~/lib/search-fields'
import type { Db } from '~/server/db/schema.server'
import { imageUsesOf, type ImageUse } from '~/server/repositories/files.server'

export const SEARCH_COLUMNS = ['seo_title', 'meta_description', 'social_image', 'noindex'] as const

/** The search columns as posts, case studies and marketing pages store them. */
interface SearchColumns {
  seo_title: string | null
  meta_description: string | null
  social_image: string | null
  noindex: number
}

export function searchColumns(fields: SearchFields): SearchColumns {
  return { seo_title: fields.title, meta_description: fields.description, social_image: fields.image, noindex: fields.hidden ? 1 : 0 }
}

export function searchFieldsOfRow(row: SearchColumns): SearchFields {
  return { title: row.seo_title, description: row.meta_description, image: row.social_image, hidden: row.noindex === 1 }
}

/** Every marketing page's own search fields, by its path; a page without any is not in the map. */
export async function listPageSearchFields(db: Db): Promise<Map<string, { fields: SearchFields; version: string }>> {
  const rows = await db.selectFrom('page_search_fields').selectAll().execute()
  return new Map(rows.map((row) => [row.page, { fields: searchFieldsOfRow(row), version: row.updated_at }]))
}

/** One marketing page's search fields and their version ('' when none were ever saved). */
export async function getPageSearchFields(db: Db, page: string): Promise<{ fields: SearchFields; version: string }> {
  const row = await db.selectFrom('page_search_fields').selectAll().where('page', '=', page).executeTakeFirst()
  return row ? { fields: searchFieldsOfRow(row), version: row.updated_at } : { fields: NO_SEARCH_FIELDS, version: '' }
}

/**
 * Saves a page's search fields over the version the editor loaded ('' when the page had none yet):
 * 'stale' when someone saved it in between.
 */
export async function savePageSearchFields(db: Db, page: string, version: string, fields: SearchFields): Promise<'saved' | 'stale'> {
  const now = nowIso()
  const columns = { ...searchColumns(fields), updated_at: now }
  if (version === '') {
    const inserted = await db
      .insertInto('page_search_fields')
      .values({ page, ...columns })
      .onConflict((oc) => oc.column('page').doNothing())
      .returning('page')
      .executeTakeFirst()
    return inserted ? 'saved' : 'stale'
  }
  const updated = await db
    .updateTable('page_search_fields')
    .set(columns)
    .where('page', '=', page)
    .where('updated_at', '=', version)
    .executeTakeFirst()
  return updated.numUpdatedRows > 0n ? 'saved' : 'stale'
}

/** Marketing pages whose social image is one of our uploaded images; the record is the page's path. */
export async function pageImageUses(db: Db): Promise<ImageUse[]> {
  const rows = await db
    .selectFrom('page_search_fields')
    .select(['page', 'social_image'])
    .where('social_image', 'like', '/media/%')
    .execute()
  return imageUsesOf(rows, (row) => ({ recordId: row.page, title: row.page }), [['social_image', 'Social image']])
}
