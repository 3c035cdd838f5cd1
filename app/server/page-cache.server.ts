import type { IncomingMessage, ServerResponse } from 'node:http'
import { gzipSync } from 'node:zlib'

/*
 * Rendered public pages kept in memory and answered straight from Node's request event, before
 * Express and React Router see the request: a shared post costs a Map lookup and one write.
 *
 * Only anonymous GETs of public pages are kept (no session or toast cookie, status 200, HTML, no
 * Set-Cookie, not private). Every save in the back office clears the whole cache (see
 * `invalidate`), and a generation number makes sure a page rendered while a save was running is
 * never stored, so the next visitor always sees what was saved.
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

export interface PageCacheLimits {
  maxEntries: number
  maxBytes: number
}

// Headers that belong to one connection or one encoding of the body, not to the page.
const PER_RESPONSE_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive', 'date'])
const NOT_PUBLIC = /^\/(?:admin|media|assets)(?:\/|$)|\.data$/

export class PageCache {
  private readonly pages = new Map<string, CachedPage>()
  private bytes = 0
  private generation = 0
  readonly stats = { hits: 0, stores: 0, invalidations: 0 }

  constructor(private readonly limits: PageCacheLimits) {}

  /** The cache key of a request that may be answered from (or stored in) the cache, or null. */
  keyOf(req: IncomingMessage): string | null {
    if (req.method !== 'GET' && req.method !== 'HEAD') return null
    const url = req.url ?? '/'
    if (NOT_PUBLIC.test(url.split('?')[0]!)) return null
    const cookie = req.headers.cookie
    if (cookie && /(?:^|;\s*)(?:session|toast)=/.test(cookie)) return null
    return url
  }

  /** Answers the request from the cache; false when it must go to the application. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    const key = this.keyOf(req)
    const page = key === null ? undefined : this.pages.get(key)
    if (!page || key === null) return false
    // Least recently used goes first: a hit moves the page to the back.
    this.pages.delete(key)
    this.pages.set(key, page)
    this.stats.hits++
    if (page.etag && req.headers['if-none-match'] === page.etag) {
      res.writeHead(304, page.notModifiedHead)
      res.end()
      return true
    }
    const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')
    res.writeHead(200, gzip ? page.gzipHead : page.identityHead)
    res.end(req.method === 'HEAD' ? undefined : gzip ? page.gzip : page.identity)
    return true
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
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'))
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
      if (generation === this.generation && isCacheable(res)) this.store(key, res, Buffer.concat(chunks))
    })
  }

  /** Forgets every page: something a visitor can see has changed. */
  invalidate(): void {
    this.generation++
    this.pages.clear()
    this.bytes = 0
    this.stats.invalidations++
  }

  private store(key: string, res: ServerResponse, identity: Buffer) {
    const head: string[] = []
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (PER_RESPONSE_HEADERS.has(name) || value === undefined) continue
      for (const one of Array.isArray(value) ? value : [value]) head.push(name, String(one))
    }
    const gzip = gzipSync(identity)
    const etag = res.getHeader('etag')
    // No policy on a 304: the stored page keeps the one whose nonce its scripts carry.
    const notModifiedHead = head.filter((_, i) => head[i - (i % 2)] !== 'content-security-policy')
    const page: CachedPage = {
      identity,
      gzip,
      etag: typeof etag === 'string' ? etag : undefined,
      identityHead: [...head, 'content-length', String(identity.length)],
      gzipHead: [...head, 'content-length', String(gzip.length), 'content-encoding', 'gzip'],
      notModifiedHead,
    }
    const size = identity.length + page.gzip.length
    if (size > this.limits.maxBytes / 4) return
    this.remove(key)
    this.pages.set(key, page)
    this.bytes += size
    this.stats.stores++
    for (const [oldest] of this.pages) {
      if (this.pages.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) break
      this.remove(oldest)
    }
  }

  private remove(key: string) {
    const page = this.pages.get(key)
    if (!page) return
    this.pages.delete(key)
    this.bytes -= page.identity.length + page.gzip.length
  }
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
