import { beforeAll, expect, it } from 'vitest'
import type { PublicContent } from '~/lib/admin-sections'
import { loader as pageLoader } from '~/routes/site/page'
import { listItems } from '~/server/repositories/collection-items.server'
import { getPageByPath, visiblePagePaths } from '~/server/repositories/pages.server'
import { COLLECTION_MESSAGES, reorderCollection, saveItem } from '~/server/services/collections.server'
import { createPage } from '~/server/services/pages.server'
import { siteNavigation } from '~/server/services/navigation.server'
import { seedPagesOnce } from '~/server/services/seed-pages.server'
import type { User } from '~/server/services/users.server'
import { signedInAdmin, testContext } from '../support/context'
import { describeEachDatabase } from '../support/databases'
import { callRoute } from '../support/route-args'
import { blockExtra } from '../support/site-pages'

/*
 * The collections on every engine: an item is edited once and every block and menu that lists its
 * collection shows the change; refused items and orders store nothing.
 */

describeEachDatabase('the collections', (getDb) => {
  const db = () => getDb().db
  const heard: PublicContent[] = []
  const ctx = () => testContext(db(), '127.0.0.1', (what) => heard.push(what))
  let editor: User

  beforeAll(async () => {
    await seedPagesOnce(db())
    editor = (await signedInAdmin(ctx(), 'collections-editor@example.com', 'a-long-password', 'editor')).user
  })

  it('shows a renamed service on the Solutions page, in the header’s menu and in the footer', async () => {
    const [first] = await listItems(db(), 'services')
    const renamed = { ...first!.data, name: 'Everyday Automations' }
    expect(await saveItem(ctx(), editor, 'services', { id: first!.id, version: first!.version, data: renamed })).toEqual({
      outcome: 'saved',
      id: first!.id,
    })
    expect(heard).toContain('collections')
    const solutions = await blockExtra(ctx(), '/solutions', 'services')
    expect(solutions.services.map((service) => service.name)).toContain('Everyday Automations')
    const navigation = await siteNavigation(new Request('http://localhost/solutions'), db())
    const menu = navigation.menus.find((item) => item.label === 'Solutions')!
    expect(menu.sections[0]!.items[0]).toEqual({ title: 'Everyday Automations', href: `/solutions#${first!.data.anchor}` })
    expect(navigation.footer[0]!.links[0]!.title).toBe('Everyday Automations')
  })

  it('gives a new industry its published page at /industries/{slug} from the industry template, and leaves a taken path alone', async () => {
    const picture = { src: '/images/industries/hvac.svg', alt: 'A technician at a rooftop unit' }
    const dental = {
      name: 'Dental Offices',
      slug: 'dental-offices',
      summary: 'Recall reminders and a front desk that never misses a call.',
      picture,
    }
    const saved = await saveItem(ctx(), editor, 'industries', { id: null, version: '', data: dental })
    expect(saved).toMatchObject({ outcome: 'saved', industryPage: { path: '/industries/dental-offices', made: true } })
    const page = await callRoute(pageLoader, new Request('http://localhost/industries/dental-offices'), ctx())
    if (page instanceof Response || !('blocks' in page)) throw new Error('no page for the new industry')
    expect(page.blocks[0]).toMatchObject({ type: 'page-header', data: { title: 'AI for Dental Offices', text: dental.summary } })
    expect(page.blocks.find((block) => block.type === 'split')?.data).toMatchObject({ picture })
    expect(page.content.search.hidden).toBe(false)
    expect((await visiblePagePaths(db(), new Date().toISOString())).map((row) => row.path)).toContain('/industries/dental-offices')
    const cards = await blockExtra(ctx(), '/industries', 'industry-cards')
    expect(cards.industries.map((industry) => industry.name)).toContain('Dental Offices')

    // An industry whose address a page already holds is saved, and that page stays as it was.
    const handMade = await createPage(ctx(), editor, { path: '/industries/plumbing', name: 'Plumbing', template: 'blank', hidden: false })
    expect(handMade.outcome).toBe('saved')
    const before = await getPageByPath(db(), '/industries/plumbing')
    const plumbing = { ...dental, name: 'Plumbing', slug: 'plumbing' }
    expect(await saveItem(ctx(), editor, 'industries', { id: null, version: '', data: plumbing })).toMatchObject({
      outcome: 'saved',
      industryPage: { path: '/industries/plumbing', made: false },
    })
    expect(await getPageByPath(db(), '/industries/plumbing')).toEqual(before)
  })

  it('refuses an anchor another service uses, a script link and a missing field, at the field, storing nothing', async () => {
    const before = await listItems(db(), 'services')
    const [first, second] = before
    const taken = await saveItem(ctx(), editor, 'services', {
      id: null,
      version: '',
      data: { ...second!.data, anchor: first!.data.anchor },
    })
    expect(taken).toEqual({ outcome: 'invalid', errors: { anchor: COLLECTION_MESSAGES.taken('service', 'Anchor') } })
    const [partner] = await listItems(db(), 'partners')
    const script = await saveItem(ctx(), editor, 'partners', {
      id: null,
      version: '',
      data: { ...partner!.data, logo: 'javascript:alert(1)' },
    })
    expect(script.outcome === 'invalid' && Object.keys(script.errors)).toEqual(['logo'])
    const empty = await saveItem(ctx(), editor, 'faq', { id: null, version: '', data: { question: ' ', answer: 'An answer.' } })
    expect(empty).toEqual({ outcome: 'invalid', errors: { question: 'Question is required' } })
    expect(await listItems(db(), 'services')).toHaveLength(before.length)
  })

  it('orders the FAQ as an editor moves it, and refuses an order that misses an item', async () => {
    const before = await listItems(db(), 'faq')
    const ids = before.map((item) => item.id)
    const swapped = [ids[1]!, ids[0]!, ...ids.slice(2)]
    expect(await reorderCollection(ctx(), editor, 'faq', swapped)).toBe('saved')
    const shown = await blockExtra(ctx(), '/resources/faq', 'faq')
    expect(shown.items.map((item) => item.question)).toEqual([
      before[1]!.data.question,
      before[0]!.data.question,
      ...before.slice(2).map((item) => item.data.question),
    ])
    expect(await reorderCollection(ctx(), editor, 'faq', swapped.slice(1))).toBe('stale')
    expect((await listItems(db(), 'faq')).map((item) => item.id)).toEqual(swapped)
  })

  it('keeps a stale save from overwriting a newer one', async () => {
    const [location] = await listItems(db(), 'locations')
    const data = { ...location!.data, details: '100 Canal Street, New Orleans' }
    expect((await saveItem(ctx(), editor, 'locations', { id: location!.id, version: location!.version, data })).outcome).toBe('saved')
    expect((await saveItem(ctx(), editor, 'locations', { id: location!.id, version: location!.version, data })).outcome).toBe('stale')
  })
})
