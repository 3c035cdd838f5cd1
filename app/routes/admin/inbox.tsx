import { Download } from 'lucide-react'
import { Link, redirect } from 'react-router'
import { adminErrorBoundary } from '~/components/admin/admin-error-boundary'
import { screenMeta } from '~/components/admin/admin-screen'
import { InboxFilters } from '~/components/admin/inbox-filters'
import { LeadStatusBadge } from '~/components/admin/lead-status-badge'
import { Pagination } from '~/components/ui/pagination'
import { Alert } from '~/components/ui/alert'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { LongDate } from '~/components/ui/date-time'
import { inboxQuery, isFiltered, readInboxQuery, tooManyLabel } from '~/lib/leads'
import { cn } from '~/lib/utils'
import { requireUser } from '~/server/services/auth.server'
import { countUnreadInquiries, countUnreadTooMany, listInquiries, type InquirySummary } from '~/server/repositories/inquiries.server'
import { getTimeZone } from '~/server/repositories/settings.server'
import type { Route } from './+types/inbox'

const INBOX_PATH = '/admin/inbox'

export const meta = screenMeta('Inbox')

export async function loader({ request, context, pattern }: Route.LoaderArgs) {
  await requireUser({ request, context, pattern })
  const { filter, page } = readInboxQuery(new URL(request.url).searchParams)
  // The filter's days are the site's, as the list shows them.
  const timeZone = await getTimeZone(context.db)
  const [list, unread, heldUnread] = await Promise.all([
    listInquiries(context.db, page, filter, timeZone),
    countUnreadInquiries(context.db),
    countUnreadTooMany(context.db),
  ])
  // A page emptied by deletions (or a filter) falls back to the last one that still has messages.
  if (page > list.pageCount) throw redirect(`${INBOX_PATH}${inboxQuery(filter, list.pageCount)}`)
  return { ...list, unread, heldUnread, page, filter }
}

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const { inquiries, unread, heldUnread, page, pageCount, total, filter } = loaderData
  const filtered = isFiltered(filter)
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="flex items-center gap-3 text-2xl font-bold">
          Inbox
          <Badge data-testid="inbox-unread" variant={unread > 0 ? 'default' : 'muted'}>
            {unread} unread
          </Badge>
        </h1>
        <Button asChild variant="outline">
          {/* The export follows the filter on screen. */}
          <a href={`${INBOX_PATH}/export.csv${inboxQuery(filter)}`} download>
            <Download aria-hidden />
            Export CSV
          </a>
        </Button>
      </div>
      <InboxFilters filter={filter} path={INBOX_PATH} />
      {heldUnread > 0 && filter.status !== 'spam' && (
        // Held leads notified nobody and sit in the Spam view: without this, nobody would look.
        <Alert role="status" data-testid="inbox-held" className="mt-4">
          {heldUnread === 1 ? '1 unread lead was' : `${heldUnread.toLocaleString('en-US')} unread leads were`} held because too many came
          from one address within an hour.{' '}
          <Link to={`${INBOX_PATH}${inboxQuery({ status: 'spam' })}`} className="font-semibold underline underline-offset-4">
            {heldUnread === 1 ? 'See it under Spam' : 'See them under Spam'}
          </Link>
        </Alert>
      )}
      {filtered && (
        <p data-testid="inbox-total" className="mt-4 text-sm text-muted-foreground">
          {total === 1 ? '1 lead matches' : `${total.toLocaleString('en-US')} leads match`} these filters.
        </p>
      )}
      <Card className={cn('overflow-hidden', filtered ? 'mt-2' : 'mt-6')}>
        {inquiries.length === 0 ? (
          <div className="p-10 text-center">
            {filtered ? (
              <>
                <p className="font-semibold">No leads match these filters</p>
                <p className="mt-1 text-sm text-muted-foreground">
                  Try another status, type or date, or{' '}
                  <Link to={INBOX_PATH} className="font-semibold text-primary underline underline-offset-4">
                    clear the filters
                  </Link>
                  .
                </p>
              </>
            ) : (
              <>
                <p className="font-semibold">No messages yet</p>
                <p className="mt-1 text-sm text-muted-foreground">
                  Contact messages and Free AI Playbook requests from the public site will appear here.
                </p>
              </>
            )}
          </div>
        ) : (
          // Below md each row reflows into a stacked card, so phones need no sideways scrolling.
          <table className="block w-full text-left text-sm md:table">
            <thead className="hidden border-b bg-muted/60 text-xs tracking-wide text-muted-foreground uppercase md:table-header-group">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  From
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Status
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Type
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Business
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Message
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Received
                </th>
              </tr>
            </thead>
            <tbody className="block divide-y md:table-row-group">
              {inquiries.map((inquiry) => (
                <InquiryRow key={inquiry.id} inquiry={inquiry} />
              ))}
            </tbody>
          </table>
        )}
      </Card>
      <Pagination
        page={page}
        pageCount={pageCount}
        items="messages"
        hrefFor={(to) => `${INBOX_PATH}${inboxQuery(filter, to)}`}
        className="mt-6"
      />
    </>
  )
}

