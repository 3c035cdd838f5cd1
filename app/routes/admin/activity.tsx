import { Link } from 'react-router'
import { adminErrorBoundary } from '~/components/admin/admin-error-boundary'
import { screenMeta } from '~/components/admin/admin-screen'
import { Badge } from '~/components/ui/badge'
import { Card, CardContent } from '~/components/ui/card'
import { Pagination } from '~/components/ui/pagination'
import { activityWords } from '~/lib/activity-words'
import { adminSection } from '~/lib/admin-sections'
import { formatDateTime } from '~/lib/dates'
import type { ActivityTable } from '~/server/db/schema.server'
import { pagedListLoader } from '~/server/http/editor.server'
import { listActivity } from '~/server/repositories/activity.server'
import type { Route } from './+types/activity'

export const loader = pagedListLoader(listActivity)

const kinds = { post: 'post', 'case-study': 'case study' } as const
/** Lines worth a second look. */
const warnings = new Set<ActivityTable['action']>(['sign-in-failed', 'deleted', 'removed', 'two-factor-off', 'two-factor-removed'])
const peopleActions = new Set<ActivityTable['action']>(['invited', 'invitation-resent', 'joined', 'role-changed', 'removed', 'renamed', 'reset-sent', 'two-factor-removed'])

/** Where a line's record keeps its history: the link that shows what the change was. */
function historyHref(entry: ActivityTable): string | null {
  if (!entry.record_type || !entry.record_id) return null
  const section = adminSection(entry.record_type === 'post' ? 'posts' : 'case-studies')
  return `${section.path}/history/${entry.record_id}${entry.revision_id ? `?to=${entry.revision_id}` : ''}`
}

export default function Activity({ loaderData }: Route.ComponentProps) {
  const { rows, page, pageCount } = loaderData
  return (
    <>
      <h1 className="text-2xl font-bold">Activity</h1>
      <p className="mt-1 text-muted-foreground">Who created, changed, published or deleted what, who signed in or reset a password, and who was invited, joined, changed role or was removed, over the last year.</p>
      <Card className="mt-6">
        <CardContent>
          {rows.length === 0 ? (
            <p className="py-6 text-center text-muted-foreground">Nothing yet.</p>
          ) : (
            <ul className="divide-y">
              {rows.map((entry) => {
                const href = historyHref(entry)
                return (
                  <li key={entry.id} className="grid gap-1 py-3 sm:grid-cols-[13rem_minmax(0,1fr)] sm:gap-4" data-testid="activity">
                    <span className="text-sm text-muted-foreground">{formatDateTime(entry.at)}</span>
                    <span className="flex flex-wrap items-center gap-2">
                      <Badge variant={warnings.has(entry.action) ? 'warning' : 'muted'}>{activityWords[entry.action]}</Badge>
                      {entry.record_type && <span className="text-sm text-muted-foreground">{kinds[entry.record_type]}</span>}
                      {href ? (
                        <Link to={href} className="font-medium text-primary hover:underline">
                          {entry.title || 'Untitled'}
                        </Link>
                      ) : (
                        // A change of who may sign in names the person concerned; a line about an admin's own
                        // account may say how ("With a recovery code"). Neither has a record to link to.
                        entry.title && <span className={entry.record_type === null && !peopleActions.has(entry.action) ? 'text-sm text-muted-foreground' : 'font-medium break-all'}>{entry.title}</span>
                      )}
                      {entry.restored_revision_at && <span className="text-sm text-muted-foreground">from the revision of {formatDateTime(entry.restored_revision_at)}</span>}
                      <span className="text-sm break-all">{entry.userName ? `${entry.userName} (${entry.user_email})` : (entry.user_email ?? 'someone')}</span>
                    </span>
                  </li>
                )
              })}
            </ul>
          )}
        </CardContent>
      </Card>
      <Pagination page={page} pageCount={pageCount} items="entries" hrefFor={(to) => (to > 1 ? `/admin/activity?page=${to}` : '/admin/activity')} className="mt-6" />
    </>
  )
}

export const meta = screenMeta('Activity')
export const ErrorBoundary = adminErrorBoundary('Failed to load the activity')
