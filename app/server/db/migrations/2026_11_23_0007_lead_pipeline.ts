import type { Kysely } from 'kysely'

/*
 * The inbox becomes a pipeline. Each lead gets a status (lowercase keys; every lead stored before
 * this is 'new'), the time it was first contacted (for the dashboard's time to first contact) and
 * `search_text`: name, e-mail, business and message folded by JavaScript, since neither engine
 * folds case for every language (the same folding as `leadSearchText` in inquiries.server.ts;
 * migrations never import app code). `inquiry_events` is its history: status changes and notes,
 * each with its author and time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('inquiries')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
    .execute()
  await db.schema.alterTable('inquiries').addColumn('first_contacted_at', 'text').execute()
  await db.schema
    .alterTable('inquiries')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute()

  const leads: { id: string; name: string; email: string; business: string | null; message: string | null }[] = await db
    .selectFrom('inquiries')
    .select(['id', 'name', 'email', 'business', 'message'])
    .execute()
  for (const lead of leads) {
    const searchText = [lead.name, lead.email, lead.business ?? '', lead.message ?? ''].join('\n').normalize('NFKC').toLowerCase()
    await db.updateTable('inquiries').set({ search_text: searchText }).where('id', '=', lead.id).execute()
  }

  // Newest first, overall or within one status or one kind, the id breaking ties as the list
  // does, so a page is read in index order and stops after its 50 rows with nothing to sort.
  await db.schema.dropIndex('inquiries_created_at_idx').execute()
  await db.schema.createIndex('inquiries_created_at_idx').on('inquiries').columns(['created_at', 'id']).execute()
  await db.schema.createIndex('inquiries_status_created_at_idx').on('inquiries').columns(['status', 'created_at', 'id']).execute()
  await db.schema.createIndex('inquiries_kind_created_at_idx').on('inquiries').columns(['kind', 'created_at', 'id']).execute()
  await db.schema.createIndex('inquiries_first_contacted_at_idx').on('inquiries').column('first_contacted_at').execute()

  await db.schema
    .createTable('inquiry_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('inquiry_id', 'text', (c) => c.notNull().references('inquiries.id').onDelete('cascade'))
    // 'status' (from_status -> to_status) or 'note' (note).
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text')
    .addColumn('note', 'text')
    // The admin's e-mail as it was: the history keeps its author even if the account goes.
    .addColumn('author_email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('inquiry_events_inquiry_idx').on('inquiry_events').columns(['inquiry_id', 'created_at']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('inquiry_events').execute()
  for (const index of [
    'inquiries_first_contacted_at_idx',
    'inquiries_kind_created_at_idx',
    'inquiries_status_created_at_idx',
    'inquiries_created_at_idx',
  ]) {
    await db.schema.dropIndex(index).execute()
  }
  await db.schema.createIndex('inquiries_created_at_idx').on('inquiries').column('created_at').execute()
  for (const column of ['search_text', 'first_contacted_at', 'status']) {
    await db.schema.alterTable('inquiries').dropColumn(column).execute()
  }
}
