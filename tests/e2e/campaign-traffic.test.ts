import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { playbook } from '~/content/playbook'
import { KEPT_PAGES_PER_DAY, KEPT_PER_DAY } from '~/server/repositories/visit-counts.server'
import { createTestDatabase, testDialects, type TestDatabase } from '../support/databases'
import { logMessages } from '../support/log-lines'
import { startServer, withServerDb, type RunningServer } from '../support/server'

// Headless Chromium's user agent is a robot's to isbot: visitors here present a desktop browser's.
const PERSON = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
// More requests than a day keeps pages: an industry page answers any well-formed name.
const FLOOD = KEPT_PAGES_PER_DAY + 100

for (const dialect of testDialects) {
  describe(`visitors from ads and made-up campaigns [${dialect}]`, () => {
    let database: TestDatabase | undefined
    // On PostgreSQL two instances share the database, as behind a load balancer.
    const servers: RunningServer[] = []
    const site = () => servers[0]!
    const page = async (path: string, headers: Record<string, string> = {}) => {
      const answer = await fetch(`${site().url}${path}`, { headers })
      expect(answer.status, path).toBe(200)
      return answer.text()
    }
    const cachedAnswers = (path: string) => logMessages(site().output()).filter((line) => line === `GET ${path} 200 cached`).length

    beforeAll(async () => {
      const env = { ANALYTICS_FLUSH_SECONDS: '0.2' }
      if (dialect === 'sqlite') {
        servers.push(await startServer(env))
        return
      }
      database = await createTestDatabase('postgres', { migrate: false })
      if (database.target.kind !== 'postgres') throw new Error('expected PostgreSQL')
      const shared = { ...env, DATABASE_URL: database.target.url, COOKIE_SECRET: 'shared-secret-for-both-instances-0123456789' }
      for (let i = 0; i < 2; i++) servers.push(await startServer(shared))
    })
    afterAll(async () => {
      for (const server of servers) await server.stop()
      await database?.cleanup()
    })

    it('answers a page asked for with a click id of its own from the cache, as the page everyone gets', async () => {
      // The first visitor comes from an ad: the page is rendered without the click id, which the
      // page would otherwise repeat (its form's action), and it is the page a plain visit gets.
      const fromAd = await page('/contact?fbclid=first-click')
      expect(fromAd).not.toContain('first-click')
      expect(fromAd).toContain('action="/contact"')
      expect(await page('/contact')).toBe(fromAd)
      for (const click of ['fbclid=a1', 'gclid=b2', 'msclkid=c3', 'utm_source=x&utm_campaign=y&mc_eid=d4', 'made=up']) {
        expect(await page(`/contact?${click}`)).toBe(fromAd)
      }
      await expect.poll(() => cachedAnswers('/contact') + cachedAnswers('/contact?gclid=b2') + cachedAnswers('/contact?made=up')).toBe(3)
      expect(cachedAnswers('/contact?fbclid=first-click')).toBe(0)
    })

    it('keeps in the key the parameters a page reads, and only those', async () => {
      const expired = await page('/resources/ai-playbook?link=expired&gclid=1')
      expect(expired).toContain(playbook.link.expired)
      expect(expired).toContain('action="/resources/ai-playbook?link=expired"')
      expect(await page('/resources/ai-playbook?fbclid=2&link=expired')).toBe(expired)
      expect(await page('/resources/ai-playbook')).not.toContain(playbook.link.expired)

      const search = await page('/resources/blog?q=nothing-matches-this&utm_source=news')
      expect(search).toContain('nothing-matches-this')
      expect(await page('/resources/blog?utm_medium=mail&q=nothing-matches-this')).toBe(search)
      expect(await page('/resources/blog?q=another-search')).not.toContain('nothing-matches-this')
      await expect
        .poll(
          () =>
            cachedAnswers('/resources/ai-playbook?fbclid=2&link=expired') +
            cachedAnswers('/resources/blog?utm_medium=mail&q=nothing-matches-this'),
        )
        .toBe(2)
    })

    it('still counts the campaign in the address of a page answered from the cache, on every instance', async () => {
      const campaign = `click-${Date.now()}`
      for (let i = 0; i < 4; i++) {
        const server = servers[i % servers.length]!
        const answer = await fetch(`${server.url}/partners?utm_source=ads&utm_campaign=${campaign}&fbclid=${campaign}-${i}`, {
          headers: { 'User-Agent': PERSON },
        })
        expect(answer.status).toBe(200)
      }
      const counted = () =>
        withServerDb(site(), async (db) => {
          const row = await db
            .selectFrom('campaign_visits')
            .select((eb) => eb.fn.sum<number | string>('visits').as('visits'))
            .where('campaign', '=', campaign)
            .executeTakeFirst()
          return Number(row?.visits ?? 0)
        })
      await expect.poll(counted).toBe(4)
    })

    it('keeps a flood of made-up pages, campaigns and referrers within the daily bound, the rest counted as Other', async () => {
      const stamp = Date.now()
      const today = new Date().toISOString().slice(0, 10)
      const totals = (table: 'page_views' | 'campaign_visits' | 'referrer_visits') =>
        withServerDb(site(), async (db) => {
          const row = await db
            .selectFrom(table)
            .select((eb) => [
              eb.fn.countAll<number | string>().as('rows'),
              eb.fn.sum<number | string>(table === 'page_views' ? 'views' : 'visits').as('counted'),
            ])
            .where('day', '=', today)
            .executeTakeFirstOrThrow()
          return { rows: Number(row.rows), counted: Number(row.counted ?? 0) }
        })
      const tables = ['page_views', 'campaign_visits', 'referrer_visits'] as const
      const before = await Promise.all(tables.map(totals))
      for (let start = 0; start < FLOOD; start += 50) {
        await Promise.all(
          Array.from({ length: Math.min(50, FLOOD - start) }, async (_, offset) => {
            const i = start + offset
            const answer = await fetch(
              `${servers[i % servers.length]!.url}/industries/flood-${stamp}-${i}?utm_campaign=flood-${stamp}-${i}&gclid=${i}`,
              {
                headers: { 'User-Agent': PERSON, Referer: `https://flood-${stamp}-${i}.example/` },
              },
            )
            expect(answer.status).toBe(200)
            await answer.arrayBuffer()
          }),
        )
      }
      // Every view and visit is counted, made-up or not, and the day keeps no more rows than its bound and Other.
      for (const [at, table] of tables.entries())
        await expect.poll(async () => (await totals(table)).counted).toBe(before[at]!.counted + FLOOD)
      expect((await totals('page_views')).rows).toBe(KEPT_PAGES_PER_DAY + 1)
      expect((await totals('campaign_visits')).rows).toBe(KEPT_PER_DAY + 1)
      expect((await totals('referrer_visits')).rows).toBe(KEPT_PER_DAY + 1)
    })
  })
}
