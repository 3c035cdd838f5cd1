import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { gzipSync } from 'node:zlib'
import { answerInOneWrite } from './fast/one-write-hit.server'
import { requestIdOf } from './log.server'
import { countPageCacheHit, countPageCacheMiss } from './metrics.server'

/*
 * Rendered public pages kept in memory and answered straight from Node's request event, before
 * Express and React Router see the request: a shared post costs a Map lookup and one write.
 *
 * Only anonymous GETs of public pages are kept (no session or toast cookie, status 200, HTML, no
 * Set-Cookie, not private), keyed by path and the query parameters the page reads. Visitors
 * asking for a page while it renders wait for that render instead of starting their own. Every
 * committed change of public content clears the whole cache (see `invalidate`), and a generation
 * number makes sure a page whose render overlapped the change is never stored, so the next
 * visitor always sees what was saved.
 *
 * A stored page is shared, so its Content-Security-Policy cannot trust the nonce of the visitor it
 * was rendered for: everyone would know it. Shared copies carry a policy that trusts the hash of
 * each inline script the page holds instead, and no nonce at all.
 */

interface CachedPage {
  identity: Buffer
  gzip: Buffer
  etag: string | undefined
  // Flat [name, value, ...] lists built once, so a hit does no header work of its own.
  identityHead: string[]
  gzipHead: string[]
  notModifiedHead: string[]
}

/** How a request the cache cannot answer reaches the application. */
export type Renderer = (req: IncomingMessage, res: ServerResponse) => void

interface RenderInFlight {
  generation: number
  waiting: { req: IncomingMessage; res: ServerResponse }[]
  /** The page this render produced, when it can be shared. */
  page?: CachedPage
}

export interface PageCacheLimits {
  maxEntries: number
  maxBytes: number
  /** The server's keepAliveTimeout, which a hit in one write announces in its Keep-Alive line as Node would. */
  keepAliveTimeoutMs: number
}

// Headers that belong to one connection or one encoding of the body, not to the page.
const PER_RESPONSE_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
  'x-request-id',
])
// Never kept, nor handed over at a key: the back office, files, React Router's data, and its route
// manifest, which reads its query (the routes a link leads to).
const NOT_PUBLIC = /^\/(?:admin|media|assets)(?:\/|$)|\.data$|^\/__manifest$/

/**
 * The query parameters a public route reads, by path; every other public address reads none (a
 * unit test checks this against the route modules). The rest of a query (utm_*, gclid, fbclid, a
 * made-up one) never changes the page, so it is left out of the cache key: a visitor from an ad,
 * with a click id of their own, gets the page everyone gets, and takes no cache slot of their own.
 */
export const QUERY_READ: Readonly<Record<string, readonly string[]>> = {
  '/resources/blog': ['q', 'tag', 'page'],
  '/resources/ai-playbook': ['link'],
}

// The address each request handed to the application without its ignored parameters was asked for.
const askedFor = new WeakMap<IncomingMessage, string>()

/**
 * The address the visitor asked for, query and all, for the log and for page-view counting (which
 * reads the campaign from it). The application itself renders a page the cache may keep at its
 * key, so that the page cannot differ by a parameter the key leaves out (a form's default action
 * would otherwise repeat the query).
 */
export function addressAskedFor(req: IncomingMessage & { originalUrl?: string }): string {
  return askedFor.get(req) ?? req.originalUrl ?? req.url ?? '/'
}

export class PageCache {
  private readonly pages = new Map<string, CachedPage>()
  private readonly rendering = new Map<string, RenderInFlight>()
  private readonly renderOf = new WeakMap<ServerResponse, RenderInFlight>()
  private bytes = 0
  private generation = 0

  constructor(
    private readonly limits: PageCacheLimits,
    /** Told of every request answered from the cache (the application logs the others). */
    private readonly onHit: (req: IncomingMessage, res: ServerResponse) => void = () => {},
    /** Whether a hit may go out in one write (app/server/host/fast/); otherwise Node's writeHead and end answer. */
    private readonly fastPaths = false,
  ) {}

