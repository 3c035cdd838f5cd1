import { Link } from 'react-router'
import { screenMeta } from '~/components/admin/admin-screen'
import { LeadStatusBadge } from '~/components/admin/lead-status-badge'
import { ReviewStatus } from '~/components/admin/post-review'
import { dashboardCardsFor } from '~/components/admin/nav'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { atLeast, type Role } from '~/lib/admin-access'
import { DateTime } from '~/components/ui/date-time'
import { formatWait, inboxQuery, openLeadStatuses } from '~/lib/leads'
import { requireUser } from '~/server/services/auth.server'
import { countUnreadInquiries, leadFigures } from '~/server/repositories/inquiries.server'
import { countPostsInReview, listPostsInReview, listScheduledPosts } from '~/server/repositories/posts.server'
import { listTeamMembers } from '~/server/repositories/team-members.server'
import type { Route } from './+types/dashboard'

export const meta = screenMeta('Admin')

/**
 * The cards' words promise what an Owner may do. An Author does not publish, and only Owners change
 * the site's contact details, so the others' cards say what is true for them.
 */
function cardDescription(role: Role, to: string, description: string): string {
  if (to === '/admin/blog' && !atLeast(role, 'editor')) return 'Write drafts of your own and submit them for review by an Editor or Owner.'
  if (to === '/admin/settings' && role !== 'owner') return 'Your password, two-factor sign-in and where you are signed in.'
  return description
}

// The next few to go out, and the longest-waiting for review; the post list has the rest.
const SCHEDULED_SHOWN = 5
const IN_REVIEW_SHOWN = 5

