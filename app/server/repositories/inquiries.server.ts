import { sql } from 'kysely'
import { newId, nowIso } from '~/lib/ids'
import type { Db, InquiriesTable } from '~/server/db/schema.server'

export const INQUIRIES_PER_HOUR = 5
const HOUR_MS = 60 * 60 * 1000

export type NewInquiry = Pick<InquiriesTable, 'kind' | 'name' | 'email' | 'business' | 'message' | 'ip'>

/** Stores a lead before anything else happens to it, so no message is ever lost. */
export async function createInquiry(db: Db, inquiry: NewInquiry): Promise<string> {
  const id = newId()
  await db.insertInto('inquiries').values({ id, ...inquiry, created_at: nowIso() }).execute()
  return id
}

/** True when this address already sent INQUIRIES_PER_HOUR messages in the last hour. */
export async function tooManyInquiries(db: Db, ip: string): Promise<boolean> {
  const since = new Date(Date.now() - HOUR_MS).toISOString()
  const row = await db
    .selectFrom('inquiries')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('ip', '=', ip)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow()
  return Number(row.n) >= INQUIRIES_PER_HOUR
}

/** Messages per page of the admin inbox. */
export const INQUIRIES_PER_PAGE = 50
const PREVIEW_LENGTH = 160

type InquiryKind = InquiriesTable['kind']

/** What the inbox and the CSV export call each kind of lead. */
export const inquiryKindLabels: Record<InquiryKind, string> = { contact: 'Contact', playbook: 'Playbook' }

/** One line of the inbox: who wrote, when, and the start of what they said. */
export interface InquirySummary {
  id: string
  kind: InquiryKind
  kindLabel: string
  name: string
  email: string
  business: string | null
  preview: string
  createdAt: string
  read: boolean
}

/** A page of the inbox, newest first; only the start of each message is read from the database. */
export async function listInquiries(db: Db, page: number) {
  const { total } = await db
    .selectFrom('inquiries')
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .executeTakeFirstOrThrow()
  const count = Number(total)
  const pageCount = Math.max(1, Math.ceil(count / INQUIRIES_PER_PAGE))
  // A page past the end has no messages; asking anyway would send an offset (page 1e21 from the
  // URL) that neither engine accepts as an integer.
  if (page > pageCount) return { inquiries: [] as InquirySummary[], total: count, pageCount }
  const rows = await db
    .selectFrom('inquiries')
    .select(['id', 'kind', 'name', 'email', 'business', 'created_at', 'read_at'])
    // One character past the preview shows whether the first line was cut.
    .select(sql<string | null>`substr(message, 1, ${PREVIEW_LENGTH + 1})`.as('message_start'))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(INQUIRIES_PER_PAGE)
    .offset((Math.max(1, page) - 1) * INQUIRIES_PER_PAGE)
    .execute()
  const inquiries: InquirySummary[] = rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    kindLabel: inquiryKindLabels[row.kind],
    name: row.name,
    email: row.email,
    business: row.business,
    preview: firstLine(row.message_start ?? ''),
    createdAt: row.created_at,
    read: row.read_at !== null,
  }))
  return { inquiries, total: count, pageCount }
}

function firstLine(text: string): string {
  const line = text.trimStart().split(/\r?\n|\r/, 1)[0]!.trimEnd()
  return line.length > PREVIEW_LENGTH ? `${line.slice(0, PREVIEW_LENGTH)}…` : line
}

export async function countUnreadInquiries(db: Db): Promise<number> {
  const row = await db
    .selectFrom('inquiries')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Ids are UUIDs, and PostgreSQL refuses a NUL anywhere in a query: such an id names no message. */
const impossibleId = (id: string) => id.includes('\u0000')

/** The whole message, without the sender's address (kept only for the rate limit). */
export async function getInquiry(db: Db, id: string) {
  if (impossibleId(id)) return undefined
  const row = await db
    .selectFrom('inquiries')
    .select(['id', 'kind', 'name', 'email', 'business', 'message', 'created_at', 'read_at'])
    .where('id', '=', id)
    .executeTakeFirst()
  return row && { ...row, kindLabel: inquiryKindLabels[row.kind] }
}

/**
 * Marks a message read (keeping the first time it was read) or unread again. False when there is
 * no such message.
 */
export async function setInquiryRead(db: Db, id: string, read: boolean, now = nowIso()): Promise<boolean> {
  if (impossibleId(id)) return false
  const result = await db
    .updateTable('inquiries')
    .set((eb) => ({ read_at: read ? eb.fn.coalesce('read_at', eb.val(now)) : null }))
    .where('id', '=', id)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

export async function deleteInquiry(db: Db, id: string): Promise<boolean> {
  if (impossibleId(id)) return false
  const result = await db.deleteFrom('inquiries').where('id', '=', id).executeTakeFirst()
  return result.numDeletedRows > 0n
}

/** Every message, newest first, with the columns of the CSV export. */
export async function listInquiriesForExport(db: Db) {
  return db
    .selectFrom('inquiries')
    .select(['created_at', 'kind', 'name', 'email', 'business', 'message', 'read_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
}
