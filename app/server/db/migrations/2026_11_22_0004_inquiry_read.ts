import type { Kysely } from 'kysely'

// When an admin opened the message in the inbox; null means unread. Leads stored before the inbox
// existed were never opened there, so they start unread.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('inquiries').addColumn('read_at', 'text').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('inquiries').dropColumn('read_at').execute()
}
