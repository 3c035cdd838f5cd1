import { afterAll, beforeAll, expect, it } from 'vitest'
import { deliverDueNotifications } from '~/server/services/notifications.server'
import { action as pageAction } from '~/routes/site/page'
import { seedPagesOnce } from '~/server/services/seed-pages.server'
import { formRequest, testContext } from '../support/context'
import { createTestDatabase, type TestDatabase } from '../support/databases'
import { callRoute } from '../support/route-args'
import { readableMail, useSmtpServer } from '../support/smtp'

// A real SMTP server on loopback receives what the site sends.
const { mails: received, url: smtpAddress } = useSmtpServer()
let database: TestDatabase

beforeAll(async () => {
  database = await createTestDatabase('sqlite')
  // The form posts to its page, which the seed creates.
  await seedPagesOnce(database.db)
})
afterAll(() => database.cleanup())

it('e-mails a stored contact message to the contact address, with Reply-To set to the sender, through the outbox', async () => {
  const base = testContext(database.db)
  const context = { ...base, config: { ...base.config, smtpUrl: smtpAddress(), smtpFrom: 'Site <no-reply@example.com>' } }
  await callRoute(
    pageAction,
    formRequest('/contact', { name: 'Lena Ortiz', email: 'lena@example.com', message: 'Please call me back.' }),
    context,
  )
  // The visitor's answer does not wait for the mail server: the outbox worker sends it.
  expect(received).toHaveLength(0)
  expect(await deliverDueNotifications(database.db, context.config, { worker: 'test' })).toBe(1)
  expect(received).toHaveLength(1)
  const mail = received[0]!
  expect(mail).toContain(`To: ${base.config.contactEmail}`)
  expect(mail).toMatch(/Reply-To: Lena Ortiz <lena@example.com>/)
  expect(mail).toContain('Please call me back.')
  const stored = await database.db.selectFrom('inquiries').select(['id', 'email']).execute()
  expect(stored.map((row) => row.email)).toEqual(['lena@example.com'])
  // The owner opens the lead from the e-mail, where its status and notes are.
  expect(readableMail(mail)).toContain(`In the inbox: ${base.config.siteUrl}/admin/inbox/${stored[0]!.id}`)
})

it('keeps the message and answers "sent" when the mail server is down', async () => {
  const base = testContext(database.db, '198.51.100.50')
  const context = { ...base, config: { ...base.config, smtpUrl: 'smtp://127.0.0.1:9' } }
  const result = await callRoute(pageAction, formRequest('/contact', { name: 'Sam', email: 'sam@example.com', message: 'Hi' }), context)
  expect(result).toMatchObject({ data: { status: 'sent' } })
  const stored = await database.db.selectFrom('inquiries').select('id').where('email', '=', 'sam@example.com').execute()
  expect(stored).toHaveLength(1)
  await deliverDueNotifications(database.db, context.config, { worker: 'test' })
  const queued = await database.db
    .selectFrom('outbox')
    .select(['status', 'attempts', 'last_error'])
    .where('lead_id', '=', stored[0]!.id)
    .execute()
  expect(queued).toEqual([{ status: 'pending', attempts: 1, last_error: expect.stringContaining('ECONNREFUSED') }])
})
