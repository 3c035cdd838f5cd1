import { beforeAll, describe, expect, it, vi } from 'vitest'
import { createInquiry } from '~/server/repositories/inquiries.server'
import { createTestAuthor, createTestPost } from '../support/blog'
import { waitForHydration } from '../support/browser'
import { postForm, signInOverHttp, visit } from '../support/http'
import { logMessages } from '../support/log-lines'
import { withServerDb } from '../support/server'
import { ADMIN, useRunningSite } from '../support/site'

// What the page cache promises under noise, shared copies and the passage of time, tried against the
// production server: these tests count its log lines.
const site = useRunningSite()
let cookie = ''
beforeAll(async () => {
  cookie = await signInOverHttp(site.server.url, ADMIN.email, ADMIN.password)
  // The sign-in's log line may trail its answer; the log tests below count lines.
  await vi.waitFor(() => expect(logMessages(site.server.output()).some((line) => line.startsWith('POST /admin/login 302'))).toBe(true))
})

const logLines = () => logMessages(site.server.output())
const cachedAnswers = (path: string) => logLines().filter((line) => line === `GET ${path} 200 cached`).length
const renders = (path: string) => logLines().filter((line) => line.startsWith(`GET ${path} 200 `) && line.endsWith('ms')).length

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
      fetch(`${site.server.url}/admin/settings`, {
        method: 'POST',
        body: new URLSearchParams(unchangedSiteSettings),
        headers: { Cookie: cookie, Origin: 'https://evil.example' },
      }),
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
      createTestPost(db, await createTestAuthor(db), {
        title: 'Right On Time',
        slug: 'right-on-time',
        tags: ['punctual'],
        publishedAt: new Date(due).toISOString(),
      }),
    )
    // Scheduled from another tool: the next save anywhere makes the server look at the schedule again.
    expect((await saveSiteSettings()).status).toBe(302)
    const pages = ['/resources/blog', '/resources/blog?tag=punctual', '/resources/blog?page=1']
    const documents = ['/resources/blog/rss.xml', '/sitemap.xml']
    for (const path of [...pages, ...pages, ...documents]) expect((await visit(site.server.url, path)).html).not.toContain(post.slug)
    for (const path of pages) await expect.poll(() => cachedAnswers(path)).toBeGreaterThanOrEqual(1)
    expect(Date.now()).toBeLessThan(due)

    for (const path of [...pages, ...documents]) {
      await expect
        .poll(async () => (await visit(site.server.url, path)).html.includes(post.slug), { timeout: 15_000, interval: 250 })
        .toBe(true)
    }
    // Within a minute of its time, as promised; here within seconds.
    expect(Date.now() - due).toBeLessThan(60_000)
  })
})
