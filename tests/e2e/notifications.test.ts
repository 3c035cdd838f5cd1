import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { webhookMessage } from '~/lib/settings-schema'
import type { Db } from '~/server/db/schema.server'
import { createInquiry } from '~/server/repositories/inquiries.server'
import { enqueueNotifications } from '~/server/repositories/outbox.server'
import { accessibilityViolations } from '../support/axe'
import { toast, waitForHydration } from '../support/browser'
import { logMessages } from '../support/log-lines'
import { createTestDatabase, type TestDatabase } from '../support/databases'
import { startServer, withServerDb, type RunningServer } from '../support/server'
import { metricValue, scrapeMetrics } from '../support/metrics'
import { signInThroughForm, useRunningSite } from '../support/site'
import { startWebhookEndpoint, type WebhookEndpoint } from '../support/webhook'

// The test receivers listen on loopback, which a webhook may only reach with WEBHOOK_ALLOW_PRIVATE.
const site = useRunningSite({ WEBHOOK_ALLOW_PRIVATE: '1' })

const webhookLines = (server: RunningServer) =>
  logMessages(server.output()).filter((line) => /^Notification \S+ \(webhook, attempt \d+\)/.test(line))

/**
 * Once the worker has recorded its attempt number `attempts`, makes the notification due now, as if
 * its backoff had passed.
 */
async function makeDueAfter(db: Db, attempts: number) {
  const settled = () =>
    db
      .selectFrom('outbox')
      .select('id')
      .where('attempts', '=', attempts)
      .where('claimed_by', 'is', null)
      .where('status', '=', 'pending')
      .execute()
  await expect.poll(async () => (await settled()).length, { timeout: 5_000, interval: 50 }).toBe(1)
  await db.updateTable('outbox').set({ next_attempt_at: new Date().toISOString() }).where('status', '=', 'pending').execute()
}

async function setWebhook(db: Db, url: string) {
  const now = new Date().toISOString()
  await db
    .insertInto('site_settings')
    .values({ key: 'webhook_url', value: url, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: url, updated_at: now }))
    .execute()
}

