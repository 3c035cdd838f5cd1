import { Migrator } from 'kysely'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { loader as dashboardLoader } from '~/routes/admin/dashboard'
import { loader as exportLoader } from '~/routes/admin/inbox-export'
import { action as messageAction, loader as messageLoader } from '~/routes/admin/inbox-message'
import { loader as inboxLoader } from '~/routes/admin/inbox'
import { loader as layoutLoader } from '~/routes/admin/layout'
import { signIn } from '~/server/services/auth.server'
import { migrateToLatest } from '~/server/db/connection.server'
import { migrationsFor } from '~/server/db/migrations'
import type { InquiriesTable } from '~/server/db/schema.server'
import {
  countUnreadInquiries,
  INQUIRIES_PER_PAGE,
  LEAD_SOURCE_COLUMNS,
  listInquiries,
  setInquiryRead,
} from '~/server/repositories/inquiries.server'
import { upsertAdmin } from '~/server/services/users.server'
import { formRequest, testContext, toastFrom } from '../support/context'
import { createTestDatabase, describeEachDatabase, testDialects, type UntypedDb } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'

type Inbox = Awaited<ReturnType<typeof inboxLoader>>
type Message = Awaited<ReturnType<typeof messageLoader>>
/** A lead's row as the forms stored it before the pipeline: its status, search text and evidence take their defaults. */
type StoredInquiry = Omit<
  InquiriesTable,
  | 'status'
  | 'first_contacted_at'
  | 'search_text'
  | 'spam_reason'
  | 'consent_version'
  | 'consent_text'
  | 'consented_at'
  | 'roi_inputs'
  | (typeof LEAD_SOURCE_COLUMNS)[keyof typeof LEAD_SOURCE_COLUMNS]
>

let sequence = 0
/** A stored lead, received `minutesAgo` before a fixed moment so the order is known. */
function inquiry(fields: Partial<StoredInquiry> & { minutesAgo?: number } = {}): StoredInquiry {
  const { minutesAgo = 0, ...rest } = fields
  return {
    id: `inquiry-${String(++sequence).padStart(4, '0')}`,
    kind: 'contact',
    name: 'Dana Guidry',
    email: 'dana@example.com',
    business: null,
    message: 'Hello',
    ip: '192.0.2.1',
    created_at: new Date(Date.UTC(2026, 10, 20, 12) - minutesAgo * 60_000).toISOString(),
    read_at: null,
    ...rest,
  }
}

