import type { Selectable } from 'kysely'
import { type PageContent, parsePageContent } from '~/lib/page-content'
import type { Db, PagesTable } from '~/server/db/schema.server'

export type PageRow = Selectable<PagesTable>

/** The content visitors see on a page at `now`: the scheduled version once its time has come, else the live one; null when unpublished. */
export function visibleContent(row: Pick<PageRow, 'live' | 'scheduled' | 'scheduled_at'>, now: string): PageContent | null {
  if (row.scheduled && row.scheduled_at && row.scheduled_at <= now) return parsePageContent(row.scheduled)
  return row.live ? parsePageContent(row.live) : null
}

export const getPageByPath = (db: Db, path: string) => db.selectFrom('pages').selectAll().where('path', '=', path).executeTakeFirst()

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
    .set((eb) => ({ live: eb.ref('scheduled'), published_at: eb.fn.coalesce('published_at', 'scheduled_at'), scheduled: null, scheduled_at: null }))
    .where('scheduled_at', '<=', now)
    .where('scheduled', 'is not', null)
    .execute()
}