// Several instances share only PostgreSQL; CI always sets TEST_DATABASE_URL, so this runs there.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))(
  'lead notifications from two production instances on one PostgreSQL database',
  () => {
    let database: TestDatabase
    let first: RunningServer
    let second: RunningServer
    let endpoint: WebhookEndpoint

    beforeAll(async () => {
      endpoint = await startWebhookEndpoint((call) => (call <= 2 ? 500 : 200))
      database = await createTestDatabase('postgres', { migrate: false })
      if (database.target.kind !== 'postgres') throw new Error('expected PostgreSQL')
      const env = {
        DATABASE_URL: database.target.url,
        COOKIE_SECRET: 'shared-secret-for-both-instances-0123456789',
        WEBHOOK_ALLOW_PRIVATE: '1',
      }
      first = await startServer(env)
      second = await startServer(env)
      await setWebhook(database.db, endpoint.url)
    })
    afterAll(async () => {
      await first?.stop()
      await second?.stop()
      await database?.cleanup()
      await endpoint?.close()
    })

    it('delivers a lead sent to one instance exactly once to a webhook that fails twice, both instances retrying', async () => {
      const sent = await fetch(`${first.url}/contact`, {
        method: 'POST',
        body: new URLSearchParams({ name: 'Dana Two', email: 'dana@example.com', message: 'Do you work with dentists?' }),
      })
      expect(sent.status).toBe(200)
      // The instance that stored the lead sends at once, without waiting for its timer.
      await expect.poll(() => endpoint.calls.length, { timeout: 3_000, interval: 50 }).toBe(1)
      // Its metrics count the failed attempt, and show the PostgreSQL connections it holds.
      const failures = async () => metricValue((await scrapeMetrics(first.url)).metrics, 'site_outbox_failures_total')
      await expect.poll(failures, { timeout: 3_000, interval: 50 }).toBe(1)
      const { metrics } = await scrapeMetrics(first.url)
      expect(metricValue(metrics, 'site_outbox_backlog')).toBe(1)
      expect(metricValue(metrics, 'site_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1)
      expect(metricValue(metrics, 'site_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0)

      // Time passes: the backoff is over, and whichever instance looks first retries.
      await makeDueAfter(database.db, 1)
      await expect.poll(() => endpoint.calls.length, { timeout: 15_000, interval: 100 }).toBe(2)
      await makeDueAfter(database.db, 2)
      await expect.poll(() => endpoint.delivered().length, { timeout: 15_000, interval: 100 }).toBe(1)

      // More than one timer period of both instances later, nothing more has been sent.
      await new Promise((resolve) => setTimeout(resolve, 6_000))
      expect(endpoint.calls.map((call) => call.status)).toEqual([500, 500, 200])
      expect(endpoint.delivered()[0]!.body.lead).toMatchObject({
        name: 'Dana Two',
        email: 'dana@example.com',
        message: 'Do you work with dentists?',
      })
      const rows = await database.db.selectFrom('outbox').select(['channel', 'status', 'attempts']).execute()
      expect(rows).toEqual([{ channel: 'webhook', status: 'sent', attempts: 3 }])
      // Three attempts in all, logged by whichever instance made each.
      expect(webhookLines(first).length + webhookLines(second).length).toBe(3)
    })
  },
)

describe('notifications in the back office', () => {
  it('checks and saves the webhook address in Site Settings', async () => {
    const page = await site.browser.newPage({ baseURL: site.server.url })
    await signInThroughForm(page)
    await page.goto('/admin/settings?tab=site')
    await waitForHydration(page)
    const field = page.getByLabel('Lead webhook URL')
    expect(await field.inputValue()).toBe('')

    await field.fill('http://hooks.example.com/leads')
    await page.getByRole('button', { name: 'Save Settings' }).click()
    await expect.poll(() => page.locator('#field-webhookUrl-error').textContent()).toBe(webhookMessage)
    expect(await field.getAttribute('aria-invalid')).toBe('true')

    await field.fill('https://hooks.slack.com/services/T0001/B0001/abcdef')
    await page.getByRole('button', { name: 'Save Settings' }).click()
    await expect.poll(() => toast(page, 'Site settings saved').count()).toBe(1)
    await page.reload()
    expect(await page.getByLabel('Lead webhook URL').inputValue()).toBe('https://hooks.slack.com/services/T0001/B0001/abcdef')
    // Visitors never see it.
    const home = await fetch(`${site.server.url}/`)
    expect(await home.text()).not.toContain('hooks.slack.com')
    await page.context().close()
  })

  it('warns of a failed notification on every screen and sends it again on "Retry now"', async () => {
    const endpoint = await startWebhookEndpoint()
    try {
      await withServerDb(site.server, async (db) => {
        await setWebhook(db, endpoint.url)
        const leadId = await createInquiry(db, {
          kind: 'contact',
          name: 'Una Failed',
          email: 'una@example.com',
          business: null,
          message: 'Hello',
          ip: null,
        })
        const now = new Date().toISOString()
        await enqueueNotifications(db, [{ channel: 'webhook', leadId, payload: { text: 'New contact message from Una Failed' } }], now)
        await db
          .updateTable('outbox')
          .set({ status: 'failed', attempts: 31, last_error: 'HTTP 404: no_service' })
          .where('lead_id', '=', leadId)
          .execute()
      })
      const page = await site.browser.newPage({ baseURL: site.server.url })
      await signInThroughForm(page)
      const warning = page.getByTestId('notifications-warning')
      expect(await warning.textContent()).toBe('1 notification about a new lead could not be delivered. Review notifications')
      await waitForHydration(page)
      await warning.getByRole('link', { name: 'Review notifications' }).click()
      await page.waitForURL('**/admin/notifications')
      const row = page.getByTestId('notification-row')
      await expect.poll(() => row.count()).toBe(1)
      expect(await row.textContent()).toContain('Una Failed')
      expect(await row.textContent()).toContain('HTTP 404: no_service')
      expect(await warning.count()).toBe(0)
      // Checked without the sign-in toast, which axe can catch halfway through its fade-in.
      await page.reload()
      await waitForHydration(page)
      expect(await accessibilityViolations(page)).toEqual([])

      await row.getByRole('button', { name: 'Retry now' }).click()
      await expect.poll(() => toast(page, 'Trying again now').count()).toBe(1)
      await expect.poll(() => endpoint.delivered().length).toBe(1)
      expect(endpoint.delivered()[0]!.body).toEqual({ text: 'New contact message from Una Failed' })
      await page.reload()
      expect(await page.getByText('Every notification was delivered').count()).toBe(1)
      await page.goto('/admin')
      expect(await page.getByTestId('notifications-warning').count()).toBe(0)
      await page.context().close()
    } finally {
      await withServerDb(site.server, (db) => setWebhook(db, ''))
      await endpoint.close()
    }
  })
})
