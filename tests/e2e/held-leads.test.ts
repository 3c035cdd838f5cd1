import { describe, expect, it } from 'vitest'
import { LEADS_PER_HOUR, tooManyLabel } from '~/lib/leads'
import { accessibilityViolations } from '../support/axe'
import { toast, waitForHydration } from '../support/browser'
import { testDialects } from '../support/databases'
import { postForm } from '../support/http'
import { withServerDb } from '../support/server'
import { useRunningSite, pauseLikeAPerson, signInThroughForm } from '../support/site'
import { useSmtpServer } from '../support/smtp'

/*
 * One office, one address: the lead past the hourly allowance is kept and shown, never refused. And
 * a proxy the server was not told of (every visitor one address) is said once, in the log and on
 * the Notifications screen. TRUST_PROXY is unset here, so every request is 127.0.0.1.
 */

const smtp = useSmtpServer()
const PROXY_WARNING = 'Requests arrive through a proxy (they carry X-Forwarded-For) but TRUST_PROXY is not set'

for (const dialect of testDialects) {
  describe(`leads held as too many from one address [${dialect}]`, () => {
    const site = useRunningSite(() => ({ SMTP_URL: smtp.url() }), dialect)

    const officeMails = () => smtp.mails.filter((mail) => mail.includes(`office-${dialect}-`))
    const leadsOf = (email: string) =>
      withServerDb(site.server, async (db) => {
        const leads = await db.selectFrom('inquiries').select(['id', 'status', 'spam_reason']).where('email', '=', email).execute()
        const notifications = await db
          .selectFrom('outbox')
          .select('id')
          .where('lead_id', 'in', leads.length ? leads.map((lead) => lead.id) : ['none'])
          .execute()
        return { leads, notifications: notifications.length }
      })

    it(`keeps the ${LEADS_PER_HOUR + 1}th lead of an hour from one office as Held: the visitor sees "sent", nobody is notified, the inbox shows it`, async () => {
      for (let i = 0; i < LEADS_PER_HOUR; i++) {
        const response = await postForm(
          site.server.url,
          '/contact',
          { name: `Desk ${i}`, email: `office-${dialect}-${i}@example.com`, message: 'Please call us.' },
          '',
        )
        expect(response.status).toBe(200)
      }
      await expect.poll(() => officeMails().length).toBe(LEADS_PER_HOUR)

      const context = await site.browser.newContext({ baseURL: site.server.url, viewport: { width: 1280, height: 900 } })
      const page = await context.newPage()
      await page.goto('/contact')
      await waitForHydration(page)
      const email = `sixth-desk-${dialect}@example.com`
      await page.getByLabel('Name').fill('Sixth Desk')
      await page.getByLabel('Email').fill(email)
      await page.getByLabel('Message').fill('Our front desk misses calls at lunch.')
      await pauseLikeAPerson(page)
      await page.getByRole('button', { name: 'Send Message' }).click()
      await page.getByText("Message sent successfully! We'll be in touch with you shortly.").waitFor()
      expect(await page.getByText('There was a problem sending your message').count()).toBe(0)

      const held = await leadsOf(email)
      expect(held).toEqual({ leads: [{ id: expect.any(String), status: 'spam', spam_reason: 'too-many' }], notifications: 0 })
      // The worker has had its chance: still only the office's first five e-mails.
      await page.waitForTimeout(1_000)
      expect(officeMails()).toHaveLength(LEADS_PER_HOUR)
      expect(smtp.mails.some((mail) => mail.includes(email))).toBe(false)

      await signInThroughForm(page)
      await page.goto('/admin/inbox')
      expect(await page.getByTestId('inbox-held').textContent()).toBe(
        '1 unread lead was held because too many came from one address within an hour. See it under Spam',
      )
      expect(await accessibilityViolations(page)).toEqual([])
      await page.getByRole('link', { name: 'See it under Spam' }).click()
      await page.waitForURL('**/admin/inbox?status=spam')
      const row = page.getByTestId('inquiry-row').filter({ hasText: 'Sixth Desk' })
      expect(await row.getByTestId('held-reason').textContent()).toBe(tooManyLabel)
      expect(await accessibilityViolations(page)).toEqual([])

      // Released with the Spam view's tool, it is an ordinary lead, and still tells nobody: the
      // admin releasing it has just read it.
      await row.getByRole('link', { name: 'Sixth Desk' }).click()
      await waitForHydration(page)
      expect(await page.getByTestId('spam-reason').textContent()).toMatch(
        /^Too many from one address: 5 leads had come from its address within the hour/,
      )
      await page.getByLabel('Status').selectOption({ label: 'New' })
      await page.getByRole('button', { name: 'Change status' }).click()
      await expect.poll(() => toast(page, 'Status changed to New').count()).toBe(1)
      expect(await leadsOf(email)).toMatchObject({ leads: [{ status: 'new' }], notifications: 0 })
      await page.goto('/admin/inbox')
      expect(await page.getByTestId('inquiry-row').filter({ hasText: 'Sixth Desk' }).count()).toBe(1)
      expect(await page.getByTestId('inbox-held').count()).toBe(0)
      await context.close()
    })

    it('says once, in the log and on the Notifications screen, that requests come through a proxy TRUST_PROXY does not name', async () => {
      expect(site.server.output()).not.toContain(PROXY_WARNING)
      for (let i = 0; i < 3; i++) {
        expect((await fetch(`${site.server.url}/about`, { headers: { 'X-Forwarded-For': `198.51.100.${i}` } })).status).toBe(200)
      }
      await expect.poll(() => site.server.output().split(PROXY_WARNING).length - 1).toBe(1)

      const context = await site.browser.newContext({ baseURL: site.server.url, viewport: { width: 1280, height: 900 } })
      const page = await context.newPage()
      await signInThroughForm(page)
      await page.goto('/admin/notifications')
      const warning = page.getByTestId('proxy-warning')
      expect(await warning.getByText('Every visitor shares one address').isVisible()).toBe(true)
      expect(await warning.textContent()).toContain('Set TRUST_PROXY to the number of proxies in front and restart.')
      expect(await accessibilityViolations(page)).toEqual([])
      expect(site.server.output().split(PROXY_WARNING).length - 1).toBe(1)
      await context.close()
    })
  })
}
