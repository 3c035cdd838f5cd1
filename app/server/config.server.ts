import { existsSync } from 'node:fs'
import { BlockList, isIP } from 'node:net'
import { z } from 'zod'

/** Where the whole state of a site lives: a SQLite file or a PostgreSQL database. */
export type DatabaseTarget = { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string }

export function parseDatabaseUrl(url: string | undefined): DatabaseTarget {
  if (!url) return { kind: 'sqlite', path: 'data/site.db' }
  if (url.startsWith('file:')) {
    const path = url.slice('file:'.length)
    if (!path) throw new Error('DATABASE_URL "file:" needs a path, e.g. file:data/site.db')
    return { kind: 'sqlite', path }
  }
  if (/^postgres(ql)?:\/\//.test(url)) return { kind: 'postgres', url }
  throw new Error(`DATABASE_URL must start with file:, postgres:// or postgresql:// (got "${url.split(':')[0]}:...")`)
}

const optionalUrl = z.url().optional()

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  SITE_NAME: z.string().min(1).default('Bayline AI'),
  SITE_URL: optionalUrl,
  CONTACT_EMAIL: z.email().default('hello@baylineai.com'),
  PARTNERS_EMAIL: z.email().default('partners@baylineai.com'),
  BOOKING_URL: z.url().default('https://cal.com/bayline-ai/strategy-session'),
  LINKEDIN_URL: z.url().default('https://www.linkedin.com/company/bayline-ai'),
  TWITTER_URL: z.url().default('https://x.com/baylineai'),
  DATABASE_URL: z.string().optional(),
  COOKIE_SECRET: z.string().min(32, 'COOKIE_SECRET must be at least 32 characters').optional(),
  TRUST_PROXY: z.string().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  SMTP_FROM: z.string().optional(),
  PAGE_CACHE: z.enum(['on', 'off']).default('on'),
  FAST_PATHS: z.enum(['on', 'off']).default('on'),
  ANALYTICS_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(13),
  ANALYTICS_FLUSH_SECONDS: z.coerce.number().min(0.1).max(3600).default(10),
  REVISIONS_KEPT: z.coerce.number().int().min(1).max(1000).default(50),
  WEBHOOK_ALLOW_PRIVATE: z.enum(['0', '1']).default('0'),
  LOG_FORMAT: z.enum(['json', 'pretty'], { error: 'LOG_FORMAT must be json or pretty' }).optional(),
  METRICS_ALLOW: z.string().default('127.0.0.1,::1'),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  CACHE_PURGE_URLS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((url) => url.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/, error: 'CACHE_PURGE_URLS must be http:// or https:// addresses, separated by commas' })))
    .default([]),
  CACHE_PURGE_WEBHOOK: z.url({ protocol: /^https?$/, error: 'CACHE_PURGE_WEBHOOK must be an http:// or https:// address' }).optional(),
})

export type Config = ReturnType<typeof loadConfig>

/** Reads and checks the environment once at boot; a bad value stops the server with its name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  // An empty value (as in a copied .env.example) means "use the default", not "set to nothing".
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')))
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`)
  }
  const e = parsed.data
  return {
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    siteName: e.SITE_NAME,
    siteUrl: (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    contactEmail: e.CONTACT_EMAIL,
    partnersEmail: e.PARTNERS_EMAIL,
    bookingUrl: e.BOOKING_URL,
    linkedinUrl: e.LINKEDIN_URL,
    twitterUrl: e.TWITTER_URL,
    database: parseDatabaseUrl(e.DATABASE_URL),
    cookieSecret: e.COOKIE_SECRET,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    /** When set, every new lead is also e-mailed to the contact address. */
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM ?? `${e.SITE_NAME} website <no-reply@${new URL(e.SITE_URL ?? 'http://localhost').hostname}>`,
    /** Rendered public pages kept in memory; 'off' renders every request (for measuring). */
    pageCache: e.PAGE_CACHE === 'on',
    /** The code that reaches into Node's and lucide's internals for speed (app/server/host/fast/); 'off' runs without it. */
    fastPaths: e.FAST_PATHS === 'on',
    /** Page-view counts older than this many months are deleted (docs/operations.md). */
    analyticsRetentionMonths: e.ANALYTICS_RETENTION_MONTHS,
    /** How often each instance adds the page views it counted to the database. */
    analyticsFlushMs: e.ANALYTICS_FLUSH_SECONDS * 1000,
    /** Revisions kept per post or case study, newest first (docs/operations.md). */
    revisionsKept: e.REVISIONS_KEPT,
    /** Lets the lead webhook reach loopback and private addresses (test receivers, a relay on your own network). */
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE === '1',
    /** JSON lines (for a log shipper), or readable ones; unset, `npm run dev` prints readable ones. */
    logFormat: e.LOG_FORMAT,
    /** The clients that may read GET /metrics, by their connection's address (docs/operations.md). */
    metricsAllow: parseAddressList(e.METRICS_ALLOW),
    /**
     * How long a stopping instance goes on serving while /readyz already says 503, so a load balancer
     * stops sending it requests before it refuses them (docs/operations.md).
     */
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    /** Shared caches in front (Varnish) that take `PURGE /` with a Surrogate-Key header after every change of content. */
    cachePurgeUrls: e.CACHE_PURGE_URLS,
    /** A hook a CDN's purge is made from (a worker, a function): POSTed the same keys after every change of content. */
    cachePurgeWebhook: e.CACHE_PURGE_WEBHOOK,
  }
}

/** Express's `trust proxy`: a hop count, or false. Never `true`, which would trust a spoofed X-Forwarded-For. */
function parseTrustProxy(value: string | undefined): number | false {
  if (!value || value === 'false' || value === '0') return false
  const hops = Number(value)
  if (!Number.isInteger(hops) || hops < 0) throw new Error('TRUST_PROXY must be a number of proxy hops')
  return hops
}

/** A comma-separated list of addresses and CIDR ranges (`10.0.0.0/8`, `::1`) as a BlockList that matches them. */
function parseAddressList(value: string): BlockList {
  const list = new BlockList()
  const entries = value.split(',').map((part) => part.trim())
  for (const entry of entries.filter(Boolean)) {
    const [address = '', prefix, ...rest] = entry.split('/')
    const family = isIP(address)
    const bits = Number(prefix)
    if (!family || rest.length || (prefix !== undefined && !(/^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128)))) {
      throw new Error(`METRICS_ALLOW must list IP addresses or ranges (such as 10.0.0.0/8), separated by commas: "${entry}" is neither`)
    }
    const type = family === 4 ? 'ipv4' : 'ipv6'
    if (prefix === undefined) list.addAddress(address, type)
    else list.addSubnet(address, bits, type)
  }
  return list
}

/** Entry points (server, scripts) read `.env` when present; real environment variables win. */
export function loadDotEnv(path = '.env') {
  if (existsSync(path)) process.loadEnvFile(path)
}
