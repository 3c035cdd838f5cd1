import { expect, it } from 'vitest'
import { homePage } from '~/content/pages/home'
import { pageContentSchema } from '~/lib/page-content'
import { migrateToLatest } from '~/server/db/connection.server'
import { listTestimonialsFor } from '~/server/repositories/testimonials.server'
import type { Db } from '~/server/db/schema.server'
import { createTestDatabaseAt, testDialects, type UntypedDb } from '../support/databases'

// The three proof blocks as a site seeded before 0038 has them (the migration's own copy, repeated
// here so a change to either is caught).
const OLD_PROOF = [
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

const seededProof = homePage.content.blocks.find((block) => block.id === 'home-proof')!
const band = (id: string) => ({ id, type: 'cta-band', data: {} })
const ids = (json: string) => (JSON.parse(json) as { blocks: { id: string }[] }).blocks.map((block) => block.id)

it.each(testDialects)(
  'migration 0038 puts one proof band where the three are as seeded, and gives testimonials a review source [%s]',
  async (dialect) => {
    const database = await createTestDatabaseAt(dialect, '2026_11_28_0037_pricing')
    try {
      const db = database.db as unknown as UntypedDb
      const now = new Date().toISOString()
      const content = (blocks: unknown[]) => JSON.stringify({ description: 'D', blocks })
      const seeded = content([band('home-hero'), ...OLD_PROOF, band('home-build-together')])
      // The draft as seeded (its keys in another order), the live version with an edited snapshot title, none scheduled.
      const reordered = content([
        band('home-hero'),
        ...OLD_PROOF.map(({ data, type, id }) => ({ data, type, id })),
        band('home-build-together'),
      ])
      const edited = structuredClone(OLD_PROOF)
      edited[0]!.data.title = 'Our own words'
      await db
        .insertInto('pages')
        .values({
          id: 'home',
          path: '/',
          name: 'Home',
          template: 'page',
          draft: reordered,
          live: content([band('home-hero'), ...edited, band('home-build-together')]),
          scheduled: null,
          updated_at: now,
          created_at: now,
        })
        .execute()
      await db
        .insertInto('pages')
        .values({
          id: 'about',
          path: '/about',
          name: 'About',
          template: 'page',
          draft: seeded,
          live: seeded,
          updated_at: now,
          created_at: now,
        })
        .execute()
      expect(await migrateToLatest(database)).toContain('2026_11_28_0038_home_proof')

      const home = await db.selectFrom('pages').select(['draft', 'live', 'scheduled']).where('id', '=', 'home').executeTakeFirstOrThrow()
      expect(ids(home.draft)).toEqual(['home-hero', 'home-proof', 'home-build-together'])
      // The words a new site is seeded with, and a block the editor accepts.
      expect(JSON.parse(home.draft).blocks[1]).toEqual(seededProof)
      expect(pageContentSchema.safeParse(homePage.content).success).toBe(true)
      expect(ids(home.live)).toEqual(['home-hero', 'home-client-success', 'home-case-studies', 'home-testimonials', 'home-build-together'])
      expect(home.scheduled).toBeNull()
      // Only the home page is the home page's.
      const about = await db.selectFrom('pages').select('draft').where('id', '=', 'about').executeTakeFirstOrThrow()
      expect(about.draft).toBe(seeded)

      // The seeded testimonials have no review source, so none shows stars until the owner links one.
      const shown = await listTestimonialsFor(database.db as Db, 'home')
      expect(shown).toHaveLength(3)
      expect(shown.map((testimonial) => testimonial.reviewUrl)).toEqual([null, null, null])
    } finally {
      await database.cleanup()
    }
  },
)
