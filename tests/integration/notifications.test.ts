import { beforeAll, describe, expect, it, vi } from 'vitest'
import { webhookInsideMessage, webhookMessage } from '~/lib/settings-schema'
import { loader as layoutLoader } from '~/routes/admin/layout'
import { action as notificationsAction, loader as notificationsLoader } from '~/routes/admin/notifications'
import { action as settingsAction } from '~/routes/admin/settings'
import { loader as siteLayoutLoader } from '~/routes/site/layout'
import { startOutboxWorker } from '~/server/host/outbox.server'
import { openDatabase } from '~/server/db/connection.server'
import type { Db } from '~/server/db/schema.server'
import { logger } from '~/server/log.server'
import { claimDueNotifications } from '~/server/repositories/outbox.server'
import { getSiteSettingsToEdit, saveSiteSettings } from '~/server/repositories/settings.server'
import { signIn } from '~/server/services/auth.server'
import { storeLead } from '~/server/services/leads.server'
import { deliverDueNotifications, RETRY_FOR_MS, retryDelay } from '~/server/services/notifications.server'
import { playbookFirm, storedPlaybook } from '~/server/services/playbook.server'
import { upsertAdmin } from '~/server/services/users.server'
import { action as pageAction } from '~/routes/site/page'
import { seedPagesOnce } from '~/server/services/seed-pages.server'
import { formRequest, testContext } from '../support/context'
import { describeEachDatabase, failingOn } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'
import { useSmtpServer } from '../support/smtp'
import { startWebhookEndpoint } from '../support/webhook'

// A real SMTP server on loopback receives what the workers send.
const { mails, url: smtpAddress } = useSmtpServer()

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE

it('waits 30 s after the first failure, doubling up to an hour', () => {
  expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 30].map(retryDelay)).toEqual([
    30 * SECOND,
    MINUTE,
    2 * MINUTE,
    4 * MINUTE,
    8 * MINUTE,
    16 * MINUTE,
    32 * MINUTE,
    HOUR,
    HOUR,
    HOUR,
  ])
})

