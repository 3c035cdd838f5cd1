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
import { migrateToLatest, migrationsCurrent, openDatabase, type Database } from '~/server/db/connection.server'
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '~/server/db/unavailable.server'
import { seedOnce } from '~/server/services/seed.server'
import { seedPagesOnce } from '~/server/services/seed-pages.server'
import type { ContentChanged } from '~/server/services/content-events.server'
import { scheduleMaintenance } from '~/server/host/maintenance.server'
import { startOutboxWorker } from '~/server/host/outbox.server'
import { startVisitCounter } from '~/server/host/visit-counter.server'
import { startNotFoundLog } from '~/server/host/not-found-log.server'
import { buildVersion, instanceName, startInstanceHeartbeat } from '~/server/host/instance-heartbeat.server'
import { startErrorRecorder } from '~/server/host/error-recorder.server'
import { logAnswer, logger, onErrorLogged, requestIdOf, requestStarted, setLogFormat, type Answer } from '~/server/host/log.server'
import { countHostAnswer, countPurge, countRequest, metricsEndpoint } from '~/server/host/metrics.server'
import { changesRedirects, RedirectTable } from '~/server/host/redirects.server'
import { listRedirectRoutes } from '~/server/repositories/redirects.server'
import type { PublicContent } from '~/lib/admin-sections'
import { VIDEO_PLAYER_ORIGINS } from '~/lib/video-players'
import { refuseMalformedRequest } from '~/server/host/malformed-requests.server'
import { loggedUrl, redirectToCanonical } from '~/server/http/canonical-path.server'
import { addressAskedFor, PageCache } from '~/server/host/page-cache.server'
import { watchPublishSchedule } from '~/server/host/publish-schedule.server'
import { startSharedCachePurger, type PurgeOutcome } from '~/server/host/shared-cache-purge.server'
import { staleKeys, type SurrogateKey } from '~/server/services/shown-content.server'
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
  setLogFormat(config.logFormat ?? (DEV ? 'pretty' : 'json'))
  const database = openDatabase(config.database)
  const applied = await migrateToLatest(database)
  if (applied.length) logger.info({ event: 'db.migrated', count: applied.length }, `Applied migrations: ${applied.join(', ')}`)
  if (await seedOnce(database.db)) logger.info({ event: 'db.seeded' }, 'Seeded the starting content.')
  if (await seedPagesOnce(database.db)) logger.info({ event: 'db.seeded' }, 'Seeded the pages.')
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
  const purger = startSharedCachePurger(config, reportPurge)
  const schedule = watchPublishSchedule(database.db, () => {
    pageCache?.invalidate()
    // Every instance's timer fires: the shared cache hears it from each, which costs it nothing.
    purger.purge(SCHEDULED_CONTENT)
  })
  // Redirects are answered before the page cache, so a change of redirects alone leaves the cache be.
  const changed = (what: PublicContent | null) => {
    if (what !== 'redirects') {
      pageCache?.invalidate()
      schedule.rearm()
    }
    if (changesRedirects(what)) void redirects.reload()
  }
  const channel = await openInvalidationChannel(config.database, changed)
  const contentChanged: ContentChanged = (what, recordId) => {
    changed(what)
    channel.publish(what)
    purger.purge(staleKeys(what, recordId))
  }
  const stopMaintenance = scheduleMaintenance(database.db, { retentionMonths: config.analyticsRetentionMonths })
  const outbox = startOutboxWorker(database.db, config)
  const visits = startVisitCounter(database.db, config.analyticsFlushMs)
  const countVisit = (req: IncomingMessage, status: number) => visits.count(req.method, addressAskedFor(req), status, req.headers)
  const notFound = startNotFoundLog(database.db, config.analyticsFlushMs)
  // For the System screen: this instance among those alive, and the errors it logs.
  const instance = instanceName()
  const heartbeat = await startInstanceHeartbeat(database.db, { name: instance, version: buildVersion(DEV ? null : BUILD_DIR) })
  const errors = startErrorRecorder(database.db, instance)
  const stopRecordingErrors = onErrorLogged(errors.record)

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

  const getLoadContext = (req: Request, res: Response): AppLoadContext => ({
    db: database.db,
    config: { ...config, cookieSecret },
    cspNonce: res.locals.cspNonce as string,
    clientAddress: clientAddressOf(req),
    answeredBy: (routeId) => (res.locals.routeId = routeId),
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

  // Health probes, redirects, other spellings of an address, then cached pages, are answered here,
  // before Express: the request never reaches the framework, and everything after reads one spelling
  // of each path.
  // A visitor asking for a page that is rendering for someone else waits for that render.
  const inFlight = new InFlight()
  const lifecycle = { shuttingDown: false }
  const probe = healthProbes(database, lifecycle)
  const noticeProxy = watchForUntrustedProxy(database.db, config.trustProxy)
  const metrics = metricsEndpoint(database, config.metricsAllow)
  const server = createServer((req, res) => {
    if (inFlight.stopping) res.shouldKeepAlive = false
    requestStarted(req)
    answer(req, res)
    // A redirect or a cached page is out already: nothing of it is left for a shutdown to wait for.
    if (!res.writableEnded) inFlight.add(res)
  })
  const answer = (req: IncomingMessage, res: ServerResponse) => {
    noticeProxy(req)
    if (refuseMalformedRequest(req, res, config.trustProxy !== false)) return logHostAnswer(req, res, 'refused')
    // A scrape is neither logged nor counted: it comes every few seconds and says nothing of the site's use.
    if (metrics(req, res)) return
    if (probe(req, res)) return
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
    logger.info(
      { event: 'server.listening', port, database: database.dialect },
      `${config.siteName} is listening on http://localhost:${port} (${database.dialect} database)`,
    )
  })
  await announceFirstAdmin(database)
  handleShutdown(server, inFlight, lifecycle, config.shutdownDrainMs, database, channel, () => {
    schedule.stop()
    stopMaintenance()
    stopRecordingErrors()
    return Promise.all([outbox.stop(), visits.stop(), notFound.stop(), purger.stop(), heartbeat.stop(), errors.stop()]).then(() => {})
  })
}

