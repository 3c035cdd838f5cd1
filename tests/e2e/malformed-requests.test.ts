import { request } from 'node:http'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestAuthor } from '../support/blog'
import { postForm, signInOverHttp } from '../support/http'
import { logLines, logMessages } from '../support/log-lines'
import { withServerDb } from '../support/server'
import { ADMIN, useRunningSite } from '../support/site'

// Requests no browser sends, tried against the production server: each gets its status and one log line.
const site = useRunningSite()
let cookie = ''
beforeAll(async () => {
  cookie = await signInOverHttp(site.server.url, ADMIN.email, ADMIN.password)
  // The sign-in's log line may trail its answer; the log tests below count lines.
  await vi.waitFor(() => expect(logMessages(site.server.output()).some((line) => line.startsWith('POST /admin/login 302'))).toBe(true))
})

/** A request exactly as written: any method, an absolute-form target, any Host header. */
function rawRequest(
  method: string,
  target: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
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
    const written = () => logMessages(site.server.output().slice(before))
    await expect.poll(written).toEqual([`${method} ${target} ${status} refused`])
  })

  it('answers a path that is not valid percent-encoding with 400 and one log line, no stack trace', async () => {
    const before = site.server.output().length
    expect((await rawRequest('GET', '/resources/blog/%E2%82')).status).toBe(400)
    const written = () => logMessages(site.server.output().slice(before))
    await expect.poll(() => written().length).toBe(1)
    expect(written()[0]).toMatch(/^GET \/resources\/blog\/%E2%82 400 /)
  })

  it('answers a forged record version with 409 (stale), not a crash', async () => {
    const id = await withServerDb(site.server, (db) => createTestAuthor(db, { name: 'Versioned Author' }))
    const before = site.server.output().length
    const fields = { name: 'Versioned Author', email: 'versioned@example.com', bio: '', version: 'not-a-time' }
    expect((await postForm(site.server.url, `/admin/authors/edit/${id}`, fields, cookie)).status).toBe(409)
    // Neither a stack on stderr nor an error (which carries its stack) in a JSON line.
    expect(site.server.output().slice(before)).not.toMatch(/^\s+at /m)
    expect(logLines(site.server.output().slice(before)).filter((line) => line.err)).toEqual([])
  })

  it('still answers a well-formed request with a port in its Host', async () => {
    expect((await rawRequest('GET', '/about', { Host: `localhost:${new URL(site.server.url).port}` })).status).toBe(200)
  })
})
