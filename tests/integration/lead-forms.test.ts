import { beforeAll, expect, it } from 'vitest'
import { LEADS_PER_HOUR } from '~/lib/leads'
import type { LeadFormResult } from '~/server/http/lead-form.server'
import { action as pageAction } from '~/routes/site/page'
import { seedPagesOnce } from '~/server/services/seed-pages.server'
import { formRequest, testContext } from '../support/context'
import { describeEachDatabase } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'

describeEachDatabase('contact and playbook forms', (getDb) => {
  // The forms post to their pages, which the seed creates.
  beforeAll(async () => {
    await seedPagesOnce(getDb().db)
  })
  let address = 0
  const ctx = () => testContext(getDb().db, `192.0.2.${++address}`)
  const inquiries = () => getDb().db.selectFrom('inquiries').selectAll().orderBy('created_at').execute()
  const contact = async (fields: Record<string, string>, context = ctx()) =>
    unwrap<LeadFormResult>(await callRoute(pageAction, formRequest('/contact', fields), context))

  it('stores a valid message, business optional', async () => {
    const result = await contact({ name: ' Dana Guidry ', email: 'dana@example.com', business: '', message: 'We miss calls after 5.' })
    expect(result).toMatchObject({ status: 200, data: { status: 'sent' } })
    const [stored] = await inquiries()
    expect(stored).toMatchObject({
      kind: 'contact',
      name: 'Dana Guidry',
      email: 'dana@example.com',
      business: null,
      message: 'We miss calls after 5.',
    })
  })

  it('refuses missing required fields with the spec message and keeps what was typed', async () => {
    const before = (await inquiries()).length
    for (const missing of ['name', 'email', 'message']) {
      const fields: Record<string, string> = { name: 'A', email: 'a@example.com', message: 'Hi', business: 'Shop' }
      delete fields[missing]
      const result = await contact(fields)
      expect(result.status).toBe(400)
      expect(result.data).toMatchObject({
        status: 'invalid',
        message: 'Please complete all required fields',
        errors: { [missing]: expect.stringMatching(/^Please enter your /) },
      })
      if (result.data.status === 'invalid') expect(Object.keys(result.data.errors)).toEqual([missing])
      if (result.data.status === 'invalid') expect(result.data.values.business).toBe('Shop')
    }
    const badEmail = await contact({ name: 'A', email: 'not-an-email', message: 'Hi' })
    expect(badEmail.data).toMatchObject({ status: 'invalid', message: 'Please enter a valid email address' })
    expect(await inquiries()).toHaveLength(before)
  })

  it('answers a bot that fills the honeypot as if sent, and keeps its message only as Spam', async () => {
    const before = (await inquiries()).length
    const result = await contact({ name: 'Bot', email: 'bot@example.com', message: 'Buy now', website: 'http://spam.example' })
    expect(result.data).toEqual({ status: 'sent' })
    expect(await inquiries()).toHaveLength(before + 1)
    const kept = await getDb()
      .db.selectFrom('inquiries')
      .select(['status', 'spam_reason'])
      .where('email', '=', 'bot@example.com')
      .executeTakeFirstOrThrow()
    expect(kept).toEqual({ status: 'spam', spam_reason: 'honeypot' })
  })

  it(`holds messages past ${LEADS_PER_HOUR} an hour from one address as Spam, telling the sender "sent" as usual`, async () => {
    const context = ctx()
    for (let i = 0; i < LEADS_PER_HOUR; i++) {
      expect((await contact({ name: 'N', email: 'n@example.com', message: `m${i}` }, context)).status).toBe(200)
    }
    const held = await contact({ name: 'N', email: 'n@example.com', message: 'one more' }, context)
    expect(held).toMatchObject({ status: 200, data: { status: 'sent' } })
    const stored = await getDb()
      .db.selectFrom('inquiries')
      .select(['message', 'status', 'spam_reason'])
      .where('email', '=', 'n@example.com')
      .execute()
    expect(stored.filter((lead) => lead.status === 'new')).toHaveLength(LEADS_PER_HOUR)
    expect(stored.find((lead) => lead.message === 'one more')).toMatchObject({ status: 'spam', spam_reason: 'too-many' })
    expect((await contact({ name: 'Other', email: 'o@example.com', message: 'hello' })).status).toBe(200)
  })

  it('stores a playbook request and validates name and email', async () => {
    const request = (fields: Record<string, string>) => callRoute(pageAction, formRequest('/resources/ai-playbook', fields), ctx())
    expect(unwrap<LeadFormResult>(await request({ name: '', email: 'x@example.com' })).data).toMatchObject({
      message: 'Please complete all required fields',
      errors: { name: 'Please enter your name' },
    })
    expect(unwrap<LeadFormResult>(await request({ name: 'Kim', email: 'nope' })).data).toMatchObject({
      message: 'Please enter a valid email address',
    })
    expect(unwrap<LeadFormResult>(await request({ name: 'Kim Tran', email: 'kim@example.com', business: 'Tran Lawn Care' })).data).toEqual({
      status: 'sent',
      playbook: { download: expect.stringMatching(/^\/resources\/ai-playbook\/download\/[\w.-]+$/), emailed: false },
    })
    const stored = (await inquiries()).filter((i) => i.kind === 'playbook')
    expect(stored).toEqual([
      expect.objectContaining({ name: 'Kim Tran', email: 'kim@example.com', business: 'Tran Lawn Care', message: null }),
    ])
  })
})
