import { beforeAll, expect, it } from 'vitest'
import { industries } from '~/content/industries'
import { industryPages } from '~/content/pages/industry-pages'
import { newId, nowIso } from '~/lib/ids'
import { loader as pageLoader } from '~/routes/site/page'
import { insertItem } from '~/server/repositories/collection-items.server'
import { seedContent, seedPagesOnce } from '~/server/services/seed-pages.server'
import { seedOnce } from '~/server/services/seed.server'
import { testContext } from '../support/context'
import { describeEachDatabase } from '../support/databases'
import { callRoute } from '../support/route-args'
import { blockExtra } from '../support/site-pages'

const get = (path: string) => new Request(`http://localhost${path}`)

describeEachDatabase('industry pages', (getDb) => {
  const ctx = () => testContext(getDb().db)
  const page = (path: string) => callRoute(pageLoader, get(path), ctx())

  // The case studies and the pages, as a new site starts with them.
  beforeAll(async () => {
    await seedOnce(getDb().db)
    await seedPagesOnce(getDb().db)
  })

  /** A page under /industries/ as the editor would add one, from an industry page's blocks. */
  async function addIndustryPage(slug: string, name: string, published: boolean) {
    const hvac = seedContent(industryPages[0]!)
    const blocks = hvac.blocks.map((block) =>
      block.type === 'page-header' ? { ...block, data: { ...block.data, cardText: `${name} in a sentence.` } } : block,
    )
    const content = JSON.stringify({ ...hvac, blocks })
    const now = nowIso()
    await getDb()
      .db.insertInto('pages')
      .values({
        id: newId(),
        path: `/industries/${slug}`,
        name,
        template: 'industry',
        draft: content,
        live: published ? content : null,
        published_at: published ? now : null,
        created_at: now,
        updated_at: now,
      })
      .execute()
  }

  it('serves each industry its own page, under Industries in the trail, with its story', async () => {
    expect(await page('/industries/hvac')).toMatchObject({
      content: { title: 'AI for HVAC', search: { hidden: false } },
      trail: [
        { name: 'Industries', path: '/industries' },
        { name: 'HVAC', path: '/industries/hvac' },
      ],
    })
    expect((await blockExtra(ctx(), '/industries/hvac', 'case-studies')).studies.map((study) => study.href)).toEqual([
      '/case-studies/hvac-assistant',
    ])
  })

  it('fills the template in for a well-formed industry without a page, hidden from search, and finds nothing at a malformed one', async () => {
    const generic = await page('/industries/dental-offices')
    expect(generic).toMatchObject({
      content: {
        title: 'AI for Dental Offices',
        description: expect.stringMatching(/^Dental Offices businesses run on/),
        search: { hidden: true },
      },
      trail: [{ name: 'Industries' }, { name: 'Dental Offices', path: '/industries/dental-offices' }],
    })
    expect(JSON.stringify(generic)).not.toContain('{name}')
    for (const bad of ['a--b', '-x', 'x'.repeat(61), 'semi;colon', 'hvac/more']) {
      const thrown = await page(`/industries/${bad}`).catch((error: unknown) => error)
      expect(thrown, bad).toMatchObject({ init: { status: 404 } })
    }
  })

  it('lists the industries of the collection on /industries, in their order, a new one last; an unpublished page is not served', async () => {
    const launched = industries.map((industry) => ({
      name: industry.name,
      slug: industry.slug,
      path: `/industries/${industry.slug}`,
      summary: industry.summary,
      picture: { src: industry.image, alt: industry.imageAlt },
    }))
    const { industries: shown } = await blockExtra(ctx(), '/industries', 'industry-cards')
    expect(shown.map(({ id: _id, ...card }) => card)).toEqual(launched)
    await insertItem(getDb().db, 'industries', {
      name: 'Bakeries',
      slug: 'bakeries',
      summary: 'Bakeries in a sentence.',
      picture: { src: '/illustrations/hvac.svg', alt: 'A bakery' },
    })
    const { industries: cards } = await blockExtra(ctx(), '/industries', 'industry-cards')
    expect(cards.map((card) => card.name)).toEqual([...launched.map((card) => card.name), 'Bakeries'])
    expect(cards.at(-1)!.path).toBe('/industries/bakeries')
    await addIndustryPage('dentists', 'Dentists', false)
    // An unpublished page's address is not taken over by the template either: nothing shows there.
    expect(await page('/industries/dentists').catch((error: unknown) => error)).toMatchObject({ init: { status: 404 } })
  })
})