describeEachDatabase('lead notifications through the outbox', (getDb) => {
  // The forms post to their pages, which the seed creates.
  beforeAll(async () => {
    await seedPagesOnce(getDb().db)
  })
  const db = () => getDb().db
  let address = 0
  /**
   * The load context of a request from its own address (clear of the per-address limit), with SMTP
   * set unless told, and webhooks allowed to loopback, where the test receivers listen.
   */
  const ctx = (database: Db = db(), config: object = { smtpUrl: smtpAddress() }) => {
    const base = testContext(database, `198.51.100.${++address}`)
    return { ...base, config: { ...base.config, smtpFrom: 'Site <no-reply@example.com>', webhookAllowPrivate: true, ...config } }
  }
  const config = () => ctx().config
  const sendContact = (fields: Record<string, string>, context = ctx()) => callRoute(pageAction, formRequest('/contact', fields), context)
  const outboxOf = (leadId: string) =>
    db()
      .selectFrom('outbox')
      .select(['channel', 'status', 'attempts', 'last_error', 'next_attempt_at', 'created_at', 'sent_at'])
      .where('lead_id', '=', leadId)
      .orderBy('channel')
      .execute()
  const leadIdOf = async (email: string) =>
    (await db().selectFrom('inquiries').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id
  const setWebhook = async (webhookUrl: string) => {
    const { settings, version } = await getSiteSettingsToEdit(db(), config())
    expect(await saveSiteSettings(db(), { ...settings, webhookUrl }, version, null)).toBe('saved')
  }
  /** Every notification still waiting is cleared away, so each test delivers only its own. */
  const clearOutbox = () => db().deleteFrom('outbox').execute()

  let cookie = ''
  beforeAll(async () => {
    await upsertAdmin(db(), 'notify@example.com', 'a-long-password')
    const result = await signIn(new Request('http://localhost/admin/login'), ctx(), {
      email: 'notify@example.com',
      password: 'a-long-password',
    })
    if (!result.ok) throw new Error('sign-in failed')
    cookie = result.setCookie.split(';')[0]!
  })
  const adminRequest = (path: string) => new Request(`http://localhost${path}`, { headers: { Cookie: cookie } })
  const problems = async () =>
    ((await callRoute(notificationsLoader, adminRequest('/admin/notifications'), ctx())) as Awaited<ReturnType<typeof notificationsLoader>>)
      .problems
  const adminAction = (fields: Record<string, string>) =>
    callRoute(notificationsAction, formRequest('/admin/notifications', fields, cookie), ctx()).then((r) =>
      unwrap<{ ok: boolean; toast: { title: string } }>(r),
    )

  it('stores a lead with an e-mail and a webhook notification, both due at once, and answers before sending either', async () => {
    await clearOutbox()
    const endpoint = await startWebhookEndpoint()
    try {
      await setWebhook(endpoint.url)
      const result = await sendContact({
        name: 'Jane Roe',
        email: 'jane@example.com',
        business: 'Roe Plumbing',
        message: 'Can you answer our phones?',
      })
      expect(result).toMatchObject({ data: { status: 'sent' } })
      const queued = await outboxOf(await leadIdOf('jane@example.com'))
      expect(queued.map((n) => [n.channel, n.status, n.attempts, n.next_attempt_at === n.created_at])).toEqual([
        ['email', 'pending', 0, true],
        ['webhook', 'pending', 0, true],
      ])
      expect(endpoint.calls).toHaveLength(0)
    } finally {
      await setWebhook('')
      await endpoint.close()
    }
  })

  it('stores no lead when its notifications cannot be stored, and tells the visitor it failed', async () => {
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => {})
    try {
      const result = unwrap<{ status: string }>(
        await sendContact(
          { name: 'Lost Lead', email: 'lost@example.com', message: 'Hello' },
          ctx(failingOn(db(), 'InsertQueryNode', 'outbox')),
        ),
      )
      expect([result.status, result.data.status]).toEqual([500, 'failed'])
      expect(await db().selectFrom('inquiries').select('id').where('email', '=', 'lost@example.com').execute()).toEqual([])
      expect(logged).toHaveBeenCalled()
    } finally {
      logged.mockRestore()
    }
  })

  it('queues nothing when neither SMTP nor a webhook is set', async () => {
    await sendContact({ name: 'Quiet Lead', email: 'quiet@example.com', message: 'Hi' }, ctx(db(), { smtpUrl: undefined }))
    expect(await outboxOf(await leadIdOf('quiet@example.com'))).toEqual([])
  })

  it('has the worker hand the owner e-mail to a real SMTP server, Reply-To the lead, for contact and playbook leads', async () => {
    await clearOutbox()
    // Rendered first: a playbook request renders a missing PDF in the background, which holds this
    // process (and so the test's own SMTP server) busy for seconds.
    await storedPlaybook(db(), await playbookFirm(ctx()))
    mails.length = 0
    await sendContact({ name: 'Mia Mail', email: 'mia@example.com', message: 'Call me on Tuesday.' })
    await callRoute(
      pageAction,
      formRequest('/resources/ai-playbook', { name: 'Pat Playbook', email: 'pat@example.com', business: 'Pat Dental' }),
      ctx(db(), { smtpUrl: undefined }),
    )
    // The playbook request came while SMTP was off; the contact message's e-mail is the one queued.
    expect(mails).toHaveLength(0)
    expect(await deliverDueNotifications(db(), config(), { worker: 'worker-a' })).toBe(1)
    expect(mails).toHaveLength(1)
    expect(mails[0]).toContain(`To: ${config().contactEmail}`)
    expect(mails[0]).toContain('From: Site <no-reply@example.com>')
    expect(mails[0]).toMatch(/Reply-To: Mia Mail <mia@example.com>/)
    expect(mails[0]).toContain('Subject: New message from the website: Mia Mail')
    expect(mails[0]).toContain('Call me on Tuesday.')
    const [email] = await outboxOf(await leadIdOf('mia@example.com'))
    expect(email).toMatchObject({ status: 'sent', attempts: 1, last_error: null })
    expect(email!.sent_at).not.toBeNull()

    mails.length = 0
    await callRoute(
      pageAction,
      formRequest('/resources/ai-playbook', { name: 'Pat Again', email: 'pat2@example.com', business: 'Pat Dental' }),
      ctx(),
    )
    // The playbook link went to the lead inline; the owner's e-mail waits for the worker.
    expect(mails.filter((mail) => mail.includes('Subject: New AI Playbook request'))).toHaveLength(0)
    await deliverDueNotifications(db(), config(), { worker: 'worker-a' })
    const owner = mails.find((mail) => mail.includes('Subject: New AI Playbook request: Pat Again'))!
    expect(owner).toMatch(/Reply-To: Pat Again <pat2@example.com>/)
    expect(owner).toContain('Business: Pat Dental')
  })

  it('delivers to a webhook that fails twice exactly once, retrying after 30 s and then 1 min', async () => {
    await clearOutbox()
    const endpoint = await startWebhookEndpoint((call) => (call <= 2 ? 500 : 200))
    try {
      await setWebhook(endpoint.url)
      await sendContact(
        { name: 'Jane <b>Roe</b>', email: 'jane.roe@example.com', business: 'Roe & Sons', message: 'Line one\nLine two' },
        ctx(db(), { smtpUrl: undefined }),
      )
      const leadId = await leadIdOf('jane.roe@example.com')
      const [queued] = await outboxOf(leadId)
      const t0 = Date.parse(queued!.created_at)
      const pass = (at: number) => deliverDueNotifications(db(), config(), { worker: 'worker-a', clock: () => at })

      expect(await pass(t0)).toBe(1)
      expect(await outboxOf(leadId)).toMatchObject([
        { status: 'pending', attempts: 1, last_error: 'HTTP 500: temporarily broken', next_attempt_at: iso(t0 + 30 * SECOND) },
      ])
      expect(await pass(t0 + 29 * SECOND)).toBe(0)
      expect(await pass(t0 + 30 * SECOND)).toBe(1)
      expect(await outboxOf(leadId)).toMatchObject([{ status: 'pending', attempts: 2, next_attempt_at: iso(t0 + 90 * SECOND) }])
      expect(await pass(t0 + 89 * SECOND)).toBe(0)
      expect(await pass(t0 + 90 * SECOND)).toBe(1)
      expect(await outboxOf(leadId)).toMatchObject([{ status: 'sent', attempts: 3, last_error: null, sent_at: iso(t0 + 90 * SECOND) }])
      expect(await pass(t0 + 10 * HOUR)).toBe(0)

      expect(endpoint.calls.map((call) => call.status)).toEqual([500, 500, 200])
      expect(endpoint.delivered()).toHaveLength(1)
      const [delivery] = endpoint.delivered()
      expect(delivery!.contentType).toBe('application/json')
      const lead = await db().selectFrom('inquiries').select('created_at').where('id', '=', leadId).executeTakeFirstOrThrow()
      expect(delivery!.body).toEqual({
        text: `New contact message from Jane &lt;b&gt;Roe&lt;/b&gt; (jane.roe@example.com), Roe &amp; Sons: Line one\nLine two\nhttp://localhost:3000/admin/inbox/${leadId}`,
        lead: {
          id: leadId,
          kind: 'contact',
          name: 'Jane <b>Roe</b>',
          email: 'jane.roe@example.com',
          business: 'Roe & Sons',
          message: 'Line one\nLine two',
          createdAt: lead.created_at,
          adminUrl: `http://localhost:3000/admin/inbox/${leadId}`,
        },
      })
    } finally {
      await setWebhook('')
      await endpoint.close()
    }
  })

  it('counts an endpoint that does not answer in time as a failure', async () => {
    await clearOutbox()
    const endpoint = await startWebhookEndpoint(() => 'no answer')
    try {
      await setWebhook(endpoint.url)
      await sendContact({ name: 'Slow Lead', email: 'slow@example.com', message: 'Hi' }, ctx(db(), { smtpUrl: undefined }))
      await deliverDueNotifications(db(), config(), { worker: 'worker-a', webhookTimeoutMs: 200 })
      expect(await outboxOf(await leadIdOf('slow@example.com'))).toMatchObject([
        { status: 'pending', attempts: 1, last_error: 'No answer within 0.2 s' },
      ])
      expect(endpoint.calls).toHaveLength(1)
    } finally {
      await setWebhook('')
      await endpoint.close()
    }
  })

  it('gives each due row to exactly one of two workers on their own connections, claiming and sending at the same moment', async () => {
    await clearOutbox()
    const endpoint = await startWebhookEndpoint()
    const second = openDatabase(getDb().target)
    try {
      await setWebhook(endpoint.url)
      const ids: string[] = []
      for (let i = 0; i < 35; i++) {
        const stored = await storeLead(db(), config(), {
          kind: 'contact',
          name: `Lead ${i}`,
          email: `lead${i}@example.com`,
          business: null,
          message: 'Hi',
          ip: null,
        })
        if (stored.outcome === 'stored') ids.push(stored.id)
      }

      const drain = async (database: Db, worker: string) => {
        let claimed = 0
        for (;;) {
          const n = await deliverDueNotifications(database, config(), { worker })
          if (n === 0) return claimed
          claimed += n
        }
      }
      // Several workers per connection too, as two timers on one instance would be.
      const claimed = await Promise.all([drain(db(), 'a1'), drain(second.db, 'b1'), drain(db(), 'a2'), drain(second.db, 'b2')])
      // Each lead has an e-mail row too; the webhook endpoint sees the webhook rows only.
      expect(claimed.reduce((sum, n) => sum + n, 0)).toBe(70)
      const deliveredIds = endpoint.delivered().map((call) => call.body.lead.id as string)
      expect(deliveredIds.toSorted()).toEqual(ids.toSorted())
      expect(endpoint.calls).toHaveLength(35)
      const statuses = await db().selectFrom('outbox').select('status').where('channel', '=', 'webhook').execute()
      expect(statuses.every((row) => row.status === 'sent')).toBe(true)
    } finally {
      await second.close()
      await setWebhook('')
      await endpoint.close()
    }
  })

  it('lets exactly one of two simultaneous claims take each row', async () => {
    await clearOutbox()
    for (let i = 0; i < 20; i++)
      await storeLead(db(), config(), {
        kind: 'contact',
        name: `Claim ${i}`,
        email: `claim${i}@example.com`,
        business: null,
        message: 'Hi',
        ip: null,
      })
    const second = openDatabase(getDb().target)
    try {
      const now = new Date(Date.now() + SECOND).toISOString()
      const until = new Date(Date.now() + HOUR).toISOString()
      const [a, b] = await Promise.all([
        claimDueNotifications(db(), 'a', now, until, 20),
        claimDueNotifications(second.db, 'b', now, until, 20),
      ])
      const all = [...a, ...b].map((row) => row.id)
      expect(new Set(all).size).toBe(all.length)
      expect(all).toHaveLength(20)
    } finally {
      await second.close()
    }
  })

  it('retries a row whose worker died mid-send once its claim runs out, and not before', async () => {
    await clearOutbox()
    mails.length = 0
    await sendContact({ name: 'Crash Lead', email: 'crash@example.com', message: 'Hi' })
    const leadId = await leadIdOf('crash@example.com')
    const t0 = Date.parse((await outboxOf(leadId))[0]!.created_at)
    // A worker claims the row and dies before sending it.
    expect(await claimDueNotifications(db(), 'dead-worker', iso(t0), iso(t0 + 5 * MINUTE), 10)).toHaveLength(1)
    expect(await deliverDueNotifications(db(), config(), { worker: 'live-worker', clock: () => t0 + 4 * MINUTE })).toBe(0)
    expect(await deliverDueNotifications(db(), config(), { worker: 'live-worker', clock: () => t0 + 5 * MINUTE + 1 })).toBe(1)
    expect(await outboxOf(leadId)).toMatchObject([{ status: 'sent', attempts: 2 }])
    expect(mails).toHaveLength(1)
  })

  it('fails a row still failing 24 h after it was queued, shows it in the admin with a warning, and retries or dismisses it on request', async () => {
    await clearOutbox()
    let up = false
    const endpoint = await startWebhookEndpoint(() => (up ? 200 : 503))
    const warned = vi.spyOn(logger, 'warn').mockImplementation(() => {})
    try {
      await setWebhook(endpoint.url)
      await sendContact({ name: 'Failing Lead', email: 'failing@example.com', message: 'Hi' }, ctx(db(), { smtpUrl: undefined }))
      // The list is newest first: two leads in one millisecond would have no order to check.
      await new Promise((resolve) => setTimeout(resolve, 5))
      await sendContact({ name: 'Dismissed Lead', email: 'dismissed@example.com', message: 'Hi' }, ctx(db(), { smtpUrl: undefined }))
      const leadId = await leadIdOf('failing@example.com')
      const t0 = Date.parse((await outboxOf(leadId))[0]!.created_at)

      expect(await layoutCounts()).toEqual({ failing: 0, failed: 0 })
      // Each attempt at the time the previous one set, as the worker would make them.
      const attempts: number[] = []
      for (let at = t0; ;) {
        await deliverDueNotifications(db(), config(), { worker: 'worker-a', clock: () => at })
        attempts.push(at - t0)
        const [row] = await outboxOf(leadId)
        if (row!.status !== 'pending') break
        expect((await layoutCounts())?.failed).toBe(0)
        at = Date.parse(row!.next_attempt_at)
      }
      // 30 s, 1, 2, 4, 8, 16 and 32 min, then hourly; the last attempt at 24 h exactly.
      expect(attempts.slice(0, 9)).toEqual([0, 30, 90, 210, 450, 930, 1890, 3810, 7410].map((s) => s * SECOND))
      expect(attempts.at(-1)).toBe(RETRY_FOR_MS)
      expect(await outboxOf(leadId)).toMatchObject([
        { status: 'failed', attempts: attempts.length, last_error: 'HTTP 503: temporarily broken' },
      ])
      // The other lead came a moment later, so its day ends a moment later too.
      await deliverDueNotifications(db(), config(), { worker: 'worker-a', clock: () => t0 + RETRY_FOR_MS + MINUTE })
      expect(await layoutCounts()).toEqual({ failing: 0, failed: 2 })

      const listed = await problems()
      expect(listed.map((p) => [p.leadName, p.channel, p.status, p.lastError])).toEqual([
        ['Dismissed Lead', 'webhook', 'failed', 'HTTP 503: temporarily broken'],
        ['Failing Lead', 'webhook', 'failed', 'HTTP 503: temporarily broken'],
      ])
      expect(listed[1]!.attempts).toBe(attempts.length)

      const failing = listed.find((p) => p.leadName === 'Failing Lead')!
      up = true
      const retried = await adminAction({ intent: 'retry', id: failing.id })
      expect([retried.status, retried.data.toast.title]).toEqual([200, 'Trying again now'])
      expect(await outboxOf(leadId)).toMatchObject([{ status: 'pending' }])
      expect(await deliverDueNotifications(db(), config(), { worker: 'worker-a' })).toBe(1)
      expect(await outboxOf(leadId)).toMatchObject([{ status: 'sent', last_error: null }])
      expect(endpoint.delivered().map((call) => call.body.lead.name)).toEqual(['Failing Lead'])

      const dismissed = listed.find((p) => p.leadName === 'Dismissed Lead')!
      expect((await adminAction({ intent: 'dismiss', id: dismissed.id })).data.toast.title).toBe('Notification dismissed')
      expect(await problems()).toEqual([])
      expect(await layoutCounts()).toEqual({ failing: 0, failed: 0 })
      // The lead itself stays in the inbox.
      expect(await leadIdOf('dismissed@example.com')).toBeTruthy()

      expect((await adminAction({ intent: 'retry', id: failing.id })).status).toBe(404)
      expect((await adminAction({ intent: 'dismiss', id: failing.id })).status).toBe(404)
      expect((await adminAction({ intent: 'explode', id: failing.id })).status).toBe(400)
    } finally {
      warned.mockRestore()
      await setWebhook('')
      await endpoint.close()
    }
  })

  const layoutCounts = async () =>
    ((await callRoute(layoutLoader, adminRequest('/admin'), ctx())) as Awaited<ReturnType<typeof layoutLoader>>).notifications

  it('refuses the notifications screen and its actions without a session', async () => {
    const page = (await callRoute(notificationsLoader, new Request('http://localhost/admin/notifications'), ctx())) as Response
    expect(page.headers.get('Location')).toBe('/admin/login?redirectTo=%2Fadmin%2Fnotifications')
    const action = (await callRoute(
      notificationsAction,
      formRequest('/admin/notifications', { intent: 'retry', id: 'x' }),
      ctx(),
    )) as Response
    expect(action.headers.get('Location')).toBe('/admin/login')
  })

  it('erases the notifications of an erased lead', async () => {
    await clearOutbox()
    await sendContact({ name: 'Erased Lead', email: 'erased@example.com', message: 'Hi' })
    const leadId = await leadIdOf('erased@example.com')
    expect(await outboxOf(leadId)).toHaveLength(1)
    await db().deleteFrom('inquiries').where('id', '=', leadId).execute()
    expect(await outboxOf(leadId)).toEqual([])
  })

  it('sends a new lead within a moment when the worker is nudged', async () => {
    await clearOutbox()
    const endpoint = await startWebhookEndpoint()
    // A long period: only the nudge can make this delivery happen in time.
    const worker = startOutboxWorker(db(), config(), HOUR)
    try {
      await setWebhook(endpoint.url)
      const context = { ...ctx(db(), { smtpUrl: undefined }), notificationsQueued: worker.nudge }
      await sendContact({ name: 'Nudged Lead', email: 'nudged@example.com', message: 'Hi' }, context)
      await expect.poll(() => endpoint.delivered().length, { timeout: 2_000, interval: 20 }).toBe(1)
    } finally {
      await worker.stop()
      await setWebhook('')
      await endpoint.close()
    }
  })

  describe('the webhook setting', () => {
    const save = (webhookUrl: string) =>
      callRoute(
        settingsAction,
        formRequest('/admin/settings?tab=site', { intent: 'site', ...publicSettings, webhookUrl }, cookie),
        ctx(),
      ).then((r) => unwrap<{ errors: Record<string, string> }>(r))
    const publicSettings = {
      contactEmail: 'team@example.com',
      partnersEmail: 'alliances@example.com',
      bookingUrl: 'https://cal.com/example/intro',
      linkedinUrl: 'https://www.linkedin.com/company/example',
      twitterUrl: 'https://x.com/example',
      timeZone: 'America/Chicago',
    }
    const stored = async () => (await getSiteSettingsToEdit(db(), config())).settings.webhookUrl

    it.each([
      'http://hooks.example.com/leads',
      'ftp://example.com/x',
      'hooks.slack.com/services/x',
      'https://user:secret@example.com/hook',
      'javascript:alert(1)',
    ])('refuses %j with a message next to the field', async (value) => {
      const result = await save(value)
      expect([result.status, result.data.errors]).toEqual([400, { webhookUrl: webhookMessage }])
    })

    it.each([
      'http://127.0.0.1:8080/hook',
      'https://localhost/hook',
      'https://LOCALHOST./hook',
      'https://relay.localhost/',
      'https://10.0.0.5/',
      'https://0x7f.1/',
      'https://2130706433/',
      'https://[::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://[::ffff:7f00:1]/',
    ])('refuses %j, which names this machine or a bare address, with a message next to the field', async (value) => {
      const result = await save(value)
      expect([result.status, result.data.errors]).toEqual([400, { webhookUrl: webhookInsideMessage }])
    })

    it('saves an https address and turns the webhook off when emptied, never showing it to visitors', async () => {
      const slack = 'https://hooks.slack.com/services/T000/B000/XXXX'
      expect((await save(`  ${slack} `)).status).toBe(302)
      expect(await stored()).toBe(slack)
      const publicLayout = await siteLayoutLoader({ request: new Request('http://localhost/'), context: ctx(), params: {} } as never)
      expect(JSON.stringify(publicLayout)).not.toContain('hooks.slack.com')
      const screen = (await callRoute(notificationsLoader, adminRequest('/admin/notifications'), ctx())) as Awaited<
        ReturnType<typeof notificationsLoader>
      >
      expect(screen).toMatchObject({ webhook: 'hooks.slack.com', email: 'team@example.com' })
      expect(JSON.stringify(screen)).not.toContain('XXXX')

      expect((await save('')).status).toBe(302)
      expect(await stored()).toBe('')
    })
  })
})

function iso(ms: number) {
  return new Date(ms).toISOString()
}
