import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { waitForHydration } from '../support/browser'
import { testDialects } from '../support/databases'
import { withServerDb } from '../support/server'
import { useRunningSite, pauseLikeAPerson, signInThroughForm } from '../support/site'
import { readableMail, useSmtpServer } from '../support/smtp'

/*
 * What the forms send by e-mail and keep, through the real server and a real mail server: the
 * owner's notification links to the lead in the inbox, the playbook e-mail's replies go to the firm,
 * and an untouched ROI calculator stores nothing with the lead.
 */

const smtp = useSmtpServer()
const CONTACT_EMAIL = 'hello@baylineai.com'

/** The newest mail with a line that is `line`, once it has arrived, as its reader sees it. */
async function mailWith(line: string): Promise<string> {
  const has = (mail: string) => readableMail(mail).split(/\r?\n/).includes(line)
  await expect.poll(() => smtp.mails.some(has)).toBe(true)
  return readableMail(smtp.mails.findLast(has)!)
}

for (const dialect of testDialects) {
  describe(`lead e-mails and calculator numbers [${dialect}]`, () => {
    const site = useRunningSite(() => ({ SMTP_URL: smtp.url() }), dialect)

    async function open(path: string): Promise<Page> {
      const context = await site.browser.newContext({ baseURL: site.server.url, viewport: { width: 1280, height: 900 } })
      const page = await context.newPage()
      await page.goto(path)
      await waitForHydration(page)
      return page
    }

    const storedLead = (email: string) =>
      withServerDb(site.server, (db) =>
        db.selectFrom('inquiries').select(['id', 'roi_inputs']).where('email', '=', email).executeTakeFirst(),
      )

    async function askForPlaybook(page: Page, name: string, email: string) {
      await page.getByLabel('Your Name').fill(name)
      await page.getByLabel('Your Email').fill(email)
      await pauseLikeAPerson(page)
      await page.getByRole('button', { name: 'Download Free Playbook' }).click()
      await page.getByTestId('playbook-download').waitFor()
    }

    it("links the owner's e-mail about a new lead to that lead in the inbox", async () => {
      const page = await open('/contact')
      const email = `linked-${dialect}@example.com`
      await page.getByLabel('Name').fill('Lina Linked')
      await page.getByLabel('Email').fill(email)
      await page.getByLabel('Message').fill('Can you answer our phones at night?')
      await pauseLikeAPerson(page)
      await page.getByRole('button', { name: 'Send Message' }).click()
      await page.getByText("Message sent successfully! We'll be in touch with you shortly.").waitFor()

      const mail = await mailWith(`Email: ${email}`)
      expect(mail).toContain('Subject: New message from the website: Lina Linked')
      const link = /^In the inbox: (\S+)\r?$/m.exec(mail)?.[1]
      const { id } = (await storedLead(email))!
      expect(new URL(link!).pathname).toBe(`/admin/inbox/${id}`)
      await signInThroughForm(page)
      await page.goto(new URL(link!).pathname)
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Lina Linked')
      expect(await page.getByTestId('message-body').textContent()).toBe('Can you answer our phones at night?')
      await page.context().close()
    })

    it('e-mails the playbook with Reply-To the contact address, and keeps calculator numbers only when the visitor changed them', async () => {
      const page = await open('/resources/ai-playbook')
      await page.locator('[data-testid="roi-calculator"][data-live]').waitFor()
      const untouched = `untouched-${dialect}@example.com`
      await askForPlaybook(page, 'Una Untouched', untouched)
      expect(
        await page.getByTestId('lead-form-sent').getByText('Your playbook is on its way to your inbox', { exact: false }).count(),
      ).toBe(1)
      const mail = await mailWith(`To: Una Untouched <${untouched}>`)
      expect(mail).toMatch(new RegExp(`^Reply-To: Bayline AI <${CONTACT_EMAIL}>\r?$`, 'm'))
      expect(mail).toContain('reply to this e-mail to book your free 30-minute AI readiness consultation')
      expect(await storedLead(untouched)).toMatchObject({ roi_inputs: null })

      const changed = `changed-${dialect}@example.com`
      const next = await open('/resources/ai-playbook')
      await next.locator('[data-testid="roi-calculator"][data-live]').waitFor()
      await next.getByLabel('Calls missed per week').fill('25')
      await askForPlaybook(next, 'Chen Changed', changed)
      expect(JSON.parse((await storedLead(changed))!.roi_inputs!)).toEqual({
        roiMissedCalls: 25,
        roiBookingRate: 30,
        roiJobValue: 250,
        roiAdminHours: 10,
      })
      await page.context().close()
      await next.context().close()
    })
  })
}
