import { afterAll, beforeAll, expect, it } from 'vitest'
import { openDatabase } from '~/server/db/connection.server'
import { readContentVersion } from '~/server/repositories/content-version.server'
import { seedOnce } from '~/server/services/seed.server'
import { siteNavigation } from '~/server/services/navigation.server'
import { testContext } from '../support/context'
import { describeEachDatabase, type UntypedDb } from '../support/databases'
import { blockExtra } from '../support/site-pages'

/*
 * What public pages are built from is kept in memory while the content version stays the same
 * (services/request-reads.server.ts). Every write moves it, whoever makes it: here a second
 * connection, as a script or another instance would, changes rows behind the server's back, and
 * the next request shows the change.
 */
describeEachDatabase('content kept while unchanged', (getDb) => {
  const ctx = () => testContext(getDb().db)
  let other: ReturnType<typeof openDatabase>
  const otherDb = () => other.db as unknown as UntypedDb
  const request = () => new Request('http://localhost/solutions')

  beforeAll(async () => {
    await seedOnce(getDb().db)
    other = openDatabase(getDb().target)
  })
  afterAll(() => other.close())

  it('shows a service renamed by another connection on the next request, in the page and in the menus', async () => {
    const before = await blockExtra(ctx(), '/solutions', 'services')
    const first = before.services[0]!
    const row = await otherDb()
      .selectFrom('collection_items')
      .select(['id', 'data'])
      .where('collection', '=', 'services')
      .orderBy('position')
      .executeTakeFirstOrThrow()
    await otherDb()
      .updateTable('collection_items')
      .set({ data: JSON.stringify({ ...JSON.parse(row.data), name: 'Renamed Elsewhere' }) })
      .where('id', '=', row.id)
      .execute()
    const after = await blockExtra(ctx(), '/solutions', 'services')
    expect(after.services[0]!.name).toBe('Renamed Elsewhere')
    expect(first.name).not.toBe('Renamed Elsewhere')
    const menus = await siteNavigation(request(), getDb().db)
    expect(menus.footer.flatMap((column) => column.links.map((link) => link.title))).toContain('Renamed Elsewhere')
  })

  it('shows a case study changed by another connection in the hero on the next request', async () => {
    await blockExtra(ctx(), '/', 'hero')
    const study = await otherDb()
      .selectFrom('case_studies')
      .select('id')
      .where('headline_figure', 'is not', null)
      .orderBy('position')
      .executeTakeFirstOrThrow()
    await otherDb().updateTable('case_studies').set({ client: 'Client Renamed Elsewhere' }).where('id', '=', study.id).execute()
    const hero = await blockExtra(ctx(), '/', 'hero')
    expect(hero.results.map((result) => result.client)).toContain('Client Renamed Elsewhere')
  })

  it('moves the version with each write to the pages, collections, settings and case studies, and not otherwise', async () => {
    const db = getDb().db
    let version = await readContentVersion(db)
    const moved = async (write: () => Promise<unknown>) => {
      await write()
      const next = await readContentVersion(db)
      const changed = next !== version
      version = next
      return changed
    }
    expect(await moved(() => otherDb().updateTable('pages').set({ name: 'Home again' }).where('path', '=', '/').execute())).toBe(true)
    expect(await moved(() => otherDb().deleteFrom('collection_items').where('collection', '=', 'faq').execute())).toBe(true)
    expect(
      await moved(() => otherDb().insertInto('site_settings').values({ key: 'phone', value: '555 0100', updated_at: 'x' }).execute()),
    ).toBe(true)
    expect(
      await moved(() => otherDb().updateTable('case_studies').set({ title: 'Retitled' }).where('id', '=', 'hvac-assistant').execute()),
    ).toBe(true)
    expect(await moved(() => otherDb().insertInto('app_meta').values({ key: 'unrelated', value: '1' }).execute())).toBe(false)
  })

  it('moves the version only once the write commits', async () => {
    const db = getDb().db
    const before = await readContentVersion(db)
    let during = before
    await otherDb()
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('collection_items').set({ position: 99 }).where('collection', '=', 'locations').execute()
        // SQLite has one writer, and a reader of the same file sees the last commit; PostgreSQL moves the number at commit.
        during = await readContentVersion(db)
      })
    expect(during).toBe(before)
    expect(await readContentVersion(db)).not.toBe(before)
  })
})
