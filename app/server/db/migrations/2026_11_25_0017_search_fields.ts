import type { Kysely } from 'kysely'

/*
 * How a page shows in a search result and a social share: an optional title, description and share
 * image that stand in for the page's own, and "hide from search engines". Posts and case studies
 * carry them; the marketing pages keep theirs in `page_search_fields`, one row per page that has
 * any. Case studies also get a slug of their own, so their address can change while their id
 * (which revisions, activity and drafts refer to) stays; every study keeps its address, the id.
 */
const SEARCH_COLUMNS = ['seo_title', 'meta_description', 'social_image'] as const

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['blog_posts', 'case_studies']) {
    for (const column of SEARCH_COLUMNS) await db.schema.alterTable(table).addColumn(column, 'text').execute()
    await db.schema
      .alterTable(table)
      .addColumn('noindex', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
  }

  await db.schema.alterTable('case_studies').addColumn('slug', 'text').execute()
  await db
    .updateTable('case_studies')
    .set((eb) => ({ slug: eb.ref('id') }))
    .execute()
  await db.schema.createIndex('case_studies_slug_unique').on('case_studies').column('slug').unique().execute()

  await db.schema
    .createTable('page_search_fields')
    .addColumn('page', 'text', (c) => c.primaryKey())
    .addColumn('seo_title', 'text')
    .addColumn('meta_description', 'text')
    .addColumn('social_image', 'text')
    .addColumn('noindex', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
}
