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
  })
})
