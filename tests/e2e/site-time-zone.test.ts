import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { toast, waitForHydration } from '../support/browser'
import { createTestAuthor, createTestPost } from '../support/blog'
import { testDialects } from '../support/databases'
import { postForm, signInOverHttp, visit } from '../support/http'
import { logMessages } from '../support/log-lines'
import { withServerDb } from '../support/server'
import { ADMIN, signInThroughForm, useRunningSite } from '../support/site'

/*
 * The site's time zone, in Chromium against the production server, on each engine: an owner picks it
 * in Site Settings (an unknown one is refused at the field), and from the next page on every date, in
 * the back office and on the cached public pages alike, is shown in it. Stored instants stay put.
 */

for (const dialect of testDialects) {
  describe(`site time zone [${dialect}]`, () => {
    const site = useRunningSite({}, dialect)
    // 3:30 AM UTC on March 6 is still the evening of March 5 in Chicago, and noon on the 6th in Tokyo.
    const LATE_POST = { slug: 'late-evening-post', publishedAt: '2026-03-06T03:30:00.000Z' }
    // 9:00 AM on December 3 in Chicago: midnight on December 4 in Tokyo.
    const SCHEDULED = { title: 'Year-end checklist', slug: 'year-end-checklist', publishedAt: '2099-12-03T15:00:00.000Z' }

    beforeAll(async () => {
      await withServerDb(site.server, async (db) => {
        const authorId = await createTestAuthor(db, { name: 'Zone Author' })
        await createTestPost(db, authorId, { title: 'Late evening post', ...LATE_POST })
        await createTestPost(db, authorId, SCHEDULED)
      })
    })

    async function siteSettings(width: number): Promise<Page> {
      const context = await site.browser.newContext({ baseURL: site.server.url, viewport: { width, height: 900 } })
      const page = await context.newPage()
      await signInThroughForm(page)
      await page.goto('/admin/settings?tab=site')
      await waitForHydration(page)
      return page
    }

    const postDate = async () =>
      /data-testid="post-date">([^<]+)</.exec((await visit(site.server.url, `/resources/blog/${LATE_POST.slug}`)).html)?.[1]

    it('refuses a zone that is not on the list at its field, in the browser and on the server', async () => {
      const page = await siteSettings(390)
      const zone = page.getByLabel('Time zone')
      expect(await zone.inputValue()).toBe('America/Chicago')
      // A value no list offers, as a tampered page would send it.
      await zone.evaluate((select: HTMLSelectElement) => {
        select.options[select.selectedIndex]!.value = 'Mars/Olympus_Mons'
      })
      await page.getByRole('button', { name: 'Save Settings' }).click()
      await expect
        .poll(() => page.locator('#field-timeZone-error').textContent())
        .toBe('Please choose a time zone from the list, like America/Chicago')
      expect(await zone.getAttribute('aria-invalid')).toBe('true')
      expect(await zone.getAttribute('aria-describedby')).toBe('field-timeZone-error')

      await page.context().close()

      // Sent past the browser's check, the server answers the same at the field, and stores nothing.
      const cookie = await signInOverHttp(site.server.url, ADMIN.email, ADMIN.password)
      const fields = {
        intent: 'site',
        contactEmail: 'hello@example.com',
        partnersEmail: 'partners@example.com',
        bookingUrl: 'https://example.com/book',
        linkedinUrl: 'https://www.linkedin.com/company/example',
        twitterUrl: 'https://x.com/example',
      }
      const refused = await postForm(site.server.url, '/admin/settings?tab=site', { ...fields, timeZone: 'Mars/Olympus_Mons' }, cookie)
      expect(refused.status).toBe(400)
      expect(await refused.text()).toMatch(/id="field-timeZone-error"[^>]*>Please choose a time zone from the list, like America\/Chicago</)
      expect(
        await withServerDb(site.server, (db) =>
          db.selectFrom('site_settings').select('value').where('key', '=', 'time_zone').executeTakeFirst(),
        ),
      ).toBeUndefined()
    })

    it('shows every date in the zone an owner picks, the cached public pages included, and leaves stored times as they were', async () => {
      // Cached as rendered in Chicago time: the second answer comes from the page cache.
      for (let i = 0; i < 2; i++) expect(await postDate()).toBe('March 5, 2026')
      const cachedAnswers = () =>
        logMessages(site.server.output()).filter((line) => line === `GET /resources/blog/${LATE_POST.slug} 200 cached`).length
      await expect.poll(cachedAnswers).toBe(1)

      const page = await siteSettings(1280)
      await page.getByLabel('Time zone').selectOption('Asia/Tokyo')
      await page.getByRole('button', { name: 'Save Settings' }).click()
      await expect.poll(() => toast(page, 'Site settings saved').count()).toBe(1)
      expect(await page.getByLabel('Time zone').inputValue()).toBe('Asia/Tokyo')

      expect(await postDate()).toBe('March 6, 2026')
      await page.goto('/admin/blog')
      const row = page.getByTestId('post-row').filter({ hasText: SCHEDULED.title })
      expect(await row.getByText('Scheduled for Dec 4, 2099, 12:00 AM GMT+9').count()).toBe(1)
      await page.goto('/admin')
      expect(await page.getByTestId('scheduled-posts').textContent()).toContain('Scheduled for Dec 4, 2099, 12:00 AM GMT+9')
      await page.goto('/admin/settings')
      expect(await page.getByTestId('session').first().textContent()).toMatch(/last seen \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M GMT\+9/)

      const stored = await withServerDb(site.server, (db) =>
        db
          .selectFrom('blog_posts')
          .select(['slug', 'published_at'])
          .where('slug', 'in', [LATE_POST.slug, SCHEDULED.slug])
          .orderBy('slug')
          .execute(),
      )
      expect(stored).toEqual([
        { slug: LATE_POST.slug, published_at: LATE_POST.publishedAt },
        { slug: SCHEDULED.slug, published_at: SCHEDULED.publishedAt },
      ])
      await page.context().close()
    })
  })
}
