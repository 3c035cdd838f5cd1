import { stringify } from 'csv-stringify/sync'
import { todayUtc } from '~/lib/dates'
import { requireUser } from '~/server/services/auth.server'
import { inquiryKindLabels, listInquiriesForExport } from '~/server/repositories/inquiries.server'
import type { Route } from './+types/inbox-export'

const columns = ['received', 'kind', 'name', 'email', 'business', 'message', 'read']

/**
 * Every lead as a spreadsheet. Outside the admin layout, so it checks the session itself. Cells a
 * spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage return) get a
 * leading apostrophe: a visitor's text must never execute on the admin's machine.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context)
  const inquiries = await listInquiriesForExport(context.db)
  const records = inquiries.map((inquiry) => [
    inquiry.created_at,
    inquiryKindLabels[inquiry.kind],
    inquiry.name,
    inquiry.email,
    inquiry.business ?? '',
    inquiry.message ?? '',
    inquiry.read_at ? 'yes' : 'no',
  ])
  // The byte-order mark makes Excel read the file as UTF-8, so accented names survive.
  const csv = stringify(records, { header: true, columns, escape_formulas: true, bom: true })
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="inbox-${todayUtc()}.csv"`,
      'Cache-Control': 'no-store',
    },
  })
}
