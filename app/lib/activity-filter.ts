import { z } from 'zod'
import type { AccountAction, ActivityAction, ActivityRecordType, PeopleAction } from '~/lib/activity'
import { adminSection } from '~/lib/admin-sections'
import { wallTimeToUtc } from '~/lib/dates'
import { calendarDay } from '~/lib/leads'
import { fieldErrors, type FieldErrors } from '~/lib/schemas'

/** The kinds of line the Activity screen filters by, in the order its select lists them. */
export const activityKindLabels = {
  posts: 'Posts',
  pages: 'Pages',
  'case-studies': 'Case studies',
  team: 'Team',
  testimonials: 'Testimonials',
  authors: 'Authors',
  redirects: 'Redirects',
  settings: 'Settings',
  media: 'Media',
  leads: 'Leads',
  people: 'People',
  account: 'Account',
} as const
export type ActivityKind = keyof typeof activityKindLabels
const activityKinds = Object.keys(activityKindLabels) as [ActivityKind, ...ActivityKind[]]

/** The kind of a line about a record, by its record type. */
const kindOfRecord: Record<ActivityRecordType, ActivityKind> = {
  post: 'posts',
  'case-study': 'case-studies',
  page: 'pages',
  collections: 'pages',
  navigation: 'pages',
  team: 'team',
  testimonials: 'testimonials',
  authors: 'authors',
  redirects: 'redirects',
  'search-and-sharing': 'settings',
  'site-settings': 'settings',
  media: 'media',
  lead: 'leads',
}

/** The kind of a line without a record: a change of who may sign in, or an admin's own account. */
const kindOfAction: Record<PeopleAction | AccountAction, 'people' | 'account'> = {
  invited: 'people',
  'invitation-resent': 'people',
  'invitation-revoked': 'people',
  joined: 'people',
  'role-changed': 'people',
  removed: 'people',
  renamed: 'people',
  'reset-sent': 'people',
  'two-factor-removed': 'people',
  'signed-in': 'account',
  'sign-in-failed': 'account',
  'password-reset': 'account',
  'password-changed': 'account',
  'two-factor-on': 'account',
  'two-factor-off': 'account',
  'recovery-codes-renewed': 'account',
}

/** The kind of one line of the log. */
export const kindOfLine = (line: { recordType: ActivityRecordType | null; action: ActivityAction }): ActivityKind | undefined =>
  line.recordType ? kindOfRecord[line.recordType] : kindOfAction[line.action as PeopleAction | AccountAction]

/** What a kind selects: lines about these record types, or lines without a record that did these actions. */
export function linesOfKind(kind: ActivityKind): { recordTypes: ActivityRecordType[] } | { actions: (PeopleAction | AccountAction)[] } {
  const recordTypes = (Object.keys(kindOfRecord) as ActivityRecordType[]).filter((type) => kindOfRecord[type] === kind)
  if (recordTypes.length > 0) return { recordTypes }
  return { actions: (Object.keys(kindOfAction) as (PeopleAction | AccountAction)[]).filter((action) => kindOfAction[action] === kind) }
}

const recordWords: Partial<Record<ActivityRecordType, string>> = {
  post: 'post',
  'case-study': 'case study',
  page: 'page',
  'site-settings': 'site settings',
  lead: 'lead',
}

/** What a line's record is, in a word or two ('team member', 'redirect'): a section's records are named as the section names them. */
export const recordWord = (type: ActivityRecordType): string =>
  recordWords[type] ?? adminSection(type as Exclude<ActivityRecordType, keyof typeof recordWords>).record

/** The longest e-mail address an admin can have; a longer "person" names no one. */
const MAX_PERSON_LENGTH = 320

const dayField = (message: string) => z.string().refine((value) => calendarDay.safeParse(value).success, message)

/**
 * The Activity screen's filter as the query string sends it (`?person=&kind=&from=&to=`). Unlike the
 * inbox's, it is read strictly: this screen answers "who did what when", so a filter it cannot apply
 * is said at its field rather than dropped silently. Empty values (a select's "All") mean no filter.
 */
const activityFilterSchema = z
  .object({
    // A NUL or line break names no admin (and PostgreSQL refuses a NUL in a query).
    person: z
      .string()
      .max(MAX_PERSON_LENGTH, 'Choose a person from the list')
      .regex(/^[^\p{Cc}]*$/u, 'Choose a person from the list')
      .optional(),
    kind: z.enum(activityKinds, 'Choose a kind from the list').optional(),
    from: dayField('Enter the “From” date as a calendar date, such as 2026-11-27').optional(),
    to: dayField('Enter the “To” date as a calendar date, such as 2026-11-27').optional(),
  })
  .refine((filter) => !filter.from || !filter.to || filter.from <= filter.to, {
    path: ['to'],
    message: 'The “To” date must be on or after the “From” date',
  })

export type ActivityFilter = z.output<typeof activityFilterSchema>
const FILTER_FIELDS = ['person', 'kind', 'from', 'to'] as const

/**
 * The filter and page an address asks for: the filter, or the fields it was typed with and each
 * field's error. The page is read leniently, as on every list: anything but a whole number past 1 is 1.
 */
export function readActivityQuery(
  params: URLSearchParams,
): { page: number } & ({ ok: true; filter: ActivityFilter } | { ok: false; typed: ActivityFilter; errors: FieldErrors }) {
  const asked = Number(params.get('page'))
  const page = Number.isSafeInteger(asked) && asked > 1 ? asked : 1
  const typed = Object.fromEntries(
    FILTER_FIELDS.flatMap((field) => (params.get(field) ? [[field, params.get(field)!]] : [])),
  ) as ActivityFilter
  const parsed = activityFilterSchema.safeParse(typed)
  return parsed.success ? { page, ok: true, filter: parsed.data } : { page, ok: false, typed, errors: fieldErrors(parsed.error) }
}

/** The query string of a filter and page, leaving out what is off, so the whole log has none. */
export function activityQuery(filter: ActivityFilter, page = 1): string {
  const params = new URLSearchParams()
  for (const field of FILTER_FIELDS) {
    const value = filter[field]
    if (value) params.set(field, value)
  }
  if (page > 1) params.set('page', String(page))
  const query = params.toString()
  return query ? `?${query}` : ''
}

/**
 * The instants a filter's days span on the calendar of `timeZone` (the site's, as every date on
 * screen): from the start of `from` up to the start of the day after `to`, so `to` includes its whole day.
 */
export function activityPeriod(filter: Pick<ActivityFilter, 'from' | 'to'>, timeZone: string): { since?: string; before?: string } {
  const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
  return {
    since: filter.from && wallTimeToUtc(`${filter.from}T00:00`, timeZone),
    before: filter.to && wallTimeToUtc(`${dayAfter(filter.to)}T00:00`, timeZone),
  }
}
