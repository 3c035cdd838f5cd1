import { stringify } from 'csv-stringify/sync'
import { todayIn } from '~/lib/dates'
import { leadKindLabels, leadStatusLabels, readInboxQuery } from '~/lib/leads'
import { requireUser } from '~/server/services/auth.server'
import { LEAD_SOURCE_COLUMNS, leadSourceFields, listInquiriesForExport } from '~/server/repositories/inquiries.server'
import { getTimeZone } from '~/server/repositories/settings.server'
import type { Route } from './+types/inbox-export'

// New columns go last, so sheets and scripts reading the earlier columns by position keep working.
const columns = ['received', 'kind', 'name', 'email', 'business', 'message', 'read', 'status', ...Object.values(LEAD_SOURCE_COLUMNS)]

/**
 * The leads the inbox shows, as a spreadsheet: the same query string, so the same filter (every
 * page of it). Outside the admin layout, so it checks the session itself. Cells a spreadsheet
 * would run as a formula (starting with =, +, -, @, tab or carriage return) get a leading
 * apostrophe: a visitor's text must never execute on the admin's machine.
 */
export async function loader({ request, context, pattern }: Route.LoaderArgs) {
  await requireUser({ request, context, pattern })
  const { filter } = readInboxQuery(new URL(request.url).searchParams)
  const timeZone = await getTimeZone(context.db)
  const inquiries = await listInquiriesForExport(context.db, filter, timeZone)
  const records = inquiries.map((inquiry) => [
    inquiry.createdAt,
    leadKindLabels[inquiry.kind],
    inquiry.name,
    inquiry.email,
    inquiry.business ?? '',
    inquiry.message ?? '',
    inquiry.read ? 'yes' : 'no',
    leadStatusLabels[inquiry.status],
    ...leadSourceFields.map((field) => inquiry.source[field] ?? ''),
  ])
  // The byte-order mark makes Excel read the file as UTF-8, so accented names survive.
  const csv = stringify(records, { header: true, columns, escape_formulas: true, bom: true })
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="inbox-${todayIn(timeZone)}.csv"`,
      'Cache-Control': 'no-store',
    },
  })
}
