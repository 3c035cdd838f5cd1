import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { startServer, withServerDb, type RunningServer } from '../support/server'
import { logMessages } from '../support/log-lines'

let server: RunningServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(async () => {
  await server?.stop()
})

describe('the production server over HTTP', () => {
  it('answers /healthz at once and /readyz after checking the database and its migrations, never cached', async () => {
    const alive = await fetch(`${server.url}/healthz`)
    expect(alive.status).toBe(200)
    expect(alive.headers.get('Cache-Control')).toBe('no-store')
    expect(await alive.json()).toEqual({ status: 'ok' })
    const ready = await fetch(`${server.url}/readyz`)
    expect(ready.status).toBe(200)
    expect(ready.headers.get('Cache-Control')).toBe('no-store')
    expect(await ready.json()).toEqual({ status: 'ready', database: 'sqlite' })
  })

  it('sends the security headers, with a CSP nonce that our own scripts carry and no unsafe-eval', async () => {
    const response = await fetch(`${server.url}/`)
    const csp = response.headers.get('Content-Security-Policy') ?? ''
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
    expect(nonce).toBeTruthy()
    expect(csp).not.toContain('unsafe-eval')
    expect(csp).toContain("frame-ancestors 'none'")
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(response.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin')
    expect(response.headers.get('X-Frame-Options')).toBe('DENY')
    expect(response.headers.get('Strict-Transport-Security')).toMatch(/max-age=\d+/)
    expect(response.headers.get('X-Powered-By')).toBeNull()
    const html = await response.text()
    // JSON-LD blocks are data the browser never runs, so the policy does not apply to them.
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !tag.includes('application/ld+json'))
    expect(scripts.length).toBeGreaterThan(0)
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)
  })

  it('serves hashed assets as immutable and compresses pages', async () => {
    const html = await (await fetch(`${server.url}/`)).text()
    const asset = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1]
    expect(asset).toBeTruthy()
    const response = await fetch(`${server.url}${asset}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toContain('immutable')
    const page = await fetch(`${server.url}/admin/login`, { headers: { 'Accept-Encoding': 'gzip' } })
    expect(page.headers.get('Content-Encoding')).toBe('gzip')
  })

  it('logs one line per request', async () => {
    await fetch(`${server.url}/admin/login?probe=log-line`)
    const lines = () => logMessages(server.output()).filter((line) => /^GET \/admin\/login\?probe=log-line 200 [\d.]+ms$/.test(line))
    await expect.poll(() => lines().length).toBe(1)
  })

  it('refuses cross-site writes with 403 and lets same-site ones through', async () => {
    const post = (headers: Record<string, string>) =>
      fetch(`${server.url}/admin/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
        body: 'email=a%40b.c&password=',
      })
    const evil = await post({ Origin: 'https://evil.example' })
    expect(evil.status).toBe(403)
    expect(await evil.text()).toBe('Cross-site requests are not allowed.')
    expect((await post({ 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403)
    expect((await post({ Origin: 'null' })).status).toBe(403)
    const own = await post({ Origin: server.url })
    expect(own.status).toBe(400)
    const attempts = await withServerDb(server, (db) => db.selectFrom('sign_in_attempts').selectAll().execute())
    expect(attempts).toEqual([])
  })

  it('redirects /admin pages to the login page on the server, never cached', async () => {
    for (const path of ['/admin', '/admin/blog', '/admin/settings', '/admin/anything/else']) {
      const response = await fetch(`${server.url}${path}`, { redirect: 'manual' })
      expect(response.status, path).toBe(302)
      // The page asked for is named, so signing in comes back to it.
      expect(response.headers.get('Location')).toBe(`/admin/login?${new URLSearchParams({ redirectTo: path })}`)
      expect(response.headers.get('Cache-Control')).toBe('no-store')
    }
  })

  it('answers a path that is also a folder of images as the page there or a 404, never a redirect to a trailing slash', async () => {
    expect((await fetch(`${server.url}/partners`, { redirect: 'manual' })).status).toBe(200)
    expect((await fetch(`${server.url}/blog`, { redirect: 'manual' })).status).toBe(404)
  })

  it('answers unknown paths with the 404 page and logs the path', async () => {
    const response = await fetch(`${server.url}/no/such/page`)
    expect(response.status).toBe(404)
    const html = await response.text()
    expect(html).toContain('404')
    expect(html).toContain('Oops! Page not found')
    expect(html).toContain('href="/"')
    expect(server.output()).toContain('404 /no/such/page')
  })
})

describe('an unexpected failure', () => {
  it('shows the router fallback with status 500 and no stack trace', async () => {
    await withServerDb(server, (db) => sql`DROP TABLE sessions`.execute(db))
    const response = await fetch(`${server.url}/admin/blog`, {
      headers: { Cookie: `session=${encodeURIComponent(btoa(JSON.stringify('A'.repeat(43))))}` },
    })
    expect(response.status).toBe(500)
    const html = await response.text()
    expect(html).toContain('Unexpected Application Error!')
    expect(html).not.toMatch(/at \S+ \(.*:\d+:\d+\)/)
    expect(html).not.toContain('no such table')
  })
})

describe('a stopping server with a drain time', () => {
  it('answers /readyz 503 at once, serves on for SHUTDOWN_DRAIN_MS, then stops', async () => {
    const draining = await startServer({ SHUTDOWN_DRAIN_MS: '5000' })
    try {
      const exit = draining.kill('SIGTERM')
      await expect.poll(() => draining.output()).toContain('SIGTERM received: answering not ready, serving on for 5 s')
      const ready = await fetch(`${draining.url}/readyz`)
      expect(ready.status).toBe(503)
      expect(await ready.json()).toEqual({ status: 'not ready', reason: 'shutting down' })
      // Still serving: a load balancer that has not noticed yet loses nothing.
      expect((await fetch(`${draining.url}/admin/login`)).status).toBe(200)
      expect((await fetch(`${draining.url}/healthz`)).status).toBe(200)
      expect(await exit).toEqual({ code: 0, signal: null })
      const log = draining.output()
      expect(log.indexOf('answering not ready')).toBeLessThan(log.indexOf('refusing new connections'))
    } finally {
      await draining.stop()
    }
  })
})
