import { hasUnsafeCharacters, MAX_REDIRECT_PATH, normalisePath, reservedPrefixOf } from '~/lib/redirect-paths'
import type { Db } from '~/server/db/schema.server'
import {
  addNotFoundHits,
  countNotFoundPaths,
  forgetNotFoundPaths,
  type NotFoundPath,
  pruneNotFoundPaths,
} from '~/server/repositories/not-found-paths.server'
import { logger } from '~/server/log.server'

/*
 * Public addresses visitors asked for and did not find, counted so the admin can see which deserve
 * a redirect. Anyone can ask for any address, so every step is bounded: only GETs of page-like paths
 * of at most 300 characters without spaces or control characters are counted; at most 1,000
 * distinct paths gather in memory between two flushes (known ones still count); and once the table
 * holds more than 2,000 paths it is cut back to the 1,000 most hit, so made-up addresses fall out
 * and the ones people keep following stay. A logged path leaves the log once something answers there
 * (a post published at it, a page or a redirect added), whichever instance sees that answer: page
 * paths answered since the last flush (at most 1,000) are forgotten with it. Anyone can ask for any
 * path, but only a real page answers, so these stay few.
 */

// Files and endpoints, not pages: a missing script or image is a build's business, not a redirect's;
// a forged preview link is a token, not an address anyone should redirect.
const NOT_A_PAGE =
  /^\/(?:forms|healthz|brand|fonts)(?:\/|$)|^\/resources\/blog\/preview\/|\.(?:js|mjs|css|map|png|jpe?g|gif|svg|webp|avif|ico|woff2?|ttf|json|txt|xml|webmanifest)$/i
const MAX_PENDING = 1_000
export const NOT_FOUND_LIMITS = { pruneAbove: 2_000, keep: 1_000 }

export class NotFoundLog {
  private pending = new Map<string, NotFoundPath>()
  private answered = new Set<string>()

  constructor(
    private readonly store: (hits: NotFoundPath[], answered: string[]) => Promise<void>,
    private readonly now: () => string = () => new Date().toISOString(),
  ) {}

  /**
   * Counts an answered request if it was a 404 of a public page, or notes a page path that answered.
   * `url` is the path and query asked for. The last answer of a path before a flush wins.
   */
  count(method: string | undefined, url: string, status: number): void {
    if (method !== 'GET' || (status !== 404 && status >= 400)) return
    const queryAt = url.indexOf('?')
    let raw = queryAt === -1 ? url : url.slice(0, queryAt)
    // The app in the browser asking for a page's data: the page's own address.
    if (raw.endsWith('.data')) raw = raw === '/_root.data' ? '/' : raw.slice(0, -'.data'.length)
    if (raw.length > MAX_REDIRECT_PATH * 3) return
    const path = normalisePath(raw)
    if (path.length > MAX_REDIRECT_PATH || hasUnsafeCharacters(path) || reservedPrefixOf(path) || NOT_A_PAGE.test(path)) return
    if (status !== 404) {
      this.pending.delete(path)
      if (this.answered.size < MAX_PENDING) this.answered.add(path)
      return
    }
    this.answered.delete(path)
    const seen = this.now()
    const known = this.pending.get(path)
    if (known) {
      known.hits++
      known.lastSeenAt = seen
    } else if (this.pending.size < MAX_PENDING) {
      this.pending.set(path, { path, hits: 1, firstSeenAt: seen, lastSeenAt: seen })
    }
  }

  /** Adds what was counted to the database; on failure the counts are kept for the next try (the answers need none: they come again). */
  async flush(): Promise<void> {
    if (this.pending.size === 0 && this.answered.size === 0) return
    const hits = [...this.pending.values()]
    const answered = [...this.answered]
    this.pending = new Map()
    this.answered = new Set()
    try {
      await this.store(hits, answered)
    } catch (error) {
      logger.error(`Storing not-found counts failed; keeping them for the next try: ${(error as Error).message}`)
      for (const hit of hits) {
        const known = this.pending.get(hit.path)
        if (known) {
          known.hits += hit.hits
          known.firstSeenAt = hit.firstSeenAt
        } else this.pending.set(hit.path, hit)
      }
    }
  }
}

/** Adds hits to the table and forgets paths that answered, then cuts it back to the most-hit paths if it grew past its bound. */
export async function storeNotFoundHits(db: Db, hits: NotFoundPath[], answered: string[] = []): Promise<void> {
  await addNotFoundHits(db, hits)
  await forgetNotFoundPaths(db, answered)
  if (hits.length > 0 && (await countNotFoundPaths(db)) > NOT_FOUND_LIMITS.pruneAbove) await pruneNotFoundPaths(db, NOT_FOUND_LIMITS.keep)
}

/** A log that adds its counts to the database every `flushMs`; `stop` adds the last ones. */
export function startNotFoundLog(db: Db, flushMs: number) {
  const log = new NotFoundLog((hits, answered) => storeNotFoundHits(db, hits, answered))
  const timer = setInterval(() => void log.flush(), flushMs)
  timer.unref()
  return {
    count: log.count.bind(log),
    stop: async () => {
      clearInterval(timer)
      await log.flush()
    },
  }
}
