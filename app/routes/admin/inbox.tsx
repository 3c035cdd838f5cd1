import { Download } from 'lucide-react'
import { Link, redirect } from 'react-router'
import { adminErrorBoundary } from '~/components/admin/admin-error-boundary'
import { screenMeta } from '~/components/admin/admin-screen'
import { Pagination } from '~/components/ui/pagination'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { formatLongDate } from '~/lib/dates'
import { cn } from '~/lib/utils'
import { requireUser } from '~/server/services/auth.server'
import { countUnreadInquiries, listInquiries, type InquirySummary } from '~/server/repositories/inquiries.server'
import type { Route } from './+types/inbox'

const INBOX_PATH = '/admin/inbox'

function inboxHref(page: number): string {
  return page > 1 ? `${INBOX_PATH}?page=${page}` : INBOX_PATH
}

/** `?page=` read leniently: anything but a whole number above 1 is the first page. */
function pageOf(params: URLSearchParams): number {
  const page = Number(params.get('page'))
  return Number.isInteger(page) && page > 1 ? page : 1
}

export const meta = screenMeta('Inbox')

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context)
  const page = pageOf(new URL(request.url).searchParams)
  const [list, unread] = await Promise.all([listInquiries(context.db, page), countUnreadInquiries(context.db)])
  // A page emptied by deletions falls back to the last one that still has messages.
  if (page > list.pageCount) throw redirect(inboxHref(list.pageCount))
  return { ...list, unread, page }
}

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const { inquiries, unread, page, pageCount } = loaderData
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
          <a href={`${INBOX_PATH}/export.csv`} download>
            <Download aria-hidden />
            Export CSV
          </a>
        </Button>
      </div>
      <Card className="mt-6 overflow-hidden">
        {inquiries.length === 0 ? (
          <div className="p-10 text-center">
            <p className="font-semibold">No messages yet</p>
            <p className="mt-1 text-sm text-muted-foreground">
              Contact messages and Free AI Playbook requests from the public site will appear here.
            </p>
          </div>
        ) : (
          // Below md each row reflows into a stacked card, so phones need no sideways scrolling.
          <table className="block w-full text-left text-sm md:table">
            <thead className="hidden border-b bg-muted/60 text-xs tracking-wide text-muted-foreground uppercase md:table-header-group">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">From</th>
                <th scope="col" className="px-4 py-3 font-semibold">Kind</th>
                <th scope="col" className="px-4 py-3 font-semibold">Business</th>
                <th scope="col" className="px-4 py-3 font-semibold">Message</th>
                <th scope="col" className="px-4 py-3 font-semibold">Received</th>
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
      <Pagination page={page} pageCount={pageCount} items="messages" hrefFor={inboxHref} className="mt-6" />
    </>
  )
}

function InquiryRow({ inquiry }: { inquiry: InquirySummary }) {
  const unread = !inquiry.read
  return (
    <tr
      data-testid="inquiry-row"
      data-unread={unread || undefined}
      className={cn('flex flex-wrap items-center gap-x-3 gap-y-1 p-4 align-top md:table-row md:p-0', unread && 'bg-secondary/40 font-semibold')}
    >
      <th scope="row" className="w-full text-left md:w-auto md:min-w-64 md:px-4 md:py-3">
        <div className="flex items-center gap-2">
          <span className={cn('size-2 shrink-0 rounded-full', unread ? 'bg-primary' : 'bg-transparent')} aria-hidden />
          <Link
            to={`${INBOX_PATH}/${inquiry.id}`}
            className={cn('rounded-sm outline-none hover:underline focus-visible:ring-3 focus-visible:ring-ring/50', unread ? 'font-bold' : 'font-medium')}
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
        <Badge variant={inquiry.kind === 'contact' ? 'default' : 'success'}>{inquiry.kindLabel}</Badge>
      </td>
      <td className="text-muted-foreground md:px-4 md:py-3">{inquiry.business ?? ''}</td>
      <td className="w-full pl-4 md:w-auto md:max-w-sm md:px-4 md:py-3">
        {inquiry.preview ? (
          <span className="line-clamp-2 md:line-clamp-1">{inquiry.preview}</span>
        ) : (
          <span className="font-normal text-muted-foreground italic">Asked for the Free AI Playbook</span>
        )}
      </td>
      <td className="pl-4 text-xs whitespace-nowrap text-muted-foreground md:px-4 md:py-3 md:text-sm">
        <time dateTime={inquiry.createdAt}>{formatLongDate(inquiry.createdAt)}</time>
      </td>
    </tr>
  )
}

export const ErrorBoundary = adminErrorBoundary('Error loading the inbox')
