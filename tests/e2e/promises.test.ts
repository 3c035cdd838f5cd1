import { request } from 'node:http'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { tooManyAttemptsMessage } from '~/server/services/auth.server'
import { createInquiry } from '~/server/repositories/inquiries.server'
import { BODY_LIMITS, tooLargeMessage } from '~/server/host/request-limits.server'
import { MAX_FAILED_SIGN_INS } from '~/server/repositories/sign-in-attempts.server'
import { createTestAuthor, createTestPost } from '../support/blog'
import { waitForHydration } from '../support/browser'
import { postForm, signInOverHttp, visit } from '../support/http'
import { withServerDb } from '../support/server'
import { ADMIN, useRunningSite } from '../support/site'

// What the site promises under parallel requests, hostile requests and the passage of time, tried
// against the production server. Its own server: the guessing test locks this test's address out.
const site = useRunningSite()
let cookie = ''
beforeAll(async () => {
  cookie = await signInOverHttp(site.server.url, ADMIN.email, ADMIN.password)
  // The sign-in's log line may trail its answer; the log tests below count lines.
  await vi.waitFor(() => expect(site.server.output()).toContain('POST /admin/login 302'))
})

const logLines = () => site.server.output().split('\n')
const cachedAnswers = (path: string) => logLines().filter((line) => line === `GET ${path} 200 cached`).length
const renders = (path: string) => logLines().filter((line) => line.startsWith(`GET ${path} 200 `) && line.endsWith('ms')).length

/** A request exactly as written: any method, an absolute-form target, any Host header. */
function rawRequest(method: string, target: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const { port } = new URL(site.server.url)
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path: target, headers, setHost: !('Host' in headers) }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (part: string) => (body += part))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

const unchangedSiteSettings = {
  intent: 'site',
  contactEmail: 'hello@example.com',
  partnersEmail: 'partners@example.com',
  bookingUrl: 'https://example.com/book',
  linkedinUrl: 'https://www.linkedin.com/company/example',
  twitterUrl: 'https://x.com/example',
  timeZone: 'America/Chicago',
}
/** A real save of public content: the site settings, unchanged. */
const saveSiteSettings = () => postForm(site.server.url, '/admin/settings?tab=site', unchangedSiteSettings, cookie)

describe('malformed requests', () => {
  it.each([
    ['TRACE', '/about', {}, 405],
    ['PUT', '/about', {}, 405],
    ['GET', 'http://other.example/about', {}, 400],
    ['GET', '/about', { Host: 'bad host' }, 400],
    ['GET', '/about', { Host: '[::1' }, 400],
    ['GET', '/about', { Host: 'example.com:99999999' }, 400],
  ])('answers %s %s %j with %i, no stack trace and one log line', async (method, target, headers, status) => {
    const before = site.server.output().length
    const answer = await rawRequest(method, target, headers)
    expect(answer.status).toBe(status)
    if (status === 405) expect(answer.headers.allow).toBe('GET, HEAD, POST')
    const written = () => site.server.output().slice(before).split('\n').filter(Boolean)
    await expect.poll(written).toEqual([`${method} ${target} ${status} refused`])
  })

  it('answers a path that is not valid percent-encoding with 400 and one log line, no stack trace', async () => {
    const before = site.server.output().length
    expect((await rawRequest('GET', '/resources/blog/%E2%82')).status).toBe(400)
    const written = () => site.server.output().slice(before).split('\n').filter(Boolean)
    await expect.poll(() => written().length).toBe(1)
    expect(written()[0]).toMatch(/^GET \/resources\/blog\/%E2%82 400 /)
  })

  it('answers a forged record version with 409 (stale), not a crash', async () => {
    const id = await withServerDb(site.server, (db) => createTestAuthor(db, { name: 'Versioned Author' }))
    const before = site.server.output().length
    const fields = { name: 'Versioned Author', email: 'versioned@example.com', bio: '', version: 'not-a-time' }
    expect((await postForm(site.server.url, `/admin/authors/edit/${id}`, fields, cookie)).status).toBe(409)
    expect(site.server.output().slice(before)).not.toMatch(/^\s+at /m)
  })

  it('still answers a well-formed request with a port in its Host', async () => {
    expect((await rawRequest('GET', '/about', { Host: `localhost:${new URL(site.server.url).port}` })).status).toBe(200)
  })
})

