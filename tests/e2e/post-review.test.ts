import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Role } from '~/lib/admin-access'
import { newId, nowIso } from '~/lib/ids'
import { upsertAdmin } from '~/server/services/users.server'
import { accessibilityViolations } from '../support/axe'
import { launchBrowser, toast, waitForHydration } from '../support/browser'
import { createTestDatabase, testDialects, type TestDatabase } from '../support/databases'
import { createAdmin, startServer, withServerDb, type RunningServer } from '../support/server'
import { ADMIN } from '../support/site'
import { mailWithSubject, useSmtpServer } from '../support/smtp'

/*
 * An Author's post under review, in Chromium: the Author submits it, an Editor sends it back with a
 * note, the Author reads the note and submits again, the Editor publishes it, and the Author is
 * e-mailed at each answer.
 */

const smtp = useSmtpServer()
const PASSWORD = 'another-long-password'
const TITLE = 'Five Questions Before You Buy AI'
const NOTE = 'Please open with a customer example, and cut the last section.'

for (const dialect of testDialects) {
  describe(`review of an Author’s post [${dialect}]`, () => {
    let database: TestDatabase | undefined
    let server: RunningServer
    let browser: Browser
    const author = { email: `author-${dialect}@example.com`, name: 'Avery Author' }
    const editor = { email: `editor-${dialect}@example.com`, name: 'Eddie Editor' }

    beforeAll(async () => {
      const env: Record<string, string> = { SMTP_URL: smtp.url() }
      if (dialect === 'postgres') {
        database = await createTestDatabase('postgres', { migrate: false })
        env.DATABASE_URL = database.target.kind === 'postgres' ? database.target.url : ''
      }
      server = await startServer(env)
      await createAdmin(server, ADMIN.email, ADMIN.password)
      await withServerDb(server, async (db) => {
        for (const [admin, role] of [
          [author, 'author'],
          [editor, 'editor'],
        ] as const satisfies [unknown, Role][]) {
          await upsertAdmin(db, admin.email, PASSWORD)
          await db.updateTable('users').set({ role, display_name: admin.name }).where('email', '=', admin.email).execute()
        }
        // The Author's draft, as their New Post would have saved it.
        const { id: userId } = await db.selectFrom('users').select('id').where('email', '=', author.email).executeTakeFirstOrThrow()
        const { id: authorId } = await db.selectFrom('authors').select('id').executeTakeFirstOrThrow()
        const now = nowIso()
        await db
          .insertInto('blog_posts')
          .values({
            id: newId(),
            title: TITLE,
            slug: 'five-questions-before-you-buy-ai',
            content: 'Start with the work.',
            excerpt: 'Start with the work.',
            published: 0,
            published_at: null,
            author_id: authorId,
            search_text: TITLE.toLowerCase(),
            created_by: userId,
            created_at: now,
            updated_at: now,
          })
          .execute()
      })
      browser = await launchBrowser()
    })
    afterAll(async () => {
      await browser?.close()
      await server?.stop()
      await database?.cleanup()
    })

    async function signedIn(email: string, width = 1280): Promise<Page> {
      const context = await browser.newContext({ baseURL: server.url, viewport: { width, height: 900 } })
      const page = await context.newPage()
      await page.goto('/admin/login')
      await waitForHydration(page)
      await page.getByLabel('Email').fill(email)
      await page.getByLabel('Password').fill(PASSWORD)
      await page.getByRole('button', { name: 'Sign In' }).click()
      await page.waitForURL('**/admin/blog')
      await waitForHydration(page)
      return page
    }
    const rowOf = (page: Page) => page.getByTestId('post-row').filter({ hasText: TITLE })

    it('goes from the Author to the Editor and back with a note, then out, e-mailing each answer', async () => {
      const writer = await signedIn(author.email)
      await rowOf(writer).getByRole('button', { name: 'Submit for review' }).click()
      await expect.poll(() => toast(writer, 'Sent for review: an Editor or Owner will publish it').count()).toBe(1)
      await expect.poll(() => rowOf(writer).getByTestId('review-requested').textContent()).toMatch(/^Review requested by Avery Author, /)

      // Every Editor and Owner is told, with a link to the post's editor.
      const asked = await mailWithSubject(smtp.mails, editor.email, `Review requested: ${TITLE}`)
      const editorPath = new URL(/Open it in the editor: (\S+)/.exec(asked)![1]!).pathname
      await mailWithSubject(smtp.mails, ADMIN.email, `Review requested: ${TITLE}`)

      const reviewer = await signedIn(editor.email)
      await reviewer.goto('/admin')
      expect(await reviewer.getByTestId('posts-in-review').textContent()).toContain(`${TITLE}Review requested by Avery Author, `)
      expect(await accessibilityViolations(reviewer)).toEqual([])
      await reviewer.goto('/admin/blog')
      await waitForHydration(reviewer)
      const pending = rowOf(reviewer)
      await pending.getByRole('button', { name: 'Send back' }).click()
      const dialog = reviewer.getByRole('alertdialog', { name: `Send “${TITLE}” back to its author?` })
      const noteField = dialog.getByLabel('Note for the author')
      await expect.poll(() => noteField.evaluate((field) => field === document.activeElement)).toBe(true)
      // An empty note is refused at its field, and nothing is sent.
      await dialog.getByRole('button', { name: 'Send back' }).click()
      await expect.poll(() => dialog.getByText('Please write a note saying what to change').count()).toBe(1)
      expect(await noteField.getAttribute('aria-invalid')).toBe('true')
      expect(await accessibilityViolations(reviewer)).toEqual([])
      await noteField.fill(NOTE)
      await dialog.getByRole('button', { name: 'Send back' }).click()
      await expect.poll(() => toast(reviewer, 'Sent back to its author with your note').count()).toBe(1)
      expect(await dialog.count()).toBe(0)
      await expect.poll(() => pending.getByTestId('sent-back').textContent()).toBe(`Sent back by Eddie Editor: ${NOTE}`)
      expect(await pending.getByText('Draft', { exact: true }).count()).toBe(1)
      expect(await pending.getByRole('button', { name: 'Send back' }).count()).toBe(0)

      // The Author reads the note in the list, in the editor and in their inbox.
      const sentBack = await mailWithSubject(smtp.mails, author.email, `Sent back to you: ${TITLE}`)
      expect(sentBack).toContain(`Eddie Editor sent your post "${TITLE}" back with this note:\n\n${NOTE}`)
      await writer.reload()
      await waitForHydration(writer)
      expect(await rowOf(writer).getByTestId('sent-back').textContent()).toBe(`Sent back by Eddie Editor: ${NOTE}`)
      await rowOf(writer)
        .getByRole('link', { name: /^Edit / })
        .click()
      await writer.waitForURL(`**${editorPath}`)
      await expect.poll(() => writer.getByTestId('sent-back').textContent()).toMatch(new RegExp(`^Sent back by Eddie Editor, .+:${NOTE}$`))
      expect(await accessibilityViolations(writer)).toEqual([])
      await writer.goto('/admin/blog')
      await waitForHydration(writer)
      await rowOf(writer).getByRole('button', { name: 'Submit for review' }).click()
      await expect.poll(() => toast(writer, 'Sent for review: an Editor or Owner will publish it').count()).toBe(1)
      await expect.poll(() => rowOf(writer).getByTestId('sent-back').count()).toBe(0)

      // The Editor opens the post from the link in the e-mail, sees who asked, and publishes it.
      await reviewer.goto(editorPath)
      await waitForHydration(reviewer)
      expect(await reviewer.getByTestId('review-banner').getByTestId('review-requested').textContent()).toMatch(
        /^Review requested by Avery Author, /,
      )
      await reviewer.goto('/admin/blog')
      await waitForHydration(reviewer)
      await pending.getByRole('button', { name: 'Publish' }).click()
      await reviewer.getByRole('alertdialog').getByRole('button', { name: 'Publish' }).click()
      await expect.poll(() => toast(reviewer, 'Post published successfully').count()).toBe(1)
      await expect.poll(() => pending.getByText('Published', { exact: true }).count()).toBe(1)

      const published = await mailWithSubject(smtp.mails, author.email, `Published: ${TITLE}`)
      expect(published).toMatch(
        new RegExp(`Eddie Editor published your post "${TITLE}". It is live at:\n\\S+/resources/blog/five-questions-before-you-buy-ai\n`),
      )
      for (const page of [writer, reviewer]) await page.context().close()
    })
  })
}
