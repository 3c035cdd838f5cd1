import { CompiledQuery, Migrator, sql, type Insertable } from 'kysely'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { loader as dashboardLoader } from '~/routes/admin/dashboard'
import { loader as exportLoader } from '~/routes/admin/inbox-export'
import { action as messageAction, loader as messageLoader } from '~/routes/admin/inbox-message'
import { loader as inboxLoader } from '~/routes/admin/inbox'
import { migrateToLatest } from '~/server/db/connection.server'
import { migrationsFor } from '~/server/db/migrations'
import type { Db, InquiriesTable } from '~/server/db/schema.server'
import { changeInquiryStatus, inboxPageQuery, leadFigures, leadSearchText, listInquiries } from '~/server/repositories/inquiries.server'
import { signIn } from '~/server/services/auth.server'
import { upsertAdmin } from '~/server/services/users.server'
import { formatWait, type InboxFilter, type LeadStatus } from '~/lib/leads'
import { setSiteTimeZone } from '../support/blog'
import { formRequest, testContext, toastFrom } from '../support/context'
import { createTestDatabase, describeEachDatabase, testDialects, type TestDatabase, type UntypedDb } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'

type Inbox = Awaited<ReturnType<typeof inboxLoader>>
type Message = Awaited<ReturnType<typeof messageLoader>>
type Lead = Insertable<InquiriesTable> & { id: string; name: string; created_at: string }

const ADMIN = 'pipeline@example.com'
const MOMENT = Date.UTC(2026, 10, 20, 12)
const MINUTE = 60_000
const HOUR = 60 * MINUTE

let sequence = 0
/** A lead as the public forms store it (search text included), received `minutesAgo` before a fixed moment. */
function lead(fields: Partial<Lead> & { minutesAgo?: number } = {}): Lead {
  const { minutesAgo = 0, ...rest } = fields
  const row = {
    id: `lead-${String(++sequence).padStart(5, '0')}`,
    kind: 'contact' as const,
    name: 'Dana Guidry',
    email: 'dana@example.com',
    business: null,
    message: 'Hello',
    ip: '192.0.2.1',
    created_at: new Date(MOMENT - minutesAgo * MINUTE).toISOString(),
    read_at: null,
    // Given even where it is the default: SQLite has no DEFAULT in a many-row insert.
    status: 'new' as LeadStatus,
    ...rest,
  }
  return { ...row, search_text: leadSearchText(row) }
}

/** Inserts many leads in a few statements: both engines bind at most some thousands of values in one. */
async function storeMany(db: Db, rows: Lead[]) {
  for (let start = 0; start < rows.length; start += 500)
    await db
      .insertInto('inquiries')
      .values(rows.slice(start, start + 500))
      .execute()
}

/** A plan line that reads the whole table: SQLite's `SCAN inquiries` without an index, PostgreSQL's Seq Scan. */
const FULL_SCAN = /SCAN inquiries$|Seq Scan/m

/** The engine's plan for a query, as one text. */
async function planOf(database: TestDatabase, query: CompiledQuery): Promise<string> {
  const explain = database.dialect === 'sqlite' ? 'explain query plan ' : 'explain '
  const result = await database.db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(explain + query.sql, [...query.parameters]))
  return result.rows.map((row) => Object.values(row).join(' ')).join('\n')
}