  /** The cache key of a request that may be answered from (or stored in) the cache, or null. */
  private keyOf(req: IncomingMessage): string | null {
    if (req.method !== 'GET' && req.method !== 'HEAD') return null
    const url = req.url ?? '/'
    if (NOT_PUBLIC.test(url.split('?')[0]!)) return null
    const cookie = req.headers.cookie
    if (cookie && /(?:^|;\s*)(?:session|toast)=/.test(cookie)) return null
    return pageAddress(url)
  }

  /** Hands a request the cache cannot answer to the application at its cache key (see addressAskedFor). */
  private renderAtKey(req: IncomingMessage, key: string) {
    if (req.url === key) return
    askedFor.set(req, req.url!)
    req.url = key
  }

  /**
   * Answers the request from the cache, or holds it while the same page is being rendered for
   * another visitor and answers it from that render; false when the application must render it.
   * Without the hold, every visitor arriving just after a save would render the page anew.
   */
  serve(req: IncomingMessage, res: ServerResponse, render: Renderer): boolean {
    const key = this.keyOf(req)
    if (key === null) return false
    const page = this.pages.get(key)
    if (page) {
      // Least recently used goes first: a hit moves the page to the back.
      this.pages.delete(key)
      this.pages.set(key, page)
      this.answer(req, res, page)
      return true
    }
    const inFlight = this.rendering.get(key)
    if (inFlight?.generation === this.generation) {
      inFlight.waiting.push({ req, res })
      return true
    }
    if (req.method === 'GET') this.trackRender(key, res, render)
    this.renderAtKey(req, key)
    countPageCacheMiss()
    return false
  }

  private answer(req: IncomingMessage, res: ServerResponse, page: CachedPage) {
    countPageCacheHit()
    // Echoed when the request brought one (HAProxy gives each request one): a hit without stays one write.
    const requestId = req.headers['x-request-id'] === undefined ? undefined : requestIdOf(req)
    if (page.etag && req.headers['if-none-match'] === page.etag) {
      res.writeHead(304, requestId ? [...page.notModifiedHead, 'x-request-id', requestId] : page.notModifiedHead)
      res.end()
      return this.onHit(req, res)
    }
    const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')
    const [head, body] = gzip ? [page.gzipHead, page.gzip] : [page.identityHead, page.identity]
    const inOneWrite =
      this.fastPaths && req.method === 'GET' && answerInOneWrite(res, head, body, this.limits.keepAliveTimeoutMs, requestId)
    if (!inOneWrite) {
      res.writeHead(200, requestId ? [...head, 'x-request-id', requestId] : head)
      res.end(req.method === 'HEAD' ? undefined : body)
    }
    this.onHit(req, res)
  }

  /**
   * Once this render is over, the requests held for it get its page, or go to the application.
   * They get it even if a save began meanwhile (the page is then not stored): they asked before
   * it, like the visitor it was rendered for. Under frequent saves, a render often outlasts its
   * generation; sending the crowd on to render anew each time would never catch up.
   */
  private trackRender(key: string, res: ServerResponse, render: Renderer) {
    const inFlight: RenderInFlight = { generation: this.generation, waiting: [] }
    this.rendering.set(key, inFlight)
    this.renderOf.set(res, inFlight)
    res.once('close', () => {
      if (this.rendering.get(key) === inFlight) this.rendering.delete(key)
      for (const { req, res: held } of inFlight.waiting) {
        // A visitor who left while waiting needs no answer, and no render of its own.
        if (held.destroyed) continue
        if (inFlight.page) this.answer(req, held, inFlight.page)
        else {
          this.renderAtKey(req, key)
          countPageCacheMiss()
          render(req, held)
        }
      }
    })
  }

