import type { Db } from '~/server/db/schema.server'
import { leadSourcesSince } from '~/server/repositories/inquiries.server'
import { postTitlesBySlug } from '~/server/repositories/posts.server'
import {
  dailyTotals,
  mostViewedPages,
  OTHER_LABEL,
  TOP,
  topCampaigns,
  topLandingPages,
  topReferrers,
  totalsOfPages,
} from '~/server/repositories/visit-counts.server'

const BLOG = '/resources/blog'
const BLOG_POST = /^\/resources\/blog\/([^/]+)$/
const DAY_MS = 86_400_000
// What the lists call the pages, referrers and campaigns a day had beyond those it keeps.
const OTHER = 'Other'

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10)

/** The Monday (UTC) of the week a day falls in. */
function weekOf(day: string): string {
  const time = Date.parse(`${day}T00:00:00Z`)
  return dayOf(time - ((new Date(time).getUTCDay() + 6) % 7) * DAY_MS)
}

/** The page a lead's visit began on, without its query: the key conversion is counted by. */
const pathOf = (page: string) => page.split('?')[0]!

/**
 * Which pages bring clients, over the last `days` days: visits and leads per week, the most viewed
 * pages and posts, the sites and campaigns that sent visits, and per landing page the share of its
 * visits that became a lead. Visits are counted where they enter the site; spam is not a lead.
 */
export async function insights(db: Db, days: number, now = Date.now()) {
  const range = { from: dayOf(now - (days - 1) * DAY_MS), to: dayOf(now) }
  const [daily, topPages, posts, landings, referrers, campaigns, leads] = await Promise.all([
    dailyTotals(db, range),
    mostViewedPages(db, range),
    mostViewedPages(db, range, BLOG),
    topLandingPages(db, range),
    topReferrers(db, range),
    topCampaigns(db, range),
    leadSourcesSince(db, `${range.from}T00:00:00.000Z`),
  ])

  const weeks = new Map<string, { week: string; visits: number; views: number; leads: number }>()
  for (let time = Date.parse(`${weekOf(range.from)}T00:00:00Z`); time <= now; time += 7 * DAY_MS)
    weeks.set(dayOf(time), { week: dayOf(time), visits: 0, views: 0, leads: 0 })
  for (const day of daily) {
    const week = weeks.get(weekOf(day.day))
    if (!week) continue
    week.visits += day.visits
    week.views += day.views
  }
  for (const lead of leads) {
    const week = weeks.get(weekOf(lead.createdAt.slice(0, 10)))
    if (week) week.leads++
  }

  const leadsByLanding = countBy(leads, (lead) => (lead.landingPage ? pathOf(lead.landingPage) : null))
  const leadsByCampaign = countBy(leads, (lead) =>
    lead.utmSource || lead.utmMedium || lead.utmCampaign
      ? `${lead.utmSource ?? ''}\u0000${lead.utmMedium ?? ''}\u0000${lead.utmCampaign ?? ''}`
      : null,
  )
  // The conversion list puts pages with the most leads first, then those where the most visits
  // began. Its top rows are among the pages with as many leads as the TOP-th most (ties included)
  // and the pages where the most visits began, so only those pages' visits are read.
  const leadCounts = [...leadsByLanding.values()].sort((a, b) => b - a)
  const fewestLeadsShown = leadCounts[TOP - 1] ?? 1
  const contenders = [...leadsByLanding].filter(([, won]) => won >= fewestLeadsShown).map(([path]) => path)
  const [titles, contenderTotals] = await Promise.all([
    postTitlesBySlug(
      db,
      posts.map((post) => slugOf(post.path)),
    ),
    totalsOfPages(db, range, contenders),
  ])
  const visitsByPath = new Map([...landings, ...contenderTotals].map((page) => [page.path, page.visits]))

  return {
    period: { days, ...range },
    totals: { visits: sum(daily, 'visits'), views: sum(daily, 'views'), leads: leads.length },
    weeks: [...weeks.values()],
    topPages: topPages.map((page) => (page.path === OTHER_LABEL ? { ...page, path: OTHER } : page)),
    topPosts: posts.map((post) => ({ ...post, title: titles.get(slugOf(post.path)) ?? null })),
    referrers: referrers.map((referrer) => (referrer.host === OTHER_LABEL ? { ...referrer, host: OTHER } : referrer)),
    campaigns: campaigns.map((c) =>
      [c.source, c.medium, c.campaign].every((label) => label === OTHER_LABEL)
        ? { ...c, campaign: OTHER, leads: 0 }
        : { ...c, leads: leadsByCampaign.get(`${c.source}\u0000${c.medium}\u0000${c.campaign}`) ?? 0 },
    ),
    conversion: [...new Set([...landings.map((page) => page.path), ...contenders])]
      .map((path) => {
        const visits = visitsByPath.get(path) ?? 0
        const won = leadsByLanding.get(path) ?? 0
        return { path, visits, leads: won, rate: visits > 0 ? won / visits : null }
      })
      .sort((a, b) => b.leads - a.leads || b.visits - a.visits || a.path.localeCompare(b.path))
      .slice(0, TOP),
  }
}

export type Insights = Awaited<ReturnType<typeof insights>>

/** A post page's slug, as stored (its path is percent-encoded). */
function slugOf(path: string): string {
  const slug = BLOG_POST.exec(path)![1]!
  try {
    return decodeURIComponent(slug)
  } catch {
    return slug
  }
}

function countBy<T>(items: T[], key: (item: T) => string | null): Map<string, number> {
  const counts = new Map<string, number>()
  for (const item of items) {
    const k = key(item)
    if (k !== null) counts.set(k, (counts.get(k) ?? 0) + 1)
  }
  return counts
}

const sum = <K extends string>(rows: Record<K, number>[], key: K) => rows.reduce((total, row) => total + row[key], 0)
