import { data, Link, redirect } from 'react-router'
import { ActivityFilters } from '~/components/admin/activity-filters'
import { adminErrorBoundary } from '~/components/admin/admin-error-boundary'
import { screenMeta } from '~/components/admin/admin-screen'
import { Badge } from '~/components/ui/badge'
import { Card, CardContent } from '~/components/ui/card'
import { Pagination } from '~/components/ui/pagination'
import { activityPeriod, activityQuery, kindOfLine, readActivityQuery, recordWord } from '~/lib/activity-filter'
import { activityWords } from '~/lib/activity-words'
import { adminSection } from '~/lib/admin-sections'
import { formatDateTime } from '~/lib/dates'
import { useTimeZone } from '~/lib/use-time-zone'
import type { ActivityTable } from '~/server/db/schema.server'
import { type ActivityLine, activityPeople, listActivity } from '~/server/repositories/activity.server'
import { getTimeZone } from '~/server/repositories/settings.server'
import { requireUser } from '~/server/services/auth.server'
import type { Route } from './+types/activity'

const PATH = '/admin/activity'

/**
 * One page of the log as the address filters it (`?person=&kind=&from=&to=&page=`). A filter that
 * cannot be applied is answered with 400 and its message at its field, and no lines; a page past
 * the end goes to the last one, keeping the filter.
 */
export async function loader({ request, context, pattern }: Route.LoaderArgs) {
  await requireUser({ request, context, pattern })
  const asked = readActivityQuery(new URL(request.url).searchParams)
  const people = await activityPeople(context.db)
  if (!asked.ok) return data({ rows: [], page: 1, pageCount: 1, people, filter: asked.typed, errors: asked.errors }, { status: 400 })
  const { filter, page } = asked
  const { rows, pageCount } = await listActivity(context.db, page, {
    person: filter.person,
    kind: filter.kind,
    ...activityPeriod(filter, await getTimeZone(context.db)),
  })
  if (page > pageCount) throw redirect(`${PATH}${activityQuery(filter, pageCount)}`)
  return { rows, page, pageCount, people, filter, errors: {} }
}

/** Lines worth a second look. */
const warnings = new Set<ActivityTable['action']>(['sign-in-failed', 'deleted', 'removed', 'two-factor-off', 'two-factor-removed'])

/** A record's history, at the revision its line kept. */
const historyHref = (section: 'posts' | 'case-studies' | 'pages', entry: ActivityLine) =>
  `${adminSection(section).path}/history/${entry.recordId}${entry.revisionId ? `?to=${entry.revisionId}` : ''}`

/**
 * Where a line's record shows what the change was: a post's or case study's history, a page's
 * editor (its history once the page is deleted, as that is where it comes back), a collection
 * item's editor while the item exists, a lead's page, the menus. Records of other sections keep no
 * history, and an erased lead's lines lose their id.
 */
function recordHref(entry: ActivityLine): string | null {
  if (entry.recordType === 'navigation') return '/admin/navigation'
  if (!entry.recordId) return null
  switch (entry.recordType) {
    case 'lead':
      return `/admin/inbox/${entry.recordId}`
    case 'post':
      return historyHref('posts', entry)
    case 'case-study':
      return historyHref('case-studies', entry)
    case 'page':
      return entry.pageExists ? `${adminSection('pages').path}/edit/${entry.recordId}` : historyHref('pages', entry)
    case 'collections':
      return entry.itemCollection && `/admin/collections/${entry.itemCollection}/edit/${entry.recordId}`
    default:
      return null
  }
}

export default function Activity({ loaderData }: Route.ComponentProps) {
  const { rows, page, pageCount, people, filter, errors } = loaderData
  const filtered = activityQuery(filter) !== ''
  const timeZone = useTimeZone()
  return (
    <>
      <h1 className="text-2xl font-bold">Activity</h1>
      <p className="mt-1 text-muted-foreground">
        Every change made in the back office over the last year: posts, pages, collections, menus, case studies, team, testimonials,
        authors, redirects, settings, images and leads; who was invited, joined, changed role or was removed; and who signed in or changed a
        password.
      </p>
      <ActivityFilters filter={filter} errors={errors} people={people} path={PATH} />
      <Card className="mt-6">
        <CardContent>
          {rows.length === 0 ? (
            filtered ? (
              <div className="py-6 text-center" data-testid="activity-empty">
                <p className="font-semibold">
                  {Object.keys(errors).length > 0 ? 'Check the filters above' : 'No activity matches these filters'}
                </p>
                <p className="mt-1 text-sm text-muted-foreground">
                  Try another person, kind or date, or{' '}
                  <Link to={PATH} className="font-semibold text-primary underline underline-offset-4">
                    clear the filters
                  </Link>
                  .
                </p>
              </div>
            ) : (
              <p className="py-6 text-center text-muted-foreground">Nothing yet.</p>
            )
          ) : (
            <ul className="divide-y">
              {rows.map((entry) => {
                const href = recordHref(entry)
                return (
                  <li key={entry.id} className="grid gap-1 py-3 sm:grid-cols-[13rem_minmax(0,1fr)] sm:gap-4" data-testid="activity">
                    <span className="text-sm text-muted-foreground">{formatDateTime(entry.at, timeZone)}</span>
                    <span className="flex flex-wrap items-center gap-2">
                      <Badge variant={warnings.has(entry.action) ? 'warning' : 'muted'}>{activityWords[entry.action]}</Badge>
                      {entry.recordType && <span className="text-sm text-muted-foreground">{recordWord(entry.recordType)}</span>}
                      {href ? (
                        <Link to={href} className="font-medium text-primary underline underline-offset-4">
                          {entry.title || 'Untitled'}
                        </Link>
                      ) : (
                        // A change of who may sign in names the person concerned; a line about an admin's own
                        // account may say how ("With a recovery code"), in a quieter voice.
                        entry.title && (
                          <span className={kindOfLine(entry) === 'account' ? 'text-sm text-muted-foreground' : 'font-medium break-all'}>
                            {entry.title}
                          </span>
                        )
                      )}
                      {entry.restoredRevisionAt && (
                        <span className="text-sm text-muted-foreground">
                          from the revision of {formatDateTime(entry.restoredRevisionAt, timeZone, { seconds: true })}
                        </span>
                      )}
                      <span className="text-sm break-all">
                        {entry.userName ? `${entry.userName} (${entry.userEmail})` : (entry.userEmail ?? 'someone')}
                      </span>
                    </span>
                  </li>
                )
              })}
            </ul>
          )}
        </CardContent>
      </Card>
      <Pagination
        page={page}
        pageCount={pageCount}
        items="entries"
        hrefFor={(to) => `${PATH}${activityQuery(filter, to)}`}
        className="mt-6"
      />
    </>
  )
}

export const meta = screenMeta('Activity')
export const ErrorBoundary = adminErrorBoundary('Failed to load the activity')
