import { linesOfKind, type ActivityKind } from '~/lib/activity-filter'
import { type CollectionName, isCollectionName } from '~/lib/collections'
import { newId, nowIso } from '~/lib/ids'
import type { ActivityTable, Db } from '~/server/db/schema.server'

/** Lines on one page of the activity screen. */
export const ACTIVITY_PER_PAGE = 50

/**
 * A line as written: who did what to which record. Only a line about a record has its id, only a
 * post's or case study's its revision, only a restore's the revision it brought back.
 */
export type ActivityEntry = Pick<ActivityTable, 'user_email' | 'action' | 'record_type' | 'title'> &
  Partial<Pick<ActivityTable, 'record_id' | 'revision_id' | 'restored_revision_at'>>

/** Logs a change: called with the change's own transaction, so the change and its line land together. */
export async function recordActivity(db: Db, entry: ActivityEntry): Promise<void> {
  await db
    .insertInto('activity')
    .values({ id: newId(), at: nowIso(), record_id: null, revision_id: null, ...entry })
    .execute()
}

/** What the screen narrows the log to: one admin, one kind, and instants from `since` up to (not including) `before`. */
export interface ActivityListFilter {
  person?: string
  kind?: ActivityKind
  since?: string
  before?: string
}

/** The lines a filter selects; each condition is one an index serves in the log's order (migration 0029). */
function filteredActivity(db: Db, filter: ActivityListFilter) {
  let query = db.selectFrom('activity')
  if (filter.person) query = query.where('activity.user_email', '=', filter.person)
  if (filter.kind) {
    const lines = linesOfKind(filter.kind)
    query =
      'recordTypes' in lines
        ? query.where('activity.record_type', 'in', lines.recordTypes)
        : query.where('activity.record_type', 'is', null).where('activity.action', 'in', lines.actions)
  }
  if (filter.since) query = query.where('activity.at', '>=', filter.since)
  if (filter.before) query = query.where('activity.at', '<', filter.before)
  return query
}

/** A line as the screen shows it: who (by e-mail, and a current admin's display name) did what to which record, and when. */
export interface ActivityLine {
  id: string
  at: string
  userEmail: string | null
  userName: string | null
  action: ActivityTable['action']
  recordType: ActivityTable['record_type']
  recordId: string | null
  title: string | null
  revisionId: string | null
  /** On a restore's line: when the revision it brought back was made. */
  restoredRevisionAt: string | null
  /** On a page's line: whether the page is still stored. */
  pageExists: boolean
  /** On a collection item's line: the item's collection while the item is still stored; null once it is deleted. */
  itemCollection: CollectionName | null
}

type ActivityRow = ActivityTable & { userName: string | null; storedPage: string | null; storedItemCollection: string | null }

function activityOf(row: ActivityRow): ActivityLine {
  return {
    id: row.id,
    at: row.at,
    userEmail: row.user_email,
    userName: row.userName,
    action: row.action,
    recordType: row.record_type,
    recordId: row.record_id,
    title: row.title,
    revisionId: row.revision_id,
    restoredRevisionAt: row.restored_revision_at,
    pageExists: row.storedPage !== null,
    itemCollection: row.storedItemCollection !== null && isCollectionName(row.storedItemCollection) ? row.storedItemCollection : null,
  }
}

/** The query of one page of the log, newest first; exported so tests can ask each engine for its plan. */
export function activityPageQuery(db: Db, filter: ActivityListFilter, page: number) {
  return (
    filteredActivity(db, filter)
      // The line keeps the e-mail as text (the admin may be gone); a current admin's display name goes with it.
      .leftJoin('users', 'users.email', 'activity.user_email')
      // Whether a page's or collection item's record is still stored (each found by its primary key),
      // so the screen links only to what is there; an item's address needs its collection too.
      .leftJoin('pages', (join) => join.onRef('pages.id', '=', 'activity.record_id').on('activity.record_type', '=', 'page'))
      .leftJoin('collection_items', (join) =>
        join.onRef('collection_items.id', '=', 'activity.record_id').on('activity.record_type', '=', 'collections'),
      )
      .selectAll('activity')
      .select(['users.display_name as userName', 'pages.id as storedPage', 'collection_items.collection as storedItemCollection'])
      .orderBy('activity.at', 'desc')
      .orderBy('activity.id', 'desc')
      .limit(ACTIVITY_PER_PAGE)
      .offset((page - 1) * ACTIVITY_PER_PAGE)
  )
}

/** One page of the log as filtered, newest first, and how many pages there are. */
export async function listActivity(
  db: Db,
  page: number,
  filter: ActivityListFilter = {},
): Promise<{ rows: ActivityLine[]; pageCount: number }> {
  const { count } = await filteredActivity(db, filter)
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow()
  const pageCount = Math.max(1, Math.ceil(Number(count) / ACTIVITY_PER_PAGE))
  if (page > pageCount) return { rows: [], pageCount }
  const rows = await activityPageQuery(db, filter, page).execute()
  return { rows: rows.map(activityOf), pageCount }
}

/** The most people the person filter lists: far more admins than a firm has had in a year. */
const MAX_PEOPLE = 200

/** Everyone the log names as having done something, by e-mail, with a current admin's display name. */
export async function activityPeople(db: Db): Promise<{ email: string; name: string | null }[]> {
  // Distinct e-mails read off the activity_user_at index, then named; bounded whatever the log holds.
  const emails = db
    .selectFrom('activity')
    .select('user_email')
    .distinct()
    .where('user_email', 'is not', null)
    .orderBy('user_email')
    .limit(MAX_PEOPLE)
  const rows = await db
    .selectFrom(emails.as('seen'))
    .leftJoin('users', 'users.email', 'seen.user_email')
    .select(['seen.user_email as email', 'users.display_name as name'])
    .orderBy('seen.user_email')
    .execute()
  return rows.map((row) => ({ email: row.email!, name: row.name }))
}

/** Deletes lines older than `before` (the log keeps a year). */
export async function pruneActivity(db: Db, before: string): Promise<void> {
  await db.deleteFrom('activity').where('at', '<', before).execute()
}
