import type { Kysely } from 'kysely'

/*
 * Team members are ordered by hand, as testimonials and case studies already are: each gets a
 * position, at first in the alphabetical order the About page shows today, so nothing moves on
 * upgrade. A case study can be a draft: `published` 0 keeps it from visitors; existing ones stay live.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('team_members')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  const members: { id: string }[] = await db.selectFrom('team_members').select('id').orderBy('name').orderBy('id').execute()
  for (const [position, { id }] of members.entries()) {
    await db.updateTable('team_members').set({ position }).where('id', '=', id).execute()
  }
  await db.schema
    .alterTable('case_studies')
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('case_studies').dropColumn('published').execute()
  await db.schema.alterTable('team_members').dropColumn('position').execute()
}
