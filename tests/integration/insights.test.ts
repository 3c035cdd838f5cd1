import { beforeAll, expect, it } from 'vitest'
import { loader as exportLoader } from '~/routes/admin/inbox-export'
import { loader as insightsLoader } from '~/routes/admin/insights'
import { firstDayKept } from '~/server/host/maintenance.server'
import { VisitCounter } from '~/server/host/visit-counter.server'
import { createInquiry, type NewInquiry } from '~/server/repositories/inquiries.server'
import { addVisitCounts, pruneVisitCounts } from '~/server/repositories/visit-counts.server'
import { insights } from '~/server/services/insights.server'
import { signIn } from '~/server/services/auth.server'
import { upsertAdmin } from '~/server/services/users.server'
import { action as pageAction } from '~/routes/site/page'
import { seedPagesOnce } from '~/server/services/seed-pages.server'
import { formRequest, testContext } from '../support/context'
import { describeEachDatabase } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const NOW = Date.UTC(2026, 10, 24, 15)
const day = (daysAgo: number) => new Date(NOW - daysAgo * 86_400_000).toISOString().slice(0, 10)

describeEachDatabase('where leads come from, and the page-view counts', (getDb) => {
  // The forms post to their pages, which the seed creates.
  beforeAll(async () => {
    await seedPagesOnce(getDb().db)
  })
  const db = () => getDb().db
  let address = 0

  it('adds the counts of two instances together, day by day, and prunes days past the retention', async () => {
    const instance = () =>
      new VisitCounter(
        (counts) => addVisitCounts(db(), counts),
        () => NOW,
      )
    const [first, second] = [instance(), instance()]
    const headers = { host: 'site.test', 'user-agent': BROWSER, referer: 'https://search.example/?q=phones' }
    for (let i = 0; i < 3; i++) first.count('GET', '/prune-test?utm_source=ads&utm_campaign=counted-once', 200, headers)
    for (let i = 0; i < 2; i++) second.count('GET', '/prune-test?utm_source=ads&utm_campaign=counted-once', 200, headers)
    await Promise.all([first.flush(), second.flush()])
    second.count('GET', '/prune-test', 200, { host: 'site.test', 'user-agent': BROWSER })
    await second.flush()

    const page = await db().selectFrom('page_views').selectAll().where('path', '=', '/prune-test').execute()
    expect(page).toEqual([{ day: day(0), path: '/prune-test', views: 6, entries: 6 }])
    expect(await db().selectFrom('campaign_visits').selectAll().where('campaign', '=', 'counted-once').execute()).toEqual([
      { day: day(0), source: 'ads', medium: '', campaign: 'counted-once', visits: 5 },
    ])
    expect(await db().selectFrom('referrer_visits').select('visits').where('host', '=', 'search.example').executeTakeFirst()).toEqual({
      visits: 5,
    })

    await addVisitCounts(db(), { pages: [{ day: '2025-10-23', path: '/prune-test', views: 1, entries: 1 }], referrers: [], campaigns: [] })
    expect(firstDayKept(13, new Date(NOW))).toBe('2025-10-24')
    await pruneVisitCounts(db(), firstDayKept(13, new Date(NOW)))
    expect((await db().selectFrom('page_views').select('day').where('path', '=', '/prune-test').execute()).map((row) => row.day)).toEqual([
      day(0),
    ])
  })

  it('stores where a lead came from: the landing page with its UTM tags, the referring page, and the page the form was on', async () => {
    const visit = JSON.stringify({
      landing: '/solutions?utm_source=newsletter&utm_medium=email&utm_campaign=fall-offer',
      referrer: 'https://news.example/story',
    })
    const request = formRequest('/contact', {
      name: 'Casey Source',
      email: 'casey@example.com',
      message: 'Hello',
      visit,
      formPage: '/contact',
    })
    expect(unwrap(await callRoute(pageAction, request, testContext(db(), `198.51.100.${++address}`))).status).toBe(200)
    const lead = await db().selectFrom('inquiries').selectAll().where('email', '=', 'casey@example.com').executeTakeFirstOrThrow()
    expect(lead).toMatchObject({
      landing_page: '/solutions?utm_source=newsletter&utm_medium=email&utm_campaign=fall-offer',
      referrer: 'https://news.example/story',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'fall-offer',
      utm_term: null,
      utm_content: null,
      form_page: '/contact',
    })
  })

  it('takes the form page from the Referer header without JavaScript, and ignores a forged or hostile visit', async () => {
    const send = async (email: string, fields: Record<string, string>, referer?: string) => {
      const request = formRequest('/contact', { name: 'No Script', email, message: 'Hi', ...fields })
      if (referer) request.headers.set('Referer', referer)
      expect(unwrap(await callRoute(pageAction, request, testContext(db(), `198.51.100.${++address}`))).status).toBe(200)
      return db()
        .selectFrom('inquiries')
        .select(['landing_page', 'referrer', 'utm_source', 'form_page'])
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    }
    expect(await send('plain@example.com', {}, 'http://localhost/contact?utm_source=x&fbclid=secret')).toEqual({
      landing_page: null,
      referrer: null,
      utm_source: null,
      form_page: '/contact?utm_source=x',
    })
    expect(await send('foreign@example.com', {}, 'https://elsewhere.example/contact')).toMatchObject({ form_page: null })
    const hostile = [
      '{"landing":"https://evil.example/","referrer":""}',
      '{"landing":"/a\\tb","referrer":""}',
      '{"landing":"/ok","referrer":"javascript:alert(1)"}',
      `{"landing":"/${'x'.repeat(600)}","referrer":""}`,
      'not json',
      '[]',
    ]
    for (const [i, forged] of hostile.entries()) {
      expect(await send(`forged-${i}@example.com`, { visit: forged, formPage: 'https://evil.example/contact' })).toEqual({
        landing_page: null,
        referrer: null,
        utm_source: null,
        form_page: null,
      })
    }
  })

  it('shows visits and leads per week, top pages, referrers, campaigns and conversion per landing page, spam left out', async () => {
    await addVisitCounts(db(), {
      pages: [
        { day: day(1), path: '/conversion-a', views: 40, entries: 20 },
        { day: day(9), path: '/conversion-a', views: 10, entries: 5 },
        { day: day(1), path: '/conversion-b', views: 30, entries: 10 },
        { day: day(200), path: '/conversion-a', views: 999, entries: 999 },
      ],
      referrers: [{ day: day(1), host: 'conversion.example', visits: 7 }],
      campaigns: [{ day: day(1), source: 'mail', medium: 'email', campaign: 'conversion-test', visits: 4 }],
    })
    const lead = (email: string, landing: string | null, { source, ...extra }: Partial<NewInquiry> = {}) =>
      createInquiry(db(), {
        kind: 'contact',
        name: 'Lead',
        email,
        business: null,
        message: 'm',
        ip: null,
        source: { landingPage: landing, ...source },
        ...extra,
      })
    const campaign = { utmSource: 'mail', utmMedium: 'email', utmCampaign: 'conversion-test' }
    await lead('a1@example.com', '/conversion-a?utm_source=mail&utm_medium=email&utm_campaign=conversion-test', { source: campaign })
    await lead('a2@example.com', '/conversion-a')
    await lead('b1@example.com', '/conversion-b')
    await lead('spam@example.com', '/conversion-b', { status: 'spam', spamReason: 'honeypot' })

    const data = await insights(db(), 30, Date.now())
    expect(data.conversion.filter((row) => row.path.startsWith('/conversion'))).toEqual([
      { path: '/conversion-a', visits: 25, leads: 2, rate: 0.08 },
      { path: '/conversion-b', visits: 10, leads: 1, rate: 0.1 },
    ])
    expect(data.topPages.filter((page) => page.path.startsWith('/conversion'))).toEqual([
      { path: '/conversion-a', views: 50, visits: 25 },
      { path: '/conversion-b', views: 30, visits: 10 },
    ])
    expect(data.referrers).toContainEqual({ host: 'conversion.example', visits: 7 })
    expect(data.campaigns).toContainEqual({ source: 'mail', medium: 'email', campaign: 'conversion-test', visits: 4, leads: 1 })
    expect(data.weeks.length).toBeGreaterThanOrEqual(5)
    expect(data.weeks.reduce((total, week) => total + week.visits, 0)).toBe(data.totals.visits)
    expect(data.totals.leads).toBeGreaterThanOrEqual(3)
  })

  it('serves Insights and the attributed CSV to a signed-in admin only', async () => {
    await upsertAdmin(db(), 'insights@example.com', 'a-long-password')
    const signedIn = await signIn(new Request('http://localhost/admin/login'), testContext(db()), {
      email: 'insights@example.com',
      password: 'a-long-password',
    })
    if (!signedIn.ok) throw new Error('the admin could not sign in')
    const cookie = signedIn.setCookie.split(';')[0]!
    const anonymous = await callRoute(insightsLoader, new Request('http://localhost/admin/insights'), testContext(db()))
    expect((anonymous as Response).status).toBe(302)
    const data = unwrap<{ insights: { period: { days: number } } }>(
      await callRoute(
        insightsLoader,
        new Request('http://localhost/admin/insights?days=365', { headers: { Cookie: cookie } }),
        testContext(db()),
      ),
    )
    expect(data.data.insights.period.days).toBe(365)
    const csv = await (
      (await callRoute(
        exportLoader,
        new Request('http://localhost/admin/inbox/export.csv', { headers: { Cookie: cookie } }),
        testContext(db()),
      )) as Response
    ).text()
    expect(csv.split('\n')[0]).toContain('landing_page,referrer,utm_source,utm_medium,utm_campaign,utm_term,utm_content,form_page')
    expect(csv).toContain(
      '/solutions?utm_source=newsletter&utm_medium=email&utm_campaign=fall-offer,https://news.example/story,newsletter,email,fall-offer,,,/contact',
    )
  })
})
