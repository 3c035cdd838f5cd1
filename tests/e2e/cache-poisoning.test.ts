import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestAuthor, createTestPost } from '../support/blog'
import { postForm, signInOverHttp } from '../support/http'
import { logMessages } from '../support/log-lines'
import { createAdmin, startServer, withServerDb, type RunningServer } from '../support/server'
import { ADMIN } from '../support/site'

/*
 * The page cache keys a page by its address alone: a header that changed a rendered page would make
 * the first visitor's copy everyone's. Each header a proxy, a browser or an attacker may send is
 * sent on a cache miss, and the plain request after it must get the page exactly as rendered without
 * it. Bodies are compared without their CSP nonces, which differ from render to render (a stored
 * copy keeps the one it was rendered with and is sent with a policy of hashes instead).
 */
const POISONS: Record<string, string>[] = [
  { Host: 'evil.example' },
  { 'X-Forwarded-Host': 'evil.example' },
  { 'X-Forwarded-Host': 'evil.example:8443', 'X-Forwarded-Proto': 'http' },
  { 'X-Forwarded-Proto': 'http' },
  { 'X-Forwarded-Proto': 'https' },
  { 'X-Forwarded-Port': '8443' },
  { 'X-Forwarded-Prefix': '/evil' },
  { 'X-Forwarded-Server': 'evil.example' },
  { 'X-Host': 'evil.example' },
  { Forwarded: 'host=evil.example;proto=http' },
  { 'X-Original-URL': '/admin' },
  { 'X-Rewrite-URL': '/admin' },
  { 'X-HTTP-Method-Override': 'POST' },
  { 'Accept-Language': 'fr' },
  { Cookie: 'theme=dark; foo=bar' },
  { 'User-Agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' },
]

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** A GET with exactly these headers (Host included), its body uncompressed. */
const get = (server: RunningServer, path: string, headers: Record<string, string> = {}) =>
  new Promise<Answer>((resolve, reject) => {
    const { hostname, port } = new URL(server.url)
    request({ hostname, port, path, headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }),
      )
    })
      .on('error', reject)
      .end()
  })

const withoutNonces = (html: string) => html.replace(/ nonce="[^"]*"/g, '')
const mentionsEvil = (answer: Answer) => `${JSON.stringify(answer.headers)}\n${answer.body}`.includes('evil.example')

for (const env of [{}, { TRUST_PROXY: '1' }] as Record<string, string>[]) {
  describe(`the page cache, with ${JSON.stringify(env)}`, () => {
    let server: RunningServer
    let cookie = ''
    let draftId = ''
    const paths = ['/', '/about', '/resources/blog', '/contact']

    beforeAll(async () => {
      server = await startServer(env)
      await createAdmin(server, ADMIN.email, ADMIN.password)
      cookie = await signInOverHttp(server.url, ADMIN.email, ADMIN.password)
      await withServerDb(server, async (db) => {
        const authorId = await createTestAuthor(db)
        paths.push(`/resources/blog/${(await createTestPost(db, authorId, { slug: 'poison-check' })).slug}`)
        draftId = (await createTestPost(db, authorId, { slug: 'poison-draft', published: false, publishedAt: null })).id
      })
    })
    afterAll(() => server?.stop())

    /** Empties the cache, as any save of public content does, so the next request of each page is a miss. */
    const clearCache = async () =>
      expect((await postForm(server.url, '/admin/blog', { intent: 'unpublish', id: draftId }, cookie)).status).toBe(200)
    const renders = () => logMessages(server.output()).filter((line) => /^GET \S+ 200 [\d.]+ms$/.test(line)).length

    it('gives a plain request the page rendered without the header, whatever the first visitor sent', async () => {
      await clearCache()
      const normal = new Map<string, string>()
      for (const path of paths) {
        const answer = await get(server, path)
        expect(answer.status, path).toBe(200)
        normal.set(path, withoutNonces(answer.body))
      }
      for (const poison of POISONS) {
        await clearCache()
        const rendersBefore = renders()
        for (const path of paths) {
          const poisoned = await get(server, path, poison)
          expect(mentionsEvil(poisoned), `${path} ${JSON.stringify(poison)}`).toBe(false)
        }
        // Each of them was rendered for the header, not answered from an earlier copy.
        await expect.poll(() => renders() - rendersBefore).toBeGreaterThanOrEqual(paths.length)
        for (const path of paths) {
          const plain = await get(server, path)
          const after = `${path} after ${JSON.stringify(poison)}`
          expect(plain.status, after).toBe(200)
          expect(mentionsEvil(plain), after).toBe(false)
          expect(withoutNonces(plain.body), after).toBe(normal.get(path))
        }
      }
    })
  })
}
