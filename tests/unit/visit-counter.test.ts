import { describe, expect, it } from 'vitest'
import { VisitCounter } from '~/server/host/visit-counter.server'
import type { VisitCounts } from '~/server/repositories/visit-counts.server'

const BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15'
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'
const NOON = Date.UTC(2026, 10, 24, 12)

/** A counter whose flushes are collected, on a clock the test sets. */
function counter(now = () => NOON) {
  const stored: VisitCounts[] = []
  const visits = new VisitCounter(async (counts) => {
    stored.push(counts)
  }, now)
  const count = (url: string, headers: Record<string, string> = {}, { method = 'GET', status = 200 } = {}) =>
    visits.count(method, url, status, { host: 'site.test', 'user-agent': BROWSER, ...headers })
  const flushed = async () => {
    await visits.flush()
    return stored.at(-1) ?? { pages: [], referrers: [], campaigns: [] }
  }
  return { visits, count, flushed, stored }
}

describe('the page-view counter', () => {
  it('counts a page opened from another site as a view and a visit, with the site and its campaign', async () => {
    const { count, flushed } = counter()
    count('/solutions?utm_source=newsletter&utm_medium=email&utm_campaign=fall&gclid=abc', {
      referer: 'https://www.news.example/story?id=9',
    })
    count('/contact', { referer: 'http://site.test/solutions' })
    expect(await flushed()).toEqual({
      pages: [
        { day: '2026-11-24', path: '/solutions', views: 1, entries: 1 },
        { day: '2026-11-24', path: '/contact', views: 1, entries: 0 },
      ],
      referrers: [{ day: '2026-11-24', host: 'news.example', visits: 1 }],
      campaigns: [{ day: '2026-11-24', source: 'newsletter', medium: 'email', campaign: 'fall', visits: 1 }],
    })
  })

  it("counts the app's move to another page as a view, and not its refresh of the page it is on", async () => {
    const { count, flushed } = counter()
    count('/about.data', { referer: 'http://site.test/' })
    count('/_root.data', { referer: 'http://site.test/about' })
    count('/contact.data', { referer: 'http://site.test/contact' })
    count('/contact.data?_routes=routes%2Fsite%2Fcontact', { referer: 'http://site.test/contact' })
    // The blog's script fetching a post's page from the list, then the list's next results.
    const fetched = { 'sec-fetch-dest': 'empty', accept: 'text/html' }
    count('/resources/blog/a-post', { ...fetched, referer: 'http://site.test/resources/blog?q=ai' })
    count('/resources/blog?q=cedar', { ...fetched, referer: 'http://site.test/resources/blog?q=ceda' })
    expect((await flushed()).pages).toEqual([
      { day: '2026-11-24', path: '/about', views: 1, entries: 0 },
      { day: '2026-11-24', path: '/', views: 1, entries: 0 },
      { day: '2026-11-24', path: '/resources/blog/a-post', views: 1, entries: 0 },
    ])
  })

  it('leaves out crawlers, visitors asking not to be tracked, prefetches, other methods, failures and what is not a page', async () => {
    const { count, flushed, stored } = counter()
    count('/', { 'user-agent': CRAWLER })
    count('/', { 'user-agent': '' })
    count('/', { 'sec-gpc': '1' })
    count('/', { dnt: '1' })
    count('/', { 'sec-purpose': 'prefetch;prerender' })
    count('/', { 'sec-fetch-dest': 'iframe' })
    count('/', {}, { method: 'HEAD' })
    count('/', {}, { method: 'POST' })
    count('/nowhere', {}, { status: 404 })
    for (const path of [
      '/admin',
      '/admin/blog',
      '/assets/app-1.js',
      '/media/images/a.png',
      '/forms/ticket',
      '/sitemap.xml',
      '/resources/blog/rss.xml',
      '/healthz',
      '/resources/ai-playbook/download/x.y.z',
      `/${'a'.repeat(250)}`,
    ])
      count(path)
    await flushed()
    expect(stored).toEqual([])
    // A page answered 304 (the browser's copy is still good) is a view like any other.
    count('/', {}, { status: 304 })
    expect((await flushed()).pages).toEqual([{ day: '2026-11-24', path: '/', views: 1, entries: 1 }])
  })

  it('counts each day apart, and keeps counts that could not be stored for the next try', async () => {
    let now = NOON
    const failing: VisitCounts[] = []
    let fail = true
    const visits = new VisitCounter(
      async (counts) => {
        if (fail) throw new Error('database away')
        failing.push(counts)
      },
      () => now,
    )
    const count = () => visits.count('GET', '/', 200, { host: 'site.test', 'user-agent': BROWSER })
    count()
    now = NOON + 12 * 3_600_000
    count()
    count()
    await visits.flush()
    fail = false
    count()
    await visits.flush()
    expect(failing).toEqual([
      {
        pages: [
          { day: '2026-11-24', path: '/', views: 1, entries: 1 },
          { day: '2026-11-25', path: '/', views: 3, entries: 3 },
        ],
        referrers: [],
        campaigns: [],
      },
    ])
  })

  it('counts new campaign names and referrers past its limit between two flushes as Other, and still counts known ones', async () => {
    const { count, flushed } = counter()
    for (let i = 0; i < 5_100; i++) count(`/?utm_campaign=made-up-${i}`, { referer: `https://made-up-${i}.example/` })
    count('/?utm_campaign=made-up-0', { referer: 'https://made-up-0.example/' })
    const { campaigns, referrers, pages } = await flushed()
    expect(campaigns).toHaveLength(5_001)
    expect(campaigns[0]).toMatchObject({ campaign: 'made-up-0', visits: 2 })
    expect(campaigns.at(-1)).toEqual({ day: '2026-11-24', source: '', medium: '', campaign: '', visits: 100 })
    expect(referrers).toHaveLength(5_001)
    expect(referrers.at(-1)).toEqual({ day: '2026-11-24', host: '', visits: 100 })
    expect(pages).toEqual([{ day: '2026-11-24', path: '/', views: 5_101, entries: 5_101 }])
  })

  it('counts new pages past its limit between two flushes as Other, and still counts known ones', async () => {
    const { count, flushed } = counter()
    for (let i = 0; i < 5_100; i++) count(`/industries/made-up-${i}`)
    count('/industries/made-up-0', { referer: 'http://site.test/' })
    const { pages } = await flushed()
    expect(pages).toHaveLength(5_001)
    expect(pages[0]).toEqual({ day: '2026-11-24', path: '/industries/made-up-0', views: 2, entries: 1 })
    expect(pages.at(-1)).toEqual({ day: '2026-11-24', path: '', views: 100, entries: 100 })
  })
})
