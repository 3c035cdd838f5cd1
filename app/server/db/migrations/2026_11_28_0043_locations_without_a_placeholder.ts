import type { Kysely } from 'kysely'

/*
 * A location without a street address showed "(Contact for office details)", a note that promises
 * nothing. Older sites' locations that still carry that seeded note lose it and get the area their
 * team serves (the seed's words, repeated here since migrations never import app code); a city the
 * seed did not have gets no area, so it shows its city alone until the owner adds one.
 */

const SEEDED_NOTE = '(Contact for office details)'

const AREAS: Record<string, string> = {
  'New Orleans': 'Serving the Northshore, the Westbank and Greater New Orleans',
  'Biloxi/Gulfport': 'Serving the Mississippi Gulf Coast, from Bay St. Louis to Pascagoula',
  Atlanta: 'Serving Metro Atlanta, from Marietta to McDonough',
  'San Antonio': 'Serving San Antonio, New Braunfels and the Hill Country',
}

export async function up(db: Kysely<any>): Promise<void> {
  const items = await db.selectFrom('collection_items').select(['id', 'data']).where('collection', '=', 'locations').execute()
  for (const item of items) {
    const data = JSON.parse(item.data) as { city?: string; details?: string; area?: string }
    if (data.details?.trim() !== SEEDED_NOTE) continue
    const next = { ...data, details: '', area: data.area || AREAS[data.city ?? ''] || '' }
    await db
      .updateTable('collection_items')
      .set({ data: JSON.stringify(next) })
      .where('id', '=', item.id)
      .execute()
  }
}
