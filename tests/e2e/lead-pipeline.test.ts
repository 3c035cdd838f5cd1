import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { accessibilityViolations } from '../support/axe'
import { toast, waitForHydration } from '../support/browser'
import { withServerDb } from '../support/server'
import { ADMIN, signInThroughForm, useRunningSite } from '../support/site'
import { addInquiryNote, changeInquiryStatus, createInquiry, type NewInquiry } from '~/server/repositories/inquiries.server'

const site = useRunningSite()

async function signedInPage({ width = 1280, javaScriptEnabled = true } = {}) {
  const context = await site.browser.newContext({
    baseURL: site.server.url,
    viewport: { width, height: 900 },
    acceptDownloads: true,
    javaScriptEnabled,
  })
  const page = await context.newPage()
  await signInThroughForm(page, { javaScript: javaScriptEnabled })
  return page
}

/** Leads stored as the public forms store them; the forms themselves are tested elsewhere. */
async function storeLeads(...leads: Partial<NewInquiry>[]): Promise<string[]> {
  return withServerDb(site.server, async (db) => {
    const ids: string[] = []
    for (const lead of leads) {
      ids.push(
        await createInquiry(db, {
          kind: 'contact',
          name: 'Someone',
          email: 'someone@example.com',
          business: null,
          message: 'Hello',
          ip: null,
          ...lead,
        }),
      )
    }
    return ids
  })
}

const stored = (id: string) =>
  withServerDb(site.server, async (db) => ({
    lead: await db.selectFrom('inquiries').select(['status', 'first_contacted_at']).where('id', '=', id).executeTakeFirst(),
    history: await db
      .selectFrom('inquiry_events')
      .select(['type', 'to_status', 'note', 'author_email'])
      .where('inquiry_id', '=', id)
      .orderBy('created_at')
      .execute(),
  }))

/** The message page's timeline entries, newest first, as read on screen. */
const historyTexts = (page: Page) => page.getByTestId('history-entry').allInnerTexts()

async function changeStatus(page: Page, label: string) {
  await page.getByLabel('Status').selectOption({ label })
  await page.getByRole('button', { name: 'Change status' }).click()
}

