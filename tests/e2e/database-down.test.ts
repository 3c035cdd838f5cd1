import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres'
import { startServer, withServerDb, type RunningServer } from '../support/server'

// The server on a PostgreSQL of this test's own, stopped and started again under it: what a visitor,
// a load balancer and a lead's sender see while the database is down, and after.

const CONTACT_SENT = 'Message sent successfully!'
// What an answer must never show: a stack trace's frames, a driver's error.
const LEAKS = [/\bat \S+ \(/, /node_modules/, /ECONNREFUSED/, /57P01/, /Connection terminated/]

let postgres: PrivatePostgres
let server: RunningServer
beforeAll(async () => {
  postgres = await startPrivatePostgres()
  server = await startServer({ DATABASE_URL: postgres.url })
})
afterAll(async () => {
  await server?.stop()
  await postgres?.destroy()
})

const sendContact = (email: string) =>
  fetch(`${server.url}/contact`, {
    method: 'POST',
    body: new URLSearchParams({ name: 'Outage Test', email, business: '', message: 'Sent while the database restarts.' }),
    redirect: 'manual',
  })

const storedLeads = (email: string) =>
  withServerDb(server, async (db) => (await db.selectFrom('inquiries').select('id').where('email', '=', email).execute()).length)

function expectNoLeak(body: string) {
  for (const leak of LEAKS) expect(body).not.toMatch(leak)
}

describe('the server while PostgreSQL is down', () => {
  it('answers 503 with Retry-After and a plain page, refuses a lead whole, and serves again by itself', async () => {
    // Rendered once, the home page is kept in memory: it needs no database until content changes.
    expect((await fetch(`${server.url}/`)).status).toBe(200)
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200)

    await postgres.stop()

    const alive = await fetch(`${server.url}/healthz`)
    expect(alive.status).toBe(200)
    const ready = await fetch(`${server.url}/readyz`)
    expect(ready.status).toBe(503)
    expect(ready.headers.get('Cache-Control')).toBe('no-store')
    expect(await ready.json()).toEqual({ status: 'not ready', reason: 'database unavailable' })

    const page = await fetch(`${server.url}/case-studies`)
    expect(page.status).toBe(503)
    expect(page.headers.get('Retry-After')).toBe('5')
    expect(page.headers.get('Cache-Control')).toBe('no-store')
    const pageBody = await page.text()
    expect(pageBody).toContain('This page is unavailable for a moment.')
    expectNoLeak(pageBody)

    expect((await fetch(`${server.url}/`)).status).toBe(200)

    // A client navigation's data: the same status, for the error boundary and the browser.
    const data = await fetch(`${server.url}/case-studies.data`)
    expect(data.status).toBe(503)
    expect(data.headers.get('Retry-After')).toBe('5')
    expectNoLeak(await data.text())

    // The feed, the sitemap and an image: routes of their own, and the same answer.
    for (const path of ['/resources/blog/rss.xml', '/sitemap.xml', `/media/images/${crypto.randomUUID()}.png`]) {
      const answer = await fetch(`${server.url}${path}`)
      expect([path, answer.status, answer.headers.get('Retry-After'), answer.headers.get('Cache-Control')]).toEqual([
        path,
        503,
        '5',
        'no-store',
      ])
      expect(await answer.text()).toBe('This is unavailable for a moment. Please try again in a minute.')
    }

    const refused = await sendContact('refused@example.com')
    expect(refused.status).toBe(503)
    expect(refused.headers.get('Retry-After')).toBe('5')
    const refusedBody = await refused.text()
    expect(refusedBody).toContain('We could not send your message just now.')
    expectNoLeak(refusedBody)

    await postgres.start()

    // The pool opens new connections on its own: no restart of the instance.
    await expect.poll(async () => (await fetch(`${server.url}/readyz`)).status, { timeout: 20_000 }).toBe(200)
    expect((await fetch(`${server.url}/case-studies`)).status).toBe(200)
    const sent = await sendContact('sent@example.com')
    expect(sent.status).toBe(200)
    expect(await sent.text()).toContain(CONTACT_SENT)

    // A lead is stored with its notifications in one transaction: the refused one left nothing.
    expect(await storedLeads('refused@example.com')).toBe(0)
    expect(await storedLeads('sent@example.com')).toBe(1)
    expect(server.output()).toContain('Not ready: database unavailable')
  })
})
