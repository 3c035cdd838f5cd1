import type { IncomingMessage, ServerResponse } from 'node:http'
import type { PublicContent } from '~/lib/admin-sections'
import { isSitePath, MAX_REDIRECT_HOPS, MAX_REDIRECT_PATH, normalisePath, targetPath } from '~/lib/redirect-paths'
import type { RedirectRoute } from '~/server/repositories/redirects.server'
import { logger } from '~/server/log.server'

/*
 * Redirects are answered from Node's request event, before the page cache and Express: a page
 * cached at an address before it was redirected must never be served in place of the redirect, and
 * a redirect costs a Map lookup. The table is read from the database at start and again after every
 * change of redirects or of the addresses of posts and case studies, here and (through the
 * invalidation channel) on every other instance. While it is being read again, requests wait for
 * it: the admin who just saved is the next to ask, and must see the change.
 */

interface Answer {
  status: number
  location: string
}

// A permanent redirect is kept by browsers; an hour lets an admin's correction reach them the same day.
const PERMANENT_CACHE = 'public, max-age=3600'

/** The content whose saves can change which addresses redirect. */
const MOVES_ADDRESSES = new Set<PublicContent>(['redirects', 'posts', 'case-studies', 'pages'])
export const changesRedirects = (what: PublicContent | null) => what === null || MOVES_ADDRESSES.has(what)

export class RedirectTable {
  private answers = new Map<string, Answer>()
  private loading: Promise<void> | null = null
  private readAgain = false

  constructor(
    private readonly load: () => Promise<RedirectRoute[]>,
    /** Told of every request answered with a redirect (the application logs the others). */
    private readonly onAnswer: (req: IncomingMessage, res: ServerResponse) => void = () => {},
  ) {}

  get size() {
    return this.answers.size
  }

  /** Reads the table again; a change announced while it is read makes it read once more. */
  reload(): Promise<void> {
    if (this.loading) {
      this.readAgain = true
      return this.loading
    }
    this.loading = (async () => {
      do {
        this.readAgain = false
        try {
          this.answers = answersOf(await this.load())
        } catch (error) {
          logger.error(`Reading the redirects failed; keeping the ones already known: ${(error as Error).message}`)
        }
      } while (this.readAgain)
      this.loading = null
    })()
    return this.loading
  }

  /** Runs `next` once the table is current: at once, or when the reading under way ends. */
  whenCurrent(next: () => void): void {
    if (this.loading) void this.loading.then(next)
    else next()
  }

  /** Answers a GET or HEAD of a redirected address (its query passed on); false for anything else. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (this.answers.size === 0 || (req.method !== 'GET' && req.method !== 'HEAD')) return false
    const url = req.url ?? '/'
    const queryAt = url.indexOf('?')
    const path = queryAt === -1 ? url : url.slice(0, queryAt)
    if (path.length > MAX_REDIRECT_PATH * 3) return false
    const answer = this.answers.get(normalisePath(path))
    if (!answer) return false
    const location = queryAt === -1 || queryAt === url.length - 1 ? answer.location : withQuery(answer.location, url.slice(queryAt + 1))
    res.writeHead(answer.status, {
      Location: location,
      'Cache-Control': answer.status === 301 ? PERMANENT_CACHE : 'no-cache',
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Length': 0,
    })
    res.end()
    this.onAnswer(req, res)
    return true
  }
}

/**
 * Each address with where it finally leads: a chain of redirects (left by an admin's edits) is
 * answered in one hop, temporary if any hop is. A loop left in the data (none can be saved) is not
 * answered, so its addresses reach the app.
 */
function answersOf(routes: RedirectRoute[]): Map<string, Answer> {
  const byPath = new Map(routes.map((route) => [route.fromPath, route]))
  const answers = new Map<string, Answer>()
  for (const route of routes) {
    let { toTarget: target, status } = route
    const seen = new Set([route.fromPath])
    let looped = false
    for (let hop = 0; hop < MAX_REDIRECT_HOPS; hop++) {
      const next = /[?#]/.test(target) ? undefined : byPath.get(targetPath(target) ?? '')
      if (!next) break
      if (seen.has(next.fromPath)) {
        looped = true
        break
      }
      seen.add(next.fromPath)
      target = next.toTarget
      if (next.status === 302) status = 302
    }
    if (looped) continue
    try {
      answers.set(route.fromPath, { status, location: locationOf(target) })
    } catch (error) {
      logger.error(`Redirect from ${route.fromPath} has a target no browser could follow: ${(error as Error).message}`)
    }
  }
  return answers
}

/** The Location header of a target: a site path percent-encoded, another site's address as URL writes it. */
function locationOf(target: string): string {
  if (!isSitePath(target)) return new URL(target).href
  const restAt = target.search(/[?#]/)
  const [path, rest] = restAt === -1 ? [target, ''] : [target.slice(0, restAt), target.slice(restAt)]
  return encodeURI(path) + headerSafe(rest)
}

// A header carries printable ASCII only; anything else in a query is sent percent-encoded.
const headerSafe = (text: string) => text.replace(/[^\u0021-\u007E]/g, encodeURIComponent)

/** The target with the visitor's query added, before any fragment of its own. */
function withQuery(location: string, query: string): string {
  const hashAt = location.indexOf('#')
  const [base, hash] = hashAt === -1 ? [location, ''] : [location.slice(0, hashAt), location.slice(hashAt)]
  return `${base}${base.includes('?') ? '&' : '?'}${headerSafe(query)}${hash}`
}