describe('the lead pipeline', () => {
  it('moves a lead through its statuses with notes, refuses a stale change, filters, exports the filter and erases the lead', async () => {
    const [rosaId] = await storeLeads(
      {
        name: 'Rosa Ramírez',
        email: 'rosa@example.com',
        business: 'Ramírez Roofing, LLC',
        message: 'Do you cover Tampa?\nWe have two crews and one phone line.',
      },
      { name: 'Marcus Bell', email: 'marcus@example.com', message: 'Weekend calls for Tampa too?' },
      { name: 'Kim Tran', email: 'kim@example.com', kind: 'playbook', message: null },
    )
    const page = await signedInPage()
    await page.goto(`/admin/inbox/${rosaId}`)
    await waitForHydration(page)
    expect(await page.getByTestId('lead-status').textContent()).toBe('New')

    await changeStatus(page, 'Contacted')
    await expect.poll(() => toast(page, 'Status changed to Contacted').count()).toBe(1)
    await expect.poll(() => page.getByTestId('lead-status').textContent()).toBe('Contacted')
    expect((await historyTexts(page))[0]).toMatch(
      /^Status changed\s*from\s*New\s*to\s*Contacted\s*owner@example\.com · \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M C[SD]T$/,
    )

    const note = page.getByLabel('Note')
    await note.fill('Called Rosa: two crews, about 40 missed calls a week.\nSending a proposal Friday.')
    await page.getByRole('button', { name: 'Add note' }).click()
    await expect.poll(() => toast(page, 'Note added').count()).toBe(1)
    await expect
      .poll(async () => (await historyTexts(page))[0])
      .toContain('Called Rosa: two crews, about 40 missed calls a week.\nSending a proposal Friday.')
    expect(await note.inputValue()).toBe('')
    await changeStatus(page, 'Qualified')
    await expect.poll(() => page.getByTestId('lead-status').textContent()).toBe('Qualified')
    expect(await historyTexts(page)).toHaveLength(3)
    // Keyboard and screen readers: the form controls are labelled, the refusal is tied to its field.
    await page.reload()
    expect(await accessibilityViolations(page)).toEqual([])

    // A second admin's page, opened while the lead was Qualified, tries to mark it Lost after the first marked it Won.
    const other = await signedInPage({ width: 390 })
    await other.goto(`/admin/inbox/${rosaId}`)
    await waitForHydration(other)
    await changeStatus(page, 'Won')
    await expect.poll(() => page.getByTestId('lead-status').textContent()).toBe('Won')
    await changeStatus(other, 'Lost')
    const refusal = 'Someone else changed this lead to Won after you opened it, so it stays Won. Choose again if it should still change.'
    await expect.poll(() => toast(other, refusal).count()).toBe(1)
    await expect.poll(() => other.getByTestId('lead-status').textContent()).toBe('Won')
    expect(await other.getByLabel('Status').inputValue()).toBe('won')
    // Said at the field too, where it stays once the toast has gone.
    expect(await other.locator('#field-status-error').textContent()).toBe(refusal)
    expect(await other.getByLabel('Status').getAttribute('aria-describedby')).toBe('field-status-error')
    // Checked once the toast has gone: axe can catch it halfway through its fade-in.
    await expect.poll(() => toast(other, refusal).count()).toBe(0)
    expect(await accessibilityViolations(other)).toEqual([])
    await other.context().close()

    const { lead, history } = await stored(rosaId!)
    expect(lead?.status).toBe('won')
    expect(lead?.first_contacted_at).not.toBeNull()
    expect(history.map((entry) => entry.to_status ?? entry.type)).toEqual(['contacted', 'note', 'qualified', 'won'])
    expect(new Set(history.map((entry) => entry.author_email))).toEqual(new Set([ADMIN.email]))

    // The inbox, filtered through its form: Won contact messages mentioning Tampa.
    await page.goto('/admin/inbox')
    await waitForHydration(page)
    await page.getByLabel('Search').fill('TAMPA')
    await page.getByLabel('Status').selectOption({ label: 'Won' })
    await page.getByLabel('Type').selectOption({ label: 'Contact' })
    await page.getByRole('button', { name: 'Filter' }).click()
    await page.waitForURL('**/admin/inbox?status=won&kind=contact&q=TAMPA')
    await expect.poll(() => page.getByTestId('inquiry-row').count()).toBe(1)
    const row = page.getByTestId('inquiry-row').filter({ hasText: 'Rosa Ramírez' })
    expect(await row.getByText('Won', { exact: true }).count()).toBe(1)
    expect(await page.getByTestId('inbox-total').textContent()).toBe('1 lead matches these filters.')
    // The filter survives a reload, in the address and in the form.
    await page.reload()
    expect(await page.getByLabel('Search').inputValue()).toBe('TAMPA')
    expect(await page.getByLabel('Status').inputValue()).toBe('won')
    expect(await accessibilityViolations(page)).toEqual([])

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()])
    const csv = await readFile((await download.path())!, 'utf8')
    expect(csv.split('\n')[0]).toBe(
      '\uFEFFreceived,kind,name,email,business,message,read,status,landing_page,referrer,utm_source,utm_medium,utm_campaign,utm_term,utm_content,form_page',
    )
    expect(csv).toContain(
      'Contact,Rosa Ramírez,rosa@example.com,"Ramírez Roofing, LLC","Do you cover Tampa?\nWe have two crews and one phone line.",yes,Won',
    )
    expect(csv).not.toContain('Marcus Bell')

    await page.getByRole('link', { name: 'Clear filters' }).click()
    await page.waitForURL(/\/admin\/inbox$/)
    await expect.poll(() => page.getByTestId('inquiry-row').count()).toBe(3)
    expect(await page.getByLabel('Search').inputValue()).toBe('')

    // Erased for good, with its notes and history.
    await page.getByTestId('inquiry-row').filter({ hasText: 'Rosa Ramírez' }).getByRole('link', { name: 'Rosa Ramírez' }).click()
    await page.waitForURL(`**/admin/inbox/${rosaId}`)
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Delete message from Rosa Ramírez' }).click()
    const dialog = page.getByRole('alertdialog')
    expect(await dialog.getByText('Are you sure you want to delete this message?').isVisible()).toBe(true)
    expect(await dialog.getByText('its notes and its history will be erased for good').isVisible()).toBe(true)
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await page.waitForURL(/\/admin\/inbox$/)
    await expect.poll(() => toast(page, 'Message deleted successfully').count()).toBe(1)
    expect(await stored(rosaId!)).toEqual({ lead: undefined, history: [] })
    expect(await page.getByTestId('inquiry-row').count()).toBe(2)
    await page.context().close()
  })

  it('works without JavaScript: status, notes, a stale change and the filter form', async () => {
    const [id] = await storeLeads({ name: 'Noah Script', email: 'noah@example.com', message: 'Plain HTML forever.' })
    const page = await signedInPage({ javaScriptEnabled: false, width: 390 })
    await page.goto(`/admin/inbox/${id}`)
    // Without scripts each form is a page load: the checks wait for the next page, not the click.
    await changeStatus(page, 'Contacted')
    await expect.poll(() => page.getByTestId('lead-status').textContent()).toBe('Contacted')
    await page.getByLabel('Note').fill('Replied by e-mail.')
    await page.getByRole('button', { name: 'Add note' }).click()
    await expect.poll(async () => (await historyTexts(page))[0]).toContain('Replied by e-mail.')

    // Someone else qualifies the lead while this page still shows Contacted.
    const other = await signedInPage()
    await other.goto(`/admin/inbox/${id}`)
    await waitForHydration(other)
    await changeStatus(other, 'Qualified')
    await expect.poll(() => other.getByTestId('lead-status').textContent()).toBe('Qualified')
    await other.context().close()

    await changeStatus(page, 'Spam')
    await expect
      .poll(() =>
        page
          .getByText(
            'Someone else changed this lead to Qualified after you opened it, so it stays Qualified. Choose again if it should still change.',
          )
          .count(),
      )
      .toBe(1)
    expect(await page.getByTestId('lead-status').textContent()).toBe('Qualified')
    expect((await stored(id!)).lead?.status).toBe('qualified')

    await page.goto('/admin/inbox')
    await page.getByLabel('Status').selectOption({ label: 'Qualified' })
    await page.getByLabel('Search').fill('plain html')
    await page.getByRole('button', { name: 'Filter' }).click()
    await page.waitForURL((address) => address.searchParams.has('status'), { waitUntil: 'load' })
    const url = new URL(page.url())
    expect([url.searchParams.get('status'), url.searchParams.get('q')]).toEqual(['qualified', 'plain html'])
    expect(await page.getByTestId('inquiry-row').allInnerTexts()).toEqual([expect.stringContaining('Noah Script')])
    expect(await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/admin/inbox/export.csv?status=qualified&q=plain+html',
    )
    await page.context().close()
  })

  it('has no WCAG AA violations on the filtered inbox, an empty filter and the message page at phone and desktop widths', async () => {
    const [id] = await storeLeads({ name: 'Ada Axe', email: 'ada@example.com', business: 'Axe & Co', message: 'Checking contrast.' })
    await withServerDb(site.server, async (db) => {
      for (const [shown, to] of [
        ['new', 'contacted'],
        ['contacted', 'qualified'],
        ['qualified', 'won'],
        ['won', 'lost'],
        ['lost', 'spam'],
      ] as const) {
        await changeInquiryStatus(db, id!, { shown, to, authorEmail: ADMIN.email })
      }
      await addInquiryNote(db, id!, { text: 'Every badge colour is on this page now.', authorEmail: ADMIN.email })
    })
    for (const width of [390, 1280]) {
      const page = await signedInPage({ width })
      for (const path of [
        '/admin/inbox?status=spam&q=axe',
        '/admin/inbox?status=won&from=2001-01-01&to=2001-01-02',
        `/admin/inbox/${id}`,
        '/admin',
      ]) {
        await page.goto(path)
        await waitForHydration(page)
        expect(await accessibilityViolations(page), `${path} at ${width}px`).toEqual([])
      }
      await page.context().close()
    }
  })
})
