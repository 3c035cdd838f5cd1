import { expect, it } from 'vitest'
import { loader as caseStudiesLoader } from '~/routes/site/case-studies'
import { loader as layoutLoader } from '~/routes/site/layout'
import { loader as pageLoader } from '~/routes/site/page'
import { seedOnce } from '~/server/services/seed.server'
import { fallbackTeamMembers } from '~/content/team'
import { testContext } from '../support/context'
import { describeEachDatabase } from '../support/databases'
import { callRoute } from '../support/route-args'
import { blockExtra } from '../support/site-pages'

const get = (path: string) => new Request(`http://localhost${path}`)

describeEachDatabase('public page loaders', (getDb) => {
  const ctx = () => testContext(getDb().db)

  it('shows the four fallback members while the team table is empty, then the saved team in its order, the founder first', async () => {
    const empty = await blockExtra(ctx(), '/about', 'team')
    expect(empty.team.map((m) => m.name)).toEqual(fallbackTeamMembers.map((m) => m.name))

    await seedOnce(getDb().db)
    // A rename does not move anyone: the order is the one kept by hand, not the names'.
    await getDb().db.updateTable('team_members').set({ name: 'Aaron First' }).where('role', 'like', '%Client Success%').execute()
    const saved = await blockExtra(ctx(), '/about', 'team')
    expect(saved.team.map((m) => m.name)).toEqual(
      fallbackTeamMembers.map((m) => (m.role.includes('Client Success') ? 'Aaron First' : m.name)),
    )
    expect(saved.team[0]!.role).toMatch(/^Founder/)
  })

  it("reads the ten case studies and the home page's four proof studies from the database", async () => {
    const { studies } = (await callRoute(caseStudiesLoader, get('/case-studies'), ctx())) as Awaited<ReturnType<typeof caseStudiesLoader>>
    expect(studies).toHaveLength(10)
    await getDb().db.updateTable('case_studies').set({ title: 'Edited in the admin' }).where('id', '=', 'hvac-assistant').execute()
    const { studies: featured } = await blockExtra(ctx(), '/', 'featured-proof')
    expect(featured).toHaveLength(4)
    expect(featured.find((s) => s.id === 'hvac-assistant')?.title).toBe('Edited in the admin')
  })

  it('builds industry pages: tailored, generic for a well-formed slug, 404 otherwise', async () => {
    const industry = async (slug: string) => {
      const page = await callRoute(pageLoader, get(`/industries/${slug}`), ctx())
      return page instanceof Response || !('blocks' in page) ? page : { hidden: page.content.search.hidden, header: page.blocks[0]!.data }
    }
    expect(await industry('hvac')).toMatchObject({ hidden: false, header: { title: 'AI for HVAC' } })
    expect((await blockExtra(ctx(), '/industries/hvac', 'case-studies')).studies.map((study) => study.id)).toContain('hvac-assistant')
    expect(await industry('dental-offices')).toMatchObject({
      hidden: true,
      header: { title: 'AI for Dental Offices', text: expect.stringMatching(/^Dental Offices businesses run on/) },
    })
    for (const bad of ['Dental', 'a--b', '-x', 'x'.repeat(61), 'semi;colon']) {
      const thrown = await industry(bad)
      expect(thrown, bad).toMatchObject({ init: { status: 404 } })
    }
  })

  it('uses saved site settings over the environment defaults', async () => {
    const before = (await callRoute(layoutLoader, get('/'), ctx())) as Awaited<ReturnType<typeof layoutLoader>>
    expect(before.settings.contactEmail).toBe(ctx().config.contactEmail)
    await getDb()
      .db.insertInto('site_settings')
      .values({ key: 'contact_email', value: 'office@example.com', updated_at: new Date().toISOString() })
      .execute()
    const after = (await callRoute(layoutLoader, get('/'), ctx())) as Awaited<ReturnType<typeof layoutLoader>>
    expect(after.settings.contactEmail).toBe('office@example.com')
    expect(after.settings.bookingUrl).toBe(ctx().config.bookingUrl)
  })
})
