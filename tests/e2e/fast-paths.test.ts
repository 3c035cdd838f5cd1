import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { firstPostPath } from '../../scripts/perf/lib/production-server'
import { startServer, type RunningServer } from '../support/server'
import { logMessages } from '../support/log-lines'

/*
 * The fast paths (app/server/host/fast/) change how a page is made, never what it is: the same
 * database's pages, rendered and then from the page cache, come out the same with them on and off.
 */

const SITE_URL = 'https://www.example.com'
const HEADERS_THAT_MATTER = [
  'content-type',
  'content-length',
  'cache-control',
  'etag',
  'vary',
  'content-security-policy',
  'x-frame-options',
]

let on: RunningServer
let off: RunningServer

beforeAll(async () => {
  on = await startServer({ FAST_PATHS: 'on', SITE_URL })
  off = await startServer({ FAST_PATHS: 'off', SITE_URL, DATABASE_URL: on.databaseUrl })
})
afterAll(async () => {
  await off?.kill('SIGTERM')
  await on?.stop()
})

/** An answer as a visitor sees it, less the nonce each request gets anew. */
async function answer(server: RunningServer, path: string) {
  const response = await fetch(server.url + path, { headers: { 'accept-encoding': 'identity' } })
  const withoutNonce = (text: string) => text.replace(/nonce-[^']+'/g, "nonce-'").replace(/nonce="[^"]+"/g, 'nonce=""')
  return {
    status: response.status,
    headers: HEADERS_THAT_MATTER.map((name) => `${name}: ${withoutNonce(response.headers.get(name) ?? '')}`),
    body: withoutNonce(await response.text()),
  }
}

describe('the fast paths', () => {
  it('change no page: each comes out the same with them on and off, rendered and from the cache', async () => {
    // Both read the blog list once here, so both have it in their cache.
    const post = await firstPostPath(on.url)
    expect(await firstPostPath(off.url)).toBe(post)
    const paths = ['/', '/resources/blog', post, '/contact', '/case-studies', '/no-such-page', '/admin/login']
    for (const path of paths) {
      // The first answer is rendered; the second, of a public page, comes from the page cache.
      for (const visit of ['rendered', 'again']) {
        const [fast, plain] = [await answer(on, path), await answer(off, path)]
        expect(fast.status, `${path} ${visit}`).toBe(plain.status)
        expect(fast.headers, `${path} ${visit}`).toEqual(plain.headers)
        expect(fast.body === plain.body, `${path} ${visit}: the bodies differ`).toBe(true)
      }
    }
    for (const server of [on, off]) expect(logMessages(server.output())).toContain('GET / 200 cached')
  })
})