describe('request bodies a stranger can send', () => {
  const bigMultipart = () => {
    const form = new FormData()
    form.set('email', `${'a'.repeat(BODY_LIMITS.form)}@example.com`)
    form.set('password', 'x')
    return form
  }

  it('refuses a sign-in form over 100 KB like any public form, multipart or not, and stores nothing', async () => {
    const multipart = await fetch(`${site.server.url}/admin/login`, { method: 'POST', body: bigMultipart() })
    expect(multipart.status).toBe(413)
    expect(await multipart.text()).toBe(tooLargeMessage(BODY_LIMITS.form))
    const encoded = await fetch(`${site.server.url}/admin/login`, { method: 'POST', body: new URLSearchParams({ email: 'a'.repeat(BODY_LIMITS.form), password: 'x' }) })
    expect(encoded.status).toBe(413)
    expect(await withServerDb(site.server, (db) => db.selectFrom('sign_in_attempts').select('key').execute())).toEqual([{ key: 'ip:127.0.0.1' }])
  })

  it('keeps the upload limit for signed-in admins only: no session, or a forged one, gets the form limit', async () => {
    const forged = `session=${encodeURIComponent(btoa(JSON.stringify('A'.repeat(43))))}`
    for (const headers of [{}, { Cookie: forged }] as Record<string, string>[]) {
      const response = await fetch(`${site.server.url}/admin/authors/new`, { method: 'POST', body: bigMultipart(), headers })
      expect(response.status).toBe(413)
      expect(await response.text()).toBe(tooLargeMessage(BODY_LIMITS.form))
    }
    const admin = await fetch(`${site.server.url}/admin/authors/new`, { method: 'POST', body: bigMultipart(), headers: { Cookie: cookie }, redirect: 'manual' })
    expect(admin.status).toBe(400)
  })
})

