import type { IncomingMessage } from 'node:http'
import { isbot } from 'isbot'
import type { Db } from '~/server/db/schema.server'
import { addVisitCounts, OTHER_LABEL, type VisitCounts } from '~/server/repositories/visit-counts.server'
import { logger } from '~/server/log.server'

/*
 * First-party page-view counting, on the server, for cached and rendered pages alike. Nothing about
 * a visitor is kept: each answered page adds one to a count per day and path (and, for a visit that
 * enters the site there, to its referring site's and UTM campaign's counts). No cookie, no address,
 * no browser string is stored. Crawlers (isbot), and visitors who ask not to be tracked (Global
 * Privacy Control, Do Not Track), are not counted. Counts gather in memory and are added to the
 * database every few seconds and at shutdown, so the hot path never waits for a write.
 */

/** Paths that are not pages a person reads: the back office, files, endpoints and downloads. */
const NOT_A_PAGE =
  /^\/(?:admin|assets|media|forms|healthz|brand|fonts)(?:\/|$)|^\/resources\/ai-playbook\/download\/|^\/resources\/blog\/preview\/|\.[a-z0-9]+$/i
const MAX_PATH = 200
const MAX_LABEL = 100
// Distinct keys gathered between two flushes, so no flood of made-up addresses, campaign names or
// referrers can grow memory. Known keys still count; past it a new one counts as the day's Other,
// as it would once stored (KEPT_PER_DAY).
const MAX_KEYS = 5_000
const AGENT_MEMO = 1_000

type Headers = IncomingMessage['headers']

export class VisitCounter {
  private pages = new Map<string, { day: string; path: string; views: number; entries: number }>()
  private referrers = new Map<string, { day: string; host: string; visits: number }>()
  private campaigns = new Map<string, { day: string; source: string; medium: string; campaign: string; visits: number }>()
  private bots = new Map<string, boolean>()
  private lastAgent = ''
  private lastBot = true
  private day = ''
  private dayEnds = 0

