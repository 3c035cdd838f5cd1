import type { Selectable } from 'kysely'
import { BLOCKS } from '~/lib/blocks/catalog'
import { picturesIn } from '~/lib/blocks/fields'
import { newId, nowIso } from '~/lib/ids'
import { type PageContent, pageContentSchema } from '~/lib/page-content'
import { parsedOnce } from './parsed-json.server'
import type { Db, PagesTable } from '~/server/db/schema.server'
import type { ImageUse } from '~/server/repositories/files.server'
import { updateAtVersion } from '~/server/repositories/versions.server'

/** A stored version's content; stored content was checked on its way in, so a failure here is a bug worth a loud error. */
export const readContent = (json: string): PageContent => parsedOnce('page', json, (value) => pageContentSchema.parse(value))

export type PageRow = Selectable<PagesTable>

/** The content visitors see on a page at `now`: the scheduled version once its time has come, else the live one; null when unpublished. */
export function visibleContent(row: Pick<PageRow, 'live' | 'scheduled' | 'scheduled_at'>, now: string): PageContent | null {
  if (row.scheduled && row.scheduled_at && row.scheduled_at <= now) return readContent(row.scheduled)
  return row.live ? readContent(row.live) : null
}

export const getPageByPath = (db: Db, path: string) => db.selectFrom('pages').selectAll().where('path', '=', path).executeTakeFirst()

/** What visitors' requests read of every page, never its draft: a page, the pages above it, an industry's address. */
export const listPublicPages = (db: Db) =>
  db.selectFrom('pages').select(['id', 'path', 'name', 'live', 'scheduled', 'scheduled_at']).execute()

export const getPage = (db: Db, id: string) => db.selectFrom('pages').selectAll().where('id', '=', id).executeTakeFirst()

export const listPages = (db: Db) => db.selectFrom('pages').selectAll().orderBy('path').execute()

/** The paths of the pages visitors can open at `now`, for the sitemap and link checks. */
export async function visiblePagePaths(db: Db, now: string): Promise<{ path: string; hidden: boolean; updatedAt: string }[]> {
  const rows = await db.selectFrom('pages').select(['path', 'live', 'scheduled', 'scheduled_at', 'updated_at']).execute()
  return rows.flatMap((row) => {
    const content = visibleContent(row, now)
    return content ? [{ path: row.path, hidden: content.search.hidden, updatedAt: row.updated_at }] : []
  })
}

/** The soonest scheduled page change after `now`, so every instance's timer can clear its cache at that moment. */
export async function nextScheduledPageChange(db: Db, now: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('pages')
    .select((eb) => eb.fn.min('scheduled_at').as('next'))
    .where('scheduled_at', '>', now)
    .executeTakeFirst()
  return row?.next ?? undefined
}

/**
 * Folds every scheduled version whose time has come into the live one. Visitors already see it from
 * its time on (visibleContent); this only tidies the row, so any instance may run it any number of times.
 */
export async function foldDueSchedules(db: Db, now: string): Promise<void> {
  await db
    .updateTable('pages')
    .set((eb) => ({
      live: eb.ref('scheduled'),
      published_at: eb.fn.coalesce('published_at', 'scheduled_at'),
      scheduled: null,
      scheduled_at: null,
    }))
    .where('scheduled_at', '<=', now)
    .where('scheduled', 'is not', null)
    .execute()
}

/** What the page list says of a page: never published, live as saved, live with a newer draft, or a change waiting for its time. */
export type PageStatus = 'draft' | 'published' | 'changed' | 'scheduled'

export function pageStatus(row: Pick<PageRow, 'draft' | 'live' | 'scheduled' | 'scheduled_at'>, now: string): PageStatus {
  if (row.scheduled && row.scheduled_at && row.scheduled_at > now) return 'scheduled'
  // A change whose time came is live, whether or not a timer has folded it in yet.
  const live = row.scheduled && row.scheduled_at ? row.scheduled : row.live
  if (!live) return 'draft'
  return live === row.draft ? 'published' : 'changed'
}

/** What a save writes over a page's row: any of its versions, its path and name, and who saved it. */
export type PageColumns = Partial<
  Pick<PageRow, 'path' | 'name' | 'draft' | 'live' | 'scheduled' | 'scheduled_at' | 'published_at' | 'updated_by'>
>

/** A new page with its columns (a draft at least); its id. */
export async function insertPage(
  db: Db,
  page: PageColumns & Pick<PageRow, 'path' | 'name' | 'template' | 'draft'> & { id?: string },
): Promise<string> {
  const now = nowIso()
  const { id = newId(), ...columns } = page
  await db
    .insertInto('pages')
    .values({ ...columns, id, created_at: now, updated_at: now })
    .execute()
  return id
}

/** Writes a page over the version the editor loaded: 'stale' when someone saved it in between. */
export const updatePageAtVersion = (db: Db, id: string, version: string, columns: PageColumns) =>
  updateAtVersion(db, 'pages', id, version, columns)

/** The pages visitors can open at `now`, by path and name: what a redirect from one of them would hide. */
export async function listLivePages(db: Db, now: string): Promise<{ path: string; name: string }[]> {
  const rows = await db.selectFrom('pages').select(['path', 'name', 'live', 'scheduled', 'scheduled_at']).orderBy('path').execute()
  return rows.filter((row) => visibleContent(row, now)).map(({ path, name }) => ({ path, name }))
}

/**
 * Pages whose versions show one of our uploaded images: a block's picture or the social image of
 * the draft, the live or the scheduled version (each version would show it again once published).
 */
export async function pageImageUses(db: Db): Promise<ImageUse[]> {
  const rows = await db.selectFrom('pages').select(['id', 'name', 'draft', 'live', 'scheduled']).execute()
  return rows.flatMap((row) => {
    const roles = new Map<string, string>()
    for (const json of [row.draft, row.live, row.scheduled]) {
      if (!json?.includes('"/media/')) continue
      const content = readContent(json)
      if (content.search.image) roles.set(content.search.image, 'Social image')
      for (const block of content.blocks)
        for (const picture of picturesIn(BLOCKS[block.type].fields, block.data)) roles.set(picture.src, picture.label)
    }
    return [...roles].filter(([url]) => url.startsWith('/media/')).map(([url, role]) => ({ url, role, recordId: row.id, title: row.name }))
  })
}