describe('the page cache', () => {
  it('is cleared by committed content changes only: not by refused, cross-site, anonymous, sign-in or inbox requests', async () => {
    const answered = () => logLines().filter((line) => line.startsWith('GET /about 200')).length
    const before = answered()
    await visit(site.server.url, '/about')
    // The server logs after answering: count from its line, not from the answer.
    await expect.poll(answered).toBe(before + 1)
    const leadId = await withServerDb(site.server, (db) =>
      createInquiry(db, { kind: 'contact', name: 'Lead', email: 'lead@example.com', business: null, message: 'Hello', ip: null }),
    )
    const rendered = renders('/about')
    const cached = cachedAnswers('/about')

    const noise = [
      fetch(`${site.server.url}/admin/blog/new`, { method: 'POST', body: new URLSearchParams({ title: 'x' }), redirect: 'manual' }),
      fetch(`${site.server.url}/admin/settings`, { method: 'POST', body: new URLSearchParams(unchangedSiteSettings), headers: { Cookie: cookie, Origin: 'https://evil.example' } }),
      postForm(site.server.url, '/admin/settings', { intent: 'site', contactEmail: 'nope' }, cookie),
      postForm(site.server.url, `/admin/inbox/${leadId}`, { intent: 'read' }, cookie),
      postForm(site.server.url, '/admin/blog', { intent: 'publish', id: 'no-such-post' }, cookie),
      postForm(site.server.url, '/admin/session', {}, cookie),
    ]
    expect((await Promise.all(noise)).map((r) => r.status)).toEqual([302, 403, 400, 200, 404, 200])
    await visit(site.server.url, '/about')
    await expect.poll(() => cachedAnswers('/about')).toBe(cached + 1)
    expect(renders('/about')).toBe(rendered)

    expect((await saveSiteSettings()).status).toBe(302)
    await visit(site.server.url, '/about')
    await expect.poll(() => renders('/about')).toBe(rendered + 1)
  })

  it('never shares a trusted nonce: cached copies trust the hashes of their inline scripts, and still run', async () => {
    const first = await fetch(`${site.server.url}/contact`)
    const policies = [first.headers.get('Content-Security-Policy')!]
    for (let i = 0; i < 2; i++) policies.push((await fetch(`${site.server.url}/contact`)).headers.get('Content-Security-Policy')!)
    await expect.poll(() => cachedAnswers('/contact')).toBe(2)
    expect(policies[0]).toMatch(/'nonce-[^']+'/)
    for (const shared of policies.slice(1)) {
      expect(shared).not.toMatch(/nonce-/)
      expect(shared).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/)
    }

    const page = await site.browser.newPage({ baseURL: site.server.url })
    const cdp = await page.context().newCDPSession(page)
    const violations: string[] = []
    cdp.on('Audits.issueAdded', ({ issue }) => {
      if (issue.code === 'ContentSecurityPolicyIssue') violations.push(JSON.stringify(issue.details))
    })
    await cdp.send('Audits.enable')
    const served = page.waitForResponse((r) => r.url().endsWith('/contact'))
    await page.goto('/contact')
    expect((await served).headers()['content-security-policy']).not.toMatch(/nonce-/)
    await waitForHydration(page)
    expect(violations).toEqual([])
    await page.close()
  })

  it('shows a scheduled post on the cached list, tag page, page numbers, feed and sitemap when its time comes', async () => {
    const due = Date.now() + 4_000
    const post = await withServerDb(site.server, async (db) =>
      createTestPost(db, await createTestAuthor(db), { title: 'Right On Time', slug: 'right-on-time', tags: ['punctual'], publishedAt: new Date(due).toISOString() }),
    )
    // Scheduled from another tool: the next save anywhere makes the server look at the schedule again.
    expect((await saveSiteSettings()).status).toBe(302)
    const pages = ['/resources/blog', '/resources/blog?tag=punctual', '/resources/blog?page=1']
    const documents = ['/resources/blog/rss.xml', '/sitemap.xml']
    for (const path of [...pages, ...pages, ...documents]) expect((await visit(site.server.url, path)).html).not.toContain(post.slug)
    for (const path of pages) await expect.poll(() => cachedAnswers(path)).toBeGreaterThanOrEqual(1)
    expect(Date.now()).toBeLessThan(due)

    for (const path of [...pages, ...documents]) {
      await expect.poll(async () => (await visit(site.server.url, path)).html.includes(post.slug), { timeout: 15_000, interval: 250 }).toBe(true)
    }
    // Within a minute of its time, as promised; here within seconds.
    expect(Date.now() - due).toBeLessThan(60_000)
  })
})

describe('guesses arriving together', () => {
  it(`checks only ${MAX_FAILED_SIGN_INS} of 30 sign-in guesses sent at the same instant`, async () => {
    const guesses = Array.from({ length: 30 }, (_, i) =>
      fetch(`${site.server.url}/admin/login`, { method: 'POST', body: new URLSearchParams({ email: ADMIN.email, password: `wrong-${i}` }), redirect: 'manual' }),
    )
    const statuses = (await Promise.all(guesses)).map((r) => r.status)
    // Earlier tests in this file spent one attempt of this address on an oversized form: none.
    expect(statuses.filter((s) => s === 401)).toHaveLength(MAX_FAILED_SIGN_INS)
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - MAX_FAILED_SIGN_INS)
    const right = await fetch(`${site.server.url}/admin/login`, { method: 'POST', body: new URLSearchParams(ADMIN), redirect: 'manual' })
    expect(right.status).toBe(429)
    expect(await right.text()).toContain(tooManyAttemptsMessage)
  })
})
