import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { upsertAdmin } from '~/server/services/users.server'
import { toast, waitForHydration } from '../support/browser'
import { testDialects } from '../support/databases'
import { postForm, signInOverHttp } from '../support/http'
import { withServerDb } from '../support/server'
import { useRunningSite, signInThroughForm } from '../support/site'

/*
 * Publishing that does what it says, in Chromium against the production server, on each engine: a
 * restore keeps a record where and as public as it is, a typed date is used or refused, the post
 * list says when a scheduled post goes out and asks before changing what is public, and redirects
 * cannot hide a live page unasked.
 */

// This site's public address: a redirect to it is stored as a path.
const SITE_URL = 'https://www.bayline.example'

for (const dialect of testDialects) {
  describe(`publishing [${dialect}]`, () => {
    // Not-found counts and answers reach the database within a fifth of a second.
    const site = useRunningSite({ SITE_URL, ANALYTICS_FLUSH_SECONDS: '0.2' }, dialect)

    /**
     * A signed-in admin's page, in a browser set to Tokyo time: every time on screen and typed is the
     * site's (America/Chicago, the default), whatever the browser's own zone.
     */
    async function admin({ javaScript = true, width = 1280 } = {}): Promise<Page> {
      const context = await site.browser.newContext({
        baseURL: site.server.url,
        viewport: { width, height: 900 },
        timezoneId: 'Asia/Tokyo',
        javaScriptEnabled: javaScript,
      })
      const page = await context.newPage()
      await signInThroughForm(page, { javaScript })
      return page
    }

    /** How the site answers a visitor, without following a redirect. */
    async function answer(path: string) {
      const response = await fetch(`${site.server.url}${path}`, { redirect: 'manual' })
      return { status: response.status, location: response.headers.get('location'), html: await response.text() }
    }

    const row = (page: Page, title: string) => page.getByTestId('post-row').filter({ hasText: title })

    async function writePost(page: Page, { title, content, slug }: { title: string; content: string; slug?: string }) {
      await page.getByLabel('Title', { exact: true }).fill(title)
      if (slug) await page.getByLabel('Slug').fill(slug)
      await page.getByLabel('Content').fill(content)
      await page.getByLabel('Author').selectOption({ label: 'Nicole Arceneaux' })
    }

    async function newPost(page: Page) {
      await page.goto('/admin/blog/new')
      await waitForHydration(page)
    }

    it('restores a live post’s first draft: it asks first, and the post stays live at its address and date', async () => {
      const page = await admin()
      await newPost(page)
      await writePost(page, { title: 'A first thought', content: 'Draft notes.' })
      expect(await page.getByLabel('Draft').isChecked()).toBe(true)
      await page.getByRole('button', { name: 'Save Post' }).click()
      await page.waitForURL('**/admin/blog')

      await row(page, 'A first thought')
        .getByRole('link', { name: /^Edit / })
        .click()
      await page.waitForURL('**/admin/blog/edit/**')
      await waitForHydration(page)
      await writePost(page, { title: 'The considered post', slug: 'the-considered-post', content: 'Final words.' })
      await page.getByLabel('Publish now').check()
      await page.getByRole('button', { name: 'Save Post' }).click()
      await page.waitForURL('**/admin/blog')
      const before = await withServerDb(site.server, (db) =>
        db.selectFrom('blog_posts').select(['id', 'published_at']).where('slug', '=', 'the-considered-post').executeTakeFirstOrThrow(),
      )

      await page.goto(`/admin/blog/history/${before.id}`)
      await waitForHydration(page)
      const first = page.getByTestId('revision').last()
      await first.getByRole('button', { name: /^Restore the revision of / }).click()
      const ask = page.getByRole('alertdialog', { name: /^Restore the revision of / })
      // The excerpt was filled in from the first text and kept since, so it is not among the changes.
      expect(await ask.textContent()).toContain('Title and Content go back to this revision’s.')
      expect(await ask.textContent()).toContain('The post stays published, dated ')
      expect(await ask.textContent()).toContain('at /resources/blog/the-considered-post.')
      // Cancel changes nothing; the question is asked again, and confirmed from the keyboard.
      await ask.getByRole('button', { name: 'Cancel' }).click()
      await ask.waitFor({ state: 'detached' })
      await first.getByRole('button', { name: /^Restore the revision of / }).click()
      await ask.getByRole('button', { name: 'Restore' }).focus()
      await page.keyboard.press('Enter')
      await expect.poll(() => toast(page, 'Restored the revision of').count()).toBe(1)

      const live = await answer('/resources/blog/the-considered-post')
      expect(live.status).toBe(200)
      expect(live.html).toContain('A first thought')
      expect(live.html).toContain('Draft notes.')
      // The draft's old slug was never a public address: it stays unanswered rather than redirecting anywhere.
      expect((await answer('/resources/blog/a-first-thought')).status).toBe(404)
      const after = await withServerDb(site.server, (db) =>
        db.selectFrom('blog_posts').select(['published', 'published_at']).where('id', '=', before.id).executeTakeFirstOrThrow(),
      )
      expect(after).toEqual({ published: 1, published_at: before.published_at })

      await page.goto('/admin/activity')
      const line = page.getByTestId('activity').filter({ hasText: 'Restored' }).filter({ hasText: 'A first thought' })
      expect(await line.first().textContent()).toMatch(/from the revision of \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}:\d{2} [AP]M C[SD]T/)
      await page.context().close()
    })

    it('restores a case study’s older text at the address it has now', async () => {
      const page = await admin({ width: 390 })
      const edit = async (fields: Record<string, string>) => {
        await page.goto('/admin/case-studies/edit/lawn-care')
        await waitForHydration(page)
        for (const [label, value] of Object.entries(fields)) await page.getByLabel(new RegExp(`^${label}`)).fill(value)
        await page.getByRole('button', { name: 'Save Case Study' }).click()
        await expect.poll(() => toast(page, 'Case study updated successfully').count()).toBe(1)
      }
      await edit({ 'Brief description': 'Quotes the same day.' })
      await edit({ 'Brief description': 'Quotes within the hour.', Slug: 'lawn-care-quotes' })
      await page.goto('/admin/case-studies/history/lawn-care')
      await waitForHydration(page)
      await page
        .getByTestId('revision')
        .nth(1)
        .getByRole('button', { name: /^Restore the revision of / })
        .click()
      const ask = page.getByRole('alertdialog')
      expect(await ask.textContent()).toContain('The case study stays at /case-studies/lawn-care-quotes.')
      await ask.getByRole('button', { name: 'Restore' }).click()
      await expect.poll(() => toast(page, 'Restored the revision of').count()).toBe(1)
      const study = await answer('/case-studies/lawn-care-quotes')
      expect(study.status).toBe(200)
      expect(study.html).toContain('Quotes the same day.')
      expect(await answer('/case-studies/lawn-care')).toMatchObject({ status: 301, location: '/case-studies/lawn-care-quotes' })
      await page.context().close()
    })

    it('schedules a post for 9:00 AM on the site’s clock, lists and announces when it goes out in that zone, and cancels the schedule when asked', async () => {
      const page = await admin()
      await newPost(page)
      await writePost(page, { title: 'Holiday hours for AI receptionists', content: 'Coming in December.' })
      // The time belongs to "Schedule for": reached from the keyboard, and only usable once that is chosen.
      const when = page.getByLabel('Publish date and time')
      await expect.poll(() => when.isDisabled()).toBe(true)
      await page.getByLabel('Draft').focus()
      await page.keyboard.press('ArrowDown')
      await page.keyboard.press('ArrowDown')
      expect(await page.getByLabel('Schedule for').isChecked()).toBe(true)
      await page.keyboard.press('Tab')
      expect(await when.evaluate((input) => input === document.activeElement)).toBe(true)
      expect(await page.getByText("Times are in the site's time zone, America/Chicago.").count()).toBe(1)
      await when.fill('2099-12-03T09:00')
      await page.getByRole('button', { name: 'Save Post' }).click()
      await page.waitForURL('**/admin/blog')
      // 9:00 AM Central standard time (UTC-6), stored as the UTC instant.
      const stored = await withServerDb(site.server, (db) =>
        db
          .selectFrom('blog_posts')
          .select(['id', 'published_at'])
          .where('slug', '=', 'holiday-hours-for-ai-receptionists')
          .executeTakeFirstOrThrow(),
      )
      expect(stored.published_at).toBe('2099-12-03T15:00:00.000Z')

      const scheduled = row(page, 'Holiday hours for AI receptionists')
      await expect.poll(() => scheduled.getByText('Scheduled for Dec 3, 2099, 9:00 AM CST').count()).toBe(1)
      expect(await page.locator('main').innerText()).not.toMatch(/UTC|T\d{2}:\d{2}:\d{2}/)
      // The editor shows the time as it was typed.
      await page.goto(`/admin/blog/edit/${stored.id}`)
      await waitForHydration(page)
      expect(await page.getByLabel('Publish date and time').inputValue()).toBe('2099-12-03T09:00')
      expect(await page.getByText('Scheduled for Dec 3, 2099, 9:00 AM CST').count()).toBe(1)
      // History's restore question and Activity's line say it in the site's zone too.
      await page.goto(`/admin/blog/history/${stored.id}`)
      await waitForHydration(page)
      const revision = page.getByTestId('revision').first()
      expect(await revision.locator('th').textContent()).toMatch(/^\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}:\d{2} [AP]M C[SD]T/)
      await revision.getByRole('button', { name: /^Restore the revision of / }).click()
      expect(await page.getByRole('alertdialog').textContent()).toContain(
        'The post stays scheduled for Dec 3, 2099, 9:00 AM CST, at /resources/blog/holiday-hours-for-ai-receptionists.',
      )
      await page.keyboard.press('Escape')
      await page.goto('/admin/activity')
      const created = page.getByTestId('activity').filter({ hasText: 'Holiday hours for AI receptionists' }).first()
      expect(await created.textContent()).toMatch(/^\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M C[SD]T/)
      await page.goto('/admin/blog')
      expect(await scheduled.getByRole('button', { name: 'Unpublish' }).count()).toBe(0)
      expect((await answer('/resources/blog/holiday-hours-for-ai-receptionists')).status).toBe(404)
      await page.goto('/admin')
      expect(await page.getByTestId('scheduled-posts').textContent()).toContain(
        'Holiday hours for AI receptionists · Scheduled for Dec 3, 2099, 9:00 AM CST',
      )

      await page.goto('/admin/blog')
      await waitForHydration(page)
      await scheduled.getByRole('button', { name: 'Cancel schedule' }).click()
      const ask = page.getByRole('alertdialog', { name: 'Cancel the schedule of “Holiday hours for AI receptionists”?' })
      expect(await ask.textContent()).toContain('It will not go out on Dec 3, 2099, 9:00 AM CST: it becomes a draft again.')
      await ask.getByRole('button', { name: 'Cancel schedule' }).click()
      await expect.poll(() => toast(page, 'Schedule cancelled: the post is a draft again').count()).toBe(1)
      await expect.poll(() => scheduled.getByText('Draft', { exact: true }).count()).toBe(1)
      await page.context().close()
    })

    it('refuses a date typed for a draft at its field without JavaScript, then schedules the post once that is chosen', async () => {
      const plain = await admin({ javaScript: false })
      await plain.goto('/admin/blog/new')
      await writePost(plain, { title: 'A dated draft', content: 'Typed a date, kept Draft.' })
      await plain.getByLabel('Publish date and time').fill('2099-05-01T10:00')
      await plain.getByRole('button', { name: 'Save Post' }).click()
      await plain.locator('#field-publishAt-error').waitFor()
      expect(await plain.locator('#field-publishAt-error').textContent()).toBe(
        'This date is not used by the choice above. Clear it, or choose the option with the date to publish the post then',
      )
      expect(await plain.getByLabel('Publish date and time').getAttribute('aria-describedby')).toBe('field-publishAt-error')
      expect(await plain.getByLabel('Publish date and time').inputValue()).toBe('2099-05-01T10:00')
      // Choosing "Schedule for" then saves it for that time.
      await plain.getByLabel('Schedule for').check()
      await plain.getByRole('button', { name: 'Save Post' }).click()
      await plain.waitForURL('**/admin/blog')
      const stored = await withServerDb(site.server, (db) =>
        db.selectFrom('blog_posts').select(['published', 'published_at']).where('title', '=', 'A dated draft').execute(),
      )
      // 10:00 AM Central daylight time (UTC-5), with no script to say the browser's zone.
      expect(stored).toEqual([{ published: 1, published_at: '2099-05-01T15:00:00.000Z' }])
      await plain.context().close()
    })

    it('asks before publishing or unpublishing from the list; Escape keeps the post as it was', async () => {
      const page = await admin({ width: 390 })
      await newPost(page)
      await writePost(page, { title: 'Answer every call', content: 'Even at lunch.' })
      await page.getByRole('button', { name: 'Save Post' }).click()
      await page.waitForURL('**/admin/blog')
      await waitForHydration(page)
      const post = row(page, 'Answer every call')
      const publish = post.getByRole('button', { name: 'Publish' })
      await publish.click()
      const ask = page.getByRole('alertdialog', { name: 'Publish “Answer every call”?' })
      expect(await ask.textContent()).toContain('It goes live at /resources/blog/answer-every-call now')
      await page.keyboard.press('Escape')
      await ask.waitFor({ state: 'detached' })
      expect(await publish.evaluate((button) => button === document.activeElement)).toBe(true)
      expect((await answer('/resources/blog/answer-every-call')).status).toBe(404)

      await page.keyboard.press('Enter')
      await ask.getByRole('button', { name: 'Publish' }).click()
      await expect.poll(() => toast(page, 'Post published successfully').count()).toBe(1)
      expect((await answer('/resources/blog/answer-every-call')).status).toBe(200)

      await post.getByRole('button', { name: 'Unpublish' }).click()
      const down = page.getByRole('alertdialog', { name: 'Unpublish “Answer every call”?' })
      expect(await down.textContent()).toContain('It leaves the site: /resources/blog/answer-every-call answers “not found”')
      await down.getByRole('button', { name: 'Unpublish' }).click()
      await expect.poll(() => toast(page, 'Post unpublished successfully').count()).toBe(1)
      expect((await answer('/resources/blog/answer-every-call')).status).toBe(404)
      await page.context().close()
    })

    it('still refuses an Author’s publish, whatever the form says', async () => {
      const authorId = await withServerDb(site.server, async (db) => {
        await upsertAdmin(db, 'author@example.com', 'an-authors-password')
        await db.updateTable('users').set({ role: 'author' }).where('email', '=', 'author@example.com').execute()
        return (await db.selectFrom('authors').select('id').executeTakeFirstOrThrow()).id
      })
      const cookie = await signInOverHttp(site.server.url, 'author@example.com', 'an-authors-password')
      for (const publish of ['now', 'at']) {
        const fields = {
          title: `Sneaky ${publish}`,
          content: 'x',
          excerpt: '',
          authorId,
          publish,
          publishAt: publish === 'at' ? '2026-01-01T00:00' : '',
        }
        expect((await postForm(site.server.url, '/admin/blog/new', fields, cookie)).status).toBe(403)
      }
      expect(
        await withServerDb(site.server, (db) => db.selectFrom('blog_posts').select('id').where('title', 'like', 'Sneaky%').execute()),
      ).toEqual([])
      const post = await withServerDb(site.server, (db) =>
        db.selectFrom('blog_posts').select(['id', 'updated_at']).executeTakeFirstOrThrow(),
      )
      expect(
        (await postForm(site.server.url, '/admin/blog', { intent: 'cancel-schedule', id: post.id, version: post.updated_at }, cookie))
          .status,
      ).toBe(403)
    })

    it('keeps redirects from hiding a live page unasked, stores this site’s own address as a path, and drops answered paths from the not-found log', async () => {
      const page = await admin()
      const save = async (from: string, to: string) => {
        await page.goto('/admin/redirects/new')
        await waitForHydration(page)
        await page.getByLabel('From path').fill(from)
        await page.getByLabel('Redirect to').fill(to)
        await page.getByRole('button', { name: 'Save Redirect' }).click()
      }
      // One of the site's own pages: refused at the field until "Replace the live page" is ticked.
      await save('/partners', '/about')
      await expect
        .poll(() => page.locator('#field-fromPath-error').textContent())
        .toBe(
          'The “Partners” page is live at this address. Tick “Replace the live page” to send its visitors on instead, or choose another path',
        )
      expect(await page.getByLabel('From path').getAttribute('aria-invalid')).toBe('true')
      await page.getByLabel('Replace the live page').check()
      await page.getByRole('button', { name: 'Save Redirect' }).click()
      await page.waitForURL(/\/admin\/redirects$/)
      expect(await answer('/partners')).toMatchObject({ status: 301, location: '/about' })

      // A live post: refused by the site.server, naming it.
      await save('/resources/blog/the-considered-post', '/contact')
      await expect
        .poll(() => page.locator('#field-fromPath-error').textContent())
        .toMatch(/^The post “A first thought” is published at this address\./)
      expect((await answer('/resources/blog/the-considered-post')).status).toBe(200)

      await save('/old-contact', `${SITE_URL}/contact?from=old`)
      await page.waitForURL(/\/admin\/redirects$/)
      expect(await page.getByTestId('redirect-row').filter({ hasText: '/old-contact' }).textContent()).toContain('/contact?from=old')
      expect(await answer('/old-contact')).toMatchObject({ status: 301, location: '/contact?from=old' })

      // A path visitors missed leaves the log once a post answers there.
      expect((await answer('/resources/blog/next-week-post')).status).toBe(404)
      const logged = async () => {
        await page.goto('/admin/not-found')
        return page.getByTestId('not-found-row').filter({ hasText: '/resources/blog/next-week-post' }).count()
      }
      await expect.poll(logged).toBe(1)
      await newPost(page)
      await writePost(page, { title: 'Next week', slug: 'next-week-post', content: 'Here now.' })
      await page.getByLabel('Publish now').check()
      await page.getByRole('button', { name: 'Save Post' }).click()
      await page.waitForURL('**/admin/blog')
      expect((await answer('/resources/blog/next-week-post')).status).toBe(200)
      await expect.poll(logged).toBe(0)
      await page.context().close()
    })
  })
}
