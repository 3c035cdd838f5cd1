import type { Kysely } from 'kysely'

/*
 * The latest errors the instances logged, for the System screen: written in batches by
 * app/server/host/error-recorder.server.ts and cut back to the newest 200, so the table stays small
 * whatever goes wrong. The full story stays in the logs; the request id finds it there.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('server_errors')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .addColumn('instance', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('path', 'text')
    .addColumn('request_id', 'text')
    .execute()
  // The screen lists, and the cutting back keeps, the newest.
  await db.schema.createIndex('server_errors_occurred_at').on('server_errors').column('occurred_at').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('server_errors').execute()
}