export async function loader({ request, context, pattern }: Route.LoaderArgs) {
  const { role } = await requireUser({ request, context, pattern })
  // Leads are for those who answer them: an Author's dashboard shows their own areas only.
  if (!atLeast(role, 'editor'))
    return { role, unreadInquiries: 0, leads: null, postsInReview: 0, inReview: [], scheduled: [], teamWithoutPhoto: 0 }
  const [unreadInquiries, leads, postsInReview, inReview, scheduled, team] = await Promise.all([
    countUnreadInquiries(context.db),
    leadFigures(context.db),
    countPostsInReview(context.db),
    listPostsInReview(context.db, IN_REVIEW_SHOWN),
    listScheduledPosts(context.db, SCHEDULED_SHOWN),
    listTeamMembers(context.db),
  ])
  // The About page draws a portrait for anyone without a photo; a real face is worth more, so ask for one.
  const teamWithoutPhoto = team.filter((member) => !member.imageUrl).length
  return { role, unreadInquiries, leads, postsInReview, inReview, scheduled, teamWithoutPhoto }
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { leads } = loaderData
  return (
    <>
      <h1 className="text-2xl font-bold">Dashboard</h1>
      {loaderData.postsInReview > 0 && (
        <div data-testid="posts-in-review" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
          <p>
            {loaderData.postsInReview === 1 ? 'One post waits' : `${loaderData.postsInReview} posts wait`} for your review.{' '}
            <Link to="/admin/blog" className="font-semibold text-primary underline underline-offset-4">
              Open the post list
            </Link>
          </p>
          <ul className="mt-2 grid gap-2">
            {loaderData.inReview.map((post) => (
              <li key={post.id}>
                <Link to={`/admin/blog/edit/${post.id}`} className="font-medium text-primary underline underline-offset-4">
                  {post.title}
                </Link>
                <ReviewStatus review={post.review} className="text-muted-foreground" />
              </li>
            ))}
          </ul>
        </div>
      )}
      {loaderData.teamWithoutPhoto > 0 && (
        <p data-testid="team-photos-suggestion" className="mt-4 rounded-lg border border-navy-100 bg-navy-50 p-3 text-sm">
          {loaderData.teamWithoutPhoto === 1 ? 'One team member has' : `${loaderData.teamWithoutPhoto} team members have`} no photo yet, so
          the About page shows a drawn portrait. Visitors trust a real face more.{' '}
          <Link to="/admin/team" className="font-semibold text-primary underline underline-offset-4">
            Add photos under Team Members
          </Link>
        </p>
      )}
      {loaderData.scheduled.length > 0 && (
        <section aria-labelledby="scheduled-heading" data-testid="scheduled-posts" className="mt-4 rounded-lg border p-3 text-sm">
          <h2 id="scheduled-heading" className="font-semibold">
            Going out on their own
          </h2>
          <ul className="mt-1 grid gap-1">
            {loaderData.scheduled.map((post) => (
              <li key={post.id}>
                <Link to={`/admin/blog/edit/${post.id}`} className="font-medium text-primary underline underline-offset-4">
                  {post.title}
                </Link>
                <span className="text-muted-foreground">
                  {' '}
                  · Scheduled for <DateTime iso={post.publishedAt} />
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {leads && (
        <section aria-labelledby="leads-heading" className="mt-6">
          <Card>
            <CardHeader>
              <CardTitle id="leads-heading">Leads</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-6 sm:grid-cols-3">
                <div>
                  <dt className="text-sm text-muted-foreground">New leads, last 7 days</dt>
                  <dd data-testid="leads-this-week" className="mt-1 text-3xl font-bold">
                    {leads.newThisWeek}
                  </dd>
                </div>
                <div>
                  <dt className="text-sm text-muted-foreground">Open leads</dt>
                  <dd className="mt-2">
                    <ul className="grid gap-1.5">
                      {openLeadStatuses.map((status) => (
                        <li key={status} className="flex max-w-48 items-center justify-between gap-3">
                          <Link
                            to={`/admin/inbox${inboxQuery({ status })}`}
                            className="rounded-full focus-visible:ring-3 focus-visible:ring-ring/50 focus-visible:outline-none"
                          >
                            <LeadStatusBadge status={status} className="hover:underline" />
                            <span className="sr-only"> leads</span>
                          </Link>
                          <span data-testid={`open-${status}`} className="font-semibold tabular-nums">
                            {leads.open[status]}
                          </span>
                        </li>
                      ))}
                    </ul>
                  </dd>
                </div>
                <div>
                  <dt className="text-sm text-muted-foreground">Time to first contact</dt>
                  <dd className="mt-1">
                    <span data-testid="first-contact" className="text-3xl font-bold">
                      {leads.firstContact.medianMs === null ? '—' : formatWait(leads.firstContact.medianMs)}
                    </span>
                    <span className="mt-1 block text-xs text-muted-foreground">
                      {leads.firstContact.leads === 0
                        ? 'No lead was first contacted in the last 30 days.'
                        : `Median over the ${leads.firstContact.leads === 1 ? 'lead' : `${leads.firstContact.leads} leads`} first contacted in the last 30 days.`}
                    </span>
                  </dd>
                </div>
              </dl>
            </CardContent>
          </Card>
        </section>
      )}
      <div className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {dashboardCardsFor(loaderData.role).map(({ label, to, description, icon: Icon, countsUnread }) => (
          <Card key={to}>
            <CardHeader>
              <Icon className="size-6 text-primary" aria-hidden />
              <div className="flex flex-wrap items-center gap-2">
                <CardTitle>{label}</CardTitle>
                {countsUnread && (
                  <Badge data-testid="dashboard-unread" variant={loaderData.unreadInquiries > 0 ? 'default' : 'muted'}>
                    {loaderData.unreadInquiries} unread
                  </Badge>
                )}
              </div>
              <CardDescription>{cardDescription(loaderData.role, to, description)}</CardDescription>
            </CardHeader>
            <CardContent>
              <Button asChild variant="secondary" aria-label={`Manage ${label}`}>
                <Link to={to}>Manage</Link>
              </Button>
            </CardContent>
          </Card>
        ))}
      </div>
    </>
  )
}
