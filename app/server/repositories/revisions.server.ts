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
