import { newId } from '~/lib/ids'
import { leadStatusLabels, type LeadStatus } from '~/lib/leads'
import type { Db, InquiryEventsTable } from '~/server/db/schema.server'
import { nextVersion } from '~/server/repositories/versions.server'

/** What happened to a lead: a status change or a note. */
export type LeadChange = { type: 'status'; from: LeadStatus; to: LeadStatus } | { type: 'note'; note: string }

/**
 * Adds one entry to a lead's history, inside the caller's transaction (the change it records is
 * written in the same one). Its time is strictly later than the lead's last entry, so the timeline
 * keeps the order things happened in even within one millisecond. Callers update the lead's row
 * first: that row lock makes two changes of one lead take their turns here on PostgreSQL too.
 */
export async function recordLeadChange(trx: Db, inquiryId: string, change: LeadChange, authorEmail: string): Promise<void> {
  const last = await trx
    .selectFrom('inquiry_events')
    .select('created_at')
    .where('inquiry_id', '=', inquiryId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst()
  await trx
    .insertInto('inquiry_events')
    .values({
      id: newId(),
      inquiry_id: inquiryId,
      type: change.type,
      from_status: change.type === 'status' ? change.from : null,
      to_status: change.type === 'status' ? change.to : null,
      note: change.type === 'note' ? change.note : null,
      author_email: authorEmail,
      created_at: nextVersion(last?.created_at),
    })
    .execute()
}

/** One entry of the timeline on the message page. */
export type LeadHistoryEntry = { id: string; authorEmail: string; createdAt: string } & (
  { type: 'status'; from: LeadStatus; fromLabel: string; to: LeadStatus; toLabel: string } | { type: 'note'; note: string }
)

/** A lead's history, newest first. */
export async function leadHistory(db: Db, inquiryId: string): Promise<LeadHistoryEntry[]> {
  const rows = await db
    .selectFrom('inquiry_events')
    .selectAll()
    .where('inquiry_id', '=', inquiryId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
  return rows.map(historyEntry)
}

function historyEntry(row: InquiryEventsTable): LeadHistoryEntry {
  const base = { id: row.id, authorEmail: row.author_email, createdAt: row.created_at }
  if (row.type === 'note') return { ...base, type: 'note', note: row.note! }
  // recordLeadChange writes both statuses of a status entry and the text of a note.
  const [from, to] = [row.from_status!, row.to_status!]
  return { ...base, type: 'status', from, fromLabel: leadStatusLabels[from], to, toLabel: leadStatusLabels[to] }
}
