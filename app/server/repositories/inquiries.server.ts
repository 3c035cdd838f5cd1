import { type Selectable, sql } from 'kysely'
import { DEFAULT_TIME_ZONE, wallTimeToUtc } from '~/lib/dates'
import { newId, nowIso } from '~/lib/ids'
import {
  contactedStatuses,
  leadKindLabels,
  leadStatusLabels,
  openLeadStatuses,
  TOO_MANY_REASON,
  type InboxFilter,
  type LeadKind,
  type LeadStatus,
} from '~/lib/leads'
import { roiInputsSchema, type RoiInputs } from '~/lib/roi'
import { containsPattern, foldForSearch } from '~/lib/search-text'
import type { Db, InquiriesTable } from '~/server/db/schema.server'
import { recordActivity } from '~/server/repositories/activity.server'
import { recordLeadChange } from '~/server/repositories/lead-history.server'

const DAY_MS = 24 * 60 * 60 * 1000

/** Where a lead came from (migration 0010), by the record's names and the columns'; the CSV export's headers are the columns'. */
export const LEAD_SOURCE_COLUMNS = {
  landingPage: 'landing_page',
  referrer: 'referrer',
  utmSource: 'utm_source',
  utmMedium: 'utm_medium',
  utmCampaign: 'utm_campaign',
  utmTerm: 'utm_term',
  utmContent: 'utm_content',
  formPage: 'form_page',
} as const satisfies Record<string, keyof InquiriesTable>
export type LeadSourceField = keyof typeof LEAD_SOURCE_COLUMNS
export const leadSourceFields = Object.keys(LEAD_SOURCE_COLUMNS) as LeadSourceField[]
const sourceColumns = Object.values(LEAD_SOURCE_COLUMNS)

/** The visit's first page (path and UTM query), the site that sent it, its UTM parameters and the form's page; null when unknown. */
export type LeadSource = Record<LeadSourceField, string | null>

/** The privacy wording a sender agreed to, its version, and when. */
export interface LeadConsent {
  version: string
  text: string
  at: string
}

/** A lead as the forms hand it over: the policy (spam, consent, source) is the leads service's. */
export interface NewInquiry {
  kind: LeadKind
  name: string
  email: string
  business: string | null
  message: string | null
  /** Kept to bound a flood from one address; never shown. */
  ip: string | null
  status?: LeadStatus
  spamReason?: string | null
  consent?: LeadConsent | null
  /** The ROI calculator's numbers sent with a playbook request. */
  roiInputs?: RoiInputs | null
  source?: Partial<LeadSource>
}

/**
 * What the inbox search looks through: name, e-mail, business and message, folded (lib/search-text);
 * migration 0007 backfilled older leads with it.
 */
export function leadSearchText(lead: Pick<NewInquiry, 'name' | 'email' | 'business' | 'message'>): string {
  return foldForSearch([lead.name, lead.email, lead.business ?? '', lead.message ?? ''].join('\n'))
}

function sourceRow(source: Partial<LeadSource>) {
  return Object.fromEntries(leadSourceFields.map((field) => [LEAD_SOURCE_COLUMNS[field], source[field] ?? null])) as Record<
    (typeof sourceColumns)[number],
    string | null
  >
}

function sourceOf(row: Pick<InquiriesTable, (typeof sourceColumns)[number]>): LeadSource {
  return Object.fromEntries(leadSourceFields.map((field) => [field, row[LEAD_SOURCE_COLUMNS[field]]])) as LeadSource
}

/** Stores a lead before anything else happens to it, so no message is ever lost. */
export async function createInquiry(db: Db, inquiry: NewInquiry): Promise<string> {
  const id = newId()
  const { kind, name, email, business, message, ip, status, spamReason, consent, roiInputs, source = {} } = inquiry
  await db
    .insertInto('inquiries')
    .values({
      id,
      kind,
      name,
      email,
      business,
      message,
      ip,
      status,
      spam_reason: spamReason ?? null,
      consent_version: consent?.version ?? null,
      consent_text: consent?.text ?? null,
      consented_at: consent?.at ?? null,
      roi_inputs: roiInputs ? JSON.stringify(roiInputs) : null,
      ...sourceRow(source),
      search_text: leadSearchText(inquiry),
      created_at: nowIso(),
    })
    .execute()
  return id
}

/** Messages per page of the admin inbox. */
export const INQUIRIES_PER_PAGE = 50
const PREVIEW_LENGTH = 160

/** One line of the inbox: who wrote, when, where the lead stands, and the start of what they said. */
export interface InquirySummary {
  id: string
  kind: LeadKind
  kindLabel: string
  status: LeadStatus
  statusLabel: string
  /** Held as one too many from its address (a Spam lead's reason), which the list says. */
  tooMany: boolean
  name: string
  email: string
  business: string | null
  preview: string
  createdAt: string
  read: boolean
}

