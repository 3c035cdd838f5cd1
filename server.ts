import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { isIP } from 'node:net'
import { constants as zlib } from 'node:zlib'
import { createRequestHandler } from '@react-router/express'
import compression from 'compression'
import express, { type NextFunction, type Request, type Response } from 'express'
import helmet from 'helmet'
import onHeaders from 'on-headers'
import type { AppLoadContext, ServerBuild } from 'react-router'
import { resolveCookieSecret } from '~/server/repositories/app-meta.server'
import { hasLiveSession } from '~/server/services/auth.server'
import { loadConfig, loadDotEnv, type Config } from '~/server/config.server'
import { openInvalidationChannel, type InvalidationChannel } from '~/server/host/cache-invalidation.server'
import { checkDatabase, migrateToLatest, openDatabase, type Database } from '~/server/db/connection.server'
import { seedOnce } from '~/server/services/seed.server'
import { seedPagesOnce } from '~/server/services/seed-pages.server'
import type { ContentChanged } from '~/server/services/content-events.server'
import { scheduleMaintenance } from '~/server/host/maintenance.server'
import { startOutboxWorker } from '~/server/host/outbox.server'
import { startVisitCounter } from '~/server/host/visit-counter.server'
import { startNotFoundLog } from '~/server/host/not-found-log.server'
import { changesRedirects, RedirectTable } from '~/server/host/redirects.server'
import { listRedirectRoutes } from '~/server/repositories/redirects.server'
import type { PublicContent } from '~/lib/admin-sections'
import { VIDEO_PLAYER_ORIGINS } from '~/lib/video-players'
import { refuseMalformedRequest } from '~/server/host/malformed-requests.server'
import { loggedUrl, redirectToCanonical } from '~/server/http/canonical-path.server'
import { addressAskedFor, PageCache } from '~/server/host/page-cache.server'
import { watchPublishSchedule } from '~/server/host/publish-schedule.server'
import { limitRequestBodies, READ_ONLY_METHODS } from '~/server/host/request-limits.server'
import { watchForUntrustedProxy } from '~/server/host/untrusted-proxy.server'

const DEV = process.argv.includes('--dev')
const BUILD_DIR = process.env.BUILD_DIR ?? 'build'
const SHUTDOWN_GRACE_MS = 10_000
const KEEP_ALIVE_TIMEOUT_MS = 5_000
const PAGE_CACHE_LIMITS = { maxEntries: 1_000, maxBytes: 128 * 1024 * 1024, keepAliveTimeoutMs: KEEP_ALIVE_TIMEOUT_MS }

