import { nowIso } from '~/lib/ids'
import type { Db, RevisionType } from '~/server/db/schema.server'

/** Whose draft of which record: a record's id, or 'new' for one not saved yet. */
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

/** Keeps the form as typed, over the admin's earlier draft of the same record; says when. */
export async function saveDraft(db: Db, { type, key, userId }: DraftKey, values: Record<string, unknown>): Promise<string> {
  const savedAt = nowIso()
  const row = { record_type: type, record_key: key, user_id: userId, form_values: JSON.stringify(values), saved_at: savedAt }
  await db
    .insertInto('drafts')
    .values(row)
    .onConflict((oc) => oc.columns(['record_type', 'record_key', 'user_id']).doUpdateSet({ form_values: row.form_values, saved_at: savedAt }))
    .execute()
  return savedAt
}

export async function getDraft(db: Db, draft: DraftKey): Promise<Draft | undefined> {
  const row = await of(db, draft).select(['form_values', 'saved_at']).executeTakeFirst()
  return row && { values: JSON.parse(row.form_values) as Record<string, unknown>, savedAt: row.saved_at }
}

export async function deleteDraft(db: Db, { type, key, userId }: DraftKey): Promise<void> {
  await db.deleteFrom('drafts').where('record_type', '=', type).where('record_key', '=', key).where('user_id', '=', userId).execute()
}