/** The day after a day ('YYYY-MM-DD'): `to` includes its whole day. */
function dayAfter(day: string): string {
  // Without the time; the day after 9999-12-31 has a six-digit year.
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS).toISOString().slice(0, -'T00:00:00.000Z'.length)
}

/**
 * The leads a filter selects. Without a status, every lead but spam: spam is looked at on purpose,
 * never in passing. Dates are days in the site's time zone, as the inbox shows them. Each condition is one an index
 * serves (status or kind with created_at; created_at alone), and the search is a literal LIKE on
 * the folded text of the rows those conditions leave.
 */
function filteredInquiries(db: Db, filter: InboxFilter, timeZone: string) {
  const midnight = (day: string) => wallTimeToUtc(`${day}T00:00`, timeZone)
  let query = db.selectFrom('inquiries')
  query = filter.status ? query.where('status', '=', filter.status) : query.where('status', '!=', 'spam')
  if (filter.kind) query = query.where('kind', '=', filter.kind)
  if (filter.from) query = query.where('created_at', '>=', midnight(filter.from))
  if (filter.to) query = query.where('created_at', '<', midnight(dayAfter(filter.to)))
  if (filter.q) query = query.where(sql<boolean>`search_text like ${containsPattern(filter.q)} escape '\\'`)
  return query
}

/** The query of one inbox page, newest first; exported so tests can ask each engine for its plan. */
export function inboxPageQuery(db: Db, filter: InboxFilter, page: number, timeZone = DEFAULT_TIME_ZONE) {
  return (
    filteredInquiries(db, filter, timeZone)
      .select(['id', 'kind', 'status', 'spam_reason', 'name', 'email', 'business', 'created_at', 'read_at'])
      // One character past the preview shows whether the first line was cut.
      .select(sql<string | null>`substr(message, 1, ${PREVIEW_LENGTH + 1})`.as('message_start'))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(INQUIRIES_PER_PAGE)
      .offset((Math.max(1, page) - 1) * INQUIRIES_PER_PAGE)
  )
}

/** A page of the inbox as filtered; only the start of each message is read from the database. */
export async function listInquiries(db: Db, page: number, filter: InboxFilter = {}, timeZone = DEFAULT_TIME_ZONE) {
  const { total } = await filteredInquiries(db, filter, timeZone)
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .executeTakeFirstOrThrow()
  const count = Number(total)
  const pageCount = Math.max(1, Math.ceil(count / INQUIRIES_PER_PAGE))
  // A page past the end has no messages; asking anyway would send an offset (page 1e21 from the
  // URL) that neither engine accepts as an integer.
  if (page > pageCount) return { inquiries: [] as InquirySummary[], total: count, pageCount }
  const rows = await inboxPageQuery(db, filter, page, timeZone).execute()
  const inquiries: InquirySummary[] = rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    kindLabel: leadKindLabels[row.kind],
    status: row.status,
    statusLabel: leadStatusLabels[row.status],
    tooMany: row.spam_reason === TOO_MANY_REASON,
    name: row.name,
    email: row.email,
    business: row.business,
    preview: firstLine(row.message_start ?? ''),
    createdAt: row.created_at,
    read: row.read_at !== null,
  }))
  return { inquiries, total: count, pageCount }
}

function firstLine(text: string): string {
  const line = text
    .trimStart()
    .split(/\r?\n|\r/, 1)[0]!
    .trimEnd()
  return line.length > PREVIEW_LENGTH ? `${line.slice(0, PREVIEW_LENGTH)}…` : line
}