async function main() {
  loadDotEnv()
  const config = loadConfig()
  const database = openDatabase(config.database)
  const applied = await migrateToLatest(database)
  if (applied.length) console.log(`Applied migrations: ${applied.join(', ')}`)
  if (await seedOnce(database.db)) console.log('Seeded the starting content.')
  if (await seedPagesOnce(database.db)) console.log('Seeded the pages.')
  const cookieSecret = await resolveCookieSecret(database.db, config.cookieSecret)
  // Page views are counted where each answer is logged: cache hits below, the rest in logRequests.
  const pageCache =
    config.pageCache && !DEV
      ? new PageCache(
          PAGE_CACHE_LIMITS,
          (req, res) => {
            logHostAnswer(req, res, 'cached')
            countVisit(req as IncomingMessage, res.statusCode)
          },
          config.fastPaths,
        )
      : null
  const redirects = new RedirectTable(
    () => listRedirectRoutes(database.db),
    (req, res) => logHostAnswer(req, res, 'redirect'),
  )
  await redirects.reload()
  // A scheduled post's or page change's time coming changes what visitors see on every instance at once.
  const schedule = watchPublishSchedule(database.db, () => pageCache?.invalidate())
  // Redirects are answered before the page cache, so a change of redirects alone leaves the cache be.
  const changed = (what: PublicContent | null) => {
    if (what !== 'redirects') {
      pageCache?.invalidate()
      schedule.rearm()
    }
    if (changesRedirects(what)) void redirects.reload()
  }
  const channel = await openInvalidationChannel(config.database, changed)
  const contentChanged: ContentChanged = (what) => {
    changed(what)
    channel.publish(what)
  }
  const stopMaintenance = scheduleMaintenance(database.db, { retentionMonths: config.analyticsRetentionMonths })
  const outbox = startOutboxWorker(database.db, config)
  const visits = startVisitCounter(database.db, config.analyticsFlushMs)
  const countVisit = (req: IncomingMessage, status: number) => visits.count(req.method, addressAskedFor(req), status, req.headers)
  const notFound = startNotFoundLog(database.db, config.analyticsFlushMs)

  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', config.trustProxy)
  app.use(
    logRequests((req, status) => {
      countVisit(req, status)
      notFound.count(req.method, req.originalUrl, status)
    }),
  )
  app.use(compress())
  if (pageCache) app.use(recordPublicPages(pageCache))
  app.use(securityHeaders(config))
  app.use(keepStoredPolicyOnNotModified)
  app.use(rejectCrossSiteWrites(config))
  app.use(limitRequestBodies((cookieHeader) => hasLiveSession(database.db, cookieHeader)))
  // Back-office pages and their data must never sit in a shared or browser cache.
  app.use('/admin', (_req, res, next) => {
    res.set('Cache-Control', 'no-store')
    next()
  })
  // A reset link's or an invitation's address holds its secret: requests from its page name only this
  // site's origin in a Referer, to this site too. Not no-referrer: the browser would then post the
  // page's own form with `Origin: null`, which React Router's check on actions (and
  // rejectCrossSiteWrites) refuse.
  app.use(['/admin/reset-password', '/admin/invitation'], (_req, res, next) => {
    res.set('Referrer-Policy', 'strict-origin')
    next()
  })

  app.get('/healthz', async (_req, res) => {
    try {
      await checkDatabase(database.db)
      res.set('Cache-Control', 'no-store').json({ status: 'ok', database: database.dialect })
    } catch (error) {
      console.error('Health check failed:', error)
      res.status(503).set('Cache-Control', 'no-store').json({ status: 'error' })
    }
  })

  const getLoadContext = (req: Request, res: Response): AppLoadContext => ({
    db: database.db,
    config: { ...config, cookieSecret },
    cspNonce: res.locals.cspNonce as string,
    clientAddress: clientAddressOf(req),
    contentChanged,
    notificationsQueued: outbox.nudge,
  })

  if (DEV) {
    const vite = await import('vite').then((v) => v.createServer({ server: { middlewareMode: true } }))
    app.use(vite.middlewares)
    app.all('/{*path}', (req, res, next) =>
      createRequestHandler({
        build: () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
        getLoadContext,
      })(req, res, next),
    )
  } else {
    // Vite puts a content hash in every asset name, so a cached copy can never go stale.
    app.use('/assets', express.static(`${BUILD_DIR}/client/assets`, { immutable: true, maxAge: '1y' }))
    // No directory redirects: public/partners/ (the logos) would otherwise turn /partners into /partners/.
    const publicFiles = express.static(`${BUILD_DIR}/client`, { maxAge: '1h', index: false, redirect: false })
    // A page's path names no file: it is not worth a look at the disk.
    app.use((req, res, next) => (namesFile(req.path) ? publicFiles(req, res, next) : next()))
    const build = (await import(/* @vite-ignore */ new URL(`${BUILD_DIR}/server/index.js`, `file://${process.cwd()}/`).href)) as ServerBuild
    app.all('/{*path}', createRequestHandler({ build, getLoadContext }))
  }
  app.use(answerErrors)

  // Redirects, other spellings of an address, then cached pages, are answered here, before Express:
  // the request never reaches the framework, and everything after reads one spelling of each path.
  // A visitor asking for a page that is rendering for someone else waits for that render.
  const inFlight = new InFlight()
  const noticeProxy = watchForUntrustedProxy(database.db, config.trustProxy)
  const server = createServer((req, res) => {
    if (inFlight.stopping) res.shouldKeepAlive = false
    answer(req, res)
    // A redirect or a cached page is out already: nothing of it is left for a shutdown to wait for.
    if (!res.writableEnded) inFlight.add(res)
  })
  const answer = (req: IncomingMessage, res: ServerResponse) => {
    noticeProxy(req)
    if (refuseMalformedRequest(req, res, config.trustProxy !== false)) return
    redirects.whenCurrent(() => {
      if (redirects.serve(req, res)) return
      if (redirectToCanonical(req, res)) return logHostAnswer(req, res, 'redirect')
      if (!pageCache?.serve(req, res, app)) app(req, res)
    })
  }
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS
  server.listen(config.port, config.host, () => {
    const address = server.address()
    const port = typeof address === 'object' && address ? address.port : config.port
    console.log(`${config.siteName} is listening on http://localhost:${port} (${database.dialect} database)`)
  })
  await announceFirstAdmin(database)
  handleShutdown(server, inFlight, database, channel, () => {
    schedule.stop()
    stopMaintenance()
    return Promise.all([outbox.stop(), visits.stop(), notFound.stop()]).then(() => {})
  })
}