function InquiryRow({ inquiry }: { inquiry: InquirySummary }) {
  const unread = !inquiry.read
  return (
    <tr
      data-testid="inquiry-row"
      data-unread={unread || undefined}
      className={cn(
        'flex flex-wrap items-center gap-x-3 gap-y-1 p-4 align-top md:table-row md:p-0',
        unread && 'bg-secondary/40 font-semibold',
      )}
    >
      <th scope="row" className="w-full text-left md:w-auto md:min-w-56 md:px-4 md:py-3">
        <div className="flex items-center gap-2">
          <span className={cn('size-2 shrink-0 rounded-full', unread ? 'bg-primary' : 'bg-transparent')} aria-hidden />
          <Link
            to={`${INBOX_PATH}/${inquiry.id}`}
            className={cn(
              'rounded-sm outline-none hover:underline focus-visible:ring-3 focus-visible:ring-ring/50',
              unread ? 'font-bold' : 'font-medium',
            )}
          >
            {inquiry.name}
            {unread && <span className="sr-only"> (unread)</span>}
          </Link>
        </div>
        <a
          href={`mailto:${inquiry.email}`}
          className="mt-0.5 block pl-4 text-xs font-normal [overflow-wrap:anywhere] text-muted-foreground underline-offset-4 hover:underline"
        >
          {inquiry.email}
        </a>
      </th>
      <td className="pl-4 md:px-4 md:py-3">
        <LeadStatusBadge status={inquiry.status} />
        {inquiry.tooMany && (
          <span data-testid="held-reason" className="mt-1 block text-xs font-normal text-muted-foreground">
            {tooManyLabel}
          </span>
        )}
      </td>
      <td className="md:px-4 md:py-3">
        <Badge variant={inquiry.kind === 'contact' ? 'default' : 'success'}>{inquiry.kindLabel}</Badge>
      </td>
      <td className="w-full pl-4 text-muted-foreground empty:hidden md:w-auto md:empty:table-cell md:px-4 md:py-3">
        {inquiry.business ?? ''}
      </td>
      <td className="w-full pl-4 md:w-auto md:max-w-sm md:px-4 md:py-3">
        {inquiry.preview ? (
          <span className="line-clamp-2 md:line-clamp-1">{inquiry.preview}</span>
        ) : (
          <span className="font-normal text-muted-foreground italic">Asked for the Free AI Playbook</span>
        )}
      </td>
      <td className="pl-4 text-xs whitespace-nowrap text-muted-foreground md:px-4 md:py-3 md:text-sm">
        <LongDate iso={inquiry.createdAt} />
      </td>
    </tr>
  )
}

export const ErrorBoundary = adminErrorBoundary('Error loading the inbox')