describeEachDatabase('lead pipeline', (getDb) => {
  let cookie = ''
  const db = () => getDb().db
  const ctx = () => testContext(db())
  const get = (path: string) => new Request(`http://localhost${path}`, { headers: { Cookie: cookie } })
  const store = (...rows: Lead[]) => db().insertInto('inquiries').values(rows).execute()
  const inbox = async (query = '') => (await callRoute(inboxLoader, get(`/admin/inbox${query}`), ctx())) as Inbox | Response
  const names = async (query: string) => ((await inbox(query)) as Inbox).inquiries.map((i) => i.name)
  const post = (id: string, fields: Record<string, string>) =>
    callRoute(messageAction, formRequest(`/admin/inbox/${id}`, fields, cookie), ctx(), { id })
  const open = async (id: string) => (await callRoute(messageLoader, get(`/admin/inbox/${id}`), ctx(), { id })) as Message
  const row = (id: string) => db().selectFrom('inquiries').select(['status', 'first_contacted_at']).where('id', '=', id).executeTakeFirst()
  const events = (id: string) => db().selectFrom('inquiry_events').selectAll().where('inquiry_id', '=', id).execute()

  beforeAll(async () => {
    await upsertAdmin(db(), ADMIN, 'a-long-password')
    const result = await signIn(new Request('http://localhost/admin/login'), ctx(), { email: ADMIN, password: 'a-long-password' })
    if (!result.ok) throw new Error('sign-in failed')
    cookie = result.setCookie.split(';')[0]!
  })
  beforeEach(async () => {
    await db().deleteFrom('inquiry_events').execute()
    await db().deleteFrom('inquiries').execute()
  })

  describe('status and history', () => {
    it('moves a lead through its statuses, recording who and when, and keeps the first contact', async () => {
      const stored = lead({ name: 'Rosa Ramírez' })
      await store(stored)
      expect((await open(stored.id)).inquiry).toMatchObject({ status: 'new', statusLabel: 'New' })

      const contacted = (await post(stored.id, { intent: 'status', shownStatus: 'new', status: 'contacted' })) as Response
      expect(contacted.headers.get('Location')).toBe(`/admin/inbox/${stored.id}`)
      expect(toastFrom(contacted.headers)).toMatchObject({ type: 'success', title: 'Status changed to Contacted' })
      const afterContact = await row(stored.id)
      expect(afterContact?.status).toBe('contacted')
      expect(afterContact?.first_contacted_at).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/)

      await post(stored.id, { intent: 'status', shownStatus: 'contacted', status: 'qualified' })
      await post(stored.id, { intent: 'status', shownStatus: 'qualified', status: 'won' })
      // Later moves leave the first contact where it was.
      expect(await row(stored.id)).toEqual({ status: 'won', first_contacted_at: afterContact?.first_contacted_at })

      const { inquiry, history } = await open(stored.id)
      expect(inquiry).toMatchObject({ status: 'won', statusLabel: 'Won' })
      expect(history.map((entry) => (entry.type === 'status' ? `${entry.fromLabel} -> ${entry.toLabel}` : entry.note))).toEqual([
        'Qualified -> Won',
        'Contacted -> Qualified',
        'New -> Contacted',
      ])
      expect(history.every((entry) => entry.authorEmail === ADMIN)).toBe(true)
      // Newest first, each strictly later than the one before it, even within one millisecond.
      const times = history.map((entry) => entry.createdAt)
      expect([...times].sort().reverse()).toEqual(times)
      expect(new Set(times).size).toBe(3)
    })

    it('refuses a status change from a page that showed an older status, and changes nothing', async () => {
      const stored = lead()
      await store(stored)
      // Two admins opened the lead while it was New; the first moves it on.
      await post(stored.id, { intent: 'status', shownStatus: 'new', status: 'contacted' })
      const stale = unwrap<{ toast: { title: string }; field: string }>(
        await post(stored.id, { intent: 'status', shownStatus: 'new', status: 'lost' }),
      )
      expect(stale.status).toBe(409)
      expect(stale.data.field).toBe('status')
      expect(stale.data.toast.title).toBe(
        'Someone else changed this lead to Contacted after you opened it, so it stays Contacted. Choose again if it should still change.',
      )
      expect(toastFrom(stale.headers)).toBeNull()
      expect((await row(stored.id))?.status).toBe('contacted')
      expect(await events(stored.id)).toHaveLength(1)

      // The repository says the same to any caller, with the status the lead has now.
      expect(await changeInquiryStatus(db(), stored.id, { shown: 'new', to: 'won', authorEmail: ADMIN })).toEqual({
        outcome: 'stale',
        status: 'contacted',
      })
    })

    it('answers a status that is already the lead’s without a history entry, and refuses unknown statuses', async () => {
      const stored = lead()
      await store(stored)
      const same = (await post(stored.id, { intent: 'status', shownStatus: 'new', status: 'new' })) as Response
      expect(toastFrom(same.headers)).toMatchObject({ type: 'success', title: 'The status is already New' })
      for (const fields of [{ shownStatus: 'new', status: 'archived' }, { shownStatus: 'NEW', status: 'won' }, { status: 'won' }] as Record<
        string,
        string
      >[]) {
        const refused = unwrap<{ toast: { title: string } }>(await post(stored.id, { intent: 'status', ...fields }))
        expect([refused.status, refused.data.toast.title]).toEqual([400, 'Choose a status from the list'])
      }
      expect(await row(stored.id)).toEqual({ status: 'new', first_contacted_at: null })
      expect(await events(stored.id)).toEqual([])

      const gone = (await post('no-such-lead', { intent: 'status', shownStatus: 'new', status: 'won' })) as Response
      expect(gone.headers.get('Location')).toBe('/admin/inbox')
      expect(toastFrom(gone.headers)).toMatchObject({ type: 'error', title: 'Message not found' })
    })

    it('adds notes with their author and time; the first note is the first contact', async () => {
      const stored = lead()
      await store(stored)
      const before = new Date().toISOString()
      const added = (await post(stored.id, { intent: 'note', note: '  Called, left a voicemail.\nTry again Tuesday.  ' })) as Response
      expect(added.headers.get('Location')).toBe(`/admin/inbox/${stored.id}`)
      expect(toastFrom(added.headers)).toMatchObject({ type: 'success', title: 'Note added' })
      const { first_contacted_at: firstContact, status } = (await row(stored.id))!
      expect(status).toBe('new')
      expect(firstContact! >= before).toBe(true)

      await post(stored.id, { intent: 'note', note: 'Booked a call for Tuesday 10am — Ünal will join.' })
      const { history } = await open(stored.id)
      expect(history).toEqual([
        {
          id: expect.any(String),
          type: 'note',
          note: 'Booked a call for Tuesday 10am — Ünal will join.',
          authorEmail: ADMIN,
          createdAt: expect.any(String),
        },
        {
          id: expect.any(String),
          type: 'note',
          note: 'Called, left a voicemail.\nTry again Tuesday.',
          authorEmail: ADMIN,
          createdAt: expect.any(String),
        },
      ])
      expect(history[1]!.createdAt >= before).toBe(true)
      expect((await row(stored.id))?.first_contacted_at).toBe(firstContact)
    })

    it('refuses an empty or overlong note, keeping what was typed, and records nothing', async () => {
      const stored = lead()
      await store(stored)
      const empty = unwrap<{ toast: { title: string }; field: string; note: string }>(
        await post(stored.id, { intent: 'note', note: '   ' }),
      )
      expect([empty.status, empty.data.field, empty.data.toast.title]).toEqual([400, 'note', 'Note is required'])
      const long = 'x'.repeat(5001)
      const tooLong = unwrap<{ toast: { title: string }; note: string }>(await post(stored.id, { intent: 'note', note: long }))
      expect([tooLong.status, tooLong.data.toast.title, tooLong.data.note]).toEqual([400, 'Note must be 5,000 characters or fewer', long])
      expect(await events(stored.id)).toEqual([])
      expect((await row(stored.id))?.first_contacted_at).toBeNull()
    })
  })

  describe('inbox filters and search', () => {
    const seed = () =>
      store(
        lead({ name: 'Ana Newlead', minutesAgo: 1 }),
        lead({ name: 'Carl Contacted', status: 'contacted', kind: 'playbook', message: null, minutesAgo: 2 }),
        lead({ name: 'Quinn Qualified', status: 'qualified', business: 'Quinn HVAC', minutesAgo: 60 * 24 * 3 }),
        lead({ name: 'Wendy Won', status: 'won', message: 'We can offer 50% of the budget now', minutesAgo: 60 * 24 * 10 }),
        lead({ name: 'Larry Lost', status: 'lost', message: 'We can offer 500 of the budget', minutesAgo: 60 * 24 * 40 }),
        lead({ name: 'Sam Spam', status: 'spam', message: 'Cheap pills', minutesAgo: 3 }),
        lead({ name: 'Σοφία Παπαδοπούλου', email: 'SOFIA@Example.GR', business: 'Καφέ Ωμέγα', message: 'Γεια σας', minutesAgo: 4 }),
        lead({ name: 'Günther Straße', business: 'Straße_Bau GmbH', minutesAgo: 5 }),
        lead({ name: 'Gus Strasse', business: 'StrasseXBau', minutesAgo: 6 }),
      )

    it('leaves spam out unless asked, and filters by status and type', async () => {
      await seed()
      expect(await names('')).toEqual([
        'Ana Newlead',
        'Carl Contacted',
        'Σοφία Παπαδοπούλου',
        'Günther Straße',
        'Gus Strasse',
        'Quinn Qualified',
        'Wendy Won',
        'Larry Lost',
      ])
      expect(await names('?status=spam')).toEqual(['Sam Spam'])
      expect(await names('?status=qualified')).toEqual(['Quinn Qualified'])
      expect(await names('?kind=playbook')).toEqual(['Carl Contacted'])
      expect(await names('?kind=contact&status=won')).toEqual(['Wendy Won'])
      const filtered = (await inbox('?status=won')) as Inbox
      expect(filtered.filter).toEqual({ status: 'won' })
      expect(filtered.inquiries[0]).toMatchObject({ status: 'won', statusLabel: 'Won' })
      // Spam asks for no attention: it is not counted as unread either.
      expect(filtered.unread).toBe(8)
    })

    it('filters by the day received in the site’s time zone, both ends included', async () => {
      await seed()
      // MOMENT is 2026-11-20 12:00 UTC: three days earlier is the 17th, ten days the 10th.
      expect(await names('?from=2026-11-17&to=2026-11-17')).toEqual(['Quinn Qualified'])
      expect(await names('?from=2026-11-10&to=2026-11-17')).toEqual(['Quinn Qualified', 'Wendy Won'])
      expect(await names('?to=2026-11-10')).toEqual(['Wendy Won', 'Larry Lost'])
      expect((await names('?from=2026-11-20')).length).toBe(5)
      expect(await names('?from=2026-11-21')).toEqual([])
      // 2:00 AM UTC on the 20th is 8:00 PM on the 19th in Chicago, the default zone, where the inbox shows it.
      await store(lead({ name: 'Eve Evening', minutesAgo: 60 * 10 }))
      expect(await names('?from=2026-11-19&to=2026-11-19')).toEqual(['Eve Evening'])
      expect((await names('?from=2026-11-20')).length).toBe(5)
      await setSiteTimeZone(db(), 'UTC')
      try {
        expect(await names('?from=2026-11-19&to=2026-11-19')).toEqual([])
        expect((await names('?from=2026-11-20')).length).toBe(6)
      } finally {
        await setSiteTimeZone(db(), 'America/Chicago')
      }
      // The first and last days a date input can name find nothing, and break nothing.
      expect(await names('?from=0001-01-01&to=0001-01-01')).toEqual([])
      expect(await names('?from=9999-12-31&to=9999-12-31')).toEqual([])
    })

    it('searches name, e-mail, business and message literally and in any language', async () => {
      await seed()
      expect(await names('?q=quinn%20hvac')).toEqual(['Quinn Qualified'])
      expect(await names('?q=NEWLEAD')).toEqual(['Ana Newlead'])
      expect(await names('?q=sofia%40example.gr')).toEqual(['Σοφία Παπαδοπούλου'])
      expect(await names(`?q=${encodeURIComponent('ΣΟΦΊΑ')}`)).toEqual(['Σοφία Παπαδοπούλου'])
      expect(await names(`?q=${encodeURIComponent('καφέ ωμέγα')}`)).toEqual(['Σοφία Παπαδοπούλου'])
      expect(await names(`?q=${encodeURIComponent('γεια')}`)).toEqual(['Σοφία Παπαδοπούλου'])
      expect(await names(`?q=${encodeURIComponent('GÜNTHER')}`)).toEqual(['Günther Straße'])
      // % and _ are letters here, not wildcards.
      expect(await names(`?q=${encodeURIComponent('50%')}`)).toEqual(['Wendy Won'])
      expect(await names(`?q=${encodeURIComponent('straße_bau')}`)).toEqual(['Günther Straße'])
      expect(await names(`?q=${encodeURIComponent('strasse_bau')}`)).toEqual([])
      expect(await names(`?q=${encodeURIComponent('%')}`)).toEqual(['Wendy Won'])
      expect(await names(`?q=${encodeURIComponent('\\')}`)).toEqual([])
      // Search and filters together, and a search that finds only spam finds nothing by default.
      expect(await names(`?q=budget&status=lost`)).toEqual(['Larry Lost'])
      expect(await names(`?q=pills`)).toEqual([])
      expect(await names(`?q=pills&status=spam`)).toEqual(['Sam Spam'])
    })

    it('reads bad filter values as no filter, never as an error', async () => {
      await seed()
      const all = await names('')
      for (const query of [
        '?status=archived',
        '?status=NEW',
        '?kind=fax',
        '?from=2026-02-30',
        '?from=yesterday',
        '?to=2026-13-01',
        '?q=%20%20',
        '?page=abc',
        '?status=&kind=&from=&to=&q=',
      ]) {
        const result = (await inbox(query)) as Inbox
        expect(
          result.inquiries.map((i) => i.name),
          query,
        ).toEqual(all)
        expect(result.filter, query).toEqual({})
      }
      expect(await names(`?q=${encodeURIComponent('Ana\u0000Newlead')}`)).toEqual(['Ana Newlead'])
      expect(((await inbox(`?q=${'a'.repeat(5000)}`)) as Inbox).filter.q).toHaveLength(200)
    })

    it('pages a filter 50 at a time and sends a page past its end to its last page, filter kept', async () => {
      await storeMany(
        db(),
        Array.from({ length: 120 }, (_, i) => lead({ name: `Lead ${i}`, status: i % 2 ? 'contacted' : 'new', minutesAgo: i })),
      )
      const second = (await inbox('?status=contacted&page=2')) as Inbox
      expect([second.total, second.pageCount, second.page, second.inquiries.length]).toEqual([60, 2, 2, 10])
      expect(second.inquiries[0]!.name).toBe('Lead 101')
      const past = (await inbox('?status=contacted&q=lead&page=7')) as Response
      expect(past.headers.get('Location')).toBe('/admin/inbox?status=contacted&q=lead&page=2')
      const emptied = (await inbox('?status=won&page=3')) as Response
      expect(emptied.headers.get('Location')).toBe('/admin/inbox?status=won')
    })
  })

  describe('erase and export', () => {
    it('erases a lead with its notes and history, for good', async () => {
      const [kept, erased] = [lead({ name: 'Kept' }), lead({ name: 'Erased' })]
      await store(kept, erased)
      for (const id of [kept.id, erased.id]) {
        await post(id, { intent: 'note', note: 'Asked us to forget them' })
        await post(id, { intent: 'status', shownStatus: 'new', status: 'lost' })
      }
      const result = (await post(erased.id, { intent: 'delete' })) as Response
      expect(result.headers.get('Location')).toBe('/admin/inbox')
      expect(toastFrom(result.headers)).toMatchObject({ type: 'success', title: 'Message deleted successfully' })
      expect(await row(erased.id)).toBeUndefined()
      expect(await events(erased.id)).toEqual([])
      expect(await events(kept.id)).toHaveLength(2)
      const again = (await post(erased.id, { intent: 'delete' })) as Response
      expect(toastFrom(again.headers)).toMatchObject({ type: 'error', title: 'Message not found' })
    })

    it('exports what the filter shows, status included, still escaped for spreadsheets', async () => {
      await store(
        lead({ name: '=HYPERLINK("http://evil")', status: 'qualified', message: 'Needs a quote', minutesAgo: 1 }),
        lead({ name: 'Quinn Qualified', status: 'qualified', message: 'No quote yet', minutesAgo: 2 }),
        lead({ name: 'Other Qualified', status: 'qualified', message: 'Something else', minutesAgo: 3 }),
        lead({ name: 'New Quote', message: 'Needs a quote too', minutesAgo: 4 }),
      )
      const response = (await callRoute(exportLoader, get('/admin/inbox/export.csv?status=qualified&q=quote'), ctx())) as Response
      const csv = new TextDecoder().decode(new Uint8Array(await response.arrayBuffer()).slice(3))
      expect(csv).toBe(
        [
          'received,kind,name,email,business,message,read,status,landing_page,referrer,utm_source,utm_medium,utm_campaign,utm_term,utm_content,form_page',
          `2026-11-20T11:59:00.000Z,Contact,"'=HYPERLINK(""http://evil"")",dana@example.com,,Needs a quote,no,Qualified,,,,,,,,`,
          '2026-11-20T11:58:00.000Z,Contact,Quinn Qualified,dana@example.com,,No quote yet,no,Qualified,,,,,,,,',
          '',
        ].join('\n'),
      )
      const unfiltered = await ((await callRoute(exportLoader, get('/admin/inbox/export.csv?status=bogus'), ctx())) as Response).text()
      expect(unfiltered.trim().split('\n')).toHaveLength(5)
    })
  })

  describe('dashboard', () => {
    it('counts new leads this week, open leads by status, and the median time to first contact', async () => {
      const now = new Date(MOMENT)
      const daysAgo = (days: number) => days * 24 * 60
      const contacted = (minutesAgo: number, waitedMinutes: number, status: LeadStatus = 'contacted') =>
        lead({ minutesAgo, status, first_contacted_at: new Date(MOMENT - (minutesAgo - waitedMinutes) * MINUTE).toISOString() })
      await store(
        lead({ minutesAgo: 10 }),
        lead({ minutesAgo: daysAgo(6) }),
        lead({ minutesAgo: daysAgo(8) }),
        lead({ minutesAgo: 30, status: 'spam' }),
        lead({ minutesAgo: daysAgo(2), status: 'qualified' }),
        contacted(daysAgo(1), 30),
        contacted(daysAgo(3), 90, 'won'),
        contacted(daysAgo(5), 4 * 60, 'qualified'),
        contacted(daysAgo(9), 10 * 60),
        // First contacted 40 days ago: outside the 30 days.
        contacted(daysAgo(45), daysAgo(5), 'lost'),
      )
      // 30 min, 90 min, 4 h and 10 h: the median is halfway between 90 min and 4 h.
      expect(await leadFigures(db(), now)).toEqual({
        newThisWeek: 6,
        open: { new: 3, contacted: 2, qualified: 2 },
        firstContact: { medianMs: (90 * MINUTE + 4 * HOUR) / 2, leads: 4 },
      })
      expect(formatWait((90 * MINUTE + 4 * HOUR) / 2)).toBe('2 h 45 min')

      await db().deleteFrom('inquiries').execute()
      expect(await leadFigures(db(), now)).toEqual({
        newThisWeek: 0,
        open: { new: 0, contacted: 0, qualified: 0 },
        firstContact: { medianMs: null, leads: 0 },
      })
    })

    it('shows the figures with the unread count it always had', async () => {
      await store(lead({ created_at: new Date().toISOString() }))
      await post((await listInquiries(db(), 1)).inquiries[0]!.id, { intent: 'note', note: 'Called back at once' })
      const result = (await callRoute(dashboardLoader, get('/admin'), ctx())) as Awaited<ReturnType<typeof dashboardLoader>>
      expect(result.unreadInquiries).toBe(1)
      expect(result.leads).toMatchObject({ newThisWeek: 1, open: { new: 1, contacted: 0, qualified: 0 }, firstContact: { leads: 1 } })
    })

    it('writes waits as a person would say them', () => {
      expect([25 * MINUTE, 3 * HOUR, 3 * HOUR + 10 * MINUTE, 60 * HOUR].map(formatWait)).toEqual([
        '25 min',
        '3 h',
        '3 h 10 min',
        '2.5 days',
      ])
    })
  })

  describe('10,000 leads', () => {
    const TERM = 'ΩMEGA_BOILER'
    // 200 qualified leads (every 50th), 100 new, the rest won, lost or spam; 67 qualified ones
    // mention the term and 67 more a near miss that only a wildcard `_` would match.
    const status = (i: number): LeadStatus =>
      i % 50 === 7 ? 'qualified' : i % 100 === 3 ? 'new' : (['won', 'lost', 'spam'] as const)[i % 3]!
    const message = (i: number) =>
      i % 150 === 7
        ? `Our ωmega_boiler keeps failing (${i})`
        : i % 150 === 57
          ? `Our ωmegaXboiler keeps failing (${i})`
          : `Lead number ${i}`
    const filter: InboxFilter = { status: 'qualified', q: TERM }

    beforeEach(async () => {
      await storeMany(
        db(),
        Array.from({ length: 10_000 }, (_, i) =>
          lead({ name: `Lead ${i}`, kind: i % 4 === 0 ? 'playbook' : 'contact', status: status(i), message: message(i), minutesAgo: i }),
        ),
      )
      // Statistics, as a running database has them.
      await sql`analyze`.execute(db())
    })

    it('answers a filtered, searched page correctly, reading it through the status index', async () => {
      const started = performance.now()
      const first = await listInquiries(db(), 1, filter)
      const elapsed = performance.now() - started
      console.log(`[${getDb().dialect}] 10,000 leads: a filtered, searched inbox page in ${elapsed.toFixed(1)} ms`)

      const matching = Array.from({ length: 10_000 }, (_, i) => i).filter((i) => i % 150 === 7)
      expect(matching).toHaveLength(67)
      expect([first.total, first.pageCount]).toEqual([67, 2])
      expect(first.inquiries.map((i) => i.name)).toEqual(matching.slice(0, 50).map((i) => `Lead ${i}`))
      expect((await listInquiries(db(), 2, filter)).inquiries.map((i) => i.name)).toEqual(matching.slice(50).map((i) => `Lead ${i}`))

      const plan = await planOf(getDb(), inboxPageQuery(db(), filter, 1).compile())
      expect(plan).toContain('inquiries_status_created_at_idx')
      expect(plan).not.toMatch(FULL_SCAN)
    })

    it('reads a type filter, a date range and the plain inbox through their indexes, the plain one with nothing to sort', async () => {
      const byKind = await planOf(getDb(), inboxPageQuery(db(), { kind: 'playbook', q: 'lead' }, 1).compile())
      expect(byKind).toContain('inquiries_kind_created_at_idx')
      const byDate = await planOf(getDb(), inboxPageQuery(db(), { from: '2026-11-15', to: '2026-11-16' }, 1).compile())
      expect(byDate).toContain('inquiries_created_at_idx')
      const plain = await planOf(getDb(), inboxPageQuery(db(), {}, 2).compile())
      expect(plain).toContain('inquiries_created_at_idx')
      // SQLite says it sorts with a temporary B-tree, PostgreSQL with a Sort node.
      expect(plain).not.toMatch(/TEMP B-TREE|Sort/)
      for (const other of [byKind, byDate, plain]) expect(other).not.toMatch(FULL_SCAN)
    })
  })
})

