import { describe, expect, it } from 'vitest'
import { waitForHydration } from '../support/browser'
import { withServerDb } from '../support/server'
import { pauseLikeAPerson, signInThroughForm, useRunningSite } from '../support/site'

const site = useRunningSite()

const leadOf = (email: string) =>
  withServerDb(site.server, (db) =>
    db.selectFrom('inquiries').select(['id', 'status', 'spam_reason', 'consent_version']).where('email', '=', email).executeTakeFirst(),
  )

describe('the time trap on the lead forms', () => {
  it('keeps a form sent faster than a person could as Spam, where the owner finds it with the reason', async () => {
    const context = await site.browser.newContext({ baseURL: site.server.url, viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    // Twice: the second time the page comes from the page cache, and its ticket is still fresh.
    const fast = [`fast-${Date.now()}@example.com`, `fast-again-${Date.now()}@example.com`]
    for (const email of fast) {
      await page.goto('/contact')
      await waitForHydration(page)
      await page.waitForFunction(() => (document.querySelector('input[name="ticket"]') as HTMLInputElement | null)?.value !== '')
      await page.getByLabel('Name').fill('Speedy Script')
      await page.getByLabel('Email').fill(email)
      await page.getByLabel('Message').fill('Buy cheap links now')
      await page.getByRole('button', { name: 'Send Message' }).click()
      await expect.poll(() => leadOf(email)).toMatchObject({ status: 'spam', spam_reason: 'too-fast' })
    }

    const email = `patient-${Date.now()}@example.com`
    await page.goto('/contact')
    await waitForHydration(page)
    await page.getByLabel('Name').fill('Pat Person')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Message').fill('Could you look at our phones?')
    await pauseLikeAPerson(page)
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect.poll(() => leadOf(email)).toMatchObject({ status: 'new', spam_reason: null, consent_version: expect.any(String) })

    const spam = (await leadOf(fast[0]!))!
    await signInThroughForm(page)
    await page.goto('/admin/inbox?status=spam')
    expect(await page.getByTestId('inquiry-row').filter({ hasText: 'Speedy Script' }).count()).toBeGreaterThanOrEqual(2)
    await page.goto(`/admin/inbox/${spam.id}`)
    expect(await page.getByTestId('spam-reason').textContent()).toBe('It was sent less than two seconds after the form was shown.')
    await context.close()
  })
})
