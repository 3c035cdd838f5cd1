import type { Kysely } from 'kysely'

// Sign-in failures become one counter per key ('email:…', 'ip:…') that a single upsert raises, so
// guesses arriving at the same instant are each given their own number and the limit holds. The old
// table held a row per failure, counted before the slow password check; its rows are not carried
// over (they expire within 15 minutes anyway).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sign_in_attempts')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('window_ends_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('sign_in_attempts_window_idx').on('sign_in_attempts').column('window_ends_at').execute()
  await db.schema.dropTable('login_failures').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sign_in_attempts').execute()
  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
}