describeEachDatabase('admin inbox', (getDb) => {
  let cookie = ''
  const ctx = () => testContext(getDb().db)
  const db = () => getDb().db
  const get = (path: string, withCookie = cookie) =>
    new Request(`http://localhost${path}`, { headers: withCookie ? { Cookie: withCookie } : {} })
  const store = (...rows: StoredInquiry[]) => db().insertInto('inquiries').values(rows).execute()
  const inbox = async (query = '') => (await callRoute(inboxLoader, get(`/admin/inbox${query}`), ctx())) as Inbox | Response
  const post = (id: string, intent: string, withCookie = cookie) =>
    callRoute(messageAction, formRequest(`/admin/inbox/${id}`, { intent }, withCookie), ctx(), { id })
  const readAt = async (id: string) =>
    (await db().selectFrom('inquiries').select('read_at').where('id', '=', id).executeTakeFirst())?.read_at

  beforeAll(async () => {
    await upsertAdmin(db(), 'inbox@example.com', 'a-long-password')
    const result = await signIn(new Request('http://localhost/admin/login'), ctx(), {
      email: 'inbox@example.com',
      password: 'a-long-password',
    })
    if (!result.ok) throw new Error('sign-in failed')
    cookie = result.setCookie.split(';')[0]!
  })
  beforeEach(async () => {
    await db().deleteFrom('inquiries').execute()
  })

  it('shows an empty inbox', async () => {
    expect(await inbox()).toEqual({ inquiries: [], total: 0, pageCount: 1, unread: 0, heldUnread: 0, page: 1, filter: {} })
  })

  it('lists messages newest first with their kind, the first line and the unread count', async () => {
    const old = inquiry({ minutesAgo: 60, name: 'Old Reader', read_at: '2026-11-20T11:30:00.000Z' })
    const playbook = inquiry({ minutesAgo: 5, kind: 'playbook', name: 'Kim Tran', business: 'Tran Lawn Care', message: null })
    const newest = inquiry({ minutesAgo: 1, name: 'Marcus Bell', message: '\nCan you book weekend calls?\nSecond line.' })
    const long = inquiry({ minutesAgo: 30, message: 'x'.repeat(400) })
    await store(old, playbook, newest, long)

    const result = (await inbox()) as Inbox
    expect(result.inquiries.map((i) => i.id)).toEqual([newest.id, playbook.id, long.id, old.id])
    expect(result.unread).toBe(3)
    expect(result.inquiries[0]).toEqual({
      id: newest.id,
      kind: 'contact',
      kindLabel: 'Contact',
      status: 'new',
      statusLabel: 'New',
      tooMany: false,
      name: 'Marcus Bell',
      email: 'dana@example.com',
      business: null,
      preview: 'Can you book weekend calls?',
      createdAt: newest.created_at,
      read: false,
    })
    expect(result.inquiries[1]).toMatchObject({ kindLabel: 'Playbook', business: 'Tran Lawn Care', preview: '' })
    expect(result.inquiries[2]!.preview).toBe(`${'x'.repeat(160)}…`)
    expect(result.inquiries[3]!.read).toBe(true)
    // The sender's address stays out of the admin's pages.
    expect(JSON.stringify(result)).not.toContain('192.0.2.1')
  })

  it('shows the unread count in the sidebar and on the dashboard', async () => {
    await store(inquiry(), inquiry(), inquiry({ read_at: '2026-11-20T13:00:00.000Z' }))
    expect(await callRoute(layoutLoader, get('/admin'), ctx())).toMatchObject({ unreadInquiries: 2 })
    expect(await callRoute(dashboardLoader, get('/admin'), ctx())).toMatchObject({ unreadInquiries: 2, leads: expect.any(Object) })
  })

  it('pages 50 at a time with ?page=, newest first, and sends a page past the end to the last one', async () => {
    const rows = Array.from({ length: 2 * INQUIRIES_PER_PAGE + 7 }, (_, i) => inquiry({ minutesAgo: i, name: `Sender ${i}` }))
    await store(...rows)
    const pages = await Promise.all(['', '?page=2', '?page=3'].map(async (query) => (await inbox(query)) as Inbox))
    expect(pages.map((p) => p.inquiries.length)).toEqual([50, 50, 7])
    expect(pages.map((p) => p.page)).toEqual([1, 2, 3])
    expect(pages.every((p) => p.pageCount === 3 && p.total === 107)).toBe(true)
    expect(pages.flatMap((p) => p.inquiries.map((i) => i.name))).toEqual(rows.map((r) => r.name))

    const past = (await inbox('?page=9')) as Response
    expect(past.status).toBe(302)
    expect(past.headers.get('Location')).toBe('/admin/inbox?page=3')
    for (const odd of ['?page=abc', '?page=-2', '?page=1.5']) expect(((await inbox(odd)) as Inbox).page).toBe(1)
  })

  it('shows the whole message without marking it read: a GET changes nothing', async () => {
    const stored = inquiry({ business: 'Bell Plumbing', message: 'Line one\nLine two\n\nLine four' })
    await store(stored)
    const result = (await callRoute(messageLoader, get(`/admin/inbox/${stored.id}`), ctx(), { id: stored.id })) as Message
    expect(result.history).toEqual([])
    expect(result.inquiry).toEqual({
      id: stored.id,
      kind: 'contact',
      kindLabel: 'Contact',
      status: 'new',
      statusLabel: 'New',
      name: stored.name,
      email: stored.email,
      business: 'Bell Plumbing',
      message: 'Line one\nLine two\n\nLine four',
      createdAt: stored.created_at,
      readAt: null,
      spamReason: null,
      consent: null,
      roiInputs: null,
      source: {
        landingPage: null,
        referrer: null,
        utmSource: null,
        utmMedium: null,
        utmCampaign: null,
        utmTerm: null,
        utmContent: null,
        formPage: null,
      },
    })
    expect(await readAt(stored.id)).toBeNull()
  })

  it('sends an unknown message id back to the inbox with an error toast', async () => {
    const result = (await callRoute(messageLoader, get('/admin/inbox/no-such-id'), ctx(), { id: 'no-such-id' })) as Response
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe('/admin/inbox')
    expect(toastFrom(result.headers)).toMatchObject({ type: 'error', title: 'Message not found' })
  })

  it('marks a message read (keeping the first time) and unread again', async () => {
    const stored = inquiry()
    await store(stored)
    expect(unwrap(await post(stored.id, 'read'))).toMatchObject({ status: 200, data: { ok: true } })
    const firstRead = await readAt(stored.id)
    expect(firstRead).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect(await countUnreadInquiries(db())).toBe(0)
    await new Promise((resolve) => setTimeout(resolve, 5))
    await post(stored.id, 'read')
    expect(await readAt(stored.id)).toBe(firstRead)

    const unread = (await post(stored.id, 'unread')) as Response
    expect(unread.headers.get('Location')).toBe('/admin/inbox')
    expect(toastFrom(unread.headers)).toMatchObject({ type: 'success', title: 'Marked as unread' })
    expect(await readAt(stored.id)).toBeNull()
    expect(await countUnreadInquiries(db())).toBe(1)

    // Answered to the page that asked, so the toast travels in the answer, not the flash cookie.
    const missing = unwrap(await post('no-such-id', 'read'))
    expect(missing.status).toBe(404)
    expect(missing.data).toEqual({ ok: false, toast: { type: 'error', title: 'Message not found' } })
    expect(toastFrom(missing.headers)).toBeNull()
  })

  it('deletes a message', async () => {
    const [kept, doomed] = [inquiry(), inquiry()]
    await store(kept, doomed)
    const deleted = (await post(doomed.id, 'delete')) as Response
    expect(deleted.headers.get('Location')).toBe('/admin/inbox')
    expect(toastFrom(deleted.headers)).toMatchObject({ type: 'success', title: 'Message deleted successfully' })
    expect((await listInquiries(db(), 1)).inquiries.map((i) => i.id)).toEqual([kept.id])

    const again = (await post(doomed.id, 'delete')) as Response
    expect(toastFrom(again.headers)).toMatchObject({ type: 'error', title: 'Message not found' })
  })

  it('refuses an unknown intent, and every action without a session', async () => {
    const stored = inquiry()
    await store(stored)
    const unknown = unwrap(await post(stored.id, 'archive'))
    expect(unknown.status).toBe(400)
    expect(unknown.data).toEqual({ ok: false, toast: { type: 'error', title: 'That action is not available for messages' } })
    for (const intent of ['read', 'delete']) {
      const result = (await post(stored.id, intent, '')) as Response
      expect(result.headers.get('Location')).toBe('/admin/login')
    }
    expect(await readAt(stored.id)).toBeNull()
    expect((await inbox()) as Inbox).toMatchObject({ total: 1 })
    const anonymous = (await callRoute(inboxLoader, get('/admin/inbox', ''), ctx())) as Response
    expect(anonymous.headers.get('Location')).toBe('/admin/login?redirectTo=%2Fadmin%2Finbox')
  })

  describe('CSV export', () => {
    const download = async (withCookie = cookie) =>
      (await callRoute(exportLoader, get('/admin/inbox/export.csv', withCookie), ctx())) as Response

    it('is refused without a session', async () => {
      const response = await download('')
      expect(response.status).toBe(302)
      expect(response.headers.get('Location')).toBe('/admin/login?redirectTo=%2Fadmin%2Finbox%2Fexport.csv')
    })

    it('sends every message, newest first, escaped for spreadsheets', async () => {
      await store(
        inquiry({
          minutesAgo: 2,
          name: 'Zoë Müller, "ZM"',
          email: 'zoe@example.com',
          business: 'Café Ñandú',
          message: 'First line,\nsecond "quoted" line',
          read_at: '2026-11-20T12:00:00.000Z',
        }),
        inquiry({
          minutesAgo: 1,
          kind: 'playbook',
          name: '=cmd|" /C calc"!A0',
          email: 'bot@example.com',
          business: '+1 555',
          message: null,
        }),
        inquiry({ minutesAgo: 3, name: '@SUM(1+1)', email: 'at@example.com', message: '-2+3' }),
      )
      const response = await download()
      expect(response.status).toBe(200)
      expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
      expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="inbox-\d{4}-\d{2}-\d{2}\.csv"$/)
      expect(response.headers.get('Cache-Control')).toBe('no-store')

      const bytes = new Uint8Array(await response.arrayBuffer())
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
      const csv = new TextDecoder().decode(bytes.slice(3))
      expect(csv).toBe(
        [
          'received,kind,name,email,business,message,read,status,landing_page,referrer,utm_source,utm_medium,utm_campaign,utm_term,utm_content,form_page',
          `2026-11-20T11:59:00.000Z,Playbook,"'=cmd|"" /C calc""!A0",bot@example.com,'+1 555,,no,New,,,,,,,,`,
          '2026-11-20T11:58:00.000Z,Contact,"Zoë Müller, ""ZM""",zoe@example.com,Café Ñandú,"First line,\nsecond ""quoted"" line",yes,New,,,,,,,,',
          `2026-11-20T11:57:00.000Z,Contact,'@SUM(1+1),at@example.com,,'-2+3,no,New,,,,,,,,`,
          '',
        ].join('\n'),
      )
    })
  })
})

it.each(testDialects)('migration 0004 keeps the leads stored before it, all unread [%s]', async (dialect) => {
  const database = await createTestDatabase(dialect, { migrate: false })
  try {
    const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrationsFor(dialect) } })
    expect((await migrator.migrateTo('2026_11_22_0003_post_search_text')).error).toBeUndefined()
    const { read_at: _unknownYet, ...before } = inquiry({ name: 'Early Lead', message: 'Sent before the inbox existed' })
    await (database.db as unknown as UntypedDb).insertInto('inquiries').values(before).execute()

    expect(await migrateToLatest(database)).toContain('2026_11_22_0004_inquiry_read')
    const { inquiries } = await listInquiries(database.db, 1)
    expect(inquiries).toEqual([
      expect.objectContaining({ id: before.id, name: 'Early Lead', preview: 'Sent before the inbox existed', read: false }),
    ])
    expect(await countUnreadInquiries(database.db)).toBe(1)
    expect(await setInquiryRead(database.db, before.id, true)).toBe(true)
    expect(await countUnreadInquiries(database.db)).toBe(0)
  } finally {
    await database.cleanup()
  }
})