/** Every file the site serves has an extension in its name; none of its pages has. */
function namesFile(path: string) {
  return /\.[^/]*$/.test(path)
}

/**
 * Pages and data are compressed anew for every request, where the fast levels take a third (gzip) to
 * a half (brotli) of the default ones' time for 6 to 11% more bytes. Files (the hashed assets above
 * all, kept by browsers for a year) keep the smaller output.
 */
function compress() {
  const files = compression()
  const pages = compression({ level: 3, brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: 3 } } })
  return (req: Request, res: Response, next: NextFunction) => (namesFile(req.path) ? files : pages)(req, res, next)
}

/**
 * The visitor's address, as Express reads it (X-Forwarded-For only behind TRUST_PROXY). Whatever a
 * proxy passes on that is no address is not one: it would key rate limits and fill indexes.
 */
function clientAddressOf(req: Request): string {
  return req.ip && isIP(req.ip) ? req.ip : (req.socket.remoteAddress ?? 'unknown')
}

/**
 * Errors Express raises before the app (a path that is not valid percent-encoding) get their own
 * status and one log line; anything else is a 500 whose cause is logged once.
 */
function answerErrors(error: unknown, req: Request, res: Response, next: NextFunction) {
  if (res.headersSent) return next(error)
  const status = (error as { status?: number }).status
  if (typeof status === 'number' && status >= 400 && status < 500) {
    res.status(status).type('text/plain').send('That request could not be read.')
    return
  }
  console.error(`Error while handling ${req.method} ${loggedUrl(req.originalUrl)}:`, error)
  res.status(500).type('text/plain').send('Something went wrong on our side. Please try again in a few minutes.')
}

// Cache hits come thousands a second: their log lines (and the redirects') are written together,
// at most every 20 ms. One write per event-loop turn cost a busy server a tenth of its hits.
const HIT_LOG_FLUSH_MS = 20
let pendingHitLines: string[] = []
function logHostAnswer(req: { method?: string; url?: string }, res: { statusCode: number }, how: 'cached' | 'redirect') {
  if (pendingHitLines.length === 0) {
    setTimeout(() => {
      process.stdout.write(`${pendingHitLines.join('\n')}\n`)
      pendingHitLines = []
    }, HIT_LOG_FLUSH_MS)
  }
  pendingHitLines.push(`${req.method} ${loggedUrl(req.url ?? '/')} ${res.statusCode} ${how}`)
}

function recordPublicPages(pageCache: PageCache) {
  return (req: Request, res: Response, next: NextFunction) => {
    pageCache.record(req, res)
    next()
  }
}

/** One log line per answered request, which is also the moment its page view is counted. */
function logRequests(answered: (req: Request, status: number) => void) {
  return (req: Request, res: Response, next: NextFunction) => {
    const start = process.hrtime.bigint()
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6
      console.log(`${req.method} ${loggedUrl(addressAskedFor(req))} ${res.statusCode} ${ms.toFixed(1)}ms`)
      answered(req, res.statusCode)
    })
    next()
  }
}