it.each(testDialects)('migration 0007 makes every earlier lead New and searchable [%s]', async (dialect) => {
  const database = await createTestDatabase(dialect, { migrate: false })
  try {
    // Named on PostgreSQL, or the migrator takes a parallel test's lock table for its own.
    const schema =
      dialect === 'postgres' ? (await sql<{ name: string }>`select current_schema() as name`.execute(database.db)).rows[0]!.name : undefined
    const migrator = new Migrator({
      db: database.db,
      provider: { getMigrations: async () => migrationsFor(dialect) },
      migrationTableSchema: schema,
    })
    expect((await migrator.migrateTo('2026_11_23_0006_testimonials')).error).toBeUndefined()
    const {
      status: _none,
      search_text: _notYet,
      first_contacted_at: _either,
      ...before
    } = lead({ name: 'Zoë Early', business: 'Früh GmbH', message: 'Sent before the pipeline' })
    await (database.db as unknown as UntypedDb).insertInto('inquiries').values(before).execute()

    expect(await migrateToLatest(database)).toContain('2026_11_23_0007_lead_pipeline')
    expect((await listInquiries(database.db, 1)).inquiries).toEqual([
      expect.objectContaining({ name: 'Zoë Early', status: 'new', statusLabel: 'New' }),
    ])
    for (const q of ['ZOË', 'früh gmbh', 'BEFORE THE PIPELINE', 'dana@example']) {
      expect((await listInquiries(database.db, 1, { q })).total, q).toBe(1)
    }
  } finally {
    await database.cleanup()
  }
})
