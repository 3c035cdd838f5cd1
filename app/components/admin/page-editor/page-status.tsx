import { Badge } from '~/components/ui/badge'
import { formatDateTime } from '~/lib/dates'
import { useTimeZone } from '~/lib/use-time-zone'
import type { PageStatus } from '~/server/services/pages.server'

export type { PageStatus }

const VARIANTS = { draft: 'muted', published: 'success', changed: 'warning', scheduled: 'default' } as const

/** A page's status in words: Draft, Published, Unpublished changes, or Scheduled for its time on the site's clock. */
export function PageStatusBadge({ status, scheduledAt }: { status: PageStatus; scheduledAt: string | null }) {
  const timeZone = useTimeZone()
  const words = {
    draft: 'Draft',
    published: 'Published',
    changed: 'Unpublished changes',
    scheduled: scheduledAt ? `Scheduled for ${formatDateTime(scheduledAt, timeZone)}` : 'Scheduled',
  }
  return (
    <Badge variant={VARIANTS[status]} data-testid="page-status">
      {words[status]}
    </Badge>
  )
}
