import { beforeAll, expect, it } from 'vitest'
import { leadConsent } from '~/content/legal'
import type { LeadFormResult } from '~/server/http/lead-form.server'
import { loader as ticketLoader } from '~/routes/form-ticket'
import { formTicket, LEAST_FORM_MS } from '~/server/services/form-ticket.server'
import { action as pageAction } from '~/routes/site/page'
import { seedPagesOnce } from '~/server/services/seed-pages.server'
import { formRequest, testContext } from '../support/context'
import { describeEachDatabase } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'

const HOUR_MS = 60 * 60 * 1000
// testContext's secret: the one the actions check tickets with.
const secret = 'test-secret-test-secret-test-secret'

describeEachDatabase('spam, consent and the calculator on the lead forms', (getDb) => {
  // The forms post to their pages, which the seed creates.
  beforeAll(async () => {
    await seedPagesOnce(getDb().db)
  })
  const db = () => getDb().db
  let address = 0
  // Each lead from its own address, clear of the per-address limit; a mail server is set, so a
  // real lead queues its e-mail to the owner.
  const ctx = () => {
    const base = testContext(db(), `198.51.100.${++address}`)
    return { ...base, config: { ...base.config, smtpUrl: 'smtp://127.0.0.1:9' } }
  }
  const send = async (path: string, fields: Record<string, string>) =>
    unwrap<LeadFormResult>(await callRoute(pageAction, formRequest(path, fields), ctx())).data
  const contact = (email: string, fields: Record<string, string> = {}) =>
    send('/contact', { name: 'Lee Lead', email, message: 'Please call me about phones.', ...fields })
  const stored = (email: string) =>
    db()
      .selectFrom('inquiries')
      .select(['id', 'status', 'spam_reason', 'consent_version', 'consent_text', 'consented_at', 'roi_inputs'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
  const notificationsOf = async (leadId: string) =>
    (await db().selectFrom('outbox').select('channel').where('lead_id', '=', leadId).execute()).length

  it('keeps a form sent within two seconds of its ticket as Spam, tells nobody, and answers "sent"', async () => {
    expect(await contact('quick@example.com', { ticket: formTicket(secret, Date.now() - LEAST_FORM_MS + 500) })).toEqual({ status: 'sent' })
    const lead = await stored('quick@example.com')
    expect(lead).toMatchObject({ status: 'spam', spam_reason: 'too-fast' })
    expect(await notificationsOf(lead.id)).toBe(0)
  })

  it('takes a form sent after two seconds as a lead, and notifies the owner', async () => {
    expect(await contact('patient@example.com', { ticket: formTicket(secret, Date.now() - LEAST_FORM_MS - 500) })).toEqual({
      status: 'sent',
    })
    const lead = await stored('patient@example.com')
    expect(lead).toMatchObject({ status: 'new', spam_reason: null })
    expect(await notificationsOf(lead.id)).toBe(1)
  })

  it('takes a form with no ticket (a browser without JavaScript) as a lead', async () => {
    await contact('no-script@example.com')
    expect(await stored('no-script@example.com')).toMatchObject({ status: 'new', spam_reason: null })
  })

  it('keeps forged and day-old tickets, and a filled honeypot, as Spam instead of dropping them', async () => {
    await contact('forged@example.com', { ticket: formTicket('another-secret', Date.now() - 60_000) })
    await contact('old@example.com', { ticket: formTicket(secret, Date.now() - 25 * HOUR_MS) })
    await contact('bot@example.com', { website: 'https://spam.example' })
    expect(await stored('forged@example.com')).toMatchObject({ status: 'spam', spam_reason: 'bad-ticket' })
    expect(await stored('old@example.com')).toMatchObject({ status: 'spam', spam_reason: 'old-ticket' })
    const bot = await stored('bot@example.com')
    expect(bot).toMatchObject({ status: 'spam', spam_reason: 'honeypot' })
    expect(await notificationsOf(bot.id)).toBe(0)
  })

  it('gives a person the time trap mistook the playbook at once, but a honeypot hit no link', async () => {
    const quick = await send('/resources/ai-playbook', {
      name: 'Quick Reader',
      email: 'quick-reader@example.com',
      ticket: formTicket(secret),
    })
    expect(quick).toMatchObject({ status: 'sent', playbook: { emailed: false } })
    const bot = await send('/resources/ai-playbook', { name: 'Bot', email: 'bot-reader@example.com', website: 'x' })
    expect(bot).toEqual({ status: 'sent' })
  })

  it('stores the exact privacy wording a lead agreed to, its version and the time', async () => {
    const before = new Date().toISOString()
    await contact('agreed@example.com', { consentVersion: leadConsent.version })
    await contact('unknown-version@example.com', { consentVersion: '1999-01-01' })
    const agreed = await stored('agreed@example.com')
    expect(agreed).toMatchObject({ consent_version: leadConsent.version, consent_text: leadConsent.text })
    expect(agreed.consented_at! >= before).toBe(true)
    expect(await stored('unknown-version@example.com')).toMatchObject({ consent_version: null, consent_text: null, consented_at: null })
  })

  it('records the calculator inputs sent with a playbook request, only sensible ones the visitor changed', async () => {
    // The starting numbers, as typed back by hand: an untouched calculator tells nothing about the lead.
    await send('/resources/ai-playbook', {
      name: 'Calc Skipper',
      email: 'untouched@example.com',
      roiMissedCalls: '10',
      roiBookingRate: '30%',
      roiJobValue: '$250',
      roiAdminHours: '10',
    })
    expect((await stored('untouched@example.com')).roi_inputs).toBeNull()
    const roi = { roiMissedCalls: '12', roiBookingRate: '40%', roiJobValue: '$1,250', roiAdminHours: '8' }
    await send('/resources/ai-playbook', { name: 'Calc User', email: 'calc@example.com', ...roi })
    expect(JSON.parse((await stored('calc@example.com')).roi_inputs!)).toEqual({
      roiMissedCalls: 12,
      roiBookingRate: 40,
      roiJobValue: 1250,
      roiAdminHours: 8,
    })
    await send('/resources/ai-playbook', { name: 'Calc Typo', email: 'typo@example.com', ...roi, roiBookingRate: '400' })
    expect((await stored('typo@example.com')).roi_inputs).toBeNull()
    await contact('contact-calc@example.com', roi)
    expect((await stored('contact-calc@example.com')).roi_inputs).toBeNull()
  })

  it('hands out tickets that no cache keeps', async () => {
    const response = (await callRoute(ticketLoader, new Request('http://localhost/forms/ticket'), ctx())) as Response
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    const { ticket } = (await response.json()) as { ticket: string }
    await contact('ticketed@example.com', { ticket })
    expect(await stored('ticketed@example.com')).toMatchObject({ status: 'spam', spam_reason: 'too-fast' })
  })
})
