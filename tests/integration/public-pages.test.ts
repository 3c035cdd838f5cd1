import { expect, it } from 'vitest'
import { loader as aboutLoader } from '~/routes/site/about'
import { loader as caseStudiesLoader } from '~/routes/site/case-studies'
import { loader as homeLoader } from '~/routes/site/home'
import { loader as industryLoader } from '~/routes/site/industry'
import { loader as layoutLoader } from '~/routes/site/layout'
import { seedOnce } from '~/server/services/seed.server'
import { fallbackTeamMembers } from '~/content/team'
import { testContext } from '../support/context'
import { describeEachDatabase } from '../support/databases'
import { callRoute } from '../support/route-args'

const get = (path: string) => new Request(`http://localhost${path}`)

describeEachDatabase('public page loaders', (getDb) => {
  const ctx = () => testContext(getDb().db)

  it('shows the four fallback members while the team table is empty, then the saved team by name', async () => {
    const empty = (await callRoute(aboutLoader, get('/about'), ctx())) as Awaited<ReturnType<typeof aboutLoader>>
    expect(empty.team.map((m) => m.name)).toEqual(fallbackTeamMembers.map((m) => m.name))

    await seedOnce(getDb().db)
    await getDb().db.updateTable('team_members').set({ name: 'Aaron First' }).where('role', 'like', '%Client Success%').execute()
    const saved = (await callRoute(aboutLoader, get('/about'), ctx())) as Awaited<ReturnType<typeof aboutLoader>>
    expect(saved.team[0]!.name).toBe('Aaron First')
    expect(saved.team.map((m) => m.name)).toEqual([...saved.team.map((m) => m.name)].sort())
  })

  it('reads the ten case studies and the three home cards from the database', async () => {
    const { studies } = (await callRoute(caseStudiesLoader, get('/case-studies'), ctx())) as Awaited<ReturnType<typeof caseStudiesLoader>>
    expect(studies).toHaveLength(10)
    await getDb().db.updateTable('case_studies').set({ title: 'Edited in the admin' }).where('id', '=', 'hvac-assistant').execute()
    const { featured } = (await callRoute(homeLoader, get('/'), ctx())) as Awaited<ReturnType<typeof homeLoader>>
    expect(featured).toHaveLength(3)
    expect(featured.find((s) => s.id === 'hvac-assistant')?.title).toBe('Edited in the admin')
  })

  it('builds industry pages: tailored, generic for a well-formed slug, 404 otherwise', async () => {
    const industry = (slug: string) => callRoute(industryLoader, get(`/industries/${slug}`), ctx(), { industry: slug })
    expect(await industry('hvac')).toMatchObject({ name: 'HVAC', tailored: true, study: { id: 'hvac-assistant' } })
    expect(await industry('dental-offices')).toMatchObject({
      name: 'Dental Offices',
      tailored: false,
      intro: expect.stringMatching(/^Dental Offices businesses run on/),
    })
    for (const bad of ['Dental', 'a--b', '-x', 'x'.repeat(61), 'semi;colon']) {
      const thrown = await industry(bad).catch((e: unknown) => e)
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
