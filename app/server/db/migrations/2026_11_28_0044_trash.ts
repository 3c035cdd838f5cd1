import type { Kysely } from 'kysely'

/*
 * The Trash: every record deleted from a list (a post, case study, page, team member, testimonial or
 * author), kept 30 days with what brings it back. `snapshot` is the record as its restore writes it
 * (for posts, case studies and pages, their revision's snapshot); `images` the uploaded images it
 * holds, as a JSON array, so they stay until the Trash lets it go. No unique key on the record: a
 * record can be deleted, brought back and deleted again, and an id made from a name can come again.
 *
 * Posts, case studies and pages deleted before the Trash, and not brought back, are moved in from
 * their 'deleted' revisions, so the Trash is the one way back to every deleted record.
 */

const ADDRESSES: Record<string, [table: string, prefix: string]> = {
  post: ['blog_posts', '/resources/blog/'],
  'case-study': ['case_studies', '/case-studies/'],
  page: ['pages', ''],
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('trash')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('record_type', 'text', (col) => col.notNull())
    .addColumn('record_id', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('address', 'text')
    .addColumn('snapshot', 'text', (col) => col.notNull())
    .addColumn('images', 'text', (col) => col.notNull())
    .addColumn('user_email', 'text')
    .addColumn('deleted_at', 'text', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('trash_record').on('trash').columns(['record_type', 'record_id']).execute()
  await db.schema.createIndex('trash_deleted_at').on('trash').column('deleted_at').execute()

  for (const [type, [table, prefix]] of Object.entries(ADDRESSES)) {
    const rows: { id: string; record_id: string; snapshot: string; user_email: string | null; created_at: string }[] = await db
      .selectFrom('revisions')
      .select(['id', 'record_id', 'snapshot', 'user_email', 'created_at'])
      .where('record_type', '=', type)
      .where('action', '=', 'deleted')
      .where('record_id', 'not in', db.selectFrom(table).select('id'))
      .orderBy('created_at', 'desc')
      .execute()
    const seen = new Set<string>()
    for (const row of rows) {
      if (seen.has(row.record_id)) continue
      seen.add(row.record_id)
      const snapshot = JSON.parse(row.snapshot) as { title?: unknown; slug?: unknown }
      await db
        .insertInto('trash')
        .values({
          id: row.id,
          record_type: type,
          record_id: row.record_id,
          name: typeof snapshot.title === 'string' ? snapshot.title : '',
          address: typeof snapshot.slug === 'string' ? `${prefix}${snapshot.slug}` : null,
          snapshot: row.snapshot,
          images: JSON.stringify([...new Set(row.snapshot.match(/\/media\/[^"\\]+/g) ?? [])]),
          user_email: row.user_email,
          deleted_at: row.created_at,
        })
        .execute()
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('trash').execute()
}