/** Unread leads, spam left out: the count asks for attention, and spam should not get it. */
export async function countUnreadInquiries(db: Db): Promise<number> {
  const row = await db
    .selectFrom('inquiries')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('read_at', 'is', null)
    .where('status', '!=', 'spam')
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * Unread leads held as one too many from their address: the inbox points to them, since they are
 * in the Spam view, which nobody opens in passing, and notified nobody.
 */
export async function countUnreadTooMany(db: Db): Promise<number> {
  const row = await db
    .selectFrom('inquiries')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('status', '=', 'spam')
    .where('spam_reason', '=', TOO_MANY_REASON)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Ids are UUIDs, and PostgreSQL refuses a NUL anywhere in a query: such an id names no message. */
const impossibleId = (id: string) => id.includes('\u0000')

/** A whole lead as the message page shows it. */
export interface Inquiry {
  id: string
  kind: LeadKind
  kindLabel: string
  status: LeadStatus
  statusLabel: string
  name: string
  email: string
  business: string | null
  message: string | null
  createdAt: string
  /** When an admin first opened it; null while unread. */
  readAt: string | null
  /** Why it was held as Spam; null for a lead nobody held. */
  spamReason: string | null
  /** Null for leads sent before the forms asked for consent. */
  consent: LeadConsent | null
  roiInputs: RoiInputs | null
  source: LeadSource
}

const inquiryColumns = [
  'id',
  'kind',
  'status',
  'name',
  'email',
  'business',
  'message',
  'created_at',
  'read_at',
  'spam_reason',
  'consent_version',
  'consent_text',
  'consented_at',
  'roi_inputs',
  ...sourceColumns,
] as const

function inquiryOf(row: Pick<Selectable<InquiriesTable>, (typeof inquiryColumns)[number]>): Inquiry {
  const consent =
    row.consent_version && row.consent_text && row.consented_at
      ? { version: row.consent_version, text: row.consent_text, at: row.consented_at }
      : null
  const roiInputs = row.roi_inputs ? roiInputsSchema.safeParse(JSON.parse(row.roi_inputs)) : null
  return {
    id: row.id,
    kind: row.kind,
    kindLabel: leadKindLabels[row.kind],
    status: row.status,
    statusLabel: leadStatusLabels[row.status],
    name: row.name,
    email: row.email,
    business: row.business,
    message: row.message,
    createdAt: row.created_at,
    readAt: row.read_at,
    spamReason: row.spam_reason,
    consent,
    roiInputs: roiInputs?.success ? roiInputs.data : null,
    source: sourceOf(row),
  }
}

/** The whole message, without the sender's address (kept to clear out a flood from one address; never shown). */
export async function getInquiry(db: Db, id: string): Promise<Inquiry | undefined> {
  if (impossibleId(id)) return undefined
  const row = await db.selectFrom('inquiries').select(inquiryColumns).where('id', '=', id).executeTakeFirst()
  return row && inquiryOf(row)
}

/**
 * Marks a message read (keeping the first time it was read) or unread again. False when there is
 * no such message.
 */
export async function setInquiryRead(db: Db, id: string, read: boolean, now = nowIso()): Promise<boolean> {
  if (impossibleId(id)) return false
  const result = await db
    .updateTable('inquiries')
    .set((eb) => ({ read_at: read ? eb.fn.coalesce('read_at', eb.val(now)) : null }))
    .where('id', '=', id)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

/**
 * How a change of a lead ended: done; nothing to do (the status already was that one); refused
 * because the status had changed since the page showed it (with the status it has now); or gone.
 */
export type LeadChangeOutcome = { outcome: 'saved' | 'unchanged' | 'gone' } | { outcome: 'stale'; status: LeadStatus }

/**
 * Moves a lead from the status the admin's page showed to another one, recording it in the
 * history in the same transaction. The update applies only `where status = shown`, so a page
 * opened before someone else's change cannot silently undo it. The first move to a contacted
 * status is the lead's first contact.
 */
export async function changeInquiryStatus(
  db: Db,
  id: string,
  change: { shown: LeadStatus; to: LeadStatus; authorEmail: string },
  now = nowIso(),
): Promise<LeadChangeOutcome> {
  if (impossibleId(id)) return { outcome: 'gone' }
  const { shown, to, authorEmail } = change
  return db.transaction().execute(async (trx) => {
    if (shown !== to) {
      const updated = await trx
        .updateTable('inquiries')
        .set((eb) => ({
          status: to,
          ...(contactedStatuses.includes(to) && { first_contacted_at: eb.fn.coalesce('first_contacted_at', eb.val(now)) }),
        }))
        .where('id', '=', id)
        .where('status', '=', shown)
        .executeTakeFirst()
      if (updated.numUpdatedRows > 0n) {
        await recordLeadChange(trx, id, { type: 'status', from: shown, to }, authorEmail)
        const { name } = await trx.selectFrom('inquiries').select('name').where('id', '=', id).executeTakeFirstOrThrow()
        const title = `${name}: ${leadStatusLabels[shown]} → ${leadStatusLabels[to]}`
        await recordActivity(trx, { user_email: authorEmail, action: 'status-changed', record_type: 'lead', record_id: id, title })
        return { outcome: 'saved' }
      }
    }
    const current = await trx.selectFrom('inquiries').select('status').where('id', '=', id).executeTakeFirst()
    if (!current) return { outcome: 'gone' }
    return current.status === shown ? { outcome: 'unchanged' } : { outcome: 'stale', status: current.status }
  })
}

/** Adds an admin's note to a lead and its history; the first note also counts as first contact. */
export async function addInquiryNote(
  db: Db,
  id: string,
  note: { text: string; authorEmail: string },
  now = nowIso(),
): Promise<'saved' | 'gone'> {
  if (impossibleId(id)) return 'gone'
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('inquiries')
      .set((eb) => ({ first_contacted_at: eb.fn.coalesce('first_contacted_at', eb.val(now)) }))
      .where('id', '=', id)
      .executeTakeFirst()
    if (updated.numUpdatedRows === 0n) return 'gone'
    await recordLeadChange(trx, id, { type: 'note', note: note.text }, note.authorEmail)
    return 'saved'
  })
}

/**
 * Erases a lead for good, as a privacy request asks: its notes and history, then the lead, in one
 * transaction. The history is deleted here rather than left to the foreign key's cascade, which
 * SQLite applies only on connections that switched foreign keys on. The activity log keeps that
 * `by` changed and erased a lead, but no longer whose: its lines lose the lead's name and link.
 */
export async function eraseInquiry(db: Db, id: string, by: string): Promise<boolean> {
  if (impossibleId(id)) return false
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('inquiry_events').where('inquiry_id', '=', id).execute()
    const result = await trx.deleteFrom('inquiries').where('id', '=', id).executeTakeFirst()
    if (result.numDeletedRows === 0n) return false
    await trx
      .updateTable('activity')
      .set({ record_id: null, title: ERASED_LEAD })
      .where('record_type', '=', 'lead')
      .where('record_id', '=', id)
      .execute()
    await recordActivity(trx, { user_email: by, action: 'deleted', record_type: 'lead', title: ERASED_LEAD })
    return true
  })
}

