import type { Kysely } from 'kysely'

/*
 * The home page showed its proof three times in a row (a snapshot of figures, three study cards,
 * three testimonials), mostly the same clients. It becomes one band: a featured study and three
 * smaller ones. An older site's home page gets the new band only where the three blocks still stand
 * together exactly as seeded, in its draft, live and scheduled versions alike; a page an editor has
 * changed there keeps its blocks. Testimonials gain an optional review address: the stars show only
 * with one. Migrations never import app code, so the seeded blocks are repeated here
 * (app/content/pages/home.ts).
 */

const SEEDED = [
  {
    id: 'home-client-success',
    type: 'figures',
    data: {
      anchor: 'client-success',
      eyebrow: 'Client Success Snapshot',
      title: 'Small changes, steady results',
      tone: 'muted',
      items: [
        {
          client: 'Sound Side Heating & Air',
          result: 'Missed calls in peak season down from about 45 a week to 3',
          color: 'blue',
          link: '/case-studies/hvac-assistant',
        },
        {
          client: 'Crescent Key Realty',
          result: 'First reply to new leads down from about 3 hours to under 5 minutes',
          color: 'violet',
          link: '/case-studies/real-estate-lead',
        },
        {
          client: 'Wag & Wade Doggy Daycare',
          result: '18% more repeat bookings and no holiday double bookings',
          color: 'emerald',
          link: '/case-studies/doggy-daycare',
        },
      ],
    },
  },
  {
    id: 'home-case-studies',
    type: 'case-studies',
    data: {
      anchor: 'case-studies',
      eyebrow: 'Client Success Stories',
      title: 'Real businesses, everyday problems solved',
      tone: 'white',
      studies: ['hvac-assistant', 'healthcare-ai', 'real-estate-lead'],
      linkTo: 'card',
      buttonLabel: 'View All Case Studies',
      buttonLink: '/case-studies',
    },
  },
  {
    id: 'home-testimonials',
    type: 'testimonials',
    data: { anchor: 'testimonials', eyebrow: 'Testimonials', title: 'What owners tell us', tone: 'muted', page: 'home', columns: '3' },
  },
]

const PROOF = {
  id: 'home-proof',
  type: 'featured-proof',
  data: {
    anchor: 'case-studies',
    eyebrow: 'Client Success Stories',
    title: 'Real businesses, everyday problems solved',
    tone: 'muted',
    featuredAnchor: 'client-success',
    featuredLabel: 'Client Success Snapshot',
    studies: ['hvac-assistant', 'real-estate-lead', 'doggy-daycare', 'lawn-care'],
    linkTo: 'card',
    buttonLabel: 'View All Case Studies',
    buttonLink: '/case-studies',
  },
}

/** JSON with its keys sorted, so two blocks compare by what they hold, not by the order it was written in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`
  return JSON.stringify(value)
}

const seeded = SEEDED.map(canonical)

/** The content with the one proof band in place of the three, or null where they are not as seeded. */
function withOneProofBand(json: string | null): string | null {
  if (!json) return null
  const content = JSON.parse(json) as { blocks?: unknown[] }
  if (!Array.isArray(content.blocks)) return null
  const at = content.blocks.findIndex((block) => canonical(block) === seeded[0])
  if (at < 0 || seeded.some((block, i) => canonical(content.blocks![at + i]) !== block)) return null
  const blocks = [...content.blocks.slice(0, at), PROOF, ...content.blocks.slice(at + seeded.length)]
  return JSON.stringify({ ...content, blocks })
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('testimonials').addColumn('review_url', 'text').execute()
  const home = await db.selectFrom('pages').select(['id', 'draft', 'live', 'scheduled']).where('path', '=', '/').executeTakeFirst()
  if (!home) return
  const changes = Object.fromEntries(
    (['draft', 'live', 'scheduled'] as const).flatMap((column) => {
      const next = withOneProofBand(home[column])
      return next ? [[column, next]] : []
    }),
  )
  if (Object.keys(changes).length > 0) await db.updateTable('pages').set(changes).where('id', '=', home.id).execute()
}
