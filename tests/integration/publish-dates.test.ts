import { afterAll, describe, expect, it } from 'vitest'
import { DEFAULT_TIME_ZONE } from '~/lib/dates'
import { action as postEditorAction } from '~/routes/admin/post-editor'
import { watchPublishSchedule } from '~/server/host/publish-schedule.server'
import { freshAdmin, sessionOf } from '../support/admins'
import { createTestAuthor, createTestPost, setSiteTimeZone } from '../support/blog'
import { testContext } from '../support/context'
import { describeEachDatabase } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'

describeEachDatabase('publish dates and the schedule', (getDb) => {
  const db = () => getDb().db
  let saved = 0

  describe('publish dates', () => {
    afterAll(() => setSiteTimeZone(db(), DEFAULT_TIME_ZONE))
    /** Saves a post dated `publishAt` on the clocks of `timeZone`, which is the site's zone. */
    async function savePost(publishAt: string, timeZone: string) {
      await setSiteTimeZone(db(), timeZone)
      const email = await freshAdmin(db())
      const cookie = await sessionOf(db(), email, '192.0.2.40')
      const authorId = await createTestAuthor(db())
      const slug = `dated-${++saved}`
      const form = new FormData()
      const fields = { title: 'Dated post', slug, content: 'Body', excerpt: '', authorId, published: 'on', publishAt, timeZone }
      for (const [name, value] of Object.entries(fields)) form.set(name, value)
      const request = new Request('http://localhost/admin/blog/new', { method: 'POST', body: form, headers: { Cookie: cookie } })
      const result = unwrap<{ errors: Record<string, string> }>(await callRoute(postEditorAction, request, testContext(db())))
      const stored = await db().selectFrom('blog_posts').select('published_at').where('slug', '=', slug).executeTakeFirst()
      return { ...result, stored }
    }

    it.each([
      ['+010000-01-01T00:00', 'UTC', 'Please enter a valid date and time'],
      ['10000-01-01T00:00', 'UTC', 'Please enter a valid date and time'],
      ['+275760-09-13T00:00', 'Pacific/Kiritimati', 'Please enter a valid date and time'],
      ['2026-02-30T10:00', 'UTC', 'Please enter a valid date and time'],
      ['1999-12-31T23:59', 'UTC', 'Please choose a publish date between the years 2000 and 2100'],
      ['2101-01-01T00:00', 'UTC', 'Please choose a publish date between the years 2000 and 2100'],
      ['9999-12-31T23:59', 'Pacific/Kiritimati', 'Please choose a publish date between the years 2000 and 2100'],
      // Midnight on 1 January 2000 at UTC+14 is still 1999 in UTC, which is what is stored.
      ['2000-01-01T00:00', 'Pacific/Kiritimati', 'Please choose a publish date between the years 2000 and 2100'],
    ])('refuses the publish date %s (in %s) with a field error and stores nothing', async (publishAt, timeZone, message) => {
      const { status, data, stored } = await savePost(publishAt, timeZone)
      expect(status).toBe(400)
      expect(data.errors.publishAt).toBe(message)
      expect(stored).toBeUndefined()
    })

    it('accepts the last minute of 2100 in the easternmost time zone and stores a four-digit year', async () => {
      const { status, stored } = await savePost('2100-12-31T23:59', 'Pacific/Kiritimati')
      expect(status).toBe(302)
      expect(stored?.published_at).toBe('2100-12-31T09:59:00.000Z')
    })
  })

  describe('scheduled posts', () => {
    it('says a scheduled post is due when the clock reaches its time, and not before', async () => {
      let offset = 0
      const clock = () => Date.now() + offset
      const due: number[] = []
      const schedule = watchPublishSchedule(db(), () => due.push(clock()), clock)
      try {
        // Scheduled after the watcher started, as an admin would: the save re-arms it.
        const tenOClock = Date.now() + 60 * 60 * 1000
        await createTestPost(db(), await createTestAuthor(db()), { publishedAt: new Date(tenOClock).toISOString() })
        schedule.rearm()
        await new Promise((resolve) => setTimeout(resolve, 300))
        expect(due).toEqual([])

        offset = tenOClock - 400 - Date.now()
        schedule.rearm()
        await expect.poll(() => due.length, { timeout: 5_000 }).toBe(1)
        expect(due[0]).toBeGreaterThanOrEqual(tenOClock)
        expect(due[0]! - tenOClock).toBeLessThan(60_000)
      } finally {
        schedule.stop()
      }
    })
  })
})
