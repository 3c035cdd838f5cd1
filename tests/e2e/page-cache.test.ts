import { get as httpGet } from 'node:http'
import { connect } from 'node:net'
import { gunzipSync } from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'
import { ADMIN } from '../support/site'
import { createTestAuthor, createTestPost } from '../support/blog'
import { postForm, signInOverHttp, visit } from '../support/http'
import { logMessages } from '../support/log-lines'
import { createAdmin, startServer, withServerDb, type RunningServer } from '../support/server'
import { afterAll } from 'vitest'

let server: RunningServer
let cookie = ''
let draft = { id: '', slug: '' }

beforeAll(async () => {
  server = await startServer()
  await createAdmin(server, ADMIN.email, ADMIN.password)
  cookie = await signInOverHttp(server.url, ADMIN.email, ADMIN.password)
  draft = await withServerDb(server, async (db) =>
    createTestPost(db, await createTestAuthor(db), {
      title: 'Cache Draft Title',
      slug: 'cache-draft',
      published: false,
      publishedAt: null,
    }),
  )
})
afterAll(() => server?.stop())

/** A GET of a path exactly as written, with the status and Location of the answer. */
const rawGet = (base: string, path: string) =>
  new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
    const { hostname, port } = new URL(base)
    httpGet({ hostname, port, path }, (response) => {
      response.resume()
      resolve({ status: response.statusCode ?? 0, location: response.headers.location })
    }).on('error', reject)
  })
const cachedAnswers = (path: string) => logMessages(server.output()).filter((line) => line === `GET ${path} 200 cached`).length
const renders = (path: string) => logMessages(server.output()).filter((line) => new RegExp(`^GET ${path} 200 [\\d.]+ms$`).test(line)).length

