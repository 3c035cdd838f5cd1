import type { Kysely } from 'kysely'

/*
 * The founder leads the team, the post about AI receptionists gets a cover without a robot, and
 * each industry its own picture of the trade, no longer its client story's illustration (so no
 * picture shows on more than two pages).
 * A site seeded before lists its four seeded members by name, the founder last: where the team still
 * starts with exactly those four in that order, they take the seed's order instead (what an editor
 * has reordered stays). The post's cover changes only where it is still the one the seed gave it.
 * Migrations never import app code, so the names and paths are repeated here (app/content/team.ts,
 * app/server/services/seed-content.server.ts).
 */

/** The seeded members, founder first, as app/content/team.ts lists them. */
const SEEDED_TEAM = ['Nicole Arceneaux', 'Darnell Price', 'Elena Vasquez', 'Caleb Mercer']
const SEEDED_POST = 'what-an-ai-receptionist-actually-does-for-a-small-business'
const OLD_COVER = '/blog/ai-receptionist.svg'
const NEW_COVER = '/blog/front-desk.svg'
/** Each industry's seeded picture, and the trade's own that replaces it: path, then alt text. */
const TRADE_PICTURES = new Map<string, { old: string; src: string; alt: string }>(
  [
    [
      'hvac',
      'A wall air conditioner blowing cool air, a thermostat and a phone confirming a service booking',
      'An outdoor air conditioning unit beside a thermostat',
    ],
    ['pet-care', 'A happy dog with a collar beside a calendar with a booked appointment', 'A paw print, a food bowl, a leash and a bone'],
    ['real-estate', 'A house with a new buyer lead card and a message bubble', 'A house with a sign out front'],
    ['beauty-wellness', 'Open salon scissors with sparkles beside a booking calendar and clock', 'A barber pole beside a comb'],
    ['property-management', 'An apartment building with a resolved maintenance ticket and wrench', 'An apartment building and a key'],
    ['home-services', 'A lawn mower on grass with a leaf beside a job schedule checklist', 'A lawn mower on freshly cut grass'],
    [
      'healthcare',
      'A patient clipboard with a heart beside a phone showing a confirmed appointment',
      'A patient chart with a medical cross beside a stethoscope',
    ],
    ['legal', 'Scales of justice beside a signed document', 'A row of law books beside a gavel'],
  ].map(([trade, old, alt]) => [`/illustrations/${trade}.svg`, { old: old!, src: `/illustrations/trades/${trade}.svg`, alt: alt! }]),
)

/**
 * The value with every picture ({ src, alt }) still showing an industry's seeded illustration given
 * the trade's own; its alt text follows where it is still the seeded one.
 */
function withTradePictures(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withTradePictures)
  if (!value || typeof value !== 'object') return value
  const object = Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, withTradePictures(inner)]))
  const trade = typeof object.src === 'string' ? TRADE_PICTURES.get(object.src) : undefined
  if (!trade) return object
  return { ...object, src: trade.src, ...(object.alt === trade.old && { alt: trade.alt }) }
}

/** The JSON with the trades' pictures, or null where it holds none of the old ones. */
function jsonWithTradePictures(json: string | null): string | null {
  if (!json) return null
  const next = JSON.stringify(withTradePictures(JSON.parse(json)))
  return next === JSON.stringify(JSON.parse(json)) ? null : next
}

async function giveTradesTheirPictures(db: Kysely<any>): Promise<void> {
  const items: { id: string; data: string }[] = await db
    .selectFrom('collection_items')
    .select(['id', 'data'])
    .where('collection', '=', 'industries')
    .execute()
  for (const item of items) {
    const data = jsonWithTradePictures(item.data)
    if (data) await db.updateTable('collection_items').set({ data }).where('id', '=', item.id).execute()
  }
  const pages = await db.selectFrom('pages').select(['id', 'draft', 'live', 'scheduled']).where('path', 'like', '/industries/%').execute()
  for (const page of pages) {
    const changes = Object.fromEntries(
      (['draft', 'live', 'scheduled'] as const).flatMap((column) => {
        const next = jsonWithTradePictures(page[column])
        return next ? [[column, next]] : []
      }),
    )
    if (Object.keys(changes).length > 0) await db.updateTable('pages').set(changes).where('id', '=', page.id).execute()
  }
}

async function putFounderFirst(db: Kysely<any>): Promise<void> {
  const rows: { id: string; name: string; position: number }[] = await db
    .selectFrom('team_members')
    .select(['id', 'name', 'position'])
    .orderBy('position')
    .orderBy('name')
    .orderBy('id')
    .execute()
  const leading = rows.slice(0, SEEDED_TEAM.length)
  const asSeeded = [...SEEDED_TEAM].sort()
  if (leading.length !== asSeeded.length || leading.some((row, index) => row.name !== asSeeded[index])) return
  // The four keep the places they hold among the rest; only their order among themselves changes.
  const places = leading.map((row) => row.position)
  for (const [index, name] of SEEDED_TEAM.entries()) {
    const row = leading.find((candidate) => candidate.name === name)!
    await db.updateTable('team_members').set({ position: places[index] }).where('id', '=', row.id).execute()
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await putFounderFirst(db)
  await giveTradesTheirPictures(db)
  await db
    .updateTable('blog_posts')
    .set({ featured_image: NEW_COVER })
    .where('slug', '=', SEEDED_POST)
    .where('featured_image', '=', OLD_COVER)
    .execute()
}