function securityHeaders(config: Config) {
  return [
    (_req: Request, res: Response, next: NextFunction) => {
      res.locals.cspNonce = randomBytes(16).toString('base64')
      next()
    },
    helmet({
      // Vite's dev server injects inline scripts of its own; the policy applies to the built site.
      contentSecurityPolicy: DEV
        ? false
        : {
            useDefaults: false,
            directives: {
              defaultSrc: ["'self'"],
              scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`],
              // Inline style attributes (React style props, toasts) carry no script risk.
              styleSrc: ["'self'", "'unsafe-inline'"],
              imgSrc: ["'self'", 'data:', 'blob:'],
              fontSrc: ["'self'"],
              connectSrc: ["'self'"],
              // The site's own frames (the page editor's preview), and a post's video poster, which plays
              // in the provider's player from these two hosts only.
              frameSrc: ["'self'", ...VIDEO_PLAYER_ORIGINS],
              objectSrc: ["'none'"],
              baseUri: ["'self'"],
              formAction: ["'self'"],
              // Only the page editor's preview may be framed, and only by the back office itself.
              frameAncestors: [(req) => (isFramedPreview(req as Request) ? "'self'" : "'none'")],
            },
          },
      strictTransportSecurity: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      xFrameOptions: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
    }),
    (req: Request, res: Response, next: NextFunction) => {
      if (isFramedPreview(req)) res.setHeader('X-Frame-Options', 'SAMEORIGIN')
      next()
    },
  ]
}

/** The page editor's preview of a page (app/routes/admin/page-preview.tsx), shown in a frame inside the editor. */
const isFramedPreview = (req: Request) => /^\/admin\/pages\/preview\/[^/]+$/.test(req.path)

/**
 * A 304 tells the browser to show the page it stored, whose scripts carry the nonce of the policy
 * stored with it. Headers in a 304 replace the stored ones, so a fresh policy (with a new nonce)
 * would block those scripts: a 304 carries no policy and the stored one stays.
 */
function keepStoredPolicyOnNotModified(_req: Request, res: Response, next: NextFunction) {
  onHeaders(res, () => {
    if (res.statusCode === 304) res.removeHeader('Content-Security-Policy')
  })
  next()
}

/**
 * SameSite=Lax already keeps our cookie off cross-site posts; this refuses them outright, so no
 * other site can make a visitor's browser submit our forms.
 */
function rejectCrossSiteWrites(config: Config) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (READ_ONLY_METHODS.has(req.method)) return next()
    const origin = req.get('origin')
    const ownOrigins = [`${req.protocol}://${req.get('host')}`, config.siteUrl]
    const crossSite = origin ? !ownOrigins.includes(origin) : req.get('sec-fetch-site') === 'cross-site'
    if (!crossSite) return next()
    res.status(403).type('text/plain').send('Cross-site requests are not allowed.')
  }
}

async function announceFirstAdmin(database: Database) {
  const anyUser = await database.db.selectFrom('users').select('id').limit(1).executeTakeFirst()
  if (!anyUser) {
    console.log('No admin user yet. Create one with:\n  npm run admin:create -- --email you@example.com --password "a-long-password"')
  }
}

/**
 * The answers under way, for a shutdown to finish. Node keeps a connection open after an answer for
 * the client's next request. Once stopping, that would let clients slip new requests in and hold the
 * exit back until the connection idles out, so every answer whose head is written from then on
 * closes its connection: Node reads shouldKeepAlive as the head goes out, and the page cache writes
 * a whole answer only while it holds.
 */
class InFlight extends Set<ServerResponse> {
  stopping = false
  private readonly forget = (res: ServerResponse) => () => this.delete(res)

  override add(res: ServerResponse) {
    res.once('close', this.forget(res))
    return super.add(res)
  }

  stop() {
    this.stopping = true
    for (const res of this) if (!res.headersSent) res.shouldKeepAlive = false
  }
}

function handleShutdown(
  server: Server,
  inFlight: InFlight,
  database: Database,
  channel: InvalidationChannel,
  stopTimers: () => Promise<void>,
) {
  // A streamed page whose headers already said keep-alive: close its connection once it is done.
  const closeWhenDone = (res: ServerResponse) => {
    if (res.headersSent) res.once('finish', () => setImmediate(() => server.closeIdleConnections()))
  }

  const stop = (signal: string) => {
    if (inFlight.stopping) return
    inFlight.stop()
    // Notifications being sent finish and record their outcome before the database closes.
    const timersStopped = stopTimers()
    for (const res of inFlight) closeWhenDone(res)
    const force = setTimeout(() => {
      console.warn(`Shutdown grace period over: cutting off ${inFlight.size} unfinished request(s)`)
      server.closeAllConnections()
    }, SHUTDOWN_GRACE_MS)
    force.unref()
    server.close(async () => {
      clearTimeout(force)
      try {
        await timersStopped
        await channel.close()
        await database.close()
        console.log('Stopped: every connection closed, database closed')
        process.exit(0)
      } catch (error) {
        console.error('Shutdown failed:', error)
        process.exit(1)
      }
    })
    server.closeIdleConnections()
    // Said once it is true: the listening socket is closed by now.
    console.log(
      `${signal} received: refusing new connections, finishing ${inFlight.size} in-flight request(s) (up to ${SHUTDOWN_GRACE_MS / 1000} s)`,
    )
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
