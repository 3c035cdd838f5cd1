import { Link } from 'react-router'
import { adminErrorBoundary } from '~/components/admin/admin-error-boundary'
import { screenMeta } from '~/components/admin/admin-screen'
import { TopPagesChart, WeeklyChart } from '~/components/admin/insights-charts'
import { ListHeader } from '~/components/admin/record-list'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { cn } from '~/lib/utils'
import { insights } from '~/server/services/insights.server'
import { requireUser } from '~/server/services/auth.server'
import type { Route } from './+types/insights'

export const meta = screenMeta('Insights')

/** The periods offered, in days; the first is the default. */
const INSIGHT_PERIODS = [90, 30, 365] as const
type InsightPeriod = (typeof INSIGHT_PERIODS)[number]

export async function loader({ request, context, pattern }: Route.LoaderArgs) {
  await requireUser({ request, context, pattern })
  const asked = Number(new URL(request.url).searchParams.get('days'))
  const days: InsightPeriod = INSIGHT_PERIODS.find((period) => period === asked) ?? INSIGHT_PERIODS[0]
  return {
    insights: await insights(context.db, days),
    retentionMonths: context.config.analyticsRetentionMonths,
    // A shared cache in front (Varnish, a CDN) answers pages the instances then never see.
    sharedCache: context.config.cachePurgeUrls.length > 0 || context.config.cachePurgeWebhook !== undefined,
  }
}

const periodLabels: Record<InsightPeriod, string> = { 30: 'Last 30 days', 90: 'Last 90 days', 365: 'Last 12 months' }
const count = new Intl.NumberFormat('en-US')
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 })

export default function AdminInsights({ loaderData: { insights: data, retentionMonths, sharedCache } }: Route.ComponentProps) {
  const { totals, period } = data
  const empty = totals.views === 0 && totals.leads === 0
  return (
    <>
      <ListHeader title="Insights" />
      <p className="mt-2 max-w-2xl text-sm text-muted-foreground">
        Which pages bring clients. Visits are counted on this server, without cookies or anything that identifies a person; crawlers and
        visitors who ask not to be tracked are left out. Counts are kept for {retentionMonths} months.
        {sharedCache &&
          ' A shared cache in front of the site answers most page views itself, so views here count only those it passed on; every lead and its source is here.'}
      </p>
      <nav aria-label="Period" className="mt-4 flex flex-wrap gap-2">
        {INSIGHT_PERIODS.map((days) => (
          <Link
            key={days}
            to={`?days=${days}`}
            aria-current={days === period.days ? 'page' : undefined}
            className={cn(
              'rounded-full border px-3 py-1 text-sm',
              days === period.days ? 'border-primary bg-primary text-primary-foreground' : 'bg-white hover:bg-muted',
            )}
          >
            {periodLabels[days]}
          </Link>
        ))}
      </nav>

      <dl className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Figure label="Visits" value={count.format(totals.visits)} />
        <Figure label="Page views" value={count.format(totals.views)} />
        <Figure label="Leads" value={count.format(totals.leads)} />
        <Figure label="Leads per visit" value={totals.visits > 0 ? percent.format(totals.leads / totals.visits) : '–'} />
      </dl>

      {empty ? (
        <Card className="mt-6">
          <CardContent className="p-10 text-center">
            <p className="font-semibold">No visits counted yet</p>
            <p className="mt-1 text-sm text-muted-foreground">Visits appear here a few seconds after people open the site.</p>
          </CardContent>
        </Card>
      ) : (
        <div className="mt-6 grid gap-6 xl:grid-cols-2">
          <Section title="Visits and leads per week" className="xl:col-span-2">
            <WeeklyChart weeks={data.weeks} />
          </Section>
          <Section title="Top pages">
            {/* Without pages an empty frame would sit above the table's own "Nothing in this period." */}
            {data.topPages.length > 0 && <TopPagesChart pages={data.topPages} />}
            <StatTable
              label="Top pages"
              testId="top-pages"
              head={['Page', 'Views', 'Visits began here']}
              rows={data.topPages.map((page) => [page.path, count.format(page.views), count.format(page.visits)])}
            />
          </Section>
          <Section title="Top posts">
            <StatTable
              label="Top posts"
              testId="top-posts"
              head={['Post', 'Views']}
              rows={data.topPosts.map((post) => [post.title ?? post.path, count.format(post.views)])}
              empty="No post has been read in this period."
            />
          </Section>
          <Section title="Conversion by landing page">
            <StatTable
              label="Conversion by landing page"
              testId="conversion"
              head={['Landing page', 'Visits', 'Leads', 'Rate']}
              rows={data.conversion.map((page) => [
                page.path,
                count.format(page.visits),
                count.format(page.leads),
                page.rate === null ? '–' : percent.format(page.rate),
              ])}
            />
          </Section>
          <Section title="Top referrers">
            <StatTable
              label="Top referrers"
              testId="referrers"
              head={['Site', 'Visits']}
              rows={data.referrers.map((referrer) => [referrer.host, count.format(referrer.visits)])}
              empty="No visit came from another site in this period."
            />
          </Section>
          <Section title="Campaigns" className="xl:col-span-2">
            <StatTable
              label="Campaigns"
              testId="campaigns"
              head={['Campaign', 'Source', 'Medium', 'Visits', 'Leads']}
              rows={data.campaigns.map((c) => [
                c.campaign || '(none)',
                c.source || '(none)',
                c.medium || '(none)',
                count.format(c.visits),
                count.format(c.leads),
              ])}
              empty="No visit came through a link with UTM parameters in this period."
            />
          </Section>
        </div>
      )}
    </>
  )
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Card className="px-5 py-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-2xl font-bold">{value}</dd>
    </Card>
  )
}

function Section({ title, className, children }: { title: string; className?: string; children: React.ReactNode }) {
  return (
    <Card className={cn('min-w-0', className)}>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  )
}

/** A small table of figures: the first column names the row, the others are numbers. */
function StatTable({
  label,
  head,
  rows,
  empty = 'Nothing in this period.',
  testId,
}: {
  label: string
  head: string[]
  rows: string[][]
  empty?: string
  testId: string
}) {
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>
  return (
    // Focusable so a keyboard user can scroll a table wider than a phone.
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <table data-testid={testId} className="w-full text-left text-sm">
        <thead className="border-b text-xs tracking-wide text-muted-foreground uppercase">
          <tr>
            {head.map((label, i) => (
              <th key={label} scope="col" className={cn('py-2 pr-3 font-semibold', i > 0 && 'text-right')}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {rows.map(([name, ...figures], r) => (
            <tr key={r}>
              <th scope="row" className="max-w-64 py-2 pr-3 font-medium break-words">
                {name}
              </th>
              {figures.map((figure, i) => (
                <td key={i} className="py-2 pr-3 text-right whitespace-nowrap tabular-nums">
                  {figure}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

export const ErrorBoundary = adminErrorBoundary('Failed to load insights')
