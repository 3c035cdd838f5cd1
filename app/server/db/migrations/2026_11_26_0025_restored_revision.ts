import type { Kysely } from 'kysely'

/*
 * A restore's activity line names the revision it brought back, by the time that revision was made
 * (the way the History screen names revisions): the revision itself may be pruned later, the line
 * is kept a year. Empty on every other line.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('activity').addColumn('restored_revision_at', 'text').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('activity').dropColumn('restored_revision_at').execute()
}
