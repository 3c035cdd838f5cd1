import { newId, nowIso } from '~/lib/ids'
import type { Db, InquiriesTable } from './db/schema.server'

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
