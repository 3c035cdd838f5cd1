import { beforeAll, expect, it } from 'vitest'
import { loader as notificationsLoader } from '~/routes/admin/notifications'
import { getSiteSettingsToEdit, saveSiteSettings } from '~/server/repositories/settings.server'
import { signIn } from '~/server/services/auth.server'
import { storeLead } from '~/server/services/leads.server'
import { deliverDueNotifications } from '~/server/services/notifications.server'
import { ANSWER_LIMIT_BYTES, EXCERPT_LENGTH } from '~/server/services/webhook.server'
import { upsertAdmin } from '~/server/services/users.server'
import { testContext } from '../support/context'
import { describeEachDatabase } from '../support/databases'
import { callRoute } from '../support/route-args'
import { startAnsweringEndpoint, startWebhookEndpoint } from '../support/webhook'

const MB = 1024 * 1024

describeEachDatabase('where the lead webhook may go', (getDb) => {
  const db = () => getDb().db
  /** The context of the real server, with WEBHOOK_ALLOW_PRIVATE as told (the test receivers are on loopback). */
  const ctx = (allowPrivate: boolean) => {
    const base = testContext(db())
    return { ...base, config: { ...base.config, webhookAllowPrivate: allowPrivate } }
  }
  const setWebhook = async (webhookUrl: string) => {
    const { settings, version } = await getSiteSettingsToEdit(db(), ctx(false).config)
    expect(await saveSiteSettings(db(), { ...settings, webhookUrl }, version, null)).toBe('saved')
  }
  /** Queues a lead's webhook notification to `url` and has a worker make one attempt; the outbox row after it. */
  const deliver = async (url: string, { allowPrivate = false } = {}) => {
    await db().deleteFrom('outbox').execute()
    await setWebhook(url)
    const { config } = ctx(allowPrivate)
    await storeLead(db(), config, {
      kind: 'contact',
      name: 'Hook Lead',
      email: 'hook@example.com',
      business: null,
      message: 'Hi',
      ip: null,
    })
    expect(await deliverDueNotifications(db(), config, { worker: 'worker-a' })).toBe(1)
    return db().selectFrom('outbox').select(['status', 'last_error']).executeTakeFirstOrThrow()
  }

  let cookie = ''
  beforeAll(async () => {
    await upsertAdmin(db(), 'hooks@example.com', 'a-long-password')
    const result = await signIn(new Request('http://localhost/admin/login'), ctx(false), {
      email: 'hooks@example.com',
      password: 'a-long-password',
    })
    if (!result.ok) throw new Error('sign-in failed')
    cookie = result.setCookie.split(';')[0]!
  })
  const screenErrors = async () => {
    const screen = await callRoute(
      notificationsLoader,
      new Request('http://localhost/admin/notifications', { headers: { Cookie: cookie } }),
      ctx(false),
    )
    return (screen as Awaited<ReturnType<typeof notificationsLoader>>).problems.map((problem) => problem.lastError)
  }

  it.each([
    ['http://127.0.0.1:PORT/hooks', '127.0.0.1'],
    ['http://[::ffff:127.0.0.1]:PORT/hooks', '::ffff:7f00:1'],
  ])('refuses %s without WEBHOOK_ALLOW_PRIVATE, never connecting, and delivers to it with the flag', async (address, shown) => {
    const endpoint = await startWebhookEndpoint()
    try {
      const url = address.replace('PORT', new URL(endpoint.url).port)
      const refusal = `Refused: the webhook address points inside your own network (${shown}).`
      expect(await deliver(url)).toEqual({ status: 'pending', last_error: refusal })
      expect(endpoint.connections()).toBe(0)
      expect(await screenErrors()).toEqual([refusal])

      expect(await deliver(url, { allowPrivate: true })).toEqual({ status: 'sent', last_error: null })
      expect(endpoint.delivered()).toHaveLength(1)
    } finally {
      await endpoint.close()
    }
  })

  it('refuses a host name that resolves to loopback (localhost)', async () => {
    const endpoint = await startWebhookEndpoint()
    try {
      const row = await deliver(`http://localhost:${new URL(endpoint.url).port}/hooks`)
      expect(row.last_error).toMatch(/^Refused: the webhook address points inside your own network \((127\.0\.0\.1|::1)\)\.$/)
      expect(endpoint.connections()).toBe(0)
    } finally {
      await endpoint.close()
    }
  })

  it('does not follow a redirect: a 3xx is a failure showing its status', async () => {
    const target = await startWebhookEndpoint()
    const redirecting = await startAnsweringEndpoint({ status: 307, headers: { Location: target.url } })
    try {
      expect(await deliver(redirecting.url, { allowPrivate: true })).toEqual({ status: 'pending', last_error: 'HTTP 307' })
      expect(target.connections()).toBe(0)
    } finally {
      await Promise.all([target.close(), redirecting.close()])
    }
  })

  it('reads at most 1 KB of a 50 MB answer and keeps a one-line excerpt of 200 characters at most', async () => {
    // Terminal escapes, a right-to-left override, NUL and line breaks, then 50 MB of filler.
    const text = '\u001b[31mInternal\u202e secret:\r\n\u0000 s3cr3t '
    const endpoint = await startAnsweringEndpoint({ status: 500, text, bytes: 50 * MB })
    try {
      const row = await deliver(endpoint.url, { allowPrivate: true })
      const written = await endpoint.answers[0]!
      // What the receiver got into the connection before it closed: kernel buffers, far from 50 MB.
      console.log(
        `a 50 MB answer: the receiver wrote ${(written / MB).toFixed(2)} MB before the connection closed (reading stops at ${ANSWER_LIMIT_BYTES} B)`,
      )
      expect(written).toBeLessThan(10 * MB)
      const excerpt = `[31mInternal secret: s3cr3t ${'x'.repeat(EXCERPT_LENGTH)}`.slice(0, EXCERPT_LENGTH - 1)
      expect(row).toEqual({ status: 'pending', last_error: `HTTP 500: ${excerpt}…` })
      expect(await screenErrors()).toEqual([`HTTP 500: ${excerpt}…`])
    } finally {
      await endpoint.close()
    }
  })
})