describe('page cache', () => {
  it('answers a repeated anonymous request from memory, and a signed-in one never', async () => {
    await visit(server.url, '/about')
    const before = cachedAnswers('/about')
    const again = await visit(server.url, '/about')
    expect(again.status).toBe(200)
    await expect.poll(() => cachedAnswers('/about')).toBe(before + 1)
    const signedIn = await fetch(`${server.url}/about`, { headers: { Cookie: cookie } })
    expect(signedIn.status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(cachedAnswers('/about')).toBe(before + 1)
  })

  it('renders a page once for a crowd arriving together after a save, and gives everyone that render', async () => {
    // A save clears the cache: everyone arriving next wants a page nobody has rendered yet.
    expect((await postForm(server.url, '/admin/blog', { intent: 'unpublish', id: draft.id }, cookie)).status).toBe(200)
    const before = { renders: renders('/partners'), cached: cachedAnswers('/partners') }
    const crowd = await Promise.all(Array.from({ length: 20 }, () => visit(server.url, '/partners')))
    expect(crowd.map((answer) => answer.status)).toEqual(Array(20).fill(200))
    expect(new Set(crowd.map((answer) => answer.html)).size).toBe(1)
    await expect.poll(() => cachedAnswers('/partners') - before.cached).toBe(19)
    expect(renders('/partners') - before.renders).toBe(1)
  })

  it('shows a publish, an edit, an unpublish and a settings change on the very next anonymous request', async () => {
    // Warm the cache with the pages that are about to change.
    for (let i = 0; i < 2; i++) {
      await visit(server.url, '/resources/blog')
      await visit(server.url, '/resources/blog/cache-draft')
      await visit(server.url, '/contact')
    }
    expect((await visit(server.url, '/resources/blog')).html).not.toContain('Cache Draft Title')

    expect((await postForm(server.url, '/admin/blog', { intent: 'publish', id: draft.id }, cookie)).status).toBe(200)
    expect((await visit(server.url, '/resources/blog')).html).toContain('Cache Draft Title')
    expect((await visit(server.url, '/resources/blog/cache-draft')).status).toBe(200)

    const edit = new FormData()
    for (const [name, value] of Object.entries({
      title: 'Cache Edited Title',
      slug: 'cache-draft',
      content: 'Edited.',
      excerpt: '',
      publishAt: '',
      published: 'on',
    }))
      edit.set(name, value)
    edit.set(
      'authorId',
      await withServerDb(
        server,
        async (db) =>
          (await db.selectFrom('blog_posts').select('author_id').where('id', '=', draft.id).executeTakeFirstOrThrow()).author_id,
      ),
    )
    edit.set('featuredImage', new File([], ''))
    expect((await postForm(server.url, `/admin/blog/edit/${draft.id}`, edit, cookie)).status).toBe(302)
    expect((await visit(server.url, '/resources/blog/cache-draft')).html).toContain('Cache Edited Title')

    expect((await postForm(server.url, '/admin/blog', { intent: 'unpublish', id: draft.id }, cookie)).status).toBe(200)
    expect((await visit(server.url, '/resources/blog/cache-draft')).status).toBe(404)
    expect((await visit(server.url, '/resources/blog')).html).not.toContain('Cache Edited Title')

    const settings = {
      intent: 'site',
      contactEmail: 'cache-test@example.com',
      partnersEmail: 'partners@example.com',
      bookingUrl: 'https://example.com/book',
      linkedinUrl: 'https://www.linkedin.com/company/example',
      twitterUrl: 'https://x.com/example',
      timeZone: 'America/Chicago',
    }
    expect((await postForm(server.url, '/admin/settings?tab=site', settings, cookie)).status).toBeLessThan(400)
    expect((await visit(server.url, '/contact')).html).toContain('cache-test@example.com')
  })

  it('sends every other spelling of an address to its one spelling, which alone is cached, and never caches the back office', async () => {
    const spellings = [
      ['/ABOUT', '/about'],
      ['/About', '/about'],
      ['/%61bout', '/about'],
      ['/about/', '/about'],
      ['/About?utm_source=x', '/about?utm_source=x'],
      ['/%61dmin/login', '/admin/login'],
      ['/ADMIN/login', '/admin/login'],
      ['/x/../admin/login', '/admin/login'],
      ['/x/%2e%2e/admin/login', '/admin/login'],
    ]
    for (const [spelling, canonical] of spellings) {
      for (let i = 0; i < 2; i++) {
        // Sent as written: fetch would resolve the dot segments itself.
        const answer = await rawGet(server.url, spelling!)
        expect(answer.status, spelling).toBe(301)
        expect(answer.location, spelling).toBe(canonical)
      }
    }
    for (let i = 0; i < 3; i++) {
      const login = await fetch(`${server.url}/admin/login`)
      expect(login.headers.get('Cache-Control')).toBe('no-store')
    }
    expect(
      logMessages(server.output()).filter(
        (line) => / cached$/.test(line) && !/^GET \/about(\?\S*)? 200 cached$/.test(line) && /admin|%|[A-Z]/.test(line.split(' ')[1]!),
      ),
    ).toEqual([])
    expect(cachedAnswers('/admin/login')).toBe(0)
  })

  it('answers a hit in one write with the headers of a render, and keeps HTTP’s rules on one connection', async () => {
    const rendered = await fetch(`${server.url}/industries`, { headers: { 'accept-encoding': 'gzip' } })
    const identity = await rendered.text()
    const before = cachedAnswers('/industries')
    const get = (extra = '') => `GET /industries HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: gzip\r\n${extra}\r\n`

    // Three requests pipelined in one packet: three whole answers, in order, on a connection kept open.
    const pipelined = await exchange(get().repeat(3), 3)
    expect(pipelined.closed).toBe(false)
    for (const answer of pipelined.answers) {
      expect(answer.status).toBe(200)
      expect(gunzipSync(answer.body).toString('utf8')).toBe(identity)
      expect(answer.headers.get('connection')).toBe('keep-alive')
      expect(answer.headers.get('date')).toMatch(/GMT$/)
      // Every header the render sent is there (the policy trusts hashes instead of a nonce), but the
      // render's own request id: these requests brought none.
      for (const [name] of rendered.headers) {
        if (name !== 'transfer-encoding' && name !== 'x-request-id') expect(answer.headers.has(name), name).toBe(true)
      }
      expect(answer.headers.has('x-request-id')).toBe(false)
      expect(answer.headers.get('content-security-policy')).not.toContain('nonce-')
    }
    await expect.poll(() => cachedAnswers('/industries') - before).toBe(3)

    // A client that asks to close, or speaks HTTP/1.0, gets its answer and a closed connection.
    const closing = await exchange(get('Connection: close\r\n'), 1)
    expect(closing.answers[0]!.headers.get('connection')).toBe('close')
    expect(closing.closed).toBe(true)
    const old = await exchange('GET /industries HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n', 1)
    expect(old.answers[0]!.body.toString('utf8')).toBe(identity)
    expect(old.closed).toBe(true)

    // HEAD: the same head, no body; the next request on the connection still gets its page.
    const head = await exchange(`HEAD /industries HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n${get()}`, 2, ['HEAD', 'GET'])
    expect(head.answers[0]!.headers.get('content-length')).toBe(String(Buffer.byteLength(identity)))
    expect(head.answers[0]!.body.length).toBe(0)
    expect(gunzipSync(head.answers[1]!.body).toString('utf8')).toBe(identity)
  })
})

interface RawAnswer {
  status: number
  headers: Map<string, string>
  body: Buffer
}

/**
 * Sends raw bytes on one connection and reads the given number of answers off it, and whether the
 * server closed the connection after them (waiting a moment for a close that would follow).
 */
function exchange(request: string, count: number, methods: string[] = []): Promise<{ answers: RawAnswer[]; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1')
    let received = Buffer.alloc(0)
    let closed = false
    const answers: RawAnswer[] = []
    const finish = () => {
      socket.destroy()
      resolve({ answers, closed })
    }
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk])
      for (
        let answer = readAnswer(received, methods[answers.length] === 'HEAD');
        answer;
        answer = readAnswer(received, methods[answers.length] === 'HEAD')
      ) {
        answers.push(answer.answer)
        received = received.subarray(answer.length)
      }
      if (answers.length === count) setTimeout(finish, 300)
    })
    socket.on('end', () => (closed = true))
    socket.on('error', reject)
    socket.write(request)
  })
}

function readAnswer(bytes: Buffer, headOnly: boolean): { answer: RawAnswer; length: number } | null {
  const end = bytes.indexOf('\r\n\r\n')
  if (end < 0) return null
  const [statusLine, ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n')
  const headers = new Map(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]))
  const bodyLength = headOnly ? 0 : Number(headers.get('content-length'))
  if (bytes.length < end + 4 + bodyLength) return null
  return {
    answer: { status: Number(statusLine!.split(' ')[1]), headers, body: bytes.subarray(end + 4, end + 4 + bodyLength) },
    length: end + 4 + bodyLength,
  }
}
