import { nowIso } from '~/lib/ids'
import type { Db, RevisionType } from '~/server/db/schema.server'

/** The key of the draft of a record not saved yet. */
export const NEW_RECORD_KEY = 'new'

/** How many drafts each admin keeps at most: saving one more drops their oldest. */
export const DRAFTS_PER_ADMIN = 20

/** Whose draft of which record: a record's id, or NEW_RECORD_KEY for one not saved yet. */
export interface DraftKey {
  type: RevisionType
  key: string
  userId: string
}

export interface Draft {
  values: Record<string, unknown>
  savedAt: string
}

const of = (db: Db, { type, key, userId }: DraftKey) =>
  db.selectFrom('drafts').where('record_type', '=', type).where('record_key', '=', key).where('user_id', '=', userId)

/**
 * Keeps the form as typed, over the admin's earlier draft of the same record; says when. Beyond
 * DRAFTS_PER_ADMIN, the admin's oldest drafts go, so no number of saves fills the disk.
 */
export async function saveDraft(db: Db, { type, key, userId }: DraftKey, values: Record<string, unknown>): Promise<string> {
  const savedAt = nowIso()
  const row = { record_type: type, record_key: key, user_id: userId, form_values: JSON.stringify(values), saved_at: savedAt }
  await db
    .insertInto('drafts')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['record_type', 'record_key', 'user_id']).doUpdateSet({ form_values: row.form_values, saved_at: savedAt }),
    )
    .execute()
  const kept = await db
    .selectFrom('drafts')
    .select(['record_type', 'record_key'])
    .where('user_id', '=', userId)
    .orderBy('saved_at', 'desc')
    .execute()
  for (const old of kept.slice(DRAFTS_PER_ADMIN)) await deleteDraft(db, { type: old.record_type, key: old.record_key, userId })
  return savedAt
}

export async function getDraft(db: Db, draft: DraftKey): Promise<Draft | undefined> {
  const row = await of(db, draft).select(['form_values', 'saved_at']).executeTakeFirst()
  return row && { values: JSON.parse(row.form_values) as Record<string, unknown>, savedAt: row.saved_at }
}

export async function deleteDraft(db: Db, { type, key, userId }: DraftKey): Promise<void> {
  await db.deleteFrom('drafts').where('record_type', '=', type).where('record_key', '=', key).where('user_id', '=', userId).execute()
}

/** Forgets drafts saved before `savedBefore` (an ISO instant), by anyone: the maintenance schedule's. */
export async function pruneDrafts(db: Db, savedBefore: string): Promise<void> {
  await db.deleteFrom('drafts').where('saved_at', '<', savedBefore).execute()
}
