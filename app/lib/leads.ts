import { z } from './zod'

/*
 * The words of the lead pipeline, shared by the inbox, the message page, the dashboard, the CSV
 * export and the repository: statuses are stored as these lowercase keys and shown by their labels.
 */

export const leadKinds = ['contact', 'playbook'] as const
export type LeadKind = (typeof leadKinds)[number]
export const leadKindLabels: Record<LeadKind, string> = { contact: 'Contact', playbook: 'Playbook' }

/** In pipeline order: the select on the message page and the inbox filter list them this way. */
export const leadStatuses = ['new', 'contacted', 'qualified', 'won', 'lost', 'spam'] as const
export type LeadStatus = (typeof leadStatuses)[number]
export const leadStatusLabels: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  won: 'Won',
  lost: 'Lost',
  spam: 'Spam',
}

/** Leads still being worked on: the dashboard counts them. */
export const openLeadStatuses = ['new', 'contacted', 'qualified'] as const satisfies readonly LeadStatus[]

/**
 * Moving a lead to one of these means someone spoke to it, so the first such move (or the first
 * note) is its first contact. Lost and Spam do not: a lead can be lost without ever being reached.
 */
export const contactedStatuses: readonly LeadStatus[] = ['contacted', 'qualified', 'won']

/** The longest note an admin can add; about two pages of text. */
export const MAX_NOTE_LENGTH = 5000

/** The note form on the message page, checked by the browser and again by the action. */
export const leadNoteSchema = z.object({
  note: z
    .string('Note is required')
    .trim()
    .min(1, 'Note is required')
    .max(MAX_NOTE_LENGTH, `Note must be ${MAX_NOTE_LENGTH.toLocaleString('en-US')} characters or fewer`),
})

/** The status form: the status chosen, and the one the page showed (a change from a stale page is refused). */
export const leadStatusSchema = z.object({
  status: z.enum(leadStatuses, 'Choose a status from the list'),
  shownStatus: z.enum(leadStatuses, 'Choose a status from the list'),
})

/** The longest search the inbox honours; anything longer is cut, never refused. */
export const MAX_SEARCH_LENGTH = 200

/** A calendar day as the date input sends it, and only a real one (no 30 February). */
export const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => {
    const time = Date.parse(`${value}T00:00:00Z`)
    return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value)
  })

/**
 * The inbox's query string (`?status=&kind=&from=&to=&q=&page=`). Read leniently, as every query
 * string of the site: a value that is not valid is dropped, so a hand-edited link shows the inbox
 * with that filter off instead of an error page. Empty values (a GET form's "All") mean no filter.
 */
export const inboxFilterSchema = z.object({
  status: z.enum(leadStatuses).optional().catch(undefined),
  kind: z.enum(leadKinds).optional().catch(undefined),
  from: calendarDay.optional().catch(undefined),
  to: calendarDay.optional().catch(undefined),
  // A NUL (which PostgreSQL refuses) reads as a space; an empty or blank search is no search.
  q: z
    .string()
    .transform((q) => q.replaceAll('\u0000', ' ').trim().slice(0, MAX_SEARCH_LENGTH) || undefined)
    .optional()
    .catch(undefined),
  // Any whole number, even past the safe range: a page past the end goes to the last one.
  page: z.coerce.number().min(1).refine(Number.isInteger).catch(1),
})

export type InboxFilter = Omit<z.output<typeof inboxFilterSchema>, 'page'>

/** The filter and page a URL asks for; never fails. */
export function readInboxQuery(params: URLSearchParams): { filter: InboxFilter; page: number } {
  const { page, ...filter } = inboxFilterSchema.parse({
    status: params.get('status') || undefined,
    kind: params.get('kind') || undefined,
    from: params.get('from') || undefined,
    to: params.get('to') || undefined,
    q: params.get('q') ?? undefined,
    page: params.get('page') ?? 1,
  })
  return { filter, page }
}

/** The query string of a filter and page, leaving out what is off, so the default inbox has none. */
export function inboxQuery(filter: InboxFilter, page = 1): string {
  const params = new URLSearchParams()
  for (const key of ['status', 'kind', 'from', 'to', 'q'] as const) {
    const value = filter[key]
    if (value) params.set(key, value)
  }
  if (page > 1) params.set('page', String(page))
  const query = params.toString()
  return query ? `?${query}` : ''
}

/** True when any filter narrows the list. */
export function isFiltered(filter: InboxFilter): boolean {
  return inboxQuery(filter) !== ''
}

const MINUTE_MS = 60_000

/** A wait such as the time to first contact: '25 min', '3 h 10 min', '2.5 days'. */
export function formatWait(ms: number): string {
  const minutes = Math.round(ms / MINUTE_MS)
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`
  return `${Math.round((minutes / 60 / 24) * 10) / 10} days`
}

/**
 * Leads one address sends in an hour before the next ones are held: kept with the Spam status and
 * the TOO_MANY reason, notifying nobody, since a script is the likely sender, though several people
 * in one office share an address. The sender is told "sent" either way.
 */
export const LEADS_PER_HOUR = 5
export const TOO_MANY_REASON = 'too-many'
/** How the inbox list marks a lead held for TOO_MANY_REASON. */
export const tooManyLabel = 'Held: too many from one address'

/** Why a lead was held with the Spam status, in the owner's words. */
export const spamReasonLabels: Record<string, string> = {
  honeypot: 'It filled in a field that is hidden from people.',
  'too-fast': 'It was sent less than two seconds after the form was shown.',
  'bad-ticket': 'Its form ticket was not one this site issued.',
  'old-ticket': 'Its form was shown more than a day before it was sent.',
  [TOO_MANY_REASON]: `Too many from one address: ${LEADS_PER_HOUR} leads had come from its address within the hour, so nobody was notified. People in one office share an address; if this is a real lead, change its status to New.`,
}
