import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../dialect.server'

/*
 * One number that moves whenever what a public page is built from changes: the pages, the
 * collections, the settings (the menus among them) and the case studies. Triggers move it, so every
 * write counts, whoever makes it (the back office, a script, another instance). A server keeps those
 * reads in memory while the number stays the same (services/content-reads.server.ts).
 *
 * On PostgreSQL the number moves at commit (a deferred constraint trigger), with the write, so a
 * reader never sees the new number before the new content, and two saves never wait on each other
 * in a cycle: each takes the number's row last.
 */
export const CONTENT_TABLES = ['pages', 'collection_items', 'site_settings', 'case_studies'] as const

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('content_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute()
  await db.insertInto('content_version').values({ id: 1, version: 1 }).execute()

  if (dialect === 'postgres') {
    await sql`create function content_changed() returns trigger language plpgsql as $$
      begin
        update content_version set version = version + 1 where id = 1;
        return null;
      end $$`.execute(db)
    for (const table of CONTENT_TABLES)
      await sql`create constraint trigger ${sql.id(`${table}_content_version`)}
        after insert or update or delete on ${sql.table(table)}
        deferrable initially deferred for each row execute function content_changed()`.execute(db)
    return
  }
  for (const table of CONTENT_TABLES)
    for (const event of ['insert', 'update', 'delete'])
      await sql`create trigger ${sql.id(`${table}_content_version_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
        begin update content_version set version = version + 1 where id = 1; end`.execute(db)
}

export async function down(db: Kysely<any>, dialect: Dialect): Promise<void> {
  for (const table of CONTENT_TABLES) {
    if (dialect === 'postgres') await sql`drop trigger ${sql.id(`${table}_content_version`)} on ${sql.table(table)}`.execute(db)
    else
      for (const event of ['insert', 'update', 'delete']) await sql`drop trigger ${sql.id(`${table}_content_version_${event}`)}`.execute(db)
  }
  if (dialect === 'postgres') await sql`drop function content_changed()`.execute(db)
  await db.schema.dropTable('content_version').execute()
}
