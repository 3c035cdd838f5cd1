import { describe, expect, it } from 'vitest'
import { loadConfig, parseDatabaseUrl } from '~/server/config.server'

describe('DATABASE_URL', () => {
  it('defaults to the SQLite file under data/', () => {
    expect(parseDatabaseUrl(undefined)).toEqual({ kind: 'sqlite', path: 'data/site.db' })
  })

  it('reads file: as SQLite at that path and postgres URLs as PostgreSQL', () => {
    expect(parseDatabaseUrl('file:/tmp/x.db')).toEqual({ kind: 'sqlite', path: '/tmp/x.db' })
    expect(parseDatabaseUrl('postgres://u@h/db')).toEqual({ kind: 'postgres', url: 'postgres://u@h/db' })
    expect(parseDatabaseUrl('postgresql://u@h/db')).toEqual({ kind: 'postgres', url: 'postgresql://u@h/db' })
  })

  it('rejects anything else with a message naming the accepted forms', () => {
    expect(() => parseDatabaseUrl('mysql://h/db')).toThrow(/file:, postgres:\/\/ or postgresql:\/\//)
    expect(() => parseDatabaseUrl('file:')).toThrow(/needs a path/)
  })
})

describe('configuration', () => {
  it('has working defaults so a bare `npm start` runs', () => {
    const config = loadConfig({})
    expect(config.siteName).toBe('Bayline AI')
    expect(config.port).toBe(3000)
    expect(config.siteUrl).toBe('http://localhost:3000')
    expect(config.isProduction).toBe(false)
    expect(config.trustProxy).toBe(false)
    expect(config.shutdownDrainMs).toBe(0)
  })

  it('treats empty values as unset, so a copied .env.example works', () => {
    const config = loadConfig({ SITE_URL: '', COOKIE_SECRET: '', DATABASE_URL: '', TRUST_PROXY: '' })
    expect(config.siteUrl).toBe('http://localhost:3000')
    expect(config.cookieSecret).toBeUndefined()
    expect(config.database).toEqual({ kind: 'sqlite', path: 'data/site.db' })
  })

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/)
    expect(() => loadConfig({ COOKIE_SECRET: 'short' })).toThrow(/COOKIE_SECRET must be at least 32 characters/)
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/)
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: '-1' })).toThrow(/SHUTDOWN_DRAIN_MS/)
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: '2s' })).toThrow(/SHUTDOWN_DRAIN_MS/)
  })

  it('lets only loopback read the metrics unless told otherwise', () => {
    const { metricsAllow } = loadConfig({})
    expect(metricsAllow.check('127.0.0.1', 'ipv4')).toBe(true)
    expect(metricsAllow.check('::1', 'ipv6')).toBe(true)
    expect(metricsAllow.check('10.0.0.5', 'ipv4')).toBe(false)
  })

  it('reads METRICS_ALLOW as addresses and ranges, and names a wrong entry', () => {
    const { metricsAllow } = loadConfig({ METRICS_ALLOW: '10.0.0.0/8, 192.168.1.7,fd00::/8' })
    expect(metricsAllow.check('10.20.30.40', 'ipv4')).toBe(true)
    expect(metricsAllow.check('192.168.1.7', 'ipv4')).toBe(true)
    expect(metricsAllow.check('192.168.1.8', 'ipv4')).toBe(false)
    expect(metricsAllow.check('fd12::1', 'ipv6')).toBe(true)
    expect(metricsAllow.check('127.0.0.1', 'ipv4')).toBe(false)
    for (const wrong of ['localhost', '10.0.0.0/33', '10.0.0.0/8/1', '::1/129', '10.0.0.0/x']) {
      expect(() => loadConfig({ METRICS_ALLOW: wrong })).toThrow(
        `METRICS_ALLOW must list IP addresses or ranges (such as 10.0.0.0/8), separated by commas: "${wrong}" is neither`,
      )
    }
  })

  it('reads LOG_FORMAT, left unset by default', () => {
    expect(loadConfig({}).logFormat).toBeUndefined()
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty')
    expect(() => loadConfig({ LOG_FORMAT: 'text' })).toThrow('LOG_FORMAT must be json or pretty')
  })

  it('reads how long a stopping instance keeps serving', () => {
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '2000' }).shutdownDrainMs).toBe(2000)
  })
})
