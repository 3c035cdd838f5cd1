import { expect, it } from 'vitest'
import { leadConsent } from '~/content/legal'
import { LEADS_PER_HOUR, TOO_MANY_REASON, type LeadKind } from '~/lib/leads'
import { ROI_EXAMPLE } from '~/lib/roi'
import { contactSchema, playbookSchema } from '~/lib/schemas'
import { getInquiry } from '~/server/repositories/inquiries.server'
import { formTicket, LEAST_FORM_MS } from '~/server/services/form-ticket.server'
import { submitLead } from '~/server/services/leads.server'
import { testContext } from '../support/context'
import { describeEachDatabase } from '../support/databases'

// testContext's secret: the one the service checks tickets with.
const secret = 'test-secret-test-secret-test-secret'
const visit = JSON.stringify({
  landing: '/solutions?utm_source=newsletter&utm_medium=email&utm_campaign=fall',
  referrer: 'https://news.example/story',
})

/*
 * The leads service on its own, without a request: what it decides about a form's fields (spam,
 * consent, where the lead came from, the limits of its address) and what it stores and answers.
 */
describeEachDatabase('the leads service', (getDb) => {
  const db = () => getDb().db
  let address = 0
  /** A context of its own address, with a mail server set, counting the wake-ups of the outbox worker. */
  function context(ip = `203.0.113.${++address}`) {
    const base = testContext(db(), ip)
    const woken = { count: 0 }
    return {
      woken,
      context: { ...base, config: { ...base.config, smtpUrl: 'smtp://127.0.0.1:9' }, notificationsQueued: () => void woken.count++ },
    }
  }
  const submit = (kind: LeadKind, values: Record<string, string>, { on = context().context, refererPage = null as string | null } = {}) =>
    submitLead(on, kind === 'contact' ? contactSchema : playbookSchema, { kind, values, refererPage })
  const storedId = async (email: string) =>
    (await db().selectFrom('inquiries').select('id').where('email', '=', email).executeTakeFirst())?.id
  const notificationsOf = async (leadId: string) =>
    (await db().selectFrom('outbox').select('id').where('lead_id', '=', leadId).execute()).length

  it('stores a lead with its consent and source, queues the owner’s e-mail and wakes the worker', async () => {
    const { context: on, woken } = context()
    const values = {
      name: 'Ada Lead',
      email: 'ada@example.com',
      message: 'Call me.',
      consentVersion: leadConsent.version,
      visit,
      formPage: '/contact',
    }
    expect(await submit('contact', values, { on })).toEqual({ outcome: 'sent' })
    const id = (await storedId('ada@example.com'))!
    expect(await notificationsOf(id)).toBe(1)
    expect(woken.count).toBe(1)
    const lead = await getInquiry(db(), id)
    expect(lead).toMatchObject({
      kind: 'contact',
      status: 'new',
      spamReason: null,
      consent: { version: leadConsent.version, text: leadConsent.text },
      roiInputs: null,
      source: {
        landingPage: '/solutions?utm_source=newsletter&utm_medium=email&utm_campaign=fall',
        referrer: 'https://news.example/story',
        utmSource: 'newsletter',
        utmMedium: 'email',
        utmCampaign: 'fall',
        utmTerm: null,
        utmContent: null,
        formPage: '/contact',
      },
    })
  })

  it('records no consent for a wording it does not know, and names the Referer’s page when the form names none', async () => {
    await submit('contact', { name: 'Bo', email: 'bo@example.com', message: 'Hi', consentVersion: 'made-up' }, { refererPage: '/about' })
    expect(await getInquiry(db(), (await storedId('bo@example.com'))!)).toMatchObject({
      consent: null,
      source: { landingPage: null, formPage: '/about' },
    })
  })

  it('answers a form its schema refuses with the error and stores nothing, unless a bot filled the honeypot', async () => {
    const refused = await submit('contact', { name: '', email: 'not-an-address', message: 'Hi' })
    expect(refused.outcome).toBe('invalid')
    expect(refused.outcome === 'invalid' && refused.error.issues.map((issue) => issue.path[0])).toEqual(['name', 'email'])
    expect(await submit('contact', { name: '', email: 'trap@example.com', website: 'https://spam.example' })).toEqual({ outcome: 'sent' })
    expect(await storedId('not-an-address')).toBeUndefined()
    expect(await storedId('trap@example.com')).toBeUndefined()
  })

  it('holds a lead a trap caught as Spam with its reason, notifying nobody, and tells it "sent"', async () => {
    const { context: on, woken } = context()
    expect(
      await submit('contact', { name: 'Bot', email: 'honey@example.com', message: 'Buy', website: 'https://spam.example' }, { on }),
    ).toEqual({ outcome: 'sent' })
    const quick = formTicket(secret, Date.now() - LEAST_FORM_MS + 500)
    expect(await submit('contact', { name: 'Quick', email: 'quick@example.com', message: 'Hi', ticket: quick }, { on })).toEqual({
      outcome: 'sent',
    })
    for (const [email, reason] of [
      ['honey@example.com', 'honeypot'],
      ['quick@example.com', 'too-fast'],
    ] as const) {
      const id = (await storedId(email))!
      expect(await getInquiry(db(), id)).toMatchObject({ status: 'spam', spamReason: reason })
      expect(await notificationsOf(id)).toBe(0)
    }
    expect(woken.count).toBe(0)
  })

  it('gives a playbook request its link, keeping the calculator’s numbers only when the visitor changed them', async () => {
    const example = Object.fromEntries(Object.entries(ROI_EXAMPLE).map(([field, value]) => [field, String(value)]))
    const untouched = await submit('playbook', { name: 'Cy', email: 'cy@example.com', ...example, roiJobValue: '$250' })
    expect(untouched).toMatchObject({
      outcome: 'sent',
      playbook: { download: expect.stringMatching(/^\/resources\/ai-playbook\/download\//) },
    })
    expect(await getInquiry(db(), (await storedId('cy@example.com'))!)).toMatchObject({ kind: 'playbook', roiInputs: null })
    await submit('playbook', { name: 'Di', email: 'di@example.com', ...example, roiMissedCalls: '12' })
    expect(await getInquiry(db(), (await storedId('di@example.com'))!)).toMatchObject({ roiInputs: { ...ROI_EXAMPLE, roiMissedCalls: 12 } })
  })

  it('still shows a person the time trap held their playbook link, but e-mails nothing', async () => {
    const quick = formTicket(secret, Date.now() - LEAST_FORM_MS + 500)
    const held = await submit('playbook', { name: 'Ed', email: 'ed@example.com', ticket: quick })
    expect(held).toMatchObject({ outcome: 'sent', playbook: { emailed: false } })
    expect(await getInquiry(db(), (await storedId('ed@example.com'))!)).toMatchObject({ status: 'spam', spamReason: 'too-fast' })
  })

  it(`holds leads past ${LEADS_PER_HOUR} an hour from one address as too many`, async () => {
    const { context: on } = context()
    for (let i = 0; i <= LEADS_PER_HOUR; i++)
      expect(await submit('contact', { name: 'Flo', email: `flo${i}@example.com`, message: 'Hi' }, { on })).toEqual({ outcome: 'sent' })
    expect(await getInquiry(db(), (await storedId(`flo${LEADS_PER_HOUR - 1}@example.com`))!)).toMatchObject({ status: 'new' })
    expect(await getInquiry(db(), (await storedId(`flo${LEADS_PER_HOUR}@example.com`))!)).toMatchObject({
      status: 'spam',
      spamReason: TOO_MANY_REASON,
    })
  })
})
