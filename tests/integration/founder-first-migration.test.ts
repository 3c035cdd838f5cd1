import { expect, it } from 'vitest'
import { industries } from '~/content/industries'
import { fallbackTeamMembers } from '~/content/team'
import { migrateToLatest } from '~/server/db/connection.server'
import { seedPosts } from '~/server/services/seed-content.server'
import { createTestDatabaseAt, testDialects, type UntypedDb } from '../support/databases'

const seededPost = seedPosts.find((post) => post.excerpt.startsWith('No robots at the front desk'))!
const seededOrder = fallbackTeamMembers.map((member) => member.name)

const cases = testDialects.flatMap((dialect) => [
  { dialect, asSeeded: true },
  { dialect, asSeeded: false },
])

it.each(cases)(
  'migration 0040 puts the founder first, swaps the robot cover and gives industries their trade pictures, only where as seeded [$dialect, as seeded: $asSeeded]',
  async ({ dialect, asSeeded }) => {
    const database = await createTestDatabaseAt(dialect, '2026_11_28_0037_pricing')
    try {
      const db = database.db as unknown as UntypedDb
      const now = new Date().toISOString()
      // Migration 0031 ordered an older site's seeded team by name; an editor may have moved someone since.
      const byName = [...seededOrder].sort()
      const team = asSeeded ? [...byName, 'Added Later'] : [byName[3]!, ...byName.slice(0, 3), 'Added Later']
      await db
        .insertInto('team_members')
        .values(team.map((name, position) => ({ id: `m${position}`, name, role: 'R', position, created_at: now, updated_at: now })))
        .execute()
      await db.insertInto('authors').values({ id: 'a1', name: 'A', email: 'a@example.com', created_at: now, updated_at: now }).execute()
      await db
        .insertInto('blog_posts')
        .values({
          id: 'p1',
          title: seededPost.title,
          slug: seededPost.slug,
          content: 'C',
          excerpt: seededPost.excerpt,
          featured_image: asSeeded ? '/blog/ai-receptionist.svg' : '/media/own-cover.png',
          published: 1,
          author_id: 'a1',
          search_text: '',
          created_at: now,
          updated_at: now,
        })
        .execute()
      // An industry's picture as seeded in the list; on its page the alt text an editor rewrote, or an own picture.
      const seededPicture = {
        src: '/illustrations/hvac.svg',
        alt: 'A wall air conditioner blowing cool air, a thermostat and a phone confirming a service booking',
      }
      const pagePicture = asSeeded ? { ...seededPicture, alt: 'Our van' } : { src: '/media/own.png', alt: 'Our van' }
      await db
        .insertInto('collection_items')
        .values({
          id: 'i1',
          collection: 'industries',
          position: 0,
          data: JSON.stringify({ slug: 'hvac', picture: seededPicture }),
          created_at: now,
          updated_at: now,
        })
        .execute()
      const pageJson = JSON.stringify({ blocks: [{ id: 'hvac-hero', type: 'hero', data: { picture: pagePicture } }] })
      await db
        .insertInto('pages')
        .values({
          id: 'pg1',
          path: '/industries/hvac',
          name: 'HVAC',
          template: 'industry',
          draft: pageJson,
          live: pageJson,
          scheduled: null,
          updated_at: now,
          created_at: now,
        })
        .execute()
      expect(await migrateToLatest(database)).toContain('2026_11_28_0040_founder_first')

      const names = (await db.selectFrom('team_members').select('name').orderBy('position').orderBy('name').execute()).map(
        (row: { name: string }) => row.name,
      )
      expect(names).toEqual(asSeeded ? [...seededOrder, 'Added Later'] : team)
      const post = await db.selectFrom('blog_posts').select('featured_image').where('id', '=', 'p1').executeTakeFirstOrThrow()
      expect(post.featured_image).toBe(asSeeded ? seededPost.imageUrl : '/media/own-cover.png')
      expect(seededPost.imageUrl).toBe('/blog/front-desk.svg')

      const hvac = industries.find((industry) => industry.slug === 'hvac')!
      const item = await db.selectFrom('collection_items').select('data').where('id', '=', 'i1').executeTakeFirstOrThrow()
      expect(JSON.parse(item.data).picture).toEqual({ src: hvac.image, alt: hvac.imageAlt })
      const page = await db.selectFrom('pages').select(['draft', 'live']).where('id', '=', 'pg1').executeTakeFirstOrThrow()
      for (const json of [page.draft, page.live])
        expect(JSON.parse(json).blocks[0].data.picture).toEqual(asSeeded ? { src: hvac.image, alt: 'Our van' } : pagePicture)
    } finally {
      await database.cleanup()
    }
  },
)
