import type { Kysely } from 'kysely'

/*
 * The instances serving the site, each writing its row every 15 seconds
 * (app/server/host/instance-heartbeat.server.ts), so the System screen can tell which are alive and
 * what each runs. A row not seen for a day is deleted by the others; an instance that stops cleanly
 * deletes its own.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('instances')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('instances').execute()
}
