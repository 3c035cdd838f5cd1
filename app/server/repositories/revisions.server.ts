import { newId, nowIso } from '~/lib/ids'
import type { Db, RevisionAction, RevisionType } from '~/server/db/schema.server'

/** One line of a record's history: what was done, by whom, when. */
export interface RevisionSummary {
  id: string
  action: RevisionAction
  userEmail: string | null
  createdAt: string
}

export interface Revision<S = Record<string, unknown>> extends RevisionSummary {
  snapshot: S
}

/**
 * Keeps the record as it now stands as a new revision, then drops the oldest beyond `keep` for that
 * record; returns the new revision's id. Called in the write's own transaction, so a save and its
 * revision land together.
 */
export async function addRevision(
  db: Db,
  revision: { type: RevisionType; recordId: string; action: RevisionAction; snapshot: object; userEmail: string | null },
  keep: number,
): Promise<string> {
  const id = newId()
  await db
    .insertInto('revisions')
    .values({
      id,
      record_type: revision.type,
      record_id: revision.recordId,
      action: revision.action,
      snapshot: JSON.stringify(revision.snapshot),
      user_email: revision.userEmail,
      created_at: nowIso(),
    })
    .execute()
  const beyond = await ofRecord(db, revision.type, revision.recordId).select('id').offset(keep).limit(1000).execute()
  if (beyond.length > 0)
    await db
      .deleteFrom('revisions')
      .where(
        'id',
        'in',
        beyond.map((row) => row.id),
      )
      .execute()
  return id
}

/** A record's revisions, newest first (the id breaks a tie within one millisecond). */
function ofRecord(db: Db, type: RevisionType, recordId: string) {
  return db
    .selectFrom('revisions')
    .where('record_type', '=', type)
    .where('record_id', '=', recordId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
}

export async function listRevisions(db: Db, type: RevisionType, recordId: string): Promise<RevisionSummary[]> {
  const rows = await ofRecord(db, type, recordId).select(['id', 'action', 'user_email', 'created_at']).execute()
  return rows.map((row) => ({ id: row.id, action: row.action, userEmail: row.user_email, createdAt: row.created_at }))
}

export async function getRevision<S>(db: Db, type: RevisionType, recordId: string, id: string): Promise<Revision<S> | undefined> {
  const row = await ofRecord(db, type, recordId).selectAll().where('id', '=', id).executeTakeFirst()
  return (
    row && { id: row.id, action: row.action, userEmail: row.user_email, createdAt: row.created_at, snapshot: JSON.parse(row.snapshot) as S }
  )
}

/** A record deleted within the last `days`, for the list screen's way back to it. */
export interface DeletedRecord {
  recordId: string
  title: string
  deletedAt: string
}

const TABLES = { post: 'blog_posts', 'case-study': 'case_studies', page: 'pages' } as const

/** Records of this type deleted since `since` and not restored, newest deletion first. */
export async function listDeletedRecords(db: Db, type: RevisionType, since: string): Promise<DeletedRecord[]> {
  const rows = await db
    .selectFrom('revisions')
    .select(['record_id', 'snapshot', 'created_at'])
    .where('record_type', '=', type)
    .where('action', '=', 'deleted')
    .where('created_at', '>=', since)
    .where('record_id', 'not in', db.selectFrom(TABLES[type]).select('id'))
    .orderBy('created_at', 'desc')
    .limit(50)
    .execute()
  const seen = new Set<string>()
  return rows.flatMap((row) => {
    if (seen.has(row.record_id)) return []
    seen.add(row.record_id)
    return [
      { recordId: row.record_id, title: String((JSON.parse(row.snapshot) as { title?: unknown }).title ?? ''), deletedAt: row.created_at },
    ]
  })
}

/** Deleted records (not restored) whose last revision is older than `before`: what the maintenance forgets. */
export async function listForgottenRecords(db: Db, before: string): Promise<{ type: RevisionType; recordId: string }[]> {
  const types = Object.keys(TABLES) as RevisionType[]
  const quiet = await Promise.all(
    types.map((type) =>
      db
        .selectFrom('revisions')
        .select('record_id')
        .where('record_type', '=', type)
        .where('record_id', 'not in', db.selectFrom(TABLES[type]).select('id'))
        .groupBy('record_id')
        .having((eb) => eb.fn.max('created_at'), '<', before)
        .execute(),
    ),
  )
  return types.flatMap((type, index) => quiet[index]!.map((row) => ({ type, recordId: row.record_id })))
}

/** Kept revisions that name an uploaded image, with their record and the image, newest first. */
export async function revisionImages(db: Db): Promise<{ type: RevisionType; recordId: string; title: string; imageUrl: string }[]> {
  const rows = await db
    .selectFrom('revisions')
    .select(['record_type', 'record_id', 'snapshot'])
    .where('snapshot', 'like', '%"imageUrl":"/media/%')
    .orderBy('created_at', 'desc')
    .execute()
  return rows.flatMap((row) => {
    const { imageUrl, title } = JSON.parse(row.snapshot) as { imageUrl?: unknown; title?: unknown }
    return typeof imageUrl === 'string'
      ? [{ type: row.record_type, recordId: row.record_id, title: typeof title === 'string' ? title : '', imageUrl }]
      : []
  })
}
