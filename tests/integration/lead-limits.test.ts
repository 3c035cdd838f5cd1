import { beforeAll, expect, it } from 'vitest'
import { LEADS_PER_HOUR, TOO_MANY_REASON } from '~/lib/leads'
import { openDatabase } from '~/server/db/connection.server'
import type { Db } from '~/server/db/schema.server'
import type { LeadFormResult } from '~/server/http/lead-form.server'
import type { NewInquiry } from '~/server/repositories/inquiries.server'
import { LEADS_PER_DAY, storeLead } from '~/server/services/leads.server'
import { action as pageAction } from '~/routes/site/page'
import { seedPagesOnce } from '~/server/services/seed-pages.server'
import { formRequest, testContext } from '../support/context'
import { describeEachDatabase } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'
import { readableMail, useSmtpServer } from '../support/smtp'

const smtp = useSmtpServer()

describeEachDatabase('the per-address limits on leads', (getDb) => {
  // The forms post to their pages, which the seed creates.
  beforeAll(async () => {
    await seedPagesOnce(getDb().db)
  })
  const db = () => getDb().db
  const ctx = (ip: string) => {
    const base = testContext(db(), ip)
    return { ...base, config: { ...base.config, smtpUrl: smtp.url() } }
  }
  const send = async (ip: string, kind: 'contact' | 'playbook', fields: Record<string, string>) => {
    const path = kind === 'contact' ? '/contact' : '/resources/ai-playbook'
    return unwrap<LeadFormResult>(await callRoute(pageAction, formRequest(path, fields), ctx(ip)))
  }
  const lead = (ip: string, i: number): NewInquiry => ({
    kind: 'contact',
    name: `Lead ${i}`,
    email: `lead${i}@example.com`,
    business: null,
    message: 'Hi',
    ip,
  })
  const leadsFrom = (ip: string) => db().selectFrom('inquiries').select(['id', 'status', 'spam_reason']).where('ip', '=', ip).execute()
  const outboxOf = async (ids: string[]) => (await db().selectFrom('outbox').select('lead_id').where('lead_id', 'in', ids).execute()).length

  it('holds what one address sends past the hourly allowance: stored, notifying nobody, its playbook link on the page only', async () => {
    const ip = '203.0.113.10'
    for (let i = 0; i < LEADS_PER_HOUR; i++)
      expect((await send(ip, 'contact', { name: 'Office', email: `desk${i}@example.com`, message: 'Hi' })).data).toEqual({ status: 'sent' })
    const held = await send(ip, 'playbook', { name: 'Sixth Desk', email: 'sixth@example.com' })
    expect(held).toMatchObject({ status: 200, data: { status: 'sent', playbook: { download: expect.any(String), emailed: false } } })
    const stored = await leadsFrom(ip)
    const heldLeads = stored.filter((row) => row.status === 'spam')
    expect(heldLeads).toEqual([expect.objectContaining({ spam_reason: TOO_MANY_REASON })])
    expect(await outboxOf(stored.map((row) => row.id))).toBe(LEADS_PER_HOUR)
    expect(await outboxOf([heldLeads[0]!.id])).toBe(0)
    expect(smtp.mails.some((mail) => mail.includes('sixth@example.com'))).toBe(false)
  })

  it('e-mails a playbook link with Reply-To the contact address, so a reply reaches the firm', async () => {
    const answer = await send('203.0.113.11', 'playbook', { name: 'Reader', email: 'reader@example.com' })
    expect(answer.data).toMatchObject({ status: 'sent', playbook: { emailed: true } })
    const mail = readableMail(smtp.mails.find((raw) => /^To: Reader <reader@example\.com>\r?$/m.test(raw))!)
    expect(mail).toMatch(/^Reply-To: Bayline AI <hello@[^>]+>\r?$/m)
    expect(mail).toContain('reply to this e-mail')
  })

  it(`refuses requests past ${LEADS_PER_DAY} a day from one address without storing them; a bot still hears "sent"`, async () => {
    const ip = '203.0.113.12'
    for (let i = 0; i < LEADS_PER_DAY; i++) expect((await storeLead(db(), ctx(ip).config, lead(ip, i))).outcome).toBe('stored')
    const refused = await send(ip, 'contact', { name: 'One More', email: 'one-more@example.com', message: 'Hi' })
    expect(refused).toMatchObject({ status: 429, data: { status: 'failed' } })
    expect(await send(ip, 'contact', { name: 'Bot', email: 'bot@example.com', message: 'Hi', website: 'x' })).toMatchObject({
      status: 200,
      data: { status: 'sent' },
    })
    expect(await leadsFrom(ip)).toHaveLength(LEADS_PER_DAY)
    // Another address is not affected.
    expect((await send('203.0.113.13', 'contact', { name: 'Other', email: 'other@example.com', message: 'Hi' })).data).toEqual({
      status: 'sent',
    })
  })

  it('counts leads sent at once from one address as one count, also from two instances on PostgreSQL', async () => {
    const ip = '203.0.113.14'
    // SQLite serves one instance; PostgreSQL several, so there the leads go through two connections.
    const second = getDb().target.kind === 'postgres' ? openDatabase(getDb().target) : undefined
    try {
      const through: Db[] = [db(), second?.db ?? db()]
      const outcomes = await Promise.all(Array.from({ length: 12 }, (_, i) => storeLead(through[i % 2]!, ctx(ip).config, lead(ip, i))))
      expect(outcomes.filter((stored) => stored.outcome === 'stored' && !stored.held)).toHaveLength(LEADS_PER_HOUR)
      const stored = await leadsFrom(ip)
      expect(stored.filter((row) => row.status === 'new')).toHaveLength(LEADS_PER_HOUR)
      expect(stored.filter((row) => row.spam_reason === TOO_MANY_REASON)).toHaveLength(12 - LEADS_PER_HOUR)
    } finally {
      await second?.close()
    }
  })
})
