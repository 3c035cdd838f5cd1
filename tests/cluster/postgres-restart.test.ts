import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseDatabaseUrl } from '~/server/config.server'
import { openDatabase } from '~/server/db/connection.server'
import { startCluster, type Cluster } from '../../scripts/lib/cluster'
import { clusterUnavailable } from '../support/cluster'
import { startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres'

// The cluster on a PostgreSQL of this test's own, which is stopped for a few seconds and started again
// under light load: what visitors and a lead's sender see meanwhile, and whether the instances come
// back by themselves. The shared PostgreSQL of the other tests is never touched.

const unavailable = clusterUnavailable()
const DOWN_MS = 4_000
const READERS = 6
const PAUSE_MS = 50
const LEAD_PAUSE_MS = 250
const CONTACT_SENT = 'Message sent successfully!'
// What an answer must never show: a stack trace's frames, a driver's error.
const LEAKS = [/\bat \S+ \(/, /node_modules/, /ECONNREFUSED/, /57P01/, /Connection terminated/]

type Phase = 'before' | 'down' | 'back'

interface Answer {
  phase: Phase
  path: string
  status: number
  retryAfter: string | null
  leak: RegExp | undefined
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe.skipIf(unavailable !== null)(`the cluster while PostgreSQL restarts${unavailable ? ` (skipped: ${unavailable})` : ''}`, () => {
  let postgres: PrivatePostgres
  let cluster: Cluster
  beforeAll(async () => {
    postgres = await startPrivatePostgres()
    cluster = await startCluster({ databaseUrl: postgres.url, quiet: true })
  })
  afterAll(async () => {
    await cluster?.stop()
    await postgres?.destroy()
  })

  it('answers 503 with Retry-After or stored pages while it is down, serves again by itself, and keeps or refuses each lead whole', async () => {
    let phase: Phase = 'before'
    let stopping = false
    const answers: Answer[] = []
    const record = async (path: string, response: Response) => {
      const body = await response.text()
      answers.push({
        phase,
        path,
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        leak: LEAKS.find((l) => l.test(body)),
      })
      return body
    }

    // Pages Varnish keeps, and a page it has never seen (`?miss=N`), which needs an instance and its database.
    let miss = 0
    const paths = () => ['/', '/about', `/case-studies?miss=${++miss}`]
    for (const path of paths()) await fetch(`${cluster.url}${path}`).then((response) => response.arrayBuffer())
    const reader = async () => {
      while (!stopping) {
        for (const path of paths()) {
          const response = await fetch(`${cluster.url}${path}`, { redirect: 'manual' }).catch(() => null)
          if (response) await record(path, response)
          else answers.push({ phase, path, status: 0, retryAfter: null, leak: undefined })
        }
        await sleep(PAUSE_MS)
      }
    }
    const leads: { email: string; status: number; sent: boolean; clear: boolean }[] = []
    const sender = async () => {
      while (!stopping) {
        const email = `outage-${leads.length + 1}@example.com`
        const response = await fetch(`${cluster.url}/contact`, {
          method: 'POST',
          body: new URLSearchParams({ name: 'Outage Test', email, business: '', message: 'Sent while the database restarts.' }),
          redirect: 'manual',
        }).catch(() => null)
        const body = response ? await record('/contact', response) : ''
        leads.push({
          email,
          status: response?.status ?? 0,
          sent: response?.status === 200 && body.includes(CONTACT_SENT),
          clear: response?.status === 503 && /could not send your message|unavailable for a moment/.test(body),
        })
        await sleep(LEAD_PAUSE_MS)
      }
    }
    const load = Promise.all([...Array.from({ length: READERS }, reader), sender()])

    await sleep(1_000)
    phase = 'down'
    await postgres.stop()
    await sleep(DOWN_MS)
    await postgres.start()
    phase = 'back'
    // Every instance ready again, with nothing but time: their pools open new connections.
    for (const instance of cluster.instances) {
      await expect.poll(async () => (await fetch(`${instance.url}/readyz`)).status, { timeout: 30_000 }).toBe(200)
    }
    await expect.poll(async () => (await fetch(`${cluster.url}/case-studies?miss=back-${++miss}`)).status, { timeout: 30_000 }).toBe(200)
    // The last moments of load, with everything back.
    await sleep(1_000)
    stopping = true
    await load

    const tally = (list: Answer[]) => {
      const counts = new Map<number, number>()
      for (const { status } of list) counts.set(status, (counts.get(status) ?? 0) + 1)
      return [...counts].map(([status, count]) => `${status}: ${count}`)
    }
    console.log(
      `While down: ${tally(answers.filter((a) => a.phase === 'down')).join(', ')}; after: ${tally(answers.filter((a) => a.phase === 'back')).join(', ')}`,
    )
    console.log(`Leads: ${leads.filter((l) => l.sent).length} sent, ${leads.filter((l) => l.clear).length} refused, ${leads.length} in all`)

    // The outage was seen, and only as stored pages or 503s that say when to come back.
    expect(answers.filter((a) => a.phase === 'down' && a.status === 503).length).toBeGreaterThan(0)
    expect(answers.filter((a) => ![200, 503].includes(a.status)).map((a) => `${a.phase} ${a.path} ${a.status}`)).toEqual([])
    expect(answers.filter((a) => a.status === 503 && a.retryAfter === null).map((a) => `${a.phase} ${a.path}`)).toEqual([])
    expect(answers.filter((a) => a.leak).map((a) => `${a.path}: ${a.leak}`)).toEqual([])

    // Every lead was answered sent or refused in words its sender understands, and each sent one is
    // stored once; a refused one is stored at most once (whole: the lead and its notifications go in one transaction).
    expect(leads.filter((l) => !l.sent && !l.clear).map((l) => `${l.email} ${l.status}`)).toEqual([])
    const database = openDatabase(parseDatabaseUrl(postgres.url))
    try {
      const rows = await database.db
        .selectFrom('inquiries')
        .select('email')
        .where(
          'email',
          'in',
          leads.map((l) => l.email),
        )
        .execute()
      const stored = (email: string) => rows.filter((row) => row.email === email).length
      expect(leads.filter((l) => l.sent && stored(l.email) !== 1).map((l) => l.email)).toEqual([])
      expect(leads.filter((l) => stored(l.email) > 1).map((l) => l.email)).toEqual([])
    } finally {
      await database.close()
    }
  })
})
