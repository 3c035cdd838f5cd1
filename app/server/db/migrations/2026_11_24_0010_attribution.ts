import type { Kysely } from 'kysely'

/*
 * Where leads come from, and which pages bring them, counted first-party with nothing personal:
 * - each lead keeps the page its visit landed on, the site that sent the visit, its UTM parameters
 *   and the page its form was sent from (earlier leads have none);
 * - visitors' page views are counted per day and path (with the visits that entered the site
 *   there), the sites that referred visits per day and host, and UTM campaigns per day. Counts
 *   only: no address, no browser, no identifier of any kind.
 */
const leadColumns = [
  'landing_page',
  'referrer',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'form_page',
] as const

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of leadColumns) await db.schema.alterTable('inquiries').addColumn(column, 'text').execute()
  await db.schema
    .createTable('page_views')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull())
    // The views that began a visit: no referrer, or another site's.
    .addColumn('entries', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('page_views_pk', ['day', 'path'])
    .execute()
  await db.schema
    .createTable('referrer_visits')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('visits', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('referrer_visits_pk', ['day', 'host'])
    .execute()
  await db.schema
    .createTable('campaign_visits')
    .addColumn('day', 'text', (c) => c.notNull())
    // A part the link did not name is ''.
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('medium', 'text', (c) => c.notNull())
    .addColumn('campaign', 'text', (c) => c.notNull())
    .addColumn('visits', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('campaign_visits_pk', ['day', 'source', 'medium', 'campaign'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['campaign_visits', 'referrer_visits', 'page_views']) await db.schema.dropTable(table).execute()
  for (const column of leadColumns) await db.schema.alterTable('inquiries').dropColumn(column).execute()
}