  constructor(
    private readonly store: (counts: VisitCounts) => Promise<void>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts an answered request if it is a person's page view. `url` is the path and query asked for. */
  count(method: string | undefined, url: string, status: number, headers: Headers): void {
    if (method !== 'GET' || (status !== 200 && status !== 304)) return
    if (headers['sec-gpc'] === '1' || headers.dnt === '1' || isPrefetch(headers)) return
    const agent = headers['user-agent']
    if (!agent || this.isBot(agent)) return

    const queryAt = url.indexOf('?')
    let path = queryAt === -1 ? url : url.slice(0, queryAt)
    const isData = path.endsWith('.data')
    if (isData) path = path === '/_root.data' ? '/' : path.slice(0, -'.data'.length)
    if (path.length > MAX_PATH || NOT_A_PAGE.test(path)) return
    const from = referrerOf(headers.referer)
    const internal = from !== null && from.host === headers.host?.toLowerCase()

    const dest = headers['sec-fetch-dest']
    // A page fetched by the site's own script rather than loaded: React Router's data, or the page
    // the blog's script swaps in (app/enhance/blog-list.ts). A view when it moves from another page
    // of the site, not when it refreshes the page it is on (after a form is sent, or a search).
    if (isData || (dest === 'empty' && headers.accept?.includes('text/html'))) {
      if (internal && from.path !== path) this.addPage(path, false)
      return
    }
    if (dest && dest !== 'document') return
    this.addPage(path, !internal)
    if (internal) return
    if (from) this.addReferrer(from.host.replace(/^www\./, '').slice(0, MAX_LABEL))
    const utm = queryAt === -1 ? null : campaignOf(url.slice(queryAt + 1))
    if (utm) this.addCampaign(utm)
  }

  /** Adds what was counted to the database; on failure the counts are kept for the next try. */
  async flush(): Promise<void> {
    if (this.pages.size === 0 && this.referrers.size === 0 && this.campaigns.size === 0) return
    const counts: VisitCounts = {
      pages: [...this.pages.values()],
      referrers: [...this.referrers.values()],
      campaigns: [...this.campaigns.values()],
    }
    this.pages = new Map()
    this.referrers = new Map()
    this.campaigns = new Map()
    try {
      await this.store(counts)
    } catch (error) {
      logger.error(`Storing page-view counts failed; keeping them for the next try: ${(error as Error).message}`)
      for (const page of counts.pages)
        this.bump(this.pages, `${page.day}\u0000${page.path}`, { ...page, views: 0, entries: 0 }, page.views, page.entries)
      for (const ref of counts.referrers) this.bump(this.referrers, `${ref.day}\u0000${ref.host}`, { ...ref, visits: 0 }, ref.visits)
      for (const c of counts.campaigns)
        this.bump(this.campaigns, `${c.day}\u0000${c.source}\u0000${c.medium}\u0000${c.campaign}`, { ...c, visits: 0 }, c.visits)
    }
  }

  private addPage(path: string, entry: boolean) {
    const day = this.today()
    const counted = (at: string) => ({ day, path: at, views: 0, entries: 0 })
    if (!this.bump(this.pages, `${day}\u0000${path}`, counted(path), 1, entry ? 1 : 0)) {
      this.bump(this.pages, `${day}\u0000`, counted(OTHER_LABEL), 1, entry ? 1 : 0, true)
    }
  }

  private addReferrer(host: string) {
    const day = this.today()
    if (!this.bump(this.referrers, `${day}\u0000${host}`, { day, host, visits: 0 }, 1)) {
      this.bump(this.referrers, `${day}\u0000`, { day, host: OTHER_LABEL, visits: 0 }, 1, 0, true)
    }
  }

  private addCampaign({ source, medium, campaign }: { source: string; medium: string; campaign: string }) {
    const day = this.today()
    if (
      !this.bump(this.campaigns, `${day}\u0000${source}\u0000${medium}\u0000${campaign}`, { day, source, medium, campaign, visits: 0 }, 1)
    ) {
      this.bump(
        this.campaigns,
        `${day}\u0000\u0000\u0000`,
        { day, source: OTHER_LABEL, medium: OTHER_LABEL, campaign: OTHER_LABEL, visits: 0 },
        1,
        0,
        true,
      )
    }
  }

  /**
   * Adds to a count, creating it from `fresh` (copied) while there is room for new keys, or always
   * (the day's Other); false when there was no room.
   */
  private bump<T extends { views?: number; entries?: number; visits?: number }>(
    map: Map<string, T>,
    key: string,
    fresh: T,
    first: number,
    second = 0,
    always = false,
  ): boolean {
    let row = map.get(key)
    if (!row) {
      if (map.size >= MAX_KEYS && !always) return false
      row = { ...fresh }
      map.set(key, row)
    }
    if (row.visits !== undefined) row.visits += first
    else {
      row.views! += first
      row.entries! += second
    }
    return true
  }

  private isBot(agent: string): boolean {
    // Most requests in a row come from the same few browsers: comparing with the last agent is
    // cheaper than hashing it for the memo.
    if (agent === this.lastAgent) return this.lastBot
    let bot = this.bots.get(agent)
    if (bot === undefined) {
      bot = isbot(agent)
      if (this.bots.size >= AGENT_MEMO) this.bots.clear()
      this.bots.set(agent, bot)
    }
    this.lastAgent = agent
    this.lastBot = bot
    return bot
  }

  /** Today's UTC day, worked out once a day rather than once a request. */
  private today(): string {
    const now = this.now()
    if (now >= this.dayEnds) {
      const date = new Date(now)
      this.day = date.toISOString().slice(0, 10)
      this.dayEnds = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1)
    }
    return this.day
  }
}

function isPrefetch(headers: Headers): boolean {
  const purpose = headers['sec-purpose'] ?? headers.purpose
  return typeof purpose === 'string' && purpose.includes('prefetch')
}

/** The referring page's host (lower case, with its port) and path, or null when none or unreadable. */
function referrerOf(referer: string | undefined): { host: string; path: string } | null {
  if (!referer) return null
  try {
    const url = new URL(referer)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    return { host: url.host.toLowerCase(), path: url.pathname }
  } catch {
    return null
  }
}

/** A link's UTM source, medium and campaign ('' for one not named), or null when it names none. */
export function campaignOf(query: string): { source: string; medium: string; campaign: string } | null {
  if (!query.includes('utm_')) return null
  const params = new URLSearchParams(query)
  const label = (name: string) =>
    (params.get(name) ?? '')
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .trim()
      .slice(0, MAX_LABEL)
  const utm = { source: label('utm_source'), medium: label('utm_medium'), campaign: label('utm_campaign') }
  return utm.source || utm.medium || utm.campaign ? utm : null
}

/** A counter that adds its counts to the database every `flushMs`; `stop` adds the last ones. */
export function startVisitCounter(db: Db, flushMs: number) {
  const counter = new VisitCounter((counts) => addVisitCounts(db, counts))
  const timer = setInterval(() => void counter.flush(), flushMs)
  timer.unref()
  return {
    count: counter.count.bind(counter),
    stop: async () => {
      clearInterval(timer)
      await counter.flush()
    },
  }
}