/** What a scheduled post's or page change's time coming changes: the lists of posts, and the pages. */
const SCHEDULED_CONTENT: SurrogateKey[] = ['posts', 'pages']

function reportPurge({ target, keys, ok, error }: PurgeOutcome) {
  countPurge(ok)
  if (ok) logger.info({ event: 'cache.purged', target, keys }, `Purged ${keys} at ${target}`)
  else logger.error({ event: 'cache.purge_failed', target, keys }, `Purging ${keys} at ${target} failed: ${error}`)
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
 * status and one log line; a database out of reach is a 503 to try again after; anything else is a
 * 500 whose cause is logged once.
 */
function answerErrors(error: unknown, req: Request, res: Response, next: NextFunction) {
  if (res.headersSent) return next(error)
  const status = (error as { status?: number }).status
  if (typeof status === 'number' && status >= 400 && status < 500) {
    res.status(status).type('text/plain').send('That request could not be read.')
    return
  }
  if (isDatabaseUnavailable(error)) {
    const path = loggedUrl(req.originalUrl)
    logger.error(
      { reqId: requestIdOf(req), path },
      `Database unavailable while handling ${req.method} ${path}: ${(error as Error).message}`,
    )
    res
      .status(503)
      .set({ 'Retry-After': String(RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' })
      .type('text/plain')
      .send('The site is unavailable for a moment. Please try again in a minute.')
    return
  }
  const path = loggedUrl(req.originalUrl)
  logger.error({ err: error, reqId: requestIdOf(req), path }, `Error while handling ${req.method} ${path}`)
  res.status(500).type('text/plain').send('Something went wrong on our side. Please try again in a few minutes.')
}

/** The log line and the metrics of a request answered here, before Express; its route is how it was answered. */
function logHostAnswer(req: IncomingMessage, res: ServerResponse, how: Exclude<Answer, 'rendered'>) {
  logAnswer(req, res, how)
  countHostAnswer(how, req.method ?? 'GET', res.statusCode)
}

function recordPublicPages(pageCache: PageCache) {
  return (req: Request, res: Response, next: NextFunction) => {
    pageCache.record(req, res)
    next()
  }
}

/**
 * One log line per request the application answers, with its id (echoed in X-Request-Id) and its
 * metrics; also the moment its page view is counted.
 */
function logRequests(answered: (req: Request, status: number) => void) {
  return (req: Request, res: Response, next: NextFunction) => {
    res.setHeader('X-Request-Id', requestIdOf(req))
    res.on('finish', () => {
      countRequest(routeOf(req, res), req.method, res.statusCode, logAnswer(req, res, 'rendered', addressAskedFor(req)))
      answered(req, res.statusCode)
    })
    next()
  }
}

/**
 * What the metrics count a request under: the route of the app that rendered it (entry.server.tsx
 * names it), else the kind of request. Never its path: one series per address would grow without end.
 */
function routeOf(req: Request, res: Response): string {
  const routeId = res.locals.routeId as string | undefined
  if (routeId) return routeId
  if (req.path.endsWith('.data')) return 'data'
  if (req.path.startsWith('/media/')) return 'media'
  if (namesFile(req.path)) return 'static'
  if (res.statusCode === 404) return 'not-found'
  return req.path.startsWith('/admin') ? 'admin' : 'other'
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
    logger.info('No admin user yet. Create one with: npm run admin:create -- --email you@example.com --password "a-long-password"')
  }
}

/**
 * `/healthz`: the process answers, without touching the database (a load balancer restarting the
 * instance would not bring the database back). `/readyz`: the instance should be sent requests: the
 * database answers, holds this code's migrations, and the instance is not shutting down. Answered
 * before everything else (cheap, never cached, never counted as visits); only changes of readiness are logged.
 */
function healthProbes(database: Database, lifecycle: { shuttingDown: boolean }) {
  let lastSaid = 'Ready'
  const answerJson = (res: ServerResponse, status: number, body: object) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' })
    res.end(JSON.stringify(body))
  }
  const problemOf = async (): Promise<{ reason: string; detail?: string } | null> => {
    if (lifecycle.shuttingDown) return { reason: 'shutting down' }
    try {
      return (await migrationsCurrent(database)) ? null : { reason: 'migrations pending' }
    } catch (error) {
      return { reason: 'database unavailable', detail: (error as Error).message }
    }
  }
  const ready = async (res: ServerResponse) => {
    const problem = await problemOf()
    const said = problem ? `Not ready: ${problem.reason}${problem.detail ? ` (${problem.detail})` : ''}` : 'Ready'
    if (said !== lastSaid) console.log(said)
    lastSaid = said
    if (problem) answerJson(res, 503, { status: 'not ready', reason: problem.reason })
    else answerJson(res, 200, { status: 'ready', database: database.dialect })
  }
  return (req: IncomingMessage, res: ServerResponse) => {
    const path = req.url?.split('?')[0]
    if (path === '/healthz') answerJson(res, 200, { status: 'ok' })
    else if (path === '/readyz') void ready(res)
    else return false
    return true
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

/**
 * On SIGTERM or SIGINT /readyz says 503 at once and the instance serves on for `drainMs`, the time a
 * load balancer takes to notice and send requests elsewhere; then it refuses new connections,
 * finishes the requests and the outbox pass under way, closes the database and exits.
 */
function handleShutdown(
  server: Server,
  inFlight: InFlight,
  lifecycle: { shuttingDown: boolean },
  drainMs: number,
  database: Database,
  channel: InvalidationChannel,
  stopTimers: () => Promise<void>,
) {
  // A streamed page whose headers already said keep-alive: close its connection once it is done.
  const closeWhenDone = (res: ServerResponse) => {
    if (res.headersSent) res.once('finish', () => setImmediate(() => server.closeIdleConnections()))
  }

  const drain = (signal: string) => {
    if (lifecycle.shuttingDown) return
    lifecycle.shuttingDown = true
    if (drainMs === 0) return stop(signal)
    logger.info(
      { event: 'server.draining', signal },
      `${signal} received: answering not ready, serving on for ${drainMs / 1000} s before stopping`,
    )
    setTimeout(() => stop(signal), drainMs)
  }

  const stop = (signal: string) => {
    inFlight.stop()
    // Notifications being sent finish and record their outcome before the database closes.
    const timersStopped = stopTimers()
    for (const res of inFlight) closeWhenDone(res)
    const force = setTimeout(() => {
      logger.warn({ event: 'server.cut_off' }, `Shutdown grace period over: cutting off ${inFlight.size} unfinished request(s)`)
      server.closeAllConnections()
    }, SHUTDOWN_GRACE_MS)
    force.unref()
    server.close(async () => {
      clearTimeout(force)
      try {
        await timersStopped
        await channel.close()
        await database.close()
        logger.info({ event: 'server.stopped' }, 'Stopped: every connection closed, database closed')
        process.exit(0)
      } catch (error) {
        logger.error({ err: error }, 'Shutdown failed')
        process.exit(1)
      }
    })
    server.closeIdleConnections()
    // Said once it is true: the listening socket is closed by now.
    logger.info(
      { event: 'server.stopping', signal },
      `${signal} received: refusing new connections, finishing ${inFlight.size} in-flight request(s) (up to ${SHUTDOWN_GRACE_MS / 1000} s)`,
    )
  }
  process.on('SIGTERM', () => drain('SIGTERM'))
  process.on('SIGINT', () => drain('SIGINT'))
}

main().catch((error) => {
  logger.fatal(error instanceof Error ? error.message : String(error))
  process.exit(1)
})