  /**
   * Watches a response the application is producing for a cacheable request and stores it once
   * it is complete. Call before any middleware writes, after compression is installed, so the
   * body seen here is the uncompressed one.
   */
  record(req: IncomingMessage, res: ServerResponse): void {
    const key = req.method === 'GET' ? this.keyOf(req) : null
    if (key === null) return
    const generation = this.generation
    const chunks: Buffer[] = []
    const write = res.write.bind(res)
    const end = res.end.bind(res)
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return
      chunks.push(
        Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'),
      )
    }
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0])
      return (write as (...args: unknown[]) => boolean)(chunk, ...rest)
    }) as typeof res.write
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0])
      return (end as (...args: unknown[]) => ServerResponse)(chunk, ...rest)
    }) as typeof res.end
    res.once('finish', () => {
      const inFlight = this.renderOf.get(res)
      if (!isCacheable(res) || (generation !== this.generation && !inFlight?.waiting.length)) return
      const page = pageOf(res, Buffer.concat(chunks))
      if (inFlight) inFlight.page = page
      if (generation === this.generation) this.store(key, page)
    })
  }

  /** Forgets every page: something a visitor can see has changed. */
  invalidate(): void {
    this.generation++
    this.pages.clear()
    this.bytes = 0
  }

  private store(key: string, page: CachedPage) {
    const size = sizeOf(page)
    if (size > this.limits.maxBytes / 4) return
    this.remove(key)
    this.pages.set(key, page)
    this.bytes += size
    for (const [oldest] of this.pages) {
      if (this.pages.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) break
      this.remove(oldest)
    }
  }

  private remove(key: string) {
    const page = this.pages.get(key)
    if (!page) return
    this.pages.delete(key)
    this.bytes -= sizeOf(page)
  }
}

/** A public address with only the query parameters its route reads, in the order they came. */
function pageAddress(url: string): string {
  const queryAt = url.indexOf('?')
  if (queryAt === -1) return url
  const path = url.slice(0, queryAt)
  const read = QUERY_READ[path]
  if (!read) return path
  const kept = new URLSearchParams()
  for (const [name, value] of new URLSearchParams(url.slice(queryAt + 1))) if (read.includes(name)) kept.append(name, value)
  const query = kept.toString()
  return query ? `${path}?${query}` : path
}

// Each encoding may also be held once more as its whole answer in one write (the body, plus a kilobyte of headers).
const sizeOf = (page: CachedPage) => 2 * (page.identity.length + page.gzip.length)

/** A finished response as the cache keeps it: both encodings, and headers ready to send. */
function pageOf(res: ServerResponse, identity: Buffer): CachedPage {
  const head: string[] = []
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (PER_RESPONSE_HEADERS.has(name) || value === undefined) continue
    for (const one of Array.isArray(value) ? value : [value]) {
      head.push(name, name === 'content-security-policy' ? policyForSharedCopy(String(one), identity.toString('utf8')) : String(one))
    }
  }
  const gzip = gzipSync(identity)
  const etag = res.getHeader('etag')
  // No policy on a 304: the stored page keeps the one whose nonce its scripts carry.
  const notModifiedHead = head.filter((_, i) => head[i - (i % 2)] !== 'content-security-policy')
  return {
    identity,
    gzip,
    etag: typeof etag === 'string' ? etag : undefined,
    identityHead: [...head, 'content-length', String(identity.length)],
    gzipHead: [...head, 'content-length', String(gzip.length), 'content-encoding', 'gzip'],
    notModifiedHead,
  }
}

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi

/** The policy with each nonce source replaced by the hashes of the page's inline scripts. */
function policyForSharedCopy(policy: string, html: string): string {
  const hashes = [...html.matchAll(INLINE_SCRIPT)].map(
    ([, text]) => `'sha256-${createHash('sha256').update(text!, 'utf8').digest('base64')}'`,
  )
  const trusted = [...new Set(hashes)].join(' ')
  return policy.replace(/\s*'nonce-[^']*'/g, trusted ? ` ${trusted}` : '')
}

function isCacheable(res: ServerResponse): boolean {
  const cacheControl = String(res.getHeader('cache-control') ?? '')
  return (
    res.statusCode === 200 &&
    String(res.getHeader('content-type') ?? '').startsWith('text/html') &&
    !res.hasHeader('set-cookie') &&
    !/private|no-store/.test(cacheControl)
  )
}
