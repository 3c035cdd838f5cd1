import type { Kysely } from 'kysely'

// The sender's address lets the contact and playbook forms limit submissions per address.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('inquiries').addColumn('ip', 'text').execute()
  await db.schema.createIndex('inquiries_ip_idx').on('inquiries').columns(['ip', 'created_at']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('inquiries_ip_idx').execute()
  await db.schema.alterTable('inquiries').dropColumn('ip').execute()
}
