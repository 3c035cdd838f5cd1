import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { upsertAdmin } from '~/server/services/users.server'
import { accessibilityViolations } from '../support/axe'
import { launchBrowser, toast, waitForHydration } from '../support/browser'
import { createTestDatabase, testDialects, type TestDatabase } from '../support/databases'
import { createAdmin, startServer, withServerDb, type RunningServer } from '../support/server'
import { ADMIN, signInThroughForm } from '../support/site'
import { mailedToken, useSmtpServer } from '../support/smtp'
import { giveTwoFactor } from '../support/two-factor'

/*
 * What the sign-in pages promise the owner can do, done from People in Chromium: a password reset
 * (a link to pass on without a mail server, e-mailed with one), turning someone's two-factor sign-in
 * off (asked first, ending their sessions), resending an invitation, and display names. On SQLite and
 * PostgreSQL; the screenshots of the Manage panel go to SCREENSHOT_DIR when it is set.
 */

const smtp = useSmtpServer()
const PASSWORD = 'their-long-password'

for (const dialect of testDialects) {
  describe(`managing an admin from People [${dialect}]`, () => {
    const databases: TestDatabase[] = []
    let browser: Browser
    const servers: RunningServer[] = []

    beforeAll(async () => {
      browser = await launchBrowser()
    })
    afterAll(async () => {
      await browser?.close()
      for (const server of servers) await server.stop()
      for (const database of databases) await database.cleanup()
    })

    /** A server on a fresh database of the dialect (PostgreSQL: a schema of its own) with the owner. */
    async function serve(env: Record<string, string> = {}) {
      if (dialect === 'postgres') {
        const database = await createTestDatabase('postgres', { migrate: false })
        databases.push(database)
        env.DATABASE_URL = database.target.kind === 'postgres' ? database.target.url : ''
      }
      const server = await startServer(env)
      servers.push(server)
      await createAdmin(server, ADMIN.email, ADMIN.password)
      return server
    }

    async function signedIn(
      server: RunningServer,
      email: string,
      password: string,
      viewport = { width: 1280, height: 900 },
    ): Promise<Page> {
      const context = await browser.newContext({ baseURL: server.url, viewport })
      const page = await context.newPage()
      await signInThroughForm(page, { email, password })
      return page
    }

    const adminRow = (page: Page, text: string) => page.getByTestId('admin-row').filter({ hasText: text })

    /** Opens someone's Manage panel from their row, with the keyboard. */
    async function manage(page: Page, email: string) {
      await page.goto('/admin/people')
      await waitForHydration(page)
      await adminRow(page, email)
        .getByRole('link', { name: `Manage ${email}` })
        .focus()
      await page.keyboard.press('Enter')
      const panel = page.getByRole('region', { name: /^Manage / })
      await panel.waitFor()
      // The focus moves to the panel, so the keyboard goes on from there.
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('manage-heading')
      return panel
    }

    it('names an editor, gives the owner a reset link to pass on, and turns their two-factor off, ending their sessions', async () => {
      const server = await serve()
      await withServerDb(server, async (db) => {
        await upsertAdmin(db, 'eve@example.com', PASSWORD)
        await db.updateTable('users').set({ role: 'editor' }).where('email', '=', 'eve@example.com').execute()
      })
      const editor = await signedIn(server, 'eve@example.com', PASSWORD)
      // Signed in before two-factor was turned on for them: the owner's change must end this session too.
      await withServerDb(server, (db) => giveTwoFactor(db, 'eve@example.com'))
      const owner = await signedIn(server, ADMIN.email, ADMIN.password)

      // A display name, from the keyboard: a bad one is refused at the field, a good one is shown in the row.
      const panel = await manage(owner, 'eve@example.com')
      const name = panel.getByLabel('Display name')
      await name.fill('x'.repeat(81))
      await name.press('Enter')
      await expect.poll(() => owner.locator('#field-displayName-error').textContent()).toBe('A display name must be 80 characters or fewer')
      expect(await name.getAttribute('aria-describedby')).toBe('field-displayName-error')
      await name.fill('Eve Marsh')
      await name.press('Enter')
      await expect.poll(() => toast(owner, 'eve@example.com is shown as Eve Marsh').count()).toBe(1)
      const row = adminRow(owner, 'eve@example.com')
      // The name first, the e-mail under it.
      expect(await row.getByRole('rowheader').textContent()).toBe('Eve Marsheve@example.com')
      await expect.poll(() => owner.getByRole('heading', { name: 'Manage Eve Marsh' }).count()).toBe(1)

      // No mail server: the reset is a link to pass on, shown once; the password stays until it is used.
      await panel.getByRole('button', { name: 'Send a password reset' }).click()
      const shown = owner.getByTestId('reset-link')
      await shown.waitFor()
      expect(await shown.textContent()).toContain('works once, for 30 minutes')
      const link = await owner.getByLabel('Password reset link for eve@example.com').inputValue()
      expect(link).toMatch(/\/admin\/reset-password\/[A-Za-z0-9_-]{43}$/)
      await editor.goto('/admin')
      expect(new URL(editor.url()).pathname).toBe('/admin')
      await owner.setViewportSize({ width: 1280, height: 900 })
      await screenshot(owner, `people-reset-1280-${dialect}`)
      await owner.setViewportSize({ width: 390, height: 844 })
      await screenshot(owner, `people-reset-390-${dialect}`)
      // Checked once the toasts are gone: axe can catch one mid-fade and report its colours.
      await expect.poll(() => owner.locator('[data-sonner-toast]').count(), { timeout: 15_000 }).toBe(0)
      expect(await accessibilityViolations(owner)).toEqual([])
      await owner.setViewportSize({ width: 1280, height: 900 })

      // Two-factor off: asked first (Cancel changes nothing), then logged, and the editor is signed out.
      await owner.reload()
      await waitForHydration(owner)
      const turnOff = owner.getByRole('region', { name: /^Manage / }).getByRole('button', { name: 'Turn off two-factor' })
      await turnOff.focus()
      await owner.keyboard.press('Enter')
      const dialog = owner.getByRole('alertdialog', { name: 'Turn off two-factor sign-in for Eve Marsh?' })
      expect(await dialog.textContent()).toContain('every session of theirs ends now')
      await owner.keyboard.press('Escape')
      expect(
        await withServerDb(
          server,
          async (db) =>
            (await db.selectFrom('users').select('totp_secret').where('email', '=', 'eve@example.com').executeTakeFirstOrThrow())
              .totp_secret,
        ),
      ).not.toBeNull()
      await turnOff.click()
      await dialog.getByRole('button', { name: 'Turn off two-factor' }).click()
      await expect.poll(() => toast(owner, 'Two-factor sign-in turned off for eve@example.com').count()).toBe(1)
      await expect.poll(() => adminRow(owner, 'eve@example.com').textContent()).toContain('Two-factor Off')
      await editor.goto('/admin')
      expect(new URL(editor.url()).pathname).toBe('/admin/login')

      // The link the owner passed on sets a new password; the old one no longer signs in.
      const person = await (await browser.newContext({ baseURL: server.url })).newPage()
      await person.goto(new URL(link).pathname)
      await waitForHydration(person)
      await person.getByLabel('New password', { exact: true }).fill('chosen-after-the-reset')
      await person.getByLabel('Confirm new password').fill('chosen-after-the-reset')
      await person.getByRole('button', { name: 'Set New Password' }).click()
      await person.waitForURL('**/admin/login')
      await signedIn(server, 'eve@example.com', 'chosen-after-the-reset')

      // Each step is in the activity log, under the owner's name once they have one.
      await owner.goto('/admin/activity')
      const lines = owner.getByTestId('activity')
      expect(await lines.filter({ hasText: 'Changed display name' }).filter({ hasText: 'eve@example.com: Eve Marsh' }).count()).toBe(1)
      expect(
        await lines.filter({ hasText: 'Sent a password reset' }).filter({ hasText: 'eve@example.com, as a link to pass on' }).count(),
      ).toBe(1)
      expect(await lines.filter({ hasText: 'Turned off two-factor sign-in for' }).filter({ hasText: 'eve@example.com' }).count()).toBe(1)
      expect(await lines.filter({ hasText: 'Reset password by e-mail' }).filter({ hasText: 'Eve Marsh (eve@example.com)' }).count()).toBe(1)

      for (const page of [owner, editor, person]) await page.context().close()
    })

    it('works without JavaScript: the name, the reset link and two-factor off asked on the page', async () => {
      const server = servers[0]!
      await withServerDb(server, async (db) => {
        await upsertAdmin(db, 'nojs@example.com', PASSWORD)
        await giveTwoFactor(db, 'nojs@example.com')
      })
      const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false })
      const owner = await context.newPage()
      await owner.goto('/admin/login')
      await owner.getByLabel('Email').fill(ADMIN.email)
      await owner.getByLabel('Password').fill(ADMIN.password)
      await owner.getByRole('button', { name: 'Sign In' }).click()
      await owner.waitForURL('**/admin/blog')
      await owner.goto('/admin/people')
      await adminRow(owner, 'nojs@example.com').getByRole('link', { name: 'Manage nojs@example.com' }).click()
      const panel = owner.getByRole('region', { name: 'Manage nojs@example.com' })
      await panel.getByLabel('Display name').fill('No Script')
      await panel.getByRole('button', { name: 'Save display name' }).click()
      await owner.getByRole('region', { name: 'Manage No Script' }).waitFor()
      await owner.getByRole('button', { name: 'Send a password reset' }).click()
      expect(await owner.getByLabel('Password reset link for nojs@example.com').inputValue()).toMatch(/\/admin\/reset-password\//)
      await owner.getByRole('button', { name: 'Turn off two-factor' }).click()
      const question = owner.getByRole('region', { name: 'Turn off two-factor sign-in for No Script?' })
      await question.getByRole('button', { name: 'Turn off two-factor' }).click()
      await owner.waitForURL(/\/admin\/people\?manage=/)
      expect(
        await withServerDb(
          server,
          async (db) =>
            (await db.selectFrom('users').select('totp_secret').where('email', '=', 'nojs@example.com').executeTakeFirstOrThrow())
              .totp_secret,
        ),
      ).toBeNull()
      await context.close()
    })

    it('e-mails the reset and resends an invitation with a new link when the server has a mail server', async () => {
      const server = await serve({ SMTP_URL: smtp.url() })
      await withServerDb(server, (db) => upsertAdmin(db, 'mailed@example.com', PASSWORD))
      const owner = await signedIn(server, ADMIN.email, ADMIN.password)

      const panel = await manage(owner, 'mailed@example.com')
      await panel.getByRole('button', { name: 'Send a password reset' }).click()
      await owner.getByTestId('reset-sent').waitFor()
      expect(await owner.getByTestId('reset-sent').textContent()).toContain('Password reset sent to mailed@example.com')
      expect(await owner.getByTestId('reset-link').count()).toBe(0)
      const resetToken = await mailedToken(smtp.mails, 'mailed@example.com', '/admin/reset-password/')
      expect((await fetch(`${server.url}/admin/reset-password/${resetToken}`)).status).toBe(200)

      await owner.goto('/admin/people')
      await waitForHydration(owner)
      await owner.getByLabel('Email', { exact: true }).fill(`invited-${dialect}@example.com`)
      await owner.getByRole('button', { name: 'Send invitation' }).click()
      await owner.getByTestId('invitation-sent').waitFor()
      const first = await mailedToken(smtp.mails, `invited-${dialect}@example.com`, '/admin/invitation/')
      await owner
        .getByTestId('invitation-row')
        .filter({ hasText: `invited-${dialect}@example.com` })
        .getByRole('button', { name: `Resend invitation to invited-${dialect}@example.com` })
        .click()
      await expect
        .poll(async () => (await mailedToken(smtp.mails, `invited-${dialect}@example.com`, '/admin/invitation/')) !== first)
        .toBe(true)
      const second = await mailedToken(smtp.mails, `invited-${dialect}@example.com`, '/admin/invitation/')
      expect((await fetch(`${server.url}/admin/invitation/${first}`)).status).toBe(404)
      expect((await fetch(`${server.url}/admin/invitation/${second}`)).status).toBe(200)
      await owner.goto('/admin/activity')
      expect(await owner.getByTestId('activity').filter({ hasText: 'Resent invitation' }).count()).toBe(1)
      await owner.context().close()
    })
  })
}

/** Keeps a full-page picture of the screen for a person to look at, when SCREENSHOT_DIR names where. */
async function screenshot(page: Page, name: string) {
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}.png`, fullPage: true })
}
