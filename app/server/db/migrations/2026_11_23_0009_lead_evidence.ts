import type { Kysely } from 'kysely'

/*
 * What a lead brings with it beyond its words: why it was held as spam (the honeypot, or the time
 * trap), the privacy wording its sender agreed to (version and exact text) and when, and the ROI
 * calculator's inputs sent with a playbook request (JSON). Earlier leads have none of these.
 */
const columns = ['spam_reason', 'consent_version', 'consent_text', 'consented_at', 'roi_inputs'] as const

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of columns) await db.schema.alterTable('inquiries').addColumn(column, 'text').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of columns) await db.schema.alterTable('inquiries').dropColumn(column).execute()
}
