import { expect, it } from 'vitest'
import { industryPages } from '~/content/pages/industry-pages'
import { pageContentSchema } from '~/lib/page-content'
import { migrateToLatest } from '~/server/db/connection.server'
import { seedContent } from '~/server/services/seed-pages.server'
import { createTestDatabaseAt, testDialects, type UntypedDb } from '../support/databases'

const MIGRATION = '2026_11_28_0039_healthcare_and_legal'

/** How We Help's industries band as older sites were seeded with it: its own seven cards. */
const seededIndustriesServed = {
  id: 'how-we-help-industries',
  type: 'card-grid',
  data: {
    anchor: 'industries-served',
    title: 'Industries we serve',
    tone: 'muted',
    style: 'icon-cards',
    columns: '4',
    items: ['Legal Services', 'Healthcare', 'Retail', 'HVAC', 'Real Estate', 'Hospitality', 'Professional Services'].map((title) => ({
      title,
      description: `What we do for ${title}.`,
      icon: 'none',
      color: 'blue',
      link: '',
      linkLabel: '',
    })),
  },
}

const navigation = (partners: string) =>
  JSON.stringify({
    menus: [
      {
        label: 'About',
        path: '/about',
        sections: [{ title: 'About us', source: 'links', links: [{ title: 'Partners', href: partners }] }],
      },
    ],
    footer: [{ title: 'Company', source: 'links', links: [{ title: 'Partners', href: '/partners' }] }],
  })

async function olderSite(dialect: (typeof testDialects)[number]) {
  const database = await createTestDatabaseAt(dialect, '2026_11_27_0035_closing_calls')
  return { database, db: database.db as unknown as UntypedDb }
}

it.each(testDialects)(
  'migration 0039 gives an older site the healthcare and legal industries and pages, How We Help’s list from them and one Partners link [%s]',
  async (dialect) => {
    const { database, db } = await olderSite(dialect)
    try {
      const now = '2026-01-01T00:00:00.000Z'
      await db.insertInto('app_meta').values({ key: 'pages_seeded_at', value: now }).execute()
      const hvac = { name: 'HVAC', slug: 'hvac', summary: 'S', picture: { src: '/illustrations/hvac.svg', alt: 'A' } }
      await db
        .insertInto('collection_items')
        .values({ id: 'hvac', collection: 'industries', position: 0, data: JSON.stringify(hvac), created_at: now, updated_at: now })
        .execute()
      const page = (id: string, path: string, draft: string, live: string) =>
        db
          .insertInto('pages')
          .values({
            id,
            path,
            name: id,
            template: 'page',
            draft,
            live,
            scheduled: null,
            published_at: now,
            updated_at: now,
            created_at: now,
          })
          .execute()
      const content = (...blocks: object[]) => JSON.stringify({ title: 'T', description: 'D', blocks })
      // How We Help: the draft as seeded, the live version with a card an editor renamed.
      const renamed = {
        ...seededIndustriesServed,
        data: {
          ...seededIndustriesServed.data,
          items: [{ ...seededIndustriesServed.data.items[0]!, title: 'Law Firms' }, ...seededIndustriesServed.data.items.slice(1)],
        },
      }
      const header = { id: 'how-we-help-header', type: 'page-header', data: { title: 'How We Help' } }
      await page('how-we-help', '/how-we-help', content(header, seededIndustriesServed), content(header, renamed))
      // An editor already made a page at /industries/legal: it keeps its address.
      await page('own-legal', '/industries/legal', content(), content())
      await db
        .insertInto('site_settings')
        .values({ key: 'navigation', value: navigation('/about#partners'), updated_at: now })
        .execute()

      expect(await migrateToLatest(database)).toContain(MIGRATION)

      const items = await db
        .selectFrom('collection_items')
        .select(['data', 'position'])
        .where('collection', '=', 'industries')
        .orderBy('position')
        .execute()
      expect(items.map((item: { data: string }) => JSON.parse(item.data).slug)).toEqual(['hvac', 'healthcare', 'legal'])
      // Its picture as migration 0040, run after, leaves it: the trade's own.
      expect(JSON.parse(items[2]!.data)).toMatchObject({ name: 'Legal Services', picture: { src: '/illustrations/trades/legal.svg' } })

      const pages = await db.selectFrom('pages').select(['id', 'path', 'draft', 'live', 'published_at', 'template']).execute()
      const at = (path: string) => pages.filter((row: { path: string }) => row.path === path)
      // The new page is published in the seed's own words.
      const healthcare = at('/industries/healthcare')[0]!
      expect(healthcare).toMatchObject({ template: 'industry', published_at: expect.any(String) })
      const seed = seedContent(industryPages.find((seedPage) => seedPage.path === '/industries/healthcare')!)
      expect(pageContentSchema.parse(JSON.parse(healthcare.live))).toEqual(seed)
      expect(healthcare.draft).toBe(healthcare.live)
      expect(at('/industries/legal').map((row: { id: string }) => row.id)).toEqual(['own-legal'])

      const howWeHelp = at('/how-we-help')[0]!
      expect(JSON.parse(howWeHelp.draft).blocks[1]).toMatchObject({
        type: 'industry-cards',
        data: { industries: 'legal, healthcare, hvac, real-estate' },
      })
      expect(pageContentSchema.safeParse(JSON.parse(howWeHelp.draft)).error).toBeUndefined()
      expect(JSON.parse(howWeHelp.live).blocks[1]).toEqual(renamed)

      const settings = await db
        .selectFrom('site_settings')
        .select(['value', 'updated_at'])
        .where('key', '=', 'navigation')
        .executeTakeFirstOrThrow()
      expect(settings.value).toBe(navigation('/partners'))
      expect(settings.updated_at > now).toBe(true)
    } finally {
      await database.cleanup()
    }
  },
)

it.each(testDialects)('migration 0039 leaves a new site to its first start’s seed, and menus an editor changed [%s]', async (dialect) => {
  const { database, db } = await olderSite(dialect)
  try {
    const now = '2026-01-01T00:00:00.000Z'
    await db
      .insertInto('site_settings')
      .values({ key: 'navigation', value: navigation('/about#tools'), updated_at: now })
      .execute()
    expect(await migrateToLatest(database)).toContain(MIGRATION)
    expect(await db.selectFrom('pages').select('id').execute()).toEqual([])
    expect(await db.selectFrom('collection_items').select('id').execute()).toEqual([])
    const settings = await db
      .selectFrom('site_settings')
      .select(['value', 'updated_at'])
      .where('key', '=', 'navigation')
      .executeTakeFirstOrThrow()
    expect(settings).toEqual({ value: navigation('/about#tools'), updated_at: now })
  } finally {
    await database.cleanup()
  }
})