/** What the activity log calls a lead once it is erased. */
const ERASED_LEAD = 'An erased lead'

/** Every lead the filter selects, newest first, with what the CSV export writes of it. */
export async function listInquiriesForExport(db: Db, filter: InboxFilter = {}, timeZone = DEFAULT_TIME_ZONE) {
  const rows = await filteredInquiries(db, filter, timeZone)
    .select(['created_at', 'kind', 'name', 'email', 'business', 'message', 'read_at', 'status', ...sourceColumns])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
  return rows.map((row) => ({
    createdAt: row.created_at,
    kind: row.kind,
    name: row.name,
    email: row.email,
    business: row.business,
    message: row.message,
    read: row.read_at !== null,
    status: row.status,
    source: sourceOf(row),
  }))
}

/** The dashboard's view of the pipeline. */
export interface LeadFigures {
  /** Leads received in the last 7 days, spam left out. */
  newThisWeek: number
  /** Leads in each open status. */
  open: Record<(typeof openLeadStatuses)[number], number>
  /**
   * The median time from receiving a lead to its first contact, over the leads first contacted in
   * the last 30 days (null when there were none), and how many leads that is.
   */
  firstContact: { medianMs: number | null; leads: number }
}

export async function leadFigures(db: Db, now = new Date()): Promise<LeadFigures> {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString()
  const [week, open, contacted] = await Promise.all([
    db
      .selectFrom('inquiries')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('created_at', '>=', daysAgo(7))
      .where('status', '!=', 'spam')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('inquiries')
      .select(['status', (eb) => eb.fn.countAll<string | number>().as('n')])
      .where('status', 'in', openLeadStatuses)
      .groupBy('status')
      .execute(),
    // Durations are worked out here: the engines subtract ISO text differently, and a month of
    // first contacts is a few hundred rows at most.
    db.selectFrom('inquiries').select(['created_at', 'first_contacted_at']).where('first_contacted_at', '>=', daysAgo(30)).execute(),
  ])
  const counts = Object.fromEntries(open.map((row) => [row.status, Number(row.n)]))
  const durations = contacted.map((lead) => Math.max(0, Date.parse(lead.first_contacted_at!) - Date.parse(lead.created_at)))
  return {
    newThisWeek: Number(week.n),
    open: { new: counts.new ?? 0, contacted: counts.contacted ?? 0, qualified: counts.qualified ?? 0 },
    firstContact: { medianMs: median(durations), leads: durations.length },
  }
}

function median(values: number[]): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** The leads received since `since` (an ISO time), spam left out, with where each came from: what Insights counts. */
export async function leadSourcesSince(db: Db, since: string) {
  const rows = await db
    .selectFrom('inquiries')
    .select(['created_at', 'landing_page', 'utm_source', 'utm_medium', 'utm_campaign'])
    .where('created_at', '>=', since)
    .where('status', '!=', 'spam')
    .execute()
  return rows.map((row) => ({
    createdAt: row.created_at,
    landingPage: row.landing_page,
    utmSource: row.utm_source,
    utmMedium: row.utm_medium,
    utmCampaign: row.utm_campaign,
  }))
}
