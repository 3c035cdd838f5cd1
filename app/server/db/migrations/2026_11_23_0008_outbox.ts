import type { Kysely } from 'kysely'

// Notifications about new leads (an e-mail to the owner, a webhook call), written in the lead's own
// transaction and delivered by a worker on every instance. A row is claimed (claimed_by until
// claimed_until) by one worker at a time; an expired claim means its worker stopped mid-send.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('channel', 'text', (c) => c.notNull())
    // Erasing a lead erases the copies of its details that wait here.
    .addColumn('lead_id', 'text', (c) => c.notNull().references('inquiries.id').onDelete('cascade'))
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute()
  // The worker's question every few seconds: what is pending and due.
  await db.schema.createIndex('outbox_due_idx').on('outbox').columns(['status', 'next_attempt_at']).execute()
  await db.schema.createIndex('outbox_lead_id_idx').on('outbox').column('lead_id').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('outbox').execute()
}
